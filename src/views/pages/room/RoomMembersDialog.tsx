/**
 * The owner's member list (docs/moderation.md "Room owners"): the joined members, the owner first, 10
 * a page, each with Remove but the owner. A removed member leaves the list and the room's count.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS } from '../../../domain/constants.ts';
import { ROOM_OWNER } from '../../../domain/roomOwnerMessages.ts';
import type { RoomMember } from '../../../domain/roomOwnerSchemas.ts';
import { useScreenActor } from '../../../system/hooks.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { strongLink } from '../../components/CardParts.tsx';
import { DialogFrame } from '../../components/rooms/DialogFrame.tsx';
import { useRoomOwnerMachines, useRoomRemoval } from '../../components/rooms/roomOwnerActions.tsx';
import { secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { type RoomRecordsActorRef, RoomRecordsFrame, recordRow, recordRows } from './RoomRecordsFrame.tsx';
import type { RoomPageActorRef } from './roomPageMachines.ts';

interface RoomMembersDialogProps {
  title: string;
  page: RoomPageActorRef;
  onClose: () => void;
}

export function RoomMembersDialog({ title, page, onClose }: RoomMembersDialogProps) {
  const { roomMembers } = useRoomOwnerMachines();
  const machine = useMemo(() => roomMembers(title), [roomMembers, title]);
  const list = useScreenActor(machine, { input: { pageSize: LIMITS.pageSize } });
  const records = useSelector(list, (s) => s.context.records);
  const members = records.filter((record): record is RoomMember => 'username' in record);

  return (
    <DialogFrame title={ROOM_OWNER.members} subtitle={`q/${title}`} canClose onClose={onClose}>
      <RoomRecordsFrame
        list={list}
        intro={ROOM_OWNER.membersIntro}
        empty={ROOM_OWNER.membersEmpty}
        label={ROOM_OWNER.members}
      >
        {members.length > 0 && (
          <ul aria-label={ROOM_OWNER.members} css={recordRows}>
            {members.map((member) => (
              <MemberRow key={member.username} member={member} title={title} list={list} page={page} />
            ))}
          </ul>
        )}
      </RoomRecordsFrame>
    </DialogFrame>
  );
}

function MemberRow({
  member,
  title,
  list,
  page,
}: {
  member: RoomMember;
  title: string;
  list: RoomRecordsActorRef;
  page: RoomPageActorRef;
}) {
  const removal = useRoomRemoval({ kind: 'member', title, username: member.username }, { owner: list, page });
  return (
    <li css={recordRow}>
      <Avatar src={member.dp} size={32} />
      <Link to={`/u/${member.username}`} css={strongLink}>
        u/{member.username}
      </Link>
      {member.owner ? (
        <span css={css`margin-left: auto; color: ${theme.color.muted}; font-size: 0.875rem;`}>
          {ROOM_OWNER.owner}
        </span>
      ) : (
        <button
          type="button"
          aria-label={ROOM_OWNER.removeMember(member.username)}
          css={[secondaryButton, css`margin-left: auto; color: ${theme.color.danger};`]}
          disabled={removal.busy}
          onClick={removal.request}
        >
          {ROOM_OWNER.remove}
        </button>
      )}
      {removal.dialog}
    </li>
  );
}
