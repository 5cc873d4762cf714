/**
 * The room owner's Remove (docs/moderation.md "Room owners"): the ⋯ menu entry of a post, poll or
 * comment someone else posted in the owner's room, or the Remove button of a member, each with its
 * chart (removeFromRoom.machine.ts) in the app's system, started when first asked for, and the
 * confirmation dialog while it asks.
 * Owners delete their own things with Delete, so Remove is never offered on them.
 */
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import type { AnyActorRef } from 'xstate';
import type { RoomRef } from '../../../domain/entities.ts';
import { ROOM_OWNER } from '../../../domain/roomOwnerMessages.ts';
import type { RoomRemoval } from '../../../domain/roomValidation.ts';
import { useMachines, useScreenActorOnDemand } from '../../../system/hooks.ts';
import { roomOwnerMachines } from '../../../system/roomOwner.ts';
import { lazyNamed } from '../../app/lazyNamed.ts';
import type { MenuItem } from '../CardMenu.tsx';
import { useViewer } from '../CardParts.tsx';
import { TrashIcon } from '../feedIcons.tsx';
import { useRoomJoined, useRoomPageOf } from '../roomMembership.tsx';

// The dialog (Radix Dialog under it) loads when a removal is first asked for.
const ConfirmDialog = lazyNamed(() => import('../ConfirmDialog.tsx'), 'ConfirmDialog');

export const useRoomOwnerMachines = () => useMachines(roomOwnerMachines);

/** Whether the viewer owns `room`: its creator, joined (spec §4 Membership); false for topic items. */
export function useOwnsRoom(room: RoomRef | null): boolean {
  const viewer = useViewer();
  const joined = useRoomJoined(room);
  return room !== null && viewer !== null && joined && viewer.userID === room.CreatorId;
}

interface RemovalPlace {
  /** The list or thread showing the thing. */
  owner?: AnyActorRef | null;
  /** The room page counting posts, polls and members. */
  page?: AnyActorRef | null;
  /** Where its own page goes once it is gone. */
  leaveTo?: string | null;
}

/** Remove `target` from the room: `request` opens the confirmation; `dialog` is null while closed. */
export function useRoomRemoval(target: RoomRemoval, place: RemovalPlace = {}) {
  const { removeFromRoom } = useRoomOwnerMachines();
  const { actor, ensure } = useScreenActorOnDemand(removeFromRoom, { input: { target, ...place } });
  const confirming = useSelector(actor, (s) => s?.hasTag('confirming') ?? false);
  const busy = useSelector(actor, (s) => s?.hasTag('busy') ?? false);
  const username = target.kind === 'member' ? target.username : undefined;
  const dialog =
    confirming && actor ? (
      <Suspense fallback={null}>
        <ConfirmDialog
          title={ROOM_OWNER.removeTitle(target.kind, username)}
          message={ROOM_OWNER.removeConfirm(target.kind)}
          busy={busy}
          onCancel={() => actor.send({ type: 'remove.cancel' })}
          onConfirm={() => actor.send({ type: 'remove.confirm' })}
        />
      </Suspense>
    ) : null;
  return { request: () => ensure().send({ type: 'remove.request' }), busy, dialog };
}

/**
 * The owner's Remove in the ⋯ menu of a post, poll or comment of their room posted by someone else
 * (`authorId`; null when unknown, as for a withheld comment, offers nothing): `items` is empty otherwise.
 */
export function useItemRemoval(item: {
  kind: 'post' | 'poll' | 'comment';
  id: string;
  room: RoomRef | null;
  authorId: string | null;
  owner: AnyActorRef | null;
  leaveTo?: string | null;
}) {
  const viewer = useViewer();
  const owns = useOwnsRoom(item.room);
  // On the room's page the page counts its posts and polls.
  const page = useRoomPageOf(item.room);
  const removal = useRoomRemoval(
    { kind: item.kind, id: item.id },
    { owner: item.owner, page, leaveTo: item.leaveTo ?? null },
  );
  const offered = owns && item.authorId !== null && item.authorId !== viewer?.userID;
  const items: MenuItem[] = offered
    ? [{ label: ROOM_OWNER.remove, icon: <TrashIcon />, danger: true, onSelect: removal.request }]
    : [];
  return { items, dialog: removal.dialog };
}
