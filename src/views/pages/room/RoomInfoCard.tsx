/**
 * The room's info card (spec §2 Room page): 'Name:' and the title, the description, Share (hidden for
 * private rooms, spec §6) and the counts of posts, polls and Members (joined entries). Shown in the
 * right column on wide screens and under the header on narrow ones.
 */
import { css } from '@emotion/react';
import type { Room } from '../../../domain/entities.ts';
import { ROOM_PAGE } from '../../../domain/messages.ts';
import { roomPath } from '../../../domain/roomRoutes.ts';
import { CountList } from '../../components/CountList.tsx';
import { InfoCard } from '../../components/InfoCard.tsx';
import { LinkifiedText } from '../../components/LinkifiedText.tsx';
import { theme } from '../../theme.ts';

const counts = (room: Room) =>
  [
    [ROOM_PAGE.posts, room._count.posts],
    [ROOM_PAGE.polls, room._count.polls],
    [ROOM_PAGE.members, room._count.members],
  ] as const;

export function RoomInfoCard({ room }: { room: Room }) {
  return (
    <InfoCard
      label="About this room"
      title={
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
      }
      sharing={
        room.privateRoom
          ? null
          : { path: roomPath(room), text: ROOM_PAGE.shareText(room.title), copied: ROOM_PAGE.linkCopied }
      }
    >
      {room.desc && (
        <p
          css={css`
            margin: 0;
            color: ${theme.color.muted};
            line-height: 1.5;
            overflow-wrap: anywhere;
          `}
        >
          <LinkifiedText text={room.desc} />
        </p>
      )}
      <CountList items={counts(room)} columns={3} />
    </InfoCard>
  );
}
