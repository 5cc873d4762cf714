import { describe, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { type RoomLists, roomListsMachine } from '../../src/machines/roomLists.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import { makeRoom } from '../support/feedFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof roomListsMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const signedInLists: RoomLists = { mine: [makeRoom('mine')], publicNotJoined: [makeRoom('open')] };
const otherLists: RoomLists = { mine: [], publicNotJoined: [makeRoom('open')] };
const down = apiError(500, 'down');

const allEvents: Event[] = [
  done('loadRooms', signedInLists),
  done('loadRooms', otherLists),
  failure('loadRooms', down),
  { type: 'rooms.refresh' },
  { type: 'viewer.change', viewerId: 'u1' },
  { type: 'viewer.change', viewerId: 'u2' },
  { type: 'viewer.change', viewerId: null },
];

const events = (snapshot: Snapshot) => allEvents.filter((event) => snapshot.can(event));

const inputs = [{ viewerId: null }, { viewerId: 'u1' }];
const pathsOf = (input: (typeof inputs)[number]) => generatePaths(roomListsMachine, { events, input });

const noLists: RoomLists = { mine: [], publicNotJoined: [] };

/** Signed-in users' lists load (busy meanwhile); visitors load nothing; a failure is only logged. */
const forViewer = (viewerId: string | null, shown?: RoomLists): ExpectedStep => ({
  ...(viewerId === null
    ? { value: 'visitor', tags: [] }
    : { value: 'loading', tags: ['busy'], calls: [{ actor: 'loadRooms', input: { viewerId } }] }),
  ...(shown ? { shown } : {}),
});

function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const e = event as unknown as { type: string; output?: RoomLists; viewerId?: string | null };
  switch (e.type) {
    case 'xstate.init':
      return forViewer(before.context.viewerId, noLists);
    case 'rooms.refresh':
      return forViewer(before.context.viewerId);
    case 'viewer.change':
      // the previous viewer's rooms are not shown to the next one, even for a moment
      return forViewer(e.viewerId ?? null, noLists);
    case 'xstate.done.actor.loadRooms':
      return { value: 'ready', tags: [], shown: e.output };
    default:
      return {
        value: 'failed',
        tags: [],
        shown: noLists,
        effects: [log('side navigation: rooms not loaded', down)],
      };
  }
}

describe.each(inputs)('side navigation room lists for viewer $viewerId', (input) => {
  it.each(pathsOf(input).map((path) => [describePath(path), path] as const))(
    'loads the viewer’s lists and forgets them on a change: %s',
    async (_, path) => {
      await executePath(roomListsMachine, path, {
        input,
        promiseActors: ['loadRooms'],
        effects: ['log'],
        shown: ({ mine, publicNotJoined }) => ({ mine, publicNotJoined }),
        expectStep,
      });
    },
  );
});

describe('room lists chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, roomListsMachine, inputs.flatMap(pathsOf));
  });
});
