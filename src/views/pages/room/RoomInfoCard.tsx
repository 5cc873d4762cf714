/**
 * The room's info card (spec §2 Room page): 'Name:' and the title, the description, Share (hidden for
 * private rooms, spec §6) and the counts of posts, polls and Members (joined entries). Shown in the
 * right column on wide screens and under the header on narrow ones.
 */
import { css } from '@emotion/react';
import type { Room } from '../../../domain/entities.ts';
import { ROOM_PAGE } from '../../../domain/messages.ts';
import { roomPath } from '../../../domain/roomRoutes.ts';
import { share } from '../../../services/share.ts';
import { ShareIcon } from '../../components/feedIcons.tsx';
import { card, secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';

const counts = (room: Room) =>
  [
    [ROOM_PAGE.posts, room._count.posts],
    [ROOM_PAGE.polls, room._count.polls],
    [ROOM_PAGE.members, room._count.members],
  ] as const;

export function RoomInfoCard({ room }: { room: Room }) {
  return (
    <section
      aria-label="About this room"
      css={css`
        ${card};
        display: flex;
        flex-direction: column;
        gap: 14px;
        padding: 16px;
      `}
    >
      <div
        css={css`
          display: flex;
          align-items: center;
          justify-content: space-between;
          gap: 12px;
        `}
      >
        <p
          css={css`
            margin: 0;
            min-width: 0;
            overflow-wrap: anywhere;
            font-weight: 600;
          `}
        >
          <span
            css={css`
              margin-right: 6px;
              color: ${theme.color.muted};
              font-weight: 500;
            `}
          >
            {ROOM_PAGE.name}
          </span>
          {room.title}
        </p>
        {!room.privateRoom && (
          <button
            type="button"
            css={[
              secondaryButton,
              css`
                min-height: 34px;
                padding: 0 12px;
                font-size: 0.875rem;
              `,
            ]}
            onClick={() =>
              void share({
                path: roomPath(room),
                text: ROOM_PAGE.shareText(room.title),
                copied: ROOM_PAGE.linkCopied,
              })
            }
          >
            <ShareIcon />
            {ROOM_PAGE.share}
          </button>
        )}
      </div>
      {room.desc && (
        <p
          css={css`
            margin: 0;
            color: ${theme.color.muted};
            line-height: 1.5;
            overflow-wrap: anywhere;
          `}
        >
          {room.desc}
        </p>
      )}
      <dl
        css={css`
          display: grid;
          grid-template-columns: repeat(3, minmax(0, 1fr));
          gap: 8px;
          margin: 0;
        `}
      >
        {counts(room).map(([label, value]) => (
          <div
            key={label}
            css={css`
              display: flex;
              flex-direction: column-reverse;
              align-items: center;
              gap: 2px;
              padding: 10px 4px;
              border-radius: ${theme.radius.sm};
              background: ${theme.color.page};
            `}
          >
            <dt
              css={css`
                color: ${theme.color.muted};
                font-size: 0.8125rem;
              `}
            >
              {label}
            </dt>
            <dd
              css={css`
                margin: 0;
                font-size: 1.125rem;
                font-weight: 700;
              `}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
