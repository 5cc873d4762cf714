/**
 * The problem-solving stats card (spec §2 Stats card, §4 Stats card, §8 Stats fetch 404): the
 * LeetCode stats of a profile's linked handle, fetched when the card starts and only when there is a
 * handle (`idle` otherwise). While `loading` the view shows a skeleton; then `shown`, or `notFound`
 * (404: 'User not found!'), or 'Server Issue' with its reason, read from the status the server
 * answered (server/modules/stats/upstream.ts):
 * - `unreachable`: LeetCode failed (502) or did not answer in time (504); 'stats.retry' asks again.
 * - `rateLimited`: LeetCode (503) or Quad (429) turns requests away for now; asking again at once
 *   would be turned away too, so there is no retry: the card says to come back in a few minutes.
 * - `failed`: anything else (no connection, Quad's own failure); 'stats.retry' asks again.
 * Every failure but 404 is logged.
 *
 * Tags: `loading` (the skeleton).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LcStats } from '../domain/profileSchemas.ts';
import { noEffect, notProvided } from './effects.ts';
import { failed, failedWith } from './failure.ts';

export interface StatsCardInput {
  /** The LeetCode handle; null when none is linked or shown. */
  handle: string | null;
}

export interface StatsCardContext {
  handle: string | null;
  stats: LcStats | null;
}

export type StatsCardEvent = { type: 'stats.retry' };

const logFailure = {
  type: 'log' as const,
  params: ({ event }: { event: { error: unknown } }) => ({
    message: 'stats card: LeetCode stats failed',
    error: event.error,
  }),
};

export const statsCardMachine = setup({
  types: {
    input: {} as StatsCardInput,
    context: {} as StatsCardContext,
    events: {} as StatsCardEvent,
    tags: {} as 'loading',
  },
  actors: {
    fetchStats: fromPromise<LcStats, { handle: string }>(async () => notProvided('statsCard', 'fetchStats')),
  },
  actions: {
    /** Failures other than an unknown user are logged; the card says 'Server Issue' and why. */
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    setStats: assign((_, params: { stats: LcStats }) => ({ stats: params.stats })),
  },
  guards: {
    failedWith,
    hasHandle: ({ context }) => Boolean(context.handle),
  },
}).createMachine({
  id: 'statsCard',
  context: ({ input }) => ({ handle: input.handle?.trim() || null, stats: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasHandle', target: 'loading' }, { target: 'idle' }],
    },
    /** No handle: nothing to fetch. */
    idle: {},
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchStats',
        src: 'fetchStats',
        input: ({ context }) => ({ handle: context.handle ?? '' }),
        onDone: {
          target: 'shown',
          actions: { type: 'setStats', params: ({ event }) => ({ stats: event.output }) },
        },
        onError: [
          { guard: failed(404), target: 'notFound' },
          { guard: failed(502), target: 'unreachable', actions: logFailure },
          { guard: failed(504), target: 'unreachable', actions: logFailure },
          { guard: failed(503), target: 'rateLimited', actions: logFailure },
          { guard: failed(429), target: 'rateLimited', actions: logFailure },
          { target: 'failed', actions: logFailure },
        ],
      },
    },
    shown: {},
    notFound: {},
    unreachable: {
      on: { 'stats.retry': { target: 'loading' } },
    },
    rateLimited: {},
    failed: {
      on: { 'stats.retry': { target: 'loading' } },
    },
  },
});
