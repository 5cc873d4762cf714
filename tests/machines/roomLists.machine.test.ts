import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import type { Room } from '../../src/domain/entities.ts';
import { type RoomLists, roomListsMachine } from '../../src/machines/roomLists.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof roomListsMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const makeRoom = (title: string, overrides: Partial<Room> = {}): Room => ({
  id: `id-${title}`,
  title,
  desc: null,
  img: null,
  bgImg: null,
  privateRoom: false,
  CreatorId: 'u1',
  createdAt: '2025-01-01T00:00:00.000Z',
  _count: { posts: 0, polls: 0, members: 1 },
  ...overrides,
});

const signedInLists: RoomLists = { mine: [makeRoom('mine')], publicNotJoined: [makeRoom('open')] };
const otherLists: RoomLists = { mine: [], publicNotJoined: [makeRoom('open')] };

const allEvents: Event[] = [
  done('loadRooms', signedInLists),
  done('loadRooms', otherLists),
  failure('loadRooms', apiError(500, 'down')),
  { type: 'rooms.refresh' },
  { type: 'viewer.change', viewerId: 'u1' },
  { type: 'viewer.change', viewerId: null },
];

const events = (snapshot: Snapshot) => allEvents.filter((event) => snapshot.can(event));

/** A state is its value and context, plus the event that led there: every transition gets a path. */
const serializeState = (snapshot: Snapshot, event?: Event) =>
  JSON.stringify([snapshot.value, snapshot.context, event ?? null]);

const inputs = [{ viewerId: null }, { viewerId: 'u1' }];
const pathsOf = (input: (typeof inputs)[number]) =>
  generatePaths(roomListsMachine, {
    events,
    input,
    serializeState: serializeState as (snapshot: Snapshot) => string,
    simplePaths: false,
  });

/** How many failures a path logs: each failed load. */
const failuresOf = (path: MachinePath<Machine>) =>
  path.steps.filter((step) => (step.event as { type: string }).type === 'xstate.error.actor.loadRooms')
    .length;

describe.each(inputs)('side navigation room lists for viewer $viewerId', (input) => {
  const paths = pathsOf(input);

  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const log = vi.fn();
      await executePath(roomListsMachine, path, {
        input,
        promiseActors: ['loadRooms'],
        provide: { actions: { log } },
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
      });
      expect(log).toHaveBeenCalledTimes(failuresOf(path));
    },
  );

  it('has every state reached by some path', () => {
    expectEveryStateReached(roomListsMachine, paths);
  });
});

describe('room lists', () => {
  const loader = () => {
    const calls: string[] = [];
    const machine = roomListsMachine.provide({
      actors: {
        loadRooms: fromPromise(async ({ input }: { input: { viewerId: string } }) => {
          calls.push(input.viewerId);
          return input.viewerId === 'u1' ? signedInLists : otherLists;
        }),
      },
    });
    return { machine, calls };
  };

  it('loads both lists for the signed-in user it starts with and is busy meanwhile', async () => {
    const { machine, calls } = loader();
    const actor = createActor(machine, { input: { viewerId: 'u1' } }).start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual(['u1']);
    expect(actor.getSnapshot().context.mine).toEqual(signedInLists.mine);
    expect(actor.getSnapshot().context.publicNotJoined).toEqual(signedInLists.publicNotJoined);
  });

  it('loads nothing for a visitor, and loads once someone signs in', async () => {
    const { machine, calls } = loader();
    const actor = createActor(machine, { input: { viewerId: null } }).start();
    expect(actor.getSnapshot().value).toBe('visitor');
    actor.send({ type: 'rooms.refresh' });
    expect(actor.getSnapshot().value).toBe('visitor');
    actor.send({ type: 'viewer.change', viewerId: 'u1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual(['u1']);
  });

  it('forgets the previous user’s rooms at once when another signs in or the user signs out', async () => {
    const { machine, calls } = loader();
    const actor = createActor(machine, { input: { viewerId: 'u1' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'viewer.change', viewerId: 'u2' });
    expect(actor.getSnapshot().context.mine).toEqual([]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.publicNotJoined).toEqual(otherLists.publicNotJoined);
    actor.send({ type: 'viewer.change', viewerId: null });
    expect(actor.getSnapshot().value).toBe('visitor');
    expect(actor.getSnapshot().context).toMatchObject({ mine: [], publicNotJoined: [], viewerId: null });
    expect(calls).toEqual(['u1', 'u2']);
  });

  it('reloads on rooms.refresh for the same user', async () => {
    const { machine, calls } = loader();
    const actor = createActor(machine, { input: { viewerId: 'u1' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'rooms.refresh' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual(['u1', 'u1']);
  });

  it('only logs a failure and shows empty lists', async () => {
    const log = vi.fn();
    const actor = createActor(
      roomListsMachine.provide({
        actors: {
          loadRooms: fromPromise<RoomLists, { viewerId: string }>(() => Promise.reject(apiError(500))),
        },
        actions: { log },
      }),
      { input: { viewerId: 'u1' } },
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(log).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ mine: [], publicNotJoined: [] });
  });
});
