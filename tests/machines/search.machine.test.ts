import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { DELAYS } from '../../src/domain/constants.ts';
import { SEARCH } from '../../src/domain/messages.ts';
import { type SearchResults, searchMachine } from '../../src/machines/search.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof searchMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure, after } = syntheticEvents<Event>();
const results: SearchResults = {
  users: [{ username: 'chess_fan', dp: null }],
  rooms: [{ title: 'chess', CreatorId: 'u1', img: null }],
  posts: [{ id: 'p1', kind: 'post', title: 'Chess club timings', roomId: null }],
};

const down = { status: 500, message: 'down' };

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'key.change', value: 'ch ' },
      { type: 'key.change', value: '  ' },
      { type: 'dropdown.open' },
      { type: 'dropdown.close' },
      { type: 'panel.toggle' },
      { type: 'result.choose', to: '/u/chess_fan', signedIn: true },
      { type: 'result.choose', to: '/u/chess_fan', signedIn: false },
      { type: 'search.submit' },
      after('DEBOUNCE', 'search.query.debouncing'),
      done('search', results),
      failure('search', down),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const paths = generatePaths(searchMachine, { events });

/**
 * Spec §2 Layout, §4 Search: results 500 ms after typing stops; choosing one needs a session; the
 * text submitted opens the search page (issue 33), for anyone, keeping the text.
 */
function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const value = before.value as { query: string; dropdown: string; panel: string };
  const { key, results } = before.context;
  const query = (state: string, tags: string[] = []) => ({ value: { ...value, query: state }, tags });
  const e = event as unknown as {
    type: string;
    value: string;
    to: string;
    signedIn: boolean;
    output?: SearchResults;
  };
  switch (e.type) {
    case 'xstate.init':
      return {
        value: { query: 'empty', dropdown: 'closed', panel: 'hidden' },
        tags: [],
        shown: { key: '', results: null },
      };
    case 'key.change':
      return e.value.trim() === ''
        ? { ...query('empty'), shown: { key: '', results: null } }
        : { ...query('debouncing'), shown: { key: e.value, results } };
    case 'xstate.after.DEBOUNCE.search.query.debouncing':
      return {
        ...query('searching', ['searching']),
        calls: [{ actor: 'search', input: { key: key.trim() } }],
      };
    case 'xstate.done.actor.search':
      return { ...query('shown'), shown: { key, results: e.output } };
    case 'xstate.error.actor.search':
      return { ...query('shown'), effects: [log('search failed', down)] };
    case 'dropdown.open':
      return { value: { ...value, dropdown: 'open' } };
    case 'dropdown.close':
      return { value: { ...value, dropdown: 'closed' } };
    case 'panel.toggle':
      return { value: { ...value, panel: value.panel === 'hidden' ? 'visible' : 'hidden' } };
    case 'search.submit':
      return {
        value: { ...value, dropdown: 'closed', panel: 'hidden' },
        shown: { key, results },
        effects: [navigate(`/search?q=${encodeURIComponent(key.trim())}`)],
      };
    default:
      return e.signedIn
        ? {
            value: { query: 'empty', dropdown: 'closed', panel: 'hidden' },
            tags: [],
            shown: { key: '', results: null },
            effects: [navigate(e.to)],
          }
        : { effects: [notify('error', SEARCH.signInFirst)] };
  }
}

describe('search', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'waits for typing to stop, shows results and opens a chosen one: %s',
    async (_, path) => {
      await executePath(searchMachine, path, {
        promiseActors: ['search'],
        effects: ['notify', 'navigate', 'log'],
        shown: ({ key, results }) => ({ key, results }),
        expectStep,
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, searchMachine, paths);
  });
});

describe('search timing', () => {
  function start(search = vi.fn(async (_key: string) => results)) {
    const clock = new SimulatedClock();
    const actor = createActor(
      searchMachine.provide({
        actors: { search: fromPromise(({ input }: { input: { key: string } }) => search(input.key)) },
      }),
      { clock },
    );
    actor.start();
    return { actor, clock, search };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('asks once, 500 ms after the last keystroke, with the trimmed text', async () => {
    const { actor, clock, search } = start();
    actor.send({ type: 'key.change', value: 'c' });
    clock.increment(DELAYS.DEBOUNCE - 1);
    actor.send({ type: 'key.change', value: 'ch ' });
    clock.increment(DELAYS.DEBOUNCE - 1);
    expect(search).not.toHaveBeenCalled();
    clock.increment(1);
    await settle();
    expect(search).toHaveBeenCalledExactlyOnceWith('ch');
    expect(actor.getSnapshot().context.results).toEqual(results);
  });

  it('keeps the dropdown open and the panel shown while typing', () => {
    const { actor } = start();
    actor.send({ type: 'panel.toggle' });
    actor.send({ type: 'dropdown.open' });
    for (const value of ['c', 'ch', '', 'che']) actor.send({ type: 'key.change', value });
    expect(actor.getSnapshot().value).toEqual({ query: 'debouncing', dropdown: 'open', panel: 'visible' });
  });

  it('clears the results when the text is emptied', async () => {
    const { actor, clock } = start();
    actor.send({ type: 'key.change', value: 'ch' });
    clock.increment(DELAYS.DEBOUNCE);
    await settle();
    actor.send({ type: 'key.change', value: '' });
    expect(actor.getSnapshot().context).toEqual({ key: '', results: null });
  });
});

describe('search page', () => {
  it('ignores a submitted blank text', () => {
    const actor = createActor(searchMachine).start();
    actor.send({ type: 'dropdown.open' });
    actor.send({ type: 'key.change', value: '   ' });
    expect(actor.getSnapshot().can({ type: 'search.submit' })).toBe(false);
  });
});
