/**
 * One paged list (spec §4 Feed, §9 page sizes): the home feed, popular, topic, room and profile lists
 * (whose overview and comments tabs list comments too: `CommentItem`, told apart by `feedEntry`), and
 * the search page's tabs (people and rooms found: `PersonItem`, `RoomItem`).
 *
 * The input says the page size and an optional first-load delay (topic feeds wait 500 ms, rooms
 * 1500 ms; none on the first screen, whose list the server has already loaded). The provided
 * `fetchPage` actor loads one page from `{ offset, page, limit }` (offset = page × limit; each list
 * uses the one its endpoint takes). A page may combine several sources fetched
 * together, one array each: the home feed asks posts and polls for 15 each in one page, mixes them newest
 * first, and ends only when BOTH return fewer than 15. One actor rather than two child lists keeps a
 * single offset, one loading state and one end for the view, and keeps "newest first" in one place.
 *
 * New items merge by id (a refreshed or shifted page never duplicates a card). A page in which every
 * source returned fewer than `limit` items ends the list. 'list.more' comes from infinite scroll and is
 * ignored unless the list is idle, which is how the scroll is throttled: never two page loads at once.
 * 'list.refresh' clears the offsets and reloads; 'item.remove' / 'item.update' follow deletes and edits,
 * 'author.remove' a block (the blocked person's items leave).
 *
 * A topic's, room's or profile's posts come in an order (src/domain/sorting.ts: the input's `sort`, null
 * for the spec's); 'list.sort' chooses another and starts again from the first page. Top keeps the
 * server's order instead of re-sorting by age.
 *
 * Tags: `loading` (nothing to show yet: skeletons), `busy` (a page is on its way).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Poll, Post } from '../domain/entities.ts';
import type { OverviewItem, ProfileComment, SearchResult } from '../domain/profileSchemas.ts';
import type { ListSort } from '../domain/sorting.ts';
import { noEffect, notProvided } from './effects.ts';

type PersonFound = SearchResult['users'][number];
type RoomFound = SearchResult['rooms'][number];

/**
 * A comment in a list (a profile's overview and comments tabs). It is wrapped and tagged because a
 * comment has a body too: the spec's "a post has a body" rule would take it for a post.
 */
export interface CommentItem {
  kind: 'comment';
  id: string;
  createdAt: string;
  comment: ProfileComment;
}

/** A person found by search (the search page's People tab), tagged as a comment is; its id is the username. */
export interface PersonItem {
  kind: 'person';
  id: string;
  createdAt: string;
  person: PersonFound;
}

/** A room found by search (the search page's Rooms tab); its id is the title. */
export interface RoomItem {
  kind: 'room';
  id: string;
  createdAt: string;
  room: RoomFound;
}

/** A list item: a post, a poll, a comment, or a person or room found by search. */
export type FeedItem = Post | Poll | CommentItem | PersonItem | RoomItem;

/** A list item with what it is. */
export type FeedEntry =
  | { kind: 'post'; post: Post }
  | { kind: 'poll'; poll: Poll }
  | { kind: 'comment'; comment: ProfileComment }
  | { kind: 'person'; person: PersonFound }
  | { kind: 'room'; room: RoomFound };

/** The one place that tells list items apart: a tagged item, else a post when it has a body, else a poll (spec §3). */
export function feedEntry(item: FeedItem): FeedEntry {
  if ('kind' in item) {
    if (item.kind === 'person') return { kind: 'person', person: item.person };
    if (item.kind === 'room') return { kind: 'room', room: item.room };
    return { kind: 'comment', comment: item.comment };
  }
  return 'body' in item ? { kind: 'post', post: item } : { kind: 'poll', poll: item };
}

/** A comment as a list item. */
export const commentItem = (comment: ProfileComment): CommentItem => ({
  kind: 'comment',
  id: comment.id,
  createdAt: comment.createdAt,
  comment,
});

