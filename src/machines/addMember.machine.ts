/**
 * The owner (of any room) or a member (of a public room; the server decides who may) adds a member
 * (spec §2 Room page, §5 and §8 Add member): people are searched by username 500 ms after typing
 * stops, among those not in the room yet (the server leaves out its members), the matches are offered
 * ('No matching users found.' when there are none), and one must be
 * picked before Send Request works. Sending invites the picked user (`rooms/addUserinRoom/{username}`,
 * a 'Join My Room' notification for them): 'Successfully Send Request', else the server's msg or the
 * error's message. A failed search is only logged (spec §8).
 *
 * Tags: `busy` (searching or sending).
 */
import { assign, fromPromise, setup } from 'xstate';
import { DELAYS } from '../domain/constants.ts';
import { AUTH, ROOMS } from '../domain/messages.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { sayServer } from './notices.ts';

export interface PersonSuggestion {
  username: string;
  dp: string | null;
}

export interface AddMemberContext {
  /** The room's title. */
  title: string;
  query: string;
  suggestions: PersonSuggestion[];
  /** The username picked from the suggestions. */
  picked: string | null;
}

export type AddMemberEvent =
  | { type: 'query.change'; value: string }
  | { type: 'suggestion.pick'; username: string }
  | { type: 'form.submit' };

const typed = ({ event }: { event: { value: string } }) => ({ value: event.value });

/** Typing, in every state but sending: a blank query clears everything, anything else waits again. */
const typing = {
  'query.change': [
    {
      guard: { type: 'isBlank', params: typed },
      target: 'empty',
      actions: { type: 'setQuery', params: typed },
    },
    { target: 'debouncing', reenter: true, actions: { type: 'setQuery', params: typed } },
  ],
} as const;

export const addMemberMachine = setup({
  types: {
    input: {} as { title: string },
    context: {} as AddMemberContext,
    events: {} as AddMemberEvent,
    tags: {} as 'busy',
  },
  actors: {
    searchPeople: fromPromise<PersonSuggestion[], { key: string; title: string }>(async () =>
      notProvided('addMember', 'searchPeople'),
    ),
    requestToJoin: fromPromise<{ msg: string }, { username: string; title: string }>(async () =>
      notProvided('addMember', 'requestToJoin'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    /** A new query forgets the suggestions and the pick of the old one. */
    setQuery: assign((_, params: { value: string }) => ({
      query: params.value,
      suggestions: [],
      picked: null,
    })),
    setSuggestions: assign((_, params: { people: PersonSuggestion[] }) => ({ suggestions: params.people })),
    pick: assign((_, params: { username: string }) => ({ picked: params.username, query: params.username })),
  },
  guards: {
    isBlank: (_, params: { value: string }) => params.value.trim() === '',
    hasPeople: (_, params: { people: PersonSuggestion[] }) => params.people.length > 0,
    isSuggested: ({ context }, params: { username: string }) =>
      context.suggestions.some((person) => person.username === params.username),
  },
  delays: {
    DEBOUNCE: DELAYS.DEBOUNCE,
  },
}).createMachine({
  id: 'addMember',
  context: ({ input }) => ({ title: input.title, query: '', suggestions: [], picked: null }),
  initial: 'empty',
  states: {
    empty: { on: typing },
    debouncing: {
      on: typing,
      after: { DEBOUNCE: { target: 'searching' } },
    },
    searching: {
      tags: ['busy'],
      on: typing,
      invoke: {
        id: 'searchPeople',
        src: 'searchPeople',
        input: ({ context }) => ({ key: context.query.trim(), title: context.title }),
        onDone: [
          {
            guard: { type: 'hasPeople', params: ({ event }) => ({ people: event.output }) },
            target: 'suggesting',
            actions: { type: 'setSuggestions', params: ({ event }) => ({ people: event.output }) },
          },
          { target: 'noMatches' },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'log',
            params: ({ event }) => ({ message: 'add member: search failed', error: event.error }),
          },
        },
      },
    },
    suggesting: {
      on: {
        ...typing,
        'suggestion.pick': {
          guard: { type: 'isSuggested', params: ({ event }) => ({ username: event.username }) },
          target: 'picked',
          actions: { type: 'pick', params: ({ event }) => ({ username: event.username }) },
        },
      },
    },
    noMatches: { on: typing },
    /** The search failed: nothing is offered until the query changes. */
    failed: { on: typing },
    picked: {
      on: {
        ...typing,
        'form.submit': { target: 'sending' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'requestToJoin',
        src: 'requestToJoin',
        input: ({ context }) => ({ username: context.picked ?? '', title: context.title }),
        onDone: {
          target: 'sent',
          actions: { type: 'notify', params: { kind: 'success', text: ROOMS.requestSent } },
        },
        onError: {
          target: 'picked',
          actions: sayServer(AUTH.serverError),
        },
      },
    },
    sent: { type: 'final' },
  },
});
