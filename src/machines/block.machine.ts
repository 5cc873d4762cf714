/**
 * Blocking someone from what they posted or from their profile (docs/moderation.md, docs/api.md
 * "Safety"): 'block.request' asks first ("Block u/{name}? ..."), 'block.cancel' keeps things as they
 * were and 'block.confirm' blocks. Once the server agrees, the toast says so, the list or thread
 * showing their things (`owner`) is sent 'author.remove' {username} so it drops them without a
 * reload, and a page that showed only their thing is left for `leaveTo`. A refusal is the server's
 * message (blocking yourself, an unknown account) and nothing changes.
 *
 * Unblocking is the settings page's list of blocked people (blockedUsers.machine.ts).
 *
 * Tags: `confirming` (the dialog is open), `busy` (the block is on its way).
 */
import { type AnyActorRef, enqueueActions, fromPromise, setup } from 'xstate';
import { HTTP_ERRORS } from '../domain/messages.ts';
import { SAFETY } from '../domain/safety.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';
import { sayServer } from './notices.ts';

export interface BlockInput {
  username: string;
  /** The list or comment thread showing their things, told to drop them; null when none. */
  owner?: AnyActorRef | null;
  /** Where to go once they are blocked (a page of theirs is left); null to stay. */
  leaveTo?: string | null;
}

export interface BlockContext {
  username: string;
  owner: AnyActorRef | null;
  leaveTo: string | null;
}

export type BlockEvent = { type: 'block.request' } | { type: 'block.cancel' } | { type: 'block.confirm' };

/** What the list or thread showing a blocked person's things is sent. */
export type AuthorRemoveEvent = { type: 'author.remove'; username: string };

export const blockMachine = setup({
  types: {
    context: {} as BlockContext,
    events: {} as BlockEvent,
    input: {} as BlockInput,
    tags: {} as 'confirming' | 'busy',
  },
  actors: {
    blockUser: fromPromise<unknown, { username: string }>(async () => notProvided('block', 'blockUser')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    navigate: (_, _params: Navigation) => noEffect(),
    /** The list or thread drops what they posted. */
    tellOwner: enqueueActions(({ context, enqueue }) => {
      if (!context.owner) return;
      const remove: AuthorRemoveEvent = { type: 'author.remove', username: context.username };
      enqueue.sendTo(context.owner, remove);
    }),
  },
  guards: {
    leavesPage: ({ context }) => context.leaveTo !== null,
  },
}).createMachine({
  id: 'block',
  context: ({ input }) => ({
    username: input.username,
    owner: input.owner ?? null,
    leaveTo: input.leaveTo ?? null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'block.request': { target: 'confirming' } },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'block.cancel': { target: 'idle' },
        'block.confirm': { target: 'blocking' },
      },
    },
    blocking: {
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'blockUser',
        src: 'blockUser',
        input: ({ context }) => ({ username: context.username }),
        onDone: [
          {
            guard: 'leavesPage',
            target: 'blocked',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ kind: 'success', text: SAFETY.blocked(context.username) }),
              },
              'tellOwner',
              { type: 'navigate', params: ({ context }) => ({ to: context.leaveTo ?? '/', replace: true }) },
            ],
          },
          {
            target: 'blocked',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ kind: 'success', text: SAFETY.blocked(context.username) }),
              },
              'tellOwner',
            ],
          },
        ],
        onError: { target: 'idle', actions: sayServer(HTTP_ERRORS.network) },
      },
    },
    blocked: { type: 'final' },
  },
});
