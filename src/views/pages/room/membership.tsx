/**
 * The membership actor of one room (join, request, leave, delete) as the room page uses it: it tells
 * the page's actor what happened ('room.joined', 'room.requested', 'room.left'), and its confirmations
 * are shown as the app's confirmation dialog. Mount the caller with a key of the room's id, title and
 * the viewer, so a new room or viewer gets a fresh actor.
 */
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ROOMS } from '../../../domain/messages.ts';
import type { roomMembershipMachine } from '../../../machines/roomMembership.machine.ts';
import { useScreenActor } from '../../../system/hooks.ts';
import { lazyNamed } from '../../app/lazyNamed.ts';
import { type RoomPageActorRef, useRoomPageMachines } from './roomPageMachines.ts';

// The dialog (Radix Dialog under it) loads when a leave or delete is first asked for.
const ConfirmDialog = lazyNamed(() => import('../../components/ConfirmDialog.tsx'), 'ConfirmDialog');

export type MembershipActorRef = ActorRefFrom<typeof roomMembershipMachine>;

export function useMembership(
  page: RoomPageActorRef,
  room: { id: string; title: string },
  username: string | null,
): MembershipActorRef {
  const { membership } = useRoomPageMachines();
  return useScreenActor(membership, {
    input: { room: { id: room.id, title: room.title }, username, page },
  });
}

/** 'Are you certain you want to leave this room?' / '... delete this Room? ...' while the chart asks. */
export function MembershipDialogs({ membership }: { membership: MembershipActorRef }) {
  const leaving = useSelector(membership, (s) => s.matches('confirmingLeave') || s.matches('leaving'));
  const deleting = useSelector(membership, (s) => s.matches('confirmingDelete') || s.matches('deleting'));
  const busy = useSelector(membership, (s) => s.hasTag('busy'));
  if (!leaving && !deleting) return null;
  return (
    <Suspense fallback={null}>
      {leaving ? (
        <ConfirmDialog
          title="Leave the room?"
          message={ROOMS.leaveConfirm}
          busy={busy}
          onCancel={() => membership.send({ type: 'leave.cancel' })}
          onConfirm={() => membership.send({ type: 'leave.confirm' })}
        />
      ) : (
        <ConfirmDialog
          title="Delete the room?"
          message={ROOMS.deleteConfirm}
          busy={busy}
          onCancel={() => membership.send({ type: 'delete.cancel' })}
          onConfirm={() => membership.send({ type: 'delete.confirm' })}
        />
      )}
    </Suspense>
  );
}
