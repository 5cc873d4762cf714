/**
 * The settings page's list of blocked people (docs/api.md "Safety"): loaded once, each with an
 * Unblock button. 'user.unblock' {username} asks the server; once it agrees the person leaves the
 * list and the toast says 'You unblocked {name}.'. One unblock at a time; a refusal is the server's
 * message and the list stays. A failed load offers 'list.retry'.
 *
 * Tags: `loading` (nothing to show yet), `busy` (an unblock is on its way), `failed` (the load failed).
 */
import { assign, fromPromise, setup } from 'xstate';
import { HTTP_ERRORS } from '../domain/messages.ts';
import { SAFETY } from '../domain/safety.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { sayServer } from './notices.ts';

export interface BlockedUser {
  username: string;
  dp: string | null;
}

export interface BlockedUsersContext {
  users: BlockedUser[];
  /** The person being unblocked. */
  unblocking: string | null;
}

export type BlockedUsersEvent = { type: 'user.unblock'; username: string } | { type: 'list.retry' };

export const blockedUsersMachine = setup({
  types: {
    context: {} as BlockedUsersContext,
    events: {} as BlockedUsersEvent,
    tags: {} as 'loading' | 'busy' | 'failed',
  },
  actors: {
    loadBlocked: fromPromise<BlockedUser[]>(async () => notProvided('blockedUsers', 'loadBlocked')),
    unblockUser: fromPromise<unknown, { username: string }>(async () =>
      notProvided('blockedUsers', 'unblockUser'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    keepUsers: assign((_, params: { users: BlockedUser[] }) => ({ users: params.users })),
    markUnblocking: assign((_, params: { username: string }) => ({ unblocking: params.username })),
    dropUnblocked: assign(({ context }) => ({
      users: context.users.filter((user) => user.username !== context.unblocking),
      unblocking: null,
    })),
    forgetUnblocking: assign({ unblocking: null }),
  },
  guards: {
    isListed: ({ context }, params: { username: string }) =>
      context.users.some((user) => user.username === params.username),
  },
}).createMachine({
  id: 'blockedUsers',
  context: { users: [], unblocking: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadBlocked',
        src: 'loadBlocked',
        onDone: {
          target: 'listed',
          actions: { type: 'keepUsers', params: ({ event }) => ({ users: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'log',
            params: ({ event }) => ({ message: 'blocked people: load failed', error: event.error }),
          },
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'list.retry': { target: 'loading' } },
    },
    listed: {
      on: {
        'user.unblock': {
          guard: { type: 'isListed', params: ({ event }) => ({ username: event.username }) },
          target: 'unblocking',
          actions: { type: 'markUnblocking', params: ({ event }) => ({ username: event.username }) },
        },
      },
    },
    unblocking: {
      tags: ['busy'],
      invoke: {
        id: 'unblockUser',
        src: 'unblockUser',
        input: ({ context }) => ({ username: context.unblocking ?? '' }),
        onDone: {
          target: 'listed',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success',
                text: SAFETY.unblocked(context.unblocking ?? ''),
              }),
            },
            'dropUnblocked',
          ],
        },
        onError: { target: 'listed', actions: [sayServer(HTTP_ERRORS.network), 'forgetUnblocking'] },
      },
    },
  },
});
