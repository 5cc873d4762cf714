/**
 * The head of an open room (spec §2 Room page, §6): the background (a gradient when there is none)
 * and icon, q/{title}, and what the viewer may do: Join for an outsider of a public room; Post for a
 * member (and Room log and Leave in the menu), with Add member in a public room; for the owner Add
 * member in any room (a private room is 'Only You can add people'), Title, Members (to remove one),
 * Room log and Delete in the menu, and the background and icon changes. Mount it with a key of the room's id, title and the viewer (see
 * membership.tsx).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Room } from '../../../domain/entities.ts';
import { ROOM_PAGE, ROOMS } from '../../../domain/messages.ts';
import { ROOM_OWNER } from '../../../domain/roomOwnerMessages.ts';
import { lazyNamed } from '../../app/lazyNamed.ts';
import { pageTitle, useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { CardMenu, type MenuItem } from '../../components/CardMenu.tsx';
import { CoverHead, cssUrl } from '../../components/CoverParts.tsx';
import { RoomIcon } from '../../components/rooms/RoomIcon.tsx';
import { useReport } from '../../components/safety/safetyActions.tsx';
import { card, primaryButton, secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { createRoomState } from '../create/roomContext.ts';
import { MembershipDialogs, useMembership } from './membership.tsx';
import {
  DoorIcon,
  LockIcon,
  LogIcon,
  PencilIcon,
  PeopleIcon,
  PlusIcon,
  TrashIcon,
  UserPlusIcon,
} from './roomIcons.tsx';
import { type RoomPageActorRef, useRoomPageMachines } from './roomPageMachines.ts';

// The room's dialogs (add member, and the owner's) load when first opened: they and their rules (zod)
// stay out of the page's first load.
const AddMemberDialog = lazyNamed(() => import('./AddMemberDialog.tsx'), 'AddMemberDialog');
const RenameRoomDialog = lazyNamed(
  () => import('../../components/rooms/RenameRoomDialog.tsx'),
  'RenameRoomDialog',
);
const RoomMembersDialog = lazyNamed(() => import('./RoomMembersDialog.tsx'), 'RoomMembersDialog');
const RoomLogDialog = lazyNamed(() => import('./RoomLogDialog.tsx'), 'RoomLogDialog');
const ImageChangeDialog = lazyNamed(
  () => import('../../components/ImageChangeDialog.tsx'),
  'ImageChangeDialog',
);

export type RoomRole = 'owner' | 'member' | 'outsider';

type Dialog = 'addMember' | 'rename' | 'background' | 'icon' | 'members' | 'log' | null;

/**
 * The background of a room without one: the same for every room, in Quad's own colours (soft orange
 * with two brand circles), so no room looks like a topic (q/dsa is blue, q/iet deep orange) or like
 * another room's chosen picture. Drawn with gradients: no file to load.
 */
const tint = (percent: number) => `color-mix(in srgb, ${theme.color.brand} ${percent}%, transparent)`;
const DEFAULT_ROOM_BACKGROUND = [
  `radial-gradient(circle at 86% 18%, ${tint(30)} 0 58px, transparent 59px)`,
  `radial-gradient(circle at 70% 115%, ${tint(18)} 0 92px, transparent 93px)`,
  `linear-gradient(120deg, ${theme.color.brandSoft} 0%, ${tint(22)} 100%)`,
].join(', ');

interface RoomHeaderProps {
  page: RoomPageActorRef;
  room: Room;
  role: RoomRole;
  username: string | null;
}

