/**
 * A person or a room found by search (the search page's People and Rooms tabs): its picture and name,
 * a link to its page (a private room's page is its 403 page with Send Request).
 */
import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import type { SearchResult } from '../../domain/profileSchemas.ts';
import { Avatar } from './Avatar.tsx';
import { cardFrame, strongLink } from './CardParts.tsx';

const ROOM_DEFAULT_ICON = '/room-default.svg';

type Person = SearchResult['users'][number];
type Room = SearchResult['rooms'][number];

export const personPath = (person: Person) => `/u/${encodeURIComponent(person.username)}`;
export const roomPath = (room: Room) =>
  `/room/${encodeURIComponent(room.CreatorId)}/${encodeURIComponent(room.title)}`;

function FoundRow({ to, label, picture }: { to: string; label: string; picture: string | null }) {
  return (
    <article
      css={[
        cardFrame,
        css`
          flex-direction: row;
          align-items: center;
          gap: 12px;
          padding: 10px 16px;
        `,
      ]}
    >
      <Avatar src={picture} size={36} />
      <Link to={to} css={[strongLink, css`overflow-wrap: anywhere;`]}>
        {label}
      </Link>
    </article>
  );
}

export const PersonRow = ({ person }: { person: Person }) => (
  <FoundRow to={personPath(person)} label={`u/${person.username}`} picture={person.dp} />
);

export const RoomRow = ({ room }: { room: Room }) => (
  <FoundRow to={roomPath(room)} label={`q/${room.title}`} picture={room.img ?? ROOM_DEFAULT_ICON} />
);
