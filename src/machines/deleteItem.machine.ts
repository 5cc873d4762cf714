/**
 * Deleting a post or a poll (spec §4 Post deletion, §5 Delete confirmation, §8 Delete / Poll delete).
 *
 * 'delete.request' asks for confirmation ('Are you certain you want to delete this post? ...'), the
 * dialog's 'Cancle' sends 'delete.cancel' and 'Confirm' sends 'delete.confirm'. Once the server agrees,
 * the item leaves the list that shows it (`owner`, sent 'item.remove' {id}), the page that counts it
 * (`page`: the room or profile page) is sent 'item.deleted' {kind, id}, and a page showing only that
 * item is left for `leaveTo` (replacing it in the history). Failures: a post shows the server's
 * message, a poll 'Server Issue'. Success: 'Post Deleted!' / 'Poll Deleted!'.
 *
 * Tags: `confirming` (the dialog is open), `busy` (the delete is on its way).
 */
import { type AnyActorRef, enqueueActions, fromPromise, setup } from 'xstate';
import { POLLS, POSTS } from '../domain/messages.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';
import { sayServer } from './notices.ts';

export type DeletableKind = 'post' | 'poll';

export interface DeleteItemInput {
  kind: DeletableKind;
  id: string;
  /** The list showing the item, told to drop it; null when none (a detail page). */
  owner?: AnyActorRef | null;
  /** The page counting the item (room or profile page), told it is gone; null when none. */
  page?: AnyActorRef | null;
  /** Where to go once the item is gone (its own page is left); null to stay. */
  leaveTo?: string | null;
}

export interface DeleteItemContext {
  kind: DeletableKind;
  id: string;
  owner: AnyActorRef | null;
  page: AnyActorRef | null;
  leaveTo: string | null;
}

export type DeleteItemEvent =
  | { type: 'delete.request' }
  | { type: 'delete.cancel' }
  | { type: 'delete.confirm' };

/** What the page counting the item is sent once it is deleted. */
export type ItemDeletedEvent = { type: 'item.deleted'; kind: DeletableKind; id: string };

export const deleteConfirmText = (kind: DeletableKind) =>
  kind === 'post' ? POSTS.deleteConfirm : POLLS.deleteConfirm;

const deletedNotice = {
  type: 'notify' as const,
  params: ({ context }: { context: DeleteItemContext }): Notice => ({
    kind: 'success',
    text: context.kind === 'poll' ? POLLS.deleted : POSTS.deleted,
  }),
};

export const deleteItemMachine = setup({
  types: {
    context: {} as DeleteItemContext,
    events: {} as DeleteItemEvent,
    input: {} as DeleteItemInput,
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
    navigate: (_, _params: Navigation) => noEffect(),
    /** The list drops the item; the page counting it is told it is gone. */
    tellOwners: enqueueActions(({ context, enqueue }) => {
      if (context.owner) enqueue.sendTo(context.owner, { type: 'item.remove', id: context.id });
      if (context.page) {
        const deleted: ItemDeletedEvent = { type: 'item.deleted', kind: context.kind, id: context.id };
        enqueue.sendTo(context.page, deleted);
      }
    }),
  },
  guards: {
    isPoll: ({ context }) => context.kind === 'poll',
    leavesPage: ({ context }) => context.leaveTo !== null,
  },
}).createMachine({
  id: 'deleteItem',
  context: ({ input }) => ({
    kind: input.kind,
    id: input.id,
    owner: input.owner ?? null,
    page: input.page ?? null,
    leaveTo: input.leaveTo ?? null,
  }),
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
        onDone: [
          {
            guard: 'leavesPage',
            target: 'deleted',
            actions: [
              deletedNotice,
              'tellOwners',
              { type: 'navigate', params: ({ context }) => ({ to: context.leaveTo ?? '/', replace: true }) },
            ],
          },
          { target: 'deleted', actions: [deletedNotice, 'tellOwners'] },
        ],
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
