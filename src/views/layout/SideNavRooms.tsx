/**
 * The rooms of the side navigation (spec §2 Layout), shown to signed-in users only (SideNav.tsx): a
 * collapsible 'My Rooms' list (owned and joined, newest first) with the Create Room button, and a
 * collapsible 'Public Rooms' list of public rooms not joined yet; 'Room not available!' when a list is empty. Each room shows
 * its icon and q/{title} and leads to /room/{CreatorId}/{title}. The lists come from the app's
 * room-lists actor (systemId 'roomLists'), which reloads them when the user signs in or out.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router-dom';
import type { Room } from '../../domain/entities.ts';
import { ROOM_FORMS, ROOMS } from '../../domain/messages.ts';
import { useRoomListsActor } from '../../system/hooks.ts';
import { lazyNamed } from '../app/lazyNamed.ts';
import { RoomIcon } from '../components/rooms/RoomIcon.tsx';
import { Bone } from '../components/Skeletons.tsx';
import { focusRing } from '../components/ui.ts';
import { roomPath } from '../pages/create/roomContext.ts';
import { theme } from '../theme.ts';

// Loaded when first opened: the dialog and its name rules stay out of every page's first load.
const CreateRoomDialog = lazyNamed(
  () => import('../components/rooms/CreateRoomDialog.tsx'),
  'CreateRoomDialog',
);

const sectionButton = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  padding: 8px 14px;
  border: 0;
  border-radius: ${theme.radius.md};
  background: transparent;
  color: ${theme.color.muted};
  font: inherit;
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  cursor: pointer;
  ${focusRing};
  &:hover {
    background: ${theme.color.hover};
    color: ${theme.color.text};
  }
  svg {
    transition: transform 150ms ease;
  }
  &[aria-expanded='false'] svg {
    transform: rotate(-90deg);
  }
  @media (prefers-reduced-motion: reduce) {
    svg {
      transition: none;
    }
  }
`;

const roomLink = css`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 7px 14px;
  border-radius: ${theme.radius.md};
  color: ${theme.color.text};
  font-size: 0.9375rem;
  font-weight: 500;
  text-decoration: none;
  ${focusRing};
  &:hover {
    background: ${theme.color.hover};
  }
  &[aria-current='page'] {
    background: ${theme.color.brandSoft};
    color: ${theme.color.brandDark};
    font-weight: 700;
  }
  span {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const list = css`
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin: 4px 0 0;
  padding: 0;
  list-style: none;
`;

const ChevronIcon = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    aria-hidden="true"
    focusable="false"
  >
    <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const PlusIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    aria-hidden="true"
    focusable="false"
  >
    <path d="M12 5v14M5 12h14" strokeLinecap="round" />
  </svg>
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  return (
    <section
      css={css`
        margin-top: 14px;
        padding-top: 12px;
        border-top: 1px solid ${theme.color.border};
      `}
    >
      <h2
        css={css`
          margin: 0;
          font-size: inherit;
        `}
      >
        <button
          type="button"
          css={sectionButton}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {title}
          <ChevronIcon />
        </button>
      </h2>
      <div id={listId} hidden={!open}>
        {children}
      </div>
    </section>
  );
}

function RoomList({ rooms, loading, onPick }: { rooms: Room[]; loading: boolean; onPick: () => void }) {
  if (loading && rooms.length === 0) {
    return (
      <div
        role="status"
        aria-label="Loading rooms"
        css={css`
          display: flex;
          flex-direction: column;
          gap: 12px;
          padding: 10px 14px;
        `}
      >
        <Bone width="80%" height={14} />
        <Bone width="60%" height={14} />
      </div>
    );
  }
  if (rooms.length === 0) {
    return (
      <p
        css={css`
          margin: 6px 0 0;
          padding: 4px 14px;
          color: ${theme.color.muted};
          font-size: 0.875rem;
        `}
      >
        {ROOMS.empty}
      </p>
    );
  }
  return (
    <ul css={list}>
      {rooms.map((room) => (
        <li key={room.id}>
          <NavLink to={roomPath(room)} css={roomLink} onClick={onPick}>
            <RoomIcon src={room.img} size={26} />
            <span>q/{room.title}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function SideNavRooms({ onClose }: { onClose: () => void }) {
  const roomLists = useRoomListsActor();
  const mine = useSelector(roomLists, (s) => s.context.mine);
  const publicRooms = useSelector(roomLists, (s) => s.context.publicNotJoined);
  const loading = useSelector(roomLists, (s) => s.hasTag('busy'));
  const [creating, setCreating] = useState(false);

  return (
    <>
      <Section title={ROOM_FORMS.myRooms}>
        <button
          type="button"
          onClick={() => {
            setCreating(true);
            onClose();
          }}
          css={[
            roomLink,
            css`
              width: 100%;
              margin-top: 4px;
              border: 0;
              background: transparent;
              font: inherit;
              font-weight: 600;
              color: ${theme.color.brandDark};
              cursor: pointer;
            `,
          ]}
        >
          <PlusIcon /> {ROOM_FORMS.createRoom}
        </button>
        <RoomList rooms={mine} loading={loading} onPick={onClose} />
      </Section>
      <Section title={ROOM_FORMS.publicRooms}>
        <RoomList rooms={publicRooms} loading={loading} onPick={onClose} />
      </Section>
      {creating
        ? createPortal(
            <Suspense fallback={null}>
              <CreateRoomDialog onClose={() => setCreating(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
