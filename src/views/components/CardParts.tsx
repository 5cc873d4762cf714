/**
 * What post and poll cards share: the author line (with the topic or room label), the delete flow,
 * the room membership gate and the card frame. The ⋯ menu is CardMenu.tsx.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { type ReactNode, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { RoomRef } from '../../domain/entities.ts';
import { ROOMS } from '../../domain/messages.ts';
import { roomPath } from '../../domain/roomRoutes.ts';
import { type DeletableKind, deleteConfirmText } from '../../machines/deleteItem.machine.ts';
import { useSessionActor } from '../../system/hooks.ts';
import { lazyNamed } from '../app/lazyNamed.ts';
import { theme } from '../theme.ts';
import { Avatar } from './Avatar.tsx';
import { EditedMark } from './edits/EditedMark.tsx';
import type { PagedListActorRef } from './FeedList.tsx';
import { useDeleteItemActor, useFeedMachines } from './feedActors.ts';
import { RelativeTime } from './RelativeTime.tsx';
import { useRoomJoined } from './roomMembership.tsx';
import { card, focusRing } from './ui.ts';

// The dialog (Radix Dialog under it) loads when a delete is first asked for, not with the feed.
const ConfirmDialog = lazyNamed(() => import('./ConfirmDialog.tsx'), 'ConfirmDialog');

export const cardFrame = css`
  ${card};
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 14px 16px 12px;
  transition: border-color 120ms ease;
  &[data-link='true'] {
    cursor: pointer;
  }
  &[data-link='true']:hover {
    border-color: #c9ced3;
  }
`;

export const actionRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

export const pillAction = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 0 12px;
  border: 0;
  border-radius: ${theme.radius.pill};
  background: ${theme.color.hover};
  color: ${theme.color.muted};
  font: inherit;
  font-size: 0.875rem;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  ${focusRing};
  &:hover {
    background: #e2e6ea;
    color: ${theme.color.text};
  }
`;

/** The signed-in user, if any. */
export function useViewer() {
  const session = useSessionActor();
  return useSelector(session, (snapshot) => snapshot.context.user);
}

/**
 * Spec §5: in a room, opening comments and sharing need membership. `joined` is true for topic items;
 * `refuse` says 'First Join The Room' (`text` for polls: 'First Join Room').
 */
export function useRoomGate(room: RoomRef | null, text: string = ROOMS.firstJoin) {
  const joined = useRoomJoined(room);
  const { notify } = useFeedMachines();
  return { joined, refuse: () => notify({ kind: 'error', text }) };
}

/** A click on the card itself (not on one of its controls) opens `to`. */
export function opensOnClick(to: string | null, go: (to: string) => void) {
  if (!to) return undefined;
  return (event: React.MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // A form on the card (an edit box) keeps its clicks.
    if (target.closest('a, button, input, form, [role="menu"]')) return;
    if (window.getSelection()?.toString()) return;
    go(to);
  };
}

interface AuthorLineProps {
  username: string;
  dp: string | null;
  topic: string | null;
  /** A room item shows q/{room title}, linking the room, in place of the topic. */
  room?: RoomRef | null;
  createdAt: string;
  /** When the author last edited it: "edited …" follows the age. */
  editedAt?: string | null;
  menu?: ReactNode;
}

/** A bold link in the text colour, underlined on hover (a username, a post's title in a line). */
export const strongLink = css`
  color: ${theme.color.text};
  font-weight: 600;
  text-decoration: none;
  ${focusRing};
  &:hover {
    text-decoration: underline;
  }
`;

/** A long room name is cut with an ellipsis rather than pushing the age onto a line of its own. */
const communityLink = css`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${theme.color.brandDark};
  font-weight: 600;
  text-decoration: none;
  ${focusRing};
  &:hover {
    text-decoration: underline;
  }
`;

/** The author line's links stand 24 px tall (WCAG 2.5.8 target size). */
const lineTarget = css`
  display: inline-block;
  padding: 2px 0;
`;

/** The topic or room and the age wrap together: '• 5 minutes ago' never starts a line alone. */
const placeAndAge = css`
  display: inline-flex;
  align-items: baseline;
  column-gap: 8px;
  min-width: 0;
  max-width: 100%;
`;

export function AuthorLine({
  username,
  dp,
  topic,
  room = null,
  createdAt,
  editedAt = null,
  menu,
}: AuthorLineProps) {
  return (
    <div
      css={css`
        display: flex;
        align-items: center;
        gap: 8px;
        min-width: 0;
        font-size: 0.8125rem;
      `}
    >
      <Avatar src={dp} size={32} />
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: baseline;
          column-gap: 8px;
          min-width: 0;
          flex: 1;
        `}
      >
        <Link to={`/u/${username}`} css={[strongLink, lineTarget]}>
          u/{username}
        </Link>
        <span css={placeAndAge}>
          {room ? (
            <Link to={roomPath(room)} css={[communityLink, lineTarget]} aria-label={`Room q/${room.title}`}>
              q/{room.title}
            </Link>
          ) : (
            topic && (
              <Link to={`/q/${topic}`} css={[communityLink, lineTarget]}>
                q/{topic}
              </Link>
            )
          )}
          <span
            css={css`
              flex: none;
              white-space: nowrap;
            `}
          >
            <span
              aria-hidden="true"
              css={css`
                margin-right: 8px;
                color: ${theme.color.muted};
              `}
            >
              •
            </span>
            <RelativeTime at={createdAt} />
          </span>
        </span>
        {/* Beside the age, or on a line of its own when the card is narrow. */}
        <EditedMark at={editedAt} />
      </div>
      {menu}
    </div>
  );
}

/** The delete flow of one card: its actor, and the confirmation dialog while it asks. */
export function useDeleteItem(
  kind: DeletableKind,
  id: string,
  list: PagedListActorRef | null,
  leaveTo: string | null,
) {
  const { actor, ensure } = useDeleteItemActor(kind, id, list, leaveTo);
  const confirming = useSelector(actor, (snapshot) => snapshot?.hasTag('confirming') ?? false);
  const busy = useSelector(actor, (snapshot) => snapshot?.hasTag('busy') ?? false);
  const dialog =
    confirming && actor ? (
      <Suspense fallback={null}>
        <ConfirmDialog
          message={deleteConfirmText(kind)}
          busy={busy}
          onCancel={() => actor.send({ type: 'delete.cancel' })}
          onConfirm={() => actor.send({ type: 'delete.confirm' })}
        />
      </Suspense>
    ) : null;
  return { request: () => ensure().send({ type: 'delete.request' }), dialog };
}
