/**
 * Random username suggestions (spec §4): a batch is fetched, consumed one by one (a chip or the
 * refresh icon), and fetched again when one or none is left. Every consumed name is handed to `fill`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { AUTH } from '../domain/messages.ts';
import { type Notice, notProvided } from './effects.ts';

export interface UsernameSuggestionsContext {
  /** Suggestions not used yet, in the order they are offered. */
  pool: string[];
}

export type UsernameSuggestionsEvent =
  | { type: 'chip.choose'; username: string }
  | { type: 'username.refresh' };

interface Pick {
  username: string;
}

const generationFailed: Notice = { kind: 'error', text: AUTH.usernameGenerationFailed };
const firstSuggestion = ({ context }: { context: UsernameSuggestionsContext }): Pick => ({
  username: context.pool[0] ?? '',
});
const chosenSuggestion = ({ event }: { event: UsernameSuggestionsEvent }): Pick => ({
  username: event.type === 'chip.choose' ? event.username : '',
});
/** A name is handed out: it fills the form and leaves the pool. */
const handOut = (pick: typeof firstSuggestion | typeof chosenSuggestion) => [
  { type: 'fill' as const, params: pick },
  { type: 'take' as const, params: pick },
];

export const usernameSuggestionsMachine = setup({
  types: {
    context: {} as UsernameSuggestionsContext,
    events: {} as UsernameSuggestionsEvent,
    tags: {} as 'busy',
  },
  actors: {
    generateUsernames: fromPromise<string[]>(async () =>
      notProvided('usernameSuggestions', 'generateUsernames'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    fill: (_, _params: Pick) => {},
    addBatch: assign({
      pool: ({ context }, params: { usernames: string[] }) => [
        ...context.pool,
        ...params.usernames.filter(
          (name, index, all) => !context.pool.includes(name) && all.indexOf(name) === index,
        ),
      ],
    }),
    take: assign({
      pool: ({ context }, params: Pick) => context.pool.filter((name) => name !== params.username),
    }),
  },
  guards: {
    isOffered: ({ context }, params: Pick) => context.pool.includes(params.username),
    leavesOneOrNone: ({ context }, params: Pick) =>
      context.pool.includes(params.username) && context.pool.length - 1 <= 1,
    hasSuggestion: ({ context }) => context.pool.length > 0,
    isEmptyBatch: (_, params: { usernames: string[] }) => params.usernames.length === 0,
  },
}).createMachine({
  id: 'usernameSuggestions',
  context: { pool: [] },
  initial: 'fetching',
  states: {
    fetching: {
      tags: ['busy'],
      invoke: {
        id: 'generateUsernames',
        src: 'generateUsernames',
        onDone: [
          {
            guard: { type: 'isEmptyBatch', params: ({ event }) => ({ usernames: event.output }) },
            target: 'failed',
            actions: { type: 'notify', params: generationFailed },
          },
          {
            target: 'ready',
            actions: { type: 'addBatch', params: ({ event }) => ({ usernames: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: { type: 'notify', params: generationFailed } },
      },
      on: {
        'chip.choose': {
          guard: { type: 'isOffered', params: chosenSuggestion },
          actions: handOut(chosenSuggestion),
        },
        'username.refresh': { guard: 'hasSuggestion', actions: handOut(firstSuggestion) },
      },
    },
    ready: {
      on: {
        'chip.choose': [
          {
            guard: { type: 'leavesOneOrNone', params: chosenSuggestion },
            target: 'fetching',
            actions: handOut(chosenSuggestion),
          },
          {
            guard: { type: 'isOffered', params: chosenSuggestion },
            actions: handOut(chosenSuggestion),
          },
        ],
        'username.refresh': [
          {
            guard: { type: 'leavesOneOrNone', params: firstSuggestion },
            target: 'fetching',
            actions: handOut(firstSuggestion),
          },
          { guard: 'hasSuggestion', actions: handOut(firstSuggestion) },
        ],
      },
    },
    failed: {
      on: {
        'chip.choose': {
          guard: { type: 'isOffered', params: chosenSuggestion },
          actions: handOut(chosenSuggestion),
        },
        'username.refresh': [
          {
            guard: 'hasSuggestion',
            target: 'fetching',
            actions: handOut(firstSuggestion),
          },
          { target: 'fetching' },
        ],
      },
    },
  },
});
