import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { DELAYS } from '../../src/domain/constants.ts';
import { SEARCH } from '../../src/domain/messages.ts';
import { type SearchResults, searchMachine } from '../../src/machines/search.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
} from '../support/machinePaths.ts';

type Machine = typeof searchMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure, after } = syntheticEvents<Event>();
const results: SearchResults = {
  users: [{ username: 'chess_fan', dp: null }],
  rooms: [{ title: 'chess', CreatorId: 'u1', img: null }],
};

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'key.change', value: 'ch' },
      { type: 'key.change', value: '  ' },
      { type: 'dropdown.open' },
      { type: 'dropdown.close' },
      { type: 'panel.toggle' },
      { type: 'result.choose', to: '/u/chess_fan', signedIn: true },
      { type: 'result.choose', to: '/u/chess_fan', signedIn: false },
      after('DEBOUNCE', 'search.query.debouncing'),
      done('search', results),
      failure('search', { status: 500, message: 'down' }),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

describe('search', () => {
  const paths = generatePaths(searchMachine, { events: events as never, simplePaths: false });

  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const notify = vi.fn();
      const navigate = vi.fn();
      const log = vi.fn();
      const notices: unknown[] = [];
      const navigations: unknown[] = [];
      await executePath(searchMachine, path, {
        promiseActors: ['search'],
        provide: { actions: { notify, navigate, log } },
        onStep: (actual, _expected, event) => {
          const e = event as { type: string; signedIn?: boolean; to?: string };
          if (e.type === 'result.choose') {
            if (e.signedIn) navigations.push({ to: e.to });
            else notices.push({ kind: 'error', text: SEARCH.signInFirst });
          }
          expect(notify.mock.calls.map((call) => call[1])).toEqual(notices);
          expect(navigate.mock.calls.map((call) => call[1])).toEqual(navigations);
          expect(actual.hasTag('searching')).toBe(actual.matches({ query: 'searching' }));
          if (actual.matches({ query: 'empty' })) expect(actual.context.results).toBeNull();
        },
      });
    },
  );

  it('has every state reached by some path', () => {
    expectEveryStateReached(searchMachine, paths);
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
