/**
 * The rooms of the side navigation (spec §2 Layout), shown to signed-in users only (SideNav.tsx): a
 * collapsible 'My Rooms' list (owned and joined, newest first) with the Create Room button, and a
 * collapsible 'Public Rooms' list of public rooms not joined yet; 'Room not available!' when a list is empty. Each room shows
 * its icon and q/{title} and leads to /room/{CreatorId}/{title}. The lists come from the app's
 * room-lists actor (systemId 'roomLists'), which reloads them when the user signs in or out.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router-dom';
import type { Room } from '../../domain/entities.ts';
import { ROOM_FORMS, ROOMS } from '../../domain/messages.ts';
import { useRoomListsActor } from '../../system/hooks.ts';
import { lazyNamed } from '../app/lazyNamed.ts';
import { PlusIcon } from '../components/icons.tsx';
import { RoomIcon } from '../components/rooms/RoomIcon.tsx';
import { Bone } from '../components/Skeletons.tsx';
import { roomPath } from '../pages/create/roomContext.ts';
import { theme } from '../theme.ts';
import { SideNavSection, sectionLink, sectionList } from './SideNavSection.tsx';

// Loaded when first opened: the dialog and its name rules stay out of every page's first load.
const CreateRoomDialog = lazyNamed(
  () => import('../components/rooms/CreateRoomDialog.tsx'),
  'CreateRoomDialog',
);

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
    <ul css={sectionList}>
      {rooms.map((room) => (
        <li key={room.id}>
          <NavLink to={roomPath(room)} css={sectionLink} onClick={onPick}>
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
      <SideNavSection title={ROOM_FORMS.myRooms}>
        <button
          type="button"
          onClick={() => {
            setCreating(true);
            onClose();
          }}
          css={[
            sectionLink,
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
          <PlusIcon size={20} /> {ROOM_FORMS.createRoom}
        </button>
        <RoomList rooms={mine} loading={loading} onPick={onClose} />
      </SideNavSection>
      <SideNavSection title={ROOM_FORMS.publicRooms}>
        <RoomList rooms={publicRooms} loading={loading} onPick={onClose} />
      </SideNavSection>
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
