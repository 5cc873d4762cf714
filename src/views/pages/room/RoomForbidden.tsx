/**
 * A private room the viewer has not joined (spec §2, §6): the 403 screen, still offering what the
 * viewer may do there: Send Request; while a request waits for the owner, 'Request sent' with Cancel
 * (which withdraws it); when the owner invited the viewer, Accept invitation (which opens the room).
 * Mount it with a key of the room's id, title and the viewer (see membership.tsx).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { ROOM_PAGE } from '../../../domain/messages.ts';
import type { RoomBasics } from '../../../machines/roomPage.machine.ts';
import { primaryButton, secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { ForbiddenPage } from '../ForbiddenPage.tsx';
import { useMembership } from './membership.tsx';
import type { RoomPageActorRef } from './roomPageMachines.ts';

/** The viewer's pending entry in the room, as the page's chart knows it. */
export type PendingEntry = 'none' | 'requested' | 'invited';

interface RoomForbiddenProps {
  page: RoomPageActorRef;
  room: RoomBasics;
  pending: PendingEntry;
  username: string | null;
}

const sentNote = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 40px;
  padding: 0 14px;
  border-radius: ${theme.radius.pill};
  background: ${theme.color.brandSoft};
  color: ${theme.color.brandDeep};
  font-size: 0.9375rem;
  font-weight: 600;
`;

const HINTS: Record<PendingEntry, string> = {
  none: ROOM_PAGE.privateHint,
  requested: ROOM_PAGE.privateRequested,
  invited: ROOM_PAGE.privateInvited,
};

export function RoomForbidden({ page, room, pending, username }: RoomForbiddenProps) {
  const membership = useMembership(page, room, username);
  const busy = useSelector(membership, (s) => s.hasTag('busy'));
  const action =
    pending === 'requested' ? (
      <>
        <span css={sentNote}>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {ROOM_PAGE.requestSent}
        </span>
        <button
          type="button"
          css={secondaryButton}
          disabled={busy}
          aria-label={ROOM_PAGE.cancelRequestLabel(room.title)}
          onClick={() => membership.send({ type: 'request.cancel' })}
        >
          {ROOM_PAGE.cancelRequest}
        </button>
      </>
    ) : pending === 'invited' ? (
      <button
        type="button"
        css={primaryButton}
        disabled={busy}
        onClick={() => membership.send({ type: 'member.join' })}
      >
        {ROOM_PAGE.acceptInvitation}
      </button>
    ) : (
      <button
        type="button"
        css={primaryButton}
        disabled={busy}
        onClick={() => membership.send({ type: 'member.request' })}
      >
        {ROOM_PAGE.sendRequest}
      </button>
    );
  return (
    <ForbiddenPage
      message={
        <>
          <strong>q/{room.title}</strong>: {HINTS[pending]}
        </>
      }
      action={action}
    />
  );
}
