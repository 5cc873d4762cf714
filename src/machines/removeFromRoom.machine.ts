/**
 * A room's owner removes something from their room (docs/moderation.md "Room owners"): a post, poll or
 * comment of someone else (`rooms/removeItem`), or a member (`rooms/removeMember`).
 *
 * 'remove.request' asks for confirmation, the dialog's 'Cancle' sends 'remove.cancel' and 'Confirm'
 * sends 'remove.confirm'. Once the server agrees its `msg` is the toast ('Removed from the room',
 * 'Member removed'), and what shows the thing is told: the list showing a post, poll or member
 * (`owner`, sent 'item.remove' {id}: the member's username), or the thread showing a comment (`owner`,
 * sent 'comment.removed' {id}: it keeps the line "Removed by the room's owner"); the room page counting
 * posts, polls and members (`page`, sent 'item.deleted' {kind, id} or 'member.removed'); and a page
 * showing only that item is left for `leaveTo` (replacing it in the history). A refusal shows the
 * server's message and the thing stays.
 *
 * Tags: `confirming` (the dialog is open), `busy` (the removal is on its way).
 */
import { type AnyActorRef, enqueueActions, fromPromise, setup } from 'xstate';
import { HTTP_ERRORS } from '../domain/messages.ts';
import type { RoomRemoval } from '../domain/roomValidation.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';
import { sayOutput, sayServer } from './notices.ts';

export type { RoomRemoval };

export interface RemoveFromRoomInput {
  target: RoomRemoval;
  /** The list or thread showing the thing, told to drop it; null when none (a detail page). */
  owner?: AnyActorRef | null;
  /** The room page counting posts, polls and members; null when none. */
  page?: AnyActorRef | null;
  /** Where to go once the item is gone (its own page is left); null to stay. */
  leaveTo?: string | null;
}

export interface RemoveFromRoomContext {
  target: RoomRemoval;
  owner: AnyActorRef | null;
  page: AnyActorRef | null;
  leaveTo: string | null;
}

export type RemoveFromRoomEvent =
  | { type: 'remove.request' }
  | { type: 'remove.cancel' }
  | { type: 'remove.confirm' };

/** The key a list knows the thing by: an item's id, a member's username. */
export const removalKey = (target: RoomRemoval) => (target.kind === 'member' ? target.username : target.id);

export const removeFromRoomMachine = setup({
  types: {
    context: {} as RemoveFromRoomContext,
    events: {} as RemoveFromRoomEvent,
    input: {} as RemoveFromRoomInput,
    tags: {} as 'busy' | 'confirming',
  },
  actors: {
    removeFromRoom: fromPromise<{ msg: string }, RoomRemoval>(async () =>
      notProvided('removeFromRoom', 'removeFromRoom'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    navigate: (_, _params: Navigation) => noEffect(),
    /** The list or thread drops the thing; the room page counts one less. */
    tellOwners: enqueueActions(({ context: { target, owner, page }, enqueue }) => {
      if (owner) {
        enqueue.sendTo(
          owner,
          target.kind === 'comment'
            ? { type: 'comment.removed', id: target.id }
            : { type: 'item.remove', id: removalKey(target) },
        );
      }
      if (!page || target.kind === 'comment') return;
      enqueue.sendTo(
        page,
        target.kind === 'member'
          ? { type: 'member.removed' }
          : { type: 'item.deleted', kind: target.kind, id: target.id },
      );
    }),
  },
  guards: {
    leavesPage: ({ context }) => context.leaveTo !== null,
  },
}).createMachine({
  id: 'removeFromRoom',
  context: ({ input }) => ({
    target: input.target,
    owner: input.owner ?? null,
    page: input.page ?? null,
    leaveTo: input.leaveTo ?? null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'remove.request': { target: 'confirming' } },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'remove.cancel': { target: 'idle' },
        'remove.confirm': { target: 'removing' },
      },
    },
    removing: {
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'removeFromRoom',
        src: 'removeFromRoom',
        input: ({ context }) => context.target,
        onDone: [
          {
            guard: 'leavesPage',
            target: 'removed',
            actions: [
              sayOutput(),
              'tellOwners',
              { type: 'navigate', params: ({ context }) => ({ to: context.leaveTo ?? '/', replace: true }) },
            ],
          },
          { target: 'removed', actions: [sayOutput(), 'tellOwners'] },
        ],
        onError: { target: 'idle', actions: sayServer(HTTP_ERRORS.network) },
      },
    },
    removed: { type: 'final' },
  },
});
