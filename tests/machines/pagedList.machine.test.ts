import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import { DELAYS } from '../../src/domain/constants.ts';
import type { ListSort } from '../../src/domain/sorting.ts';
import {
  authorOf,
  commentItem,
  type FeedItem,
  feedEntry,
  mergeById,
  overviewItem,
  type PageRequest,
  type PageSources,
  pagedListMachine,
  personItem,
  roomItem,
} from '../../src/machines/pagedList.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { makePoll, makePost, minutesAgo } from '../support/feedFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';
import { makeProfileComment } from '../support/profileFakes.ts';

type Machine = typeof pagedListMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure, after } = syntheticEvents<Event>();
const titleOf = (item: FeedItem) => ('title' in item ? item.title : null);
const pageSize = 2;
const delays = { FIRST_LOAD: DELAYS.TOPIC_FIRST_LOAD };

// Home-like pages: one array per source (posts, polls).
const first: PageSources = [
  [makePost('p1', { createdAt: minutesAgo(1) })],
  [makePoll('q1', { createdAt: minutesAgo(3) })],
];
const fullSecond: PageSources = [
  [makePost('p2', { createdAt: minutesAgo(5) }), makePost('p3', { createdAt: minutesAgo(2) })],
  [],
];
const short: PageSources = [[makePost('p4', { createdAt: minutesAgo(9) })], []];
const fullFirst: PageSources = [
  [makePost('p1', { createdAt: minutesAgo(1) }), makePost('p5', { createdAt: minutesAgo(4) })],
  [],
];

const offline = { status: 0, message: 'Network Error' };
const editedP1 = makePost('p1', { title: 'edited', createdAt: minutesAgo(1) });

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'list.more' },
      { type: 'list.refresh' },
      { type: 'list.retry' },
      { type: 'item.remove', id: 'p1' },
      { type: 'item.update', item: editedP1 },
      { type: 'author.remove', username: 'calm_heron' },
      done('fetchPage', fullFirst),
      done('fetchPage', fullSecond),
      done('fetchPage', short),
      done('fetchPage', first),
      failure('fetchPage', offline),
      after('FIRST_LOAD', 'pagedList.waiting'),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/** Bounded: the page number only matters up to 2 (items identify everything else). */
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.items.map((item) => item.id),
    Math.min(snapshot.context.page, 2),
  ]);

const inputs: { pageSize: number; firstLoadDelay?: number; who: string }[] = [
  { pageSize, who: 'the home feed (no first-load delay)' },
  { pageSize, firstLoadDelay: DELAYS.TOPIC_FIRST_LOAD, who: 'a topic feed (waits 500 ms)' },
];

type Input = (typeof inputs)[number];
const pathsOf = (input: Input) =>
  generatePaths(pagedListMachine, {
    events,
    input,
    serializeState,
  });

const isShort = (sources: PageSources) => sources.every((source) => source.length < pageSize);

/**
 * Spec §4 Feed, §9: pages one after another (offset = page × size), merged by id newest first, ended by
 * a page short in every source; more is asked only when idle;
 * a refresh starts over, a retry goes on from where the list failed.
 */
