/**
 * The poll page /poll/{id} (spec §2 route table): it first asks whether the poll's room is accessible
 * (`checkAccess`, answering `fetch`) and goes to / when it is not; then it loads the poll. A poll
 * removed by moderators (410 on either call) is `removed`: the server's 'Removed by moderators: {rule}'
 * is the page. An unknown poll (404), or an address no poll can have (400: the id is malformed), is
 * `notFound`: the app's not-found screen, never the server's validation text.
 *
 * States: `checking`, `loading`, `shown`, `notFound`, `unavailable` (any other failure), `removed`,
 * `denied` (final).
 *
 * While the poll is shown the live stream watches it (the invoked `watchLive`), and when the stream
 * says what was missed is too old (`live.reload`, told by `followLive`) the poll loads again.
 *
 * Tags: `loading` until the poll is there or known to be unavailable.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Poll } from '../domain/entities.ts';
import type { Watch } from '../domain/live.ts';
import { POLLS } from '../domain/messages.ts';
import { REPORT_REASONS, SAFETY } from '../domain/safety.ts';
import { followsNobody, type Navigation, noEffect, notProvided } from './effects.ts';
import { failed, failedWith, serverText } from './failure.ts';

export type PollDetailEvent =
  /** The live stream missed too much: load the poll again. */
  { type: 'live.reload' };

export interface PollDetailContext {
  id: string;
  poll: Poll | null;
  /** Why the poll cannot be shown (the removal's text when it was removed). */
  problem: string;
}

/** A 410: the poll was removed by moderators; the server's message names the rule. */
/** 404, or 400 (an id no poll can have): the not-found screen, logged nowhere (nothing failed). */
const notFound = [
  { guard: failed(404), target: 'notFound' },
  { guard: failed(400), target: 'notFound' },
] as const;

const removedByModerators = {
  guard: failed(410),
  target: 'removed',
  actions: {
    type: 'setRemoved',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
} as const;

export const pollDetailMachine = setup({
  types: {
    context: {} as PollDetailContext,
    events: {} as PollDetailEvent,
    input: {} as { id: string },
    tags: {} as 'loading',
  },
  actors: {
    checkAccess: fromPromise<boolean, { id: string }>(async () => notProvided('pollDetail', 'checkAccess')),
    loadPoll: fromPromise<Poll, { id: string }>(async () => notProvided('pollDetail', 'loadPoll')),
    watchLive: followsNobody<{ watch: Watch }>(),
    followLive: followsNobody(),
  },
  actions: {
    navigate: (_, _params: Navigation) => noEffect(),
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    setPoll: assign((_, params: { poll: Poll }) => ({ poll: params.poll })),
    forgetPoll: assign({ poll: null }),
    setRemoved: assign((_, params: { error: unknown }) => ({
      problem: serverText(params.error, SAFETY.removedBy(REPORT_REASONS.other)),
    })),
    setProblem: assign((_, params: { error: unknown }) => ({
      problem: serverText(params.error, POLLS.loadFailed),
    })),
  },
  guards: {
    failedWith,
    isAllowed: (_, params: { allowed: boolean }) => params.allowed,
  },
}).createMachine({
  id: 'pollDetail',
  context: ({ input }) => ({ id: input.id, poll: null, problem: '' }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['loading'],
      invoke: {
        id: 'checkAccess',
        src: 'checkAccess',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'isAllowed', params: ({ event }) => ({ allowed: event.output }) },
            target: 'loading',
          },
          { target: 'denied', actions: { type: 'navigate', params: { to: '/', replace: true } } },
        ],
        onError: [
          ...notFound,
          removedByModerators,
          {
            target: 'unavailable',
            actions: [
              { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
              {
                type: 'log',
                params: ({ event }) => ({ message: 'poll access check failed', error: event.error }),
              },
            ],
          },
        ],
      },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPoll',
        src: 'loadPoll',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'shown',
          actions: { type: 'setPoll', params: ({ event }) => ({ poll: event.output }) },
        },
        onError: [
          ...notFound,
          removedByModerators,
          {
            target: 'unavailable',
            actions: [
              { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
              { type: 'log', params: ({ event }) => ({ message: 'poll load failed', error: event.error }) },
            ],
          },
        ],
      },
    },
    shown: {
      invoke: [
        {
          id: 'watchLive',
          src: 'watchLive',
          input: ({ context }) => ({ watch: { kind: 'poll' as const, id: context.id } }),
        },
        { id: 'followLive', src: 'followLive' },
      ],
      on: { 'live.reload': { target: 'loading', actions: 'forgetPoll' } },
    },
    notFound: {},
    unavailable: {},
    removed: {},
    denied: { type: 'final' },
  },
});
