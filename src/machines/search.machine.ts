/**
 * The top bar's search (spec §2 Layout, §4 Search, §5, §8): people and rooms whose names contain the
 * text, and the first posts and polls holding its words (issue 33), asked 500 ms after typing stops;
 * an empty text clears the results. The dropdown opens on a click in the box and closes on a click
 * outside. Choosing a result needs a session ('Please Sign in!!!'); then the dropdown closes, the
 * small-screen search panel hides and the text clears. Submitting the text (Enter with no result
 * picked) opens the search page, `/search?q=…`, for anyone, keeping the text. A failed search is
 * only logged.
 *
 * Regions: `query` (the text and its results), `dropdown` (open/closed), `panel` (the small-screen
 * search row, toggled by an icon). Tags: `searching`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { DELAYS } from '../domain/constants.ts';
import { SEARCH } from '../domain/messages.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';

export interface PersonResult {
  username: string;
  dp: string | null;
}

export interface RoomResult {
  title: string;
  CreatorId: string;
  img: string | null;
}

/** A post or poll found by its words: enough to name it and open it. */
export interface PostResult {
  id: string;
  kind: 'post' | 'poll';
  title: string;
  /** The room of a room post (its page is /post/{roomId}/{id}); null for topic posts and polls. */
  roomId: string | null;
}

/** How many posts and polls the dropdown lists (the search page lists them all). */
export const DROPDOWN_POSTS = 5;

export interface SearchResults {
  users: PersonResult[];
  rooms: RoomResult[];
  posts: PostResult[];
}

/** The search page's address for a text. */
export const searchPagePath = (key: string) => `/search?q=${encodeURIComponent(key.trim())}`;

export interface SearchContext {
  key: string;
  results: SearchResults | null;
}

export type SearchEvent =
  | { type: 'key.change'; value: string }
  | { type: 'dropdown.open' }
  | { type: 'dropdown.close' }
  | { type: 'panel.toggle' }
  /** A result was picked: `to` is its page, `signedIn` whether a session is present. */
  | { type: 'result.choose'; to: string; signedIn: boolean }
  /** The text was submitted (Enter with no result picked): open the search page. */
  | { type: 'search.submit' };

const noResults = { key: '', results: null } satisfies SearchContext;

const typedValue = ({ event }: { event: { value: string } }) => ({ value: event.value });

/** A keystroke: a blank text empties the results, any other waits for typing to stop at `wait`. */
const typing = (wait: '.debouncing' | 'debouncing') =>
  [
    {
      guard: { type: 'isBlank', params: typedValue },
      target: wait === 'debouncing' ? 'empty' : '.empty',
      actions: [{ type: 'setKey', params: typedValue }, 'clear'],
    },
    { target: wait, reenter: wait === 'debouncing', actions: { type: 'setKey', params: typedValue } },
  ] as const;

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    tags: {} as 'searching',
  },
  actors: {
    search: fromPromise<SearchResults, { key: string }>(async () => notProvided('search', 'search')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    navigate: (_, _params: Navigation) => noEffect(),
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    setKey: assign((_, params: { value: string }) => ({ key: params.value })),
    setResults: assign((_, params: { results: SearchResults }) => ({ results: params.results })),
    clear: assign(noResults),
  },
  guards: {
    isBlank: (_, params: { value: string }) => params.value.trim() === '',
    isSignedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    hasKey: ({ context }) => context.key.trim() !== '',
  },
  delays: {
    DEBOUNCE: DELAYS.DEBOUNCE,
  },
}).createMachine({
  id: 'search',
  context: noResults,
  type: 'parallel',
  on: {
    'result.choose': [
      {
        guard: { type: 'isSignedIn', params: ({ event }) => ({ signedIn: event.signedIn }) },
        target: ['.query.empty', '.dropdown.closed', '.panel.hidden'],
        actions: ['clear', { type: 'navigate', params: ({ event }) => ({ to: event.to }) }],
      },
      { actions: { type: 'notify', params: { kind: 'error', text: SEARCH.signInFirst } } },
    ],
  },
  states: {
    query: {
      initial: 'empty',
      on: { 'key.change': typing('.debouncing') },
      states: {
        empty: {},
        /** A keystroke here starts the wait again (the region's own would leave the other regions too). */
        debouncing: {
          on: { 'key.change': typing('debouncing') },
          after: { DEBOUNCE: { target: 'searching' } },
        },
        searching: {
          tags: ['searching'],
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ key: context.key.trim() }),
            onDone: {
              target: 'shown',
              actions: { type: 'setResults', params: ({ event }) => ({ results: event.output }) },
            },
            onError: {
              target: 'shown',
              actions: {
                type: 'log',
                params: ({ event }) => ({ message: 'search failed', error: event.error }),
              },
            },
          },
        },
        shown: {},
      },
    },
    dropdown: {
      initial: 'closed',
      /** The text submitted opens the search page; the other regions keep their state (the panel hides). */
      on: {
        'search.submit': {
          guard: 'hasKey',
          target: '.closed',
          actions: { type: 'navigate', params: ({ context }) => ({ to: searchPagePath(context.key) }) },
        },
      },
      states: {
        closed: { on: { 'dropdown.open': { target: 'open' } } },
        open: { on: { 'dropdown.close': { target: 'closed' } } },
      },
    },
    panel: {
      initial: 'hidden',
      on: { 'search.submit': { guard: 'hasKey', target: '.hidden' } },
      states: {
        hidden: { on: { 'panel.toggle': { target: 'visible' } } },
        visible: { on: { 'panel.toggle': { target: 'hidden' } } },
      },
    },
  },
});