function listOracle(input: Input) {
  let page = 0;
  const ask = (from: number): Pick<ExpectedStep, 'calls'> => ({
    calls: [
      { actor: 'fetchPage', input: { offset: from * pageSize, page: from, limit: pageSize, sort: null } },
    ],
  });
  const loading = { value: 'loading', tags: ['loading', 'busy'], ...ask(0) };
  return (event: Event, before: Snapshot): ExpectedStep => {
    const items = before.context.items;
    const e = event as unknown as {
      type: string;
      id: string;
      item: FeedItem;
      username: string;
      output: PageSources;
    };
    switch (e.type) {
      case 'xstate.init':
        return input.firstLoadDelay
          ? { value: 'waiting', tags: ['loading'], shown: [] }
          : { ...loading, shown: [] };
      case 'xstate.after.FIRST_LOAD.pagedList.waiting':
        return loading;
      case 'xstate.done.actor.fetchPage':
        page += 1;
        return {
          value: isShort(e.output) ? 'exhausted' : 'idle',
          tags: [],
          shown: mergeById(items, e.output.flat(), 'newest'),
        };
      case 'xstate.error.actor.fetchPage':
        return {
          value: 'failed',
          tags: [],
          effects: [
            log(before.matches('loading') ? 'list: first page failed' : 'list: next page failed', offline),
          ],
        };
      case 'list.more':
        return { value: 'loadingMore', tags: ['busy'], ...ask(page) };
      case 'list.retry':
        return items.length > 0 ? { value: 'loadingMore', tags: ['busy'], ...ask(page) } : loading;
      case 'list.refresh':
        page = 0;
        return { ...loading, shown: [] };
      case 'item.remove':
        return { shown: items.filter((item) => item.id !== e.id) };
      case 'author.remove':
        // a block: every item of that author leaves (here the polls of calm_heron)
        return { shown: items.filter((item) => authorOf(item) !== e.username) };
      default:
        return { shown: items.map((item) => (item.id === e.item.id ? e.item : item)) };
    }
  };
}

describe.each(inputs)('paged list of $who', (input) => {
  it.each(pathsOf(input).map((path) => [describePath(path), path] as const))(
    'loads page after page, merges them and ends on a short one: %s',
    async (_, path) => {
      await executePath(pagedListMachine, path, {
        input,
        promiseActors: ['fetchPage'],
        provide: { delays },
        effects: ['log'],
        shown: (context) => context.items,
        expectStep: listOracle(input),
      });
    },
  );
});

const topWeek: ListSort = { sort: 'top', t: 'week' };
// Top's page: the higher score first, though older (the server's order is kept)
const byScore: PageSources = [
  [makePost('old-high', { createdAt: minutesAgo(50) }), makePost('new-low', { createdAt: minutesAgo(1) })],
];
const sortEvents = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'list.sort', sort: topWeek },
      { type: 'list.sort', sort: { sort: 'new' } },
      // the order the list is in already: nothing to reload
      { type: 'list.sort', sort: null },
      { type: 'list.more' },
      done('fetchPage', byScore),
      done('fetchPage', short),
      failure('fetchPage', offline),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const sortPaths = generatePaths(pagedListMachine, {
  events: sortEvents,
  input: { pageSize },
  serializeState: (snapshot: Snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.items.map((item) => item.id),
      Math.min(snapshot.context.page, 2),
      snapshot.context.sort,
    ]),
});

/**
 * Issue 33 "Sort": a topic's, room's or profile's list asks its pages in the chosen order; another
 * choice starts again from the first page, whatever the list was doing; Top keeps the server's order.
 */
function sortOracle() {
  let page = 0;
  let sort: ListSort | null = null;
  const ask = (from: number): Pick<ExpectedStep, 'calls'> => ({
    calls: [{ actor: 'fetchPage', input: { offset: from * pageSize, page: from, limit: pageSize, sort } }],
  });
  return (event: Event, before: Snapshot): ExpectedStep => {
    const items = before.context.items;
    const e = event as unknown as { type: string; sort: ListSort | null; output: PageSources };
    switch (e.type) {
      case 'xstate.init':
        return { value: 'loading', tags: ['loading', 'busy'], shown: [], ...ask(0) };
      case 'list.sort':
        page = 0;
        sort = e.sort;
        return { value: 'loading', tags: ['loading', 'busy'], shown: [], ...ask(0) };
      case 'list.more':
        return { value: 'loadingMore', tags: ['busy'], ...ask(page) };
      case 'xstate.done.actor.fetchPage':
        page += 1;
        return {
          value: isShort(e.output) ? 'exhausted' : 'idle',
          tags: [],
          shown: mergeById(items, e.output.flat(), sort?.sort === 'top' ? 'server' : 'newest'),
        };
      default:
        return {
          value: 'failed',
          tags: [],
          effects: [
            log(before.matches('loading') ? 'list: first page failed' : 'list: next page failed', offline),
          ],
        };
    }
  };
}

