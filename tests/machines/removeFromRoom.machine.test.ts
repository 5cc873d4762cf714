import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventFrom, type SnapshotFrom } from 'xstate';
import { ROOMS } from '../../src/domain/messages.ts';
import {
  type RemoveFromRoomInput,
  removeFromRoomMachine,
} from '../../src/machines/removeFromRoom.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';
import { expectRefusals } from '../support/machineRefusals.ts';

type Machine = typeof removeFromRoomMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const refusal = { status: 409, message: ROOMS.alreadyRemoved };

const userEvents: Event[] = [
  { type: 'remove.request' },
  { type: 'remove.cancel' },
  { type: 'remove.confirm' },
];
const events = (snapshot: Snapshot): Event[] =>
  (
    [
      ...userEvents,
      done('removeFromRoom', { msg: 'answered' }),
      failure('removeFromRoom', refusal),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/** What shows the thing (a list or a thread) and the room page counting it. */
const list = createActor(createMachine({}), { id: 'roomList' });
const thread = createActor(createMachine({}), { id: 'commentThread' });
const page = createActor(createMachine({}), { id: 'roomPage' });

/** What the owner removes, and where from (docs/moderation.md "Room owners"). */
const scenarios = [
  { what: 'a post in the room’s feed', target: { kind: 'post', id: 'p1' }, owner: list, page, leaveTo: null },
  {
    what: 'a post on its own page',
    target: { kind: 'post', id: 'p1' },
    owner: null,
    page: null,
    leaveTo: '/room/o/Chess',
  },
  { what: 'a poll in the room’s feed', target: { kind: 'poll', id: 'q1' }, owner: list, page, leaveTo: null },
  {
    what: 'a comment in its thread',
    target: { kind: 'comment', id: 'c1' },
    owner: thread,
    page: null,
    leaveTo: null,
  },
  {
    what: 'a member in the member list',
    target: { kind: 'member', title: 'Chess', username: 'brave_fox' },
    owner: list,
    page,
    leaveTo: null,
  },
] as const satisfies readonly (RemoveFromRoomInput & { what: string })[];
type Scenario = (typeof scenarios)[number];

const inputOf = ({ target, owner, page, leaveTo }: Scenario) => ({ target, owner, page, leaveTo });
const pathsOf = (scenario: Scenario) =>
  generatePaths(removeFromRoomMachine, { events, input: inputOf(scenario) });

/** What the actors around the thing hear once it is gone. */
function toldOnceRemoved({ target, owner, page }: Scenario) {
  const told = [];
  if (owner === thread) told.push({ to: 'commentThread', event: { type: 'comment.removed', id: 'c1' } });
  if (owner === list) {
    const id = target.kind === 'member' ? target.username : target.id;
    told.push({ to: 'roomList', event: { type: 'item.remove', id } });
  }
  if (page && target.kind === 'member') told.push({ to: 'roomPage', event: { type: 'member.removed' } });
  if (page && target.kind !== 'member') {
    told.push({ to: 'roomPage', event: { type: 'item.deleted', kind: target.kind, id: target.id } });
  }
  return told;
}

const dialogOpen = ['confirming'];

const expectStep =
  (scenario: Scenario) =>
  (event: Event): ExpectedStep => {
    switch (event.type as string) {
      case 'xstate.init':
        return { value: 'idle', tags: [] };
      case 'remove.request':
        return { value: 'confirming', tags: dialogOpen };
      case 'remove.cancel':
        return { value: 'idle', tags: [] };
      case 'remove.confirm':
        return {
          value: 'removing',
          tags: [...dialogOpen, 'busy'],
          calls: [{ actor: 'removeFromRoom', input: scenario.target }],
        };
      case 'xstate.done.actor.removeFromRoom':
        // the server's msg ('Removed from the room', 'Member removed') is the toast
        return {
          value: 'removed',
          tags: [],
          effects: [
            notify('success', 'answered'),
            ...(scenario.leaveTo ? [navigate(scenario.leaveTo, { replace: true })] : []),
          ],
          sent: toldOnceRemoved(scenario),
        };
      case 'xstate.error.actor.removeFromRoom':
        // the server's words, and the thing stays where it is
        return { value: 'idle', tags: [], effects: [notify('error', ROOMS.alreadyRemoved)] };
      default:
        throw new Error(`unexpected ${event.type}`);
    }
  };

describe.each(scenarios)('the owner removing $what', (scenario) => {
  it.each(pathsOf(scenario).map((path) => [describePath(path), path] as const))(
    'asks first, then removes and tells the list, thread and page, or leaves the item’s page: %s',
    async (_, path) => {
      await executePath(removeFromRoomMachine, path, {
        input: inputOf(scenario),
        promiseActors: ['removeFromRoom'],
        effects: ['notify', 'navigate'],
        expectStep: expectStep(scenario),
      });
    },
  );
});

describe('remove chart', () => {
  const paths = scenarios.flatMap(pathsOf);

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, removeFromRoomMachine, paths);
  });

  it('asks for confirmation first and only then calls the server', () => {
    const removing = paths.find((path) => path.state.matches('removing'));
    expect(removing?.steps.map((step) => step.event.type)).toEqual([
      'xstate.init',
      'remove.request',
      'remove.confirm',
    ]);
  });

  it('refuses a second Confirm while the removal runs, and everything once it is done', () => {
    expectRefusals(paths, userEvents, {
      idle: ['remove.request'],
      confirming: ['remove.cancel', 'remove.confirm'],
      removing: [],
      removed: [],
    });
  });
});
