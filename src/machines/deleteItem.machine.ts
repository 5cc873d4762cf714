/**
 * Deleting a post or a poll (spec §4 Post deletion, §5 Delete confirmation, §8 Delete / Poll delete).
 *
 * 'delete.request' asks for confirmation ('Are you certain you want to delete this post? ...'), the
 * dialog's 'Cancle' sends 'delete.cancel' and 'Confirm' sends 'delete.confirm'. Once the server agrees,
 * the item leaves the list that shows it (`owner`, sent 'item.remove') and an 'item.deleted' event is
 * emitted for anyone else listening (the post page). Failures: a post shows the server's message, a
 * poll 'Server Issue'. Success: 'Post Deleted!' / 'Poll Deleted!'.
 *
 * Tags: `confirming` (the dialog is open), `busy` (the delete is on its way).
 */
import { type AnyActorRef, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { POLLS, POSTS } from '../domain/messages.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { sayServer } from './notices.ts';

export type DeletableKind = 'post' | 'poll';

export interface DeleteItemInput {
  kind: DeletableKind;
  id: string;
  /** The list showing the item, told to drop it; null when none (a detail page). */
  owner?: AnyActorRef | null;
}

export interface DeleteItemContext {
  kind: DeletableKind;
  id: string;
  owner: AnyActorRef | null;
}

export type DeleteItemEvent =
  | { type: 'delete.request' }
  | { type: 'delete.cancel' }
  | { type: 'delete.confirm' };

export type DeleteItemEmitted = { type: 'item.deleted'; kind: DeletableKind; id: string };

export const deleteConfirmText = (kind: DeletableKind) =>
  kind === 'post' ? POSTS.deleteConfirm : POLLS.deleteConfirm;

export const deleteItemMachine = setup({
  types: {
    context: {} as DeleteItemContext,
    events: {} as DeleteItemEvent,
    input: {} as DeleteItemInput,
    emitted: {} as DeleteItemEmitted,
    tags: {} as 'busy' | 'confirming',
  },
  actors: {
    deleteItem: fromPromise<unknown, { kind: DeletableKind; id: string }>(async () =>
      notProvided('deleteItem', 'deleteItem'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    tellOwner: enqueueActions(({ context, enqueue }) => {
      if (context.owner) enqueue.sendTo(context.owner, { type: 'item.remove', id: context.id });
    }),
    announce: emit(({ context }) => ({ type: 'item.deleted' as const, kind: context.kind, id: context.id })),
  },
  guards: {
    isPoll: ({ context }) => context.kind === 'poll',
  },
}).createMachine({
  id: 'deleteItem',
  context: ({ input }) => ({ kind: input.kind, id: input.id, owner: input.owner ?? null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'delete.request': { target: 'confirming' } },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'delete.cancel': { target: 'idle' },
        'delete.confirm': { target: 'deleting' },
      },
    },
    deleting: {
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'deleteItem',
        src: 'deleteItem',
        input: ({ context }) => ({ kind: context.kind, id: context.id }),
        onDone: {
          target: 'deleted',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success',
                text: context.kind === 'poll' ? POLLS.deleted : POSTS.deleted,
              }),
            },
            'tellOwner',
            'announce',
          ],
        },
        onError: [
          {
            guard: 'isPoll',
            target: 'idle',
            actions: [
              { type: 'notify', params: { kind: 'error', text: POLLS.deleteFailed } },
              { type: 'log', params: ({ event }) => ({ message: 'poll delete failed', error: event.error }) },
            ],
          },
          {
            target: 'idle',
            actions: sayServer(POLLS.deleteFailed),
          },
        ],
      },
    },
    deleted: { type: 'final' },
  },
});