/** A person found as a list item (search keeps the server's order: no time of its own). */
export const personItem = (person: PersonFound): PersonItem => ({
  kind: 'person',
  id: person.username,
  createdAt: '',
  person,
});

/** A room found as a list item. */
export const roomItem = (room: RoomFound): RoomItem => ({
  kind: 'room',
  id: room.title,
  createdAt: '',
  room,
});

/** An entry of a profile's overview as a list item: the post itself, or the comment tagged. */
export const overviewItem = (entry: OverviewItem): FeedItem =>
  entry.kind === 'post' ? entry.post : commentItem(entry.comment);

export interface PageRequest {
  offset: number;
  page: number;
  limit: number;
  /** The list's order; null for the spec's. */
  sort: ListSort | null;
}

/** The items of each source asked for this page. */
export type PageSources = FeedItem[][];

export interface PagedListInput {
  pageSize: number;
  /** Milliseconds to wait before the first load (DELAYS.TOPIC_FIRST_LOAD, DELAYS.ROOM_FIRST_LOAD); none by default. */
  firstLoadDelay?: number;
  /** 'newest' sorts the mixed list by createdAt; 'server' keeps the server's order (popular's ranking). */
  order?: 'newest' | 'server';
  /** The chosen order of a sortable list; null (the default) for the spec's. */
  sort?: ListSort | null;
}

export interface PagedListContext {
  items: FeedItem[];
  /** The next page to ask for, counted from 0. */
  page: number;
  pageSize: number;
  firstLoadDelay: number;
  order: 'newest' | 'server';
  sort: ListSort | null;
}

export type PagedListEvent =
  /** The reader chose another order: the list starts again from its first page. */
  | { type: 'list.sort'; sort: ListSort | null }
  | { type: 'list.more' }
  | { type: 'list.refresh' }
  | { type: 'list.retry' }
  | { type: 'item.remove'; id: string }
  | { type: 'item.update'; item: FeedItem }
  /** The viewer blocked this person (block.machine.ts): their items leave the list. */
  | { type: 'author.remove'; username: string };

const newestFirst = (a: FeedItem, b: FeedItem) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/** How pages merge: Top is the server's order, whatever the list's. */
const mergeOrder = (context: PagedListContext) => (context.sort?.sort === 'top' ? 'server' : context.order);

const sameSort = (a: ListSort | null, b: ListSort | null) => JSON.stringify(a) === JSON.stringify(b);

/** Who posted a list item (null for a deleted comment). */
export function authorOf(item: FeedItem): string | null {
  const entry = feedEntry(item);
  if (entry.kind === 'post') return entry.post.user.username;
  if (entry.kind === 'poll') return entry.poll.createdBy.username;
  if (entry.kind === 'person') return entry.person.username;
  if (entry.kind === 'room') return null;
  return entry.comment.user?.username ?? null;
}

/** The list with a page merged in: items already shown are replaced in place, new ones added. */
export function mergeById(items: FeedItem[], incoming: FeedItem[], order: 'newest' | 'server'): FeedItem[] {
  const fresh = new Map(incoming.map((item) => [item.id, item]));
  const kept = items.map((item) => fresh.get(item.id) ?? item);
  const known = new Set(items.map((item) => item.id));
  const added = [...fresh.values()].filter((item) => !known.has(item.id));
  const merged = [...kept, ...added];
  return order === 'newest' ? merged.sort(newestFirst) : merged;
}

/** A page with fewer items than asked for in every source: the last one. */
const isShort = (sources: PageSources, pageSize: number) =>
  sources.every((source) => source.length < pageSize);

const sourcesOf = ({ event }: { event: { output: PageSources } }) => ({ sources: event.output });

/** A page arrived: it is added, and a short one (in every source) ends the list. */
const pageArrived = [
  {
    guard: { type: 'isLastPage', params: sourcesOf },
    target: 'exhausted',
    actions: { type: 'addPage', params: sourcesOf },
  },
  { target: 'idle', actions: { type: 'addPage', params: sourcesOf } },
] as const;