describe('a sortable list', () => {
  it.each(sortPaths.map((path) => [describePath(path), path] as const))(
    'starts again from the first page in the chosen order: %s',
    async (_, path) => {
      await executePath(pagedListMachine, path, {
        input: { pageSize },
        promiseActors: ['fetchPage'],
        effects: ['log'],
        shown: (context) => context.items,
        expectStep: sortOracle(),
      });
    },
  );
});

describe('paged list chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, pagedListMachine, [...inputs.flatMap(pathsOf), ...sortPaths]);
  });
});

describe('paged list pages', () => {
  function start(pages: PageSources[], input: { pageSize: number; order?: 'newest' | 'server' }) {
    const fetchPage = vi.fn(async (_request: PageRequest) => pages.shift() ?? [[]]);
    const actor = createActor(
      pagedListMachine.provide({ actors: { fetchPage: fromPromise(({ input }) => fetchPage(input)) } }),
      { input, clock: new SimulatedClock() },
    );
    actor.start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, fetchPage, settle };
  }

  it('asks page after page with growing offsets, and ends on a short page', async () => {
    const full = (prefix: string) => [Array.from({ length: 15 }, (_, i) => makePost(`${prefix}${i}`))];
    const { actor, fetchPage, settle } = start([full('a'), full('b'), [[makePost('c')]]], {
      pageSize: 15,
      order: 'server',
    });
    await settle();
    actor.send({ type: 'list.more' });
    await settle();
    actor.send({ type: 'list.more' });
    await settle();
    expect(fetchPage.mock.calls.map(([request]) => request)).toEqual([
      { offset: 0, page: 0, limit: 15, sort: null },
      { offset: 15, page: 1, limit: 15, sort: null },
      { offset: 30, page: 2, limit: 15, sort: null },
    ]);
    expect(actor.getSnapshot().value).toBe('exhausted');
    expect(actor.getSnapshot().context.items).toHaveLength(31);
  });

  it('goes on while any source of a page was full (home: 15 posts, 3 polls)', async () => {
    const posts = Array.from({ length: 15 }, (_, i) => makePost(`p${i}`));
    const { actor, settle } = start([[posts, [makePoll('q1')]]], { pageSize: 15 });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it("starts from the server's snapshot of its first page: shown at once, never asked for, and the next page is page 1", async () => {
    const posts = Array.from({ length: 15 }, (_, i) => makePost(`p${i}`, { createdAt: minutesAgo(i) }));
    const onServer = createActor(
      pagedListMachine.provide({
        actors: { fetchPage: fromPromise(async (): Promise<PageSources> => [posts, []]) },
      }),
      { input: { pageSize: 15 } },
    ).start();
    await waitFor(onServer, (snapshot) => snapshot.matches('idle'));
    const embedded = JSON.parse(JSON.stringify(onServer.getPersistedSnapshot()));
    onServer.stop();
    const fetchPage = vi.fn(async (_request: PageRequest) => [
      [makePost('next', { createdAt: minutesAgo(99) })],
    ]);
    const actor = createActor(
      pagedListMachine.provide({ actors: { fetchPage: fromPromise(({ input }) => fetchPage(input)) } }),
      { input: { pageSize: 15 }, snapshot: embedded },
    );
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.items).toHaveLength(15);
    actor.start();
    expect(fetchPage).not.toHaveBeenCalled();
    actor.send({ type: 'list.more' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchPage).toHaveBeenCalledWith({ offset: 15, page: 1, limit: 15, sort: null });
    expect(actor.getSnapshot().value).toBe('exhausted');
  });

  it('waits the topic delay before the first load', () => {
    const clock = new SimulatedClock();
    const fetchPage = vi.fn(async () => [[]] as PageSources);
    const actor = createActor(pagedListMachine.provide({ actors: { fetchPage: fromPromise(fetchPage) } }), {
      input: { pageSize: 10, firstLoadDelay: DELAYS.TOPIC_FIRST_LOAD },
      clock,
    });
    actor.start();
    clock.increment(DELAYS.TOPIC_FIRST_LOAD - 1);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(fetchPage).not.toHaveBeenCalled();
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('replaces an item in place on item.update', async () => {
    const { actor, settle } = start([[[makePost('p1'), makePost('p2', { createdAt: minutesAgo(9) })]]], {
      pageSize: 10,
    });
    await settle();
    actor.send({ type: 'item.update', item: makePost('p2', { title: 'edited', createdAt: minutesAgo(9) }) });
    expect(actor.getSnapshot().context.items.map(titleOf)).toEqual(['Post p1', 'edited']);
  });
});

describe('merging by id', () => {
  it('keeps one card per id, takes the fresher copy, and sorts newest first', () => {
    const old = [makePost('a', { createdAt: minutesAgo(1) }), makePoll('b', { createdAt: minutesAgo(5) })];
    const page = [
      makePost('a', { title: 'fresh', createdAt: minutesAgo(1) }),
      makePost('c', { createdAt: minutesAgo(3) }),
    ];
    const merged = mergeById(old, page, 'newest');
    expect(merged.map((item) => item.id)).toEqual(['a', 'c', 'b']);
    expect(merged[0] && titleOf(merged[0])).toBe('fresh');
  });

  it('keeps the server order when asked (popular ranking)', () => {
    const merged = mergeById([makePost('x', { createdAt: minutesAgo(9) })], [makePost('y')], 'server');
    expect(merged.map((item) => item.id)).toEqual(['x', 'y']);
  });
});

describe('list items', () => {
  it('tells posts, polls and comments apart, though a comment has a body like a post', () => {
    const comment = makeProfileComment('c1');
    expect(feedEntry(makePost('p1'))).toEqual({ kind: 'post', post: makePost('p1') });
    expect(feedEntry(makePoll('q1'))).toEqual({ kind: 'poll', poll: makePoll('q1') });
    expect(feedEntry(commentItem(comment))).toEqual({ kind: 'comment', comment });
  });

  it('tells people and rooms found by search apart, a person being their own author', () => {
    const person = { username: 'chess_fan', dp: null };
    const room = { title: 'chess', CreatorId: 'u1', img: null };
    expect(feedEntry(personItem(person))).toEqual({ kind: 'person', person });
    expect(feedEntry(roomItem(room))).toEqual({ kind: 'room', room });
    expect(authorOf(personItem(person))).toBe('chess_fan');
    expect(authorOf(roomItem(room))).toBeNull();
    expect(mergeById([personItem(person)], [roomItem(room), personItem(person)], 'server')).toEqual([
      personItem(person),
      roomItem(room),
    ]);
  });

  it('takes a profile overview entry as the post itself or the comment tagged', () => {
    const comment = makeProfileComment('c1');
    expect(overviewItem({ kind: 'post', post: makePost('p1') })).toEqual(makePost('p1'));
    expect(overviewItem({ kind: 'comment', comment })).toEqual(commentItem(comment));
  });

  it('merges comments with posts by id and age, like any item', () => {
    const older = commentItem(makeProfileComment('c1', { createdAt: minutesAgo(8) }));
    const newer = commentItem(makeProfileComment('c2', { createdAt: minutesAgo(2) }));
    const merged = mergeById([older], [makePost('p1', { createdAt: minutesAgo(5) }), newer, older], 'newest');
    expect(merged.map((item) => item.id)).toEqual(['c2', 'p1', 'c1']);
  });
});