export function RoomHeader({ page, room, role, username }: RoomHeaderProps) {
  useDocumentTitle(pageTitle(`q/${room.title}`));
  const membership = useMembership(page, room, username);
  const busy = useSelector(membership, (s) => s.hasTag('busy'));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const machines = useRoomPageMachines();
  const owner = role === 'owner';
  const canAddMember = owner || (role === 'member' && !room.privateRoom);
  const report = useReport({ kind: 'room', id: room.id, label: `q/${room.title}` });
  // Anyone signed in may report a room but its owner (the server refuses that too).
  const reportable = username !== null && !owner;

  const imageMachine = useMemo(
    () => (dialog === 'background' || dialog === 'icon' ? machines.roomImage(room.title, dialog) : null),
    [dialog, machines, room.title],
  );

  const roomLog: MenuItem = {
    label: ROOM_OWNER.roomLog,
    icon: <LogIcon />,
    onSelect: () => setDialog('log'),
  };
  const menu: MenuItem[] = owner
    ? [
        { label: ROOM_PAGE.title, icon: <PencilIcon />, onSelect: () => setDialog('rename') },
        { label: ROOM_OWNER.members, icon: <PeopleIcon />, onSelect: () => setDialog('members') },
        roomLog,
        {
          label: ROOM_PAGE.delete,
          icon: <TrashIcon />,
          danger: true,
          onSelect: () => membership.send({ type: 'room.delete' }),
        },
      ]
    : role === 'member'
      ? [
          roomLog,
          {
            label: ROOM_PAGE.leave,
            icon: <DoorIcon />,
            onSelect: () => membership.send({ type: 'member.leave' }),
          },
        ]
      : [];

  return (
    <header css={card}>
      <CoverHead
        cover={{
          testId: 'room-background',
          background: room.bgImg ? `${cssUrl(room.bgImg)} center / cover no-repeat` : DEFAULT_ROOM_BACKGROUND,
          height: 140,
          smallHeight: 96,
        }}
        coverChange={{
          label: ROOM_PAGE.changeBackground,
          onChange: owner ? () => setDialog('background') : undefined,
        }}
        picture={<RoomIcon src={room.img} size={76} alt={`q/${room.title} icon`} />}
        pictureOverlap={30}
        pictureChange={{ label: ROOM_PAGE.changeIcon, onChange: owner ? () => setDialog('icon') : undefined }}
      >
        <div
          css={css`
            flex: 1 1 160px;
            min-width: 0;
          `}
        >
          <h1
            css={css`
              margin: 0;
              font-size: 1.5rem;
              line-height: 1.2;
              overflow-wrap: anywhere;
            `}
          >
            q/{room.title}
          </h1>
          <p
            css={css`
              display: flex;
              align-items: center;
              gap: 4px;
              margin: 4px 0 0;
              color: ${theme.color.muted};
              font-size: 0.875rem;
            `}
          >
            {room.privateRoom && <LockIcon />}
            {room.privateRoom ? 'Private room' : 'Public room'}
          </p>
        </div>
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            gap: 8px;
            ${theme.media.sm} {
              width: 100%;
              & > a,
              & > button {
                min-height: 36px;
                padding: 0 14px;
                font-size: 0.875rem;
              }
              & > div:last-child {
                margin-left: auto;
              }
            }
          `}
        >
          {role === 'outsider' ? (
            <button
              type="button"
              css={primaryButton}
              disabled={busy}
              onClick={() => membership.send({ type: 'member.join' })}
            >
              {ROOM_PAGE.join}
            </button>
          ) : (
            <Link to="/create/post" state={createRoomState(room)} css={primaryButton}>
              <PlusIcon />
              {ROOM_PAGE.post}
            </Link>
          )}
          {canAddMember && (
            <button type="button" css={secondaryButton} onClick={() => setDialog('addMember')}>
              <UserPlusIcon />
              {ROOM_PAGE.addMember}
            </button>
          )}
          <CardMenu label="Room menu" items={reportable ? [...menu, report.item] : menu} />
        </div>
      </CoverHead>
      <MembershipDialogs membership={membership} />
      {report.dialog}
      <Suspense fallback={null}>
        {dialog === 'addMember' && <AddMemberDialog title={room.title} onClose={close} />}
        {dialog === 'rename' && <RenameRoomDialog room={room} page={page} onClose={close} />}
        {dialog === 'members' && <RoomMembersDialog title={room.title} page={page} onClose={close} />}
        {dialog === 'log' && <RoomLogDialog title={room.title} onClose={close} />}
        {imageMachine && (dialog === 'background' || dialog === 'icon') && (
          <ImageChangeDialog
            key={dialog}
            title={dialog === 'background' ? ROOM_PAGE.changeBackground : ROOM_PAGE.changeIcon}
            machine={imageMachine}
            input={{ successText: ROOMS.updated }}
            current={dialog === 'background' ? room.bgImg : room.img}
            shape={dialog === 'background' ? 'wide' : 'round'}
            owner={page}
            onClose={close}
          />
        )}
      </Suspense>
    </header>
  );
}