export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    input: {} as PagedListInput,
    tags: {} as 'busy' | 'loading',
  },
  actors: {
    fetchPage: fromPromise<PageSources, PageRequest>(async () => notProvided('pagedList', 'fetchPage')),
  },
  actions: {
    /** Failures of a feed are only logged; the view offers a retry. */
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    addPage: assign(({ context }, params: { sources: PageSources }) => ({
      items: mergeById(context.items, params.sources.flat(), mergeOrder(context)),
      page: context.page + 1,
    })),
    clear: assign({ items: [], page: 0 }),
    setSort: assign((_, params: { sort: ListSort | null }) => ({ sort: params.sort })),
    removeItem: assign(({ context }, params: { id: string }) => ({
      items: context.items.filter((item) => item.id !== params.id),
    })),
    removeAuthor: assign(({ context }, params: { username: string }) => ({
      items: context.items.filter((item) => authorOf(item) !== params.username),
    })),
    updateItem: assign(({ context }, params: { item: FeedItem }) => ({
      items: context.items.map((item) => (item.id === params.item.id ? params.item : item)),
    })),
  },
  guards: {
    waitsFirst: ({ context }) => context.firstLoadDelay > 0,
    isOtherSort: ({ context }, params: { sort: ListSort | null }) => !sameSort(context.sort, params.sort),
    hasItems: ({ context }) => context.items.length > 0,
    isLastPage: ({ context }, params: { sources: PageSources }) => isShort(params.sources, context.pageSize),
  },
  delays: {
    FIRST_LOAD: ({ context }) => context.firstLoadDelay,
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({
    items: [],
    page: 0,
    pageSize: input.pageSize,
    firstLoadDelay: input.firstLoadDelay ?? 0,
    order: input.order ?? 'newest',
    sort: input.sort ?? null,
  }),
  initial: 'starting',
  on: {
    'list.sort': {
      guard: { type: 'isOtherSort', params: ({ event }) => ({ sort: event.sort }) },
      target: '.loading',
      reenter: true,
      actions: ['clear', { type: 'setSort', params: ({ event }) => ({ sort: event.sort }) }],
    },
    'item.remove': { actions: { type: 'removeItem', params: ({ event }) => ({ id: event.id }) } },
    'item.update': { actions: { type: 'updateItem', params: ({ event }) => ({ item: event.item }) } },
    'author.remove': {
      actions: { type: 'removeAuthor', params: ({ event }) => ({ username: event.username }) },
    },
  },
  states: {
    starting: {
      always: [{ guard: 'waitsFirst', target: 'waiting' }, { target: 'loading' }],
    },
    waiting: {
      tags: ['loading'],
      after: { FIRST_LOAD: { target: 'loading' } },
    },
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ offset: 0, page: 0, limit: context.pageSize, sort: context.sort }),
        onDone: pageArrived,
        onError: {
          target: 'failed',
          actions: {
            type: 'log',
            params: ({ event }) => ({ message: 'list: first page failed', error: event.error }),
          },
        },
      },
    },
    idle: {
      on: {
        'list.more': { target: 'loadingMore' },
        'list.refresh': { target: 'loading', actions: 'clear' },
      },
    },
    loadingMore: {
      tags: ['busy'],
      on: { 'list.refresh': { target: 'loading', actions: 'clear' } },
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({
          offset: context.page * context.pageSize,
          page: context.page,
          limit: context.pageSize,
          sort: context.sort,
        }),
        onDone: pageArrived,
        onError: {
          target: 'failed',
          actions: {
            type: 'log',
            params: ({ event }) => ({ message: 'list: next page failed', error: event.error }),
          },
        },
      },
    },
    exhausted: {
      on: { 'list.refresh': { target: 'loading', actions: 'clear' } },
    },
    failed: {
      on: {
        'list.retry': [{ guard: 'hasItems', target: 'loadingMore' }, { target: 'loading' }],
        'list.refresh': { target: 'loading', actions: 'clear' },
      },
    },
  },
});
