import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventFrom, type SnapshotFrom } from 'xstate';
import { SAFETY } from '../../src/domain/safety.ts';
import { blockMachine } from '../../src/machines/block.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof blockMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const refusal = { status: 400, message: SAFETY.blockSelf };

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'block.request' },
      { type: 'block.cancel' },
      { type: 'block.confirm' },
      done('blockUser', { msg: 'blocked' }),
      failure('blockUser', refusal),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/** The list showing their posts and polls (or the thread showing their comments). */
const owner = createActor(createMachine({}), { id: 'feedList' });

/** Where someone is blocked from: a card in a list, or a page of theirs, left for home. */
const places = [
  { where: 'a card in a list', owner, leaveTo: null },
  { where: 'their post’s page', owner: null, leaveTo: '/' },
] as const;
type Place = (typeof places)[number];

const inputOf = ({ owner, leaveTo }: Place) => ({ username: 'brave_fox', owner, leaveTo });
const pathsOf = (place: Place) => generatePaths(blockMachine, { events, input: inputOf(place) });

const dialogOpen = ['confirming'];

/** docs/api.md "Safety": POST u/block {username}; their things leave what the viewer reads. */
const expectStep =
  (place: Place) =>
  (event: Event): ExpectedStep => {
    switch (event.type as string) {
      case 'xstate.init':
        return { value: 'idle', tags: [] };
      case 'block.request':
        return { value: 'confirming', tags: dialogOpen };
      case 'block.cancel':
        return { value: 'idle', tags: [] };
      case 'block.confirm':
        return {
          value: 'blocking',
          tags: [...dialogOpen, 'busy'],
          calls: [{ actor: 'blockUser', input: { username: 'brave_fox' } }],
        };
      case 'xstate.done.actor.blockUser':
        return {
          value: 'blocked',
          tags: [],
          effects: [
            notify('success', SAFETY.blocked('brave_fox')),
            ...(place.leaveTo ? [navigate(place.leaveTo, { replace: true })] : []),
          ],
          sent: place.owner
            ? [{ to: 'feedList', event: { type: 'author.remove', username: 'brave_fox' } }]
            : [],
        };
      case 'xstate.error.actor.blockUser':
        return { value: 'idle', tags: [], effects: [notify('error', SAFETY.blockSelf)] };
      default:
        throw new Error(`unexpected ${event.type}`);
    }
  };

describe.each(places)('blocking the author from $where', (place) => {
  it.each(pathsOf(place).map((path) => [describePath(path), path] as const))(
    'asks first, then blocks and drops their things, or leaves their page: %s',
    async (_, path) => {
      await executePath(blockMachine, path, {
        input: inputOf(place),
        promiseActors: ['blockUser'],
        effects: ['notify', 'navigate'],
        expectStep: expectStep(place),
      });
    },
  );
});

describe('block chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, blockMachine, places.flatMap(pathsOf));
  });

  it('asks for confirmation first and only then calls the server', () => {
    const blocking = places.flatMap(pathsOf).find((path) => path.state.matches('blocking'));
    expect(blocking?.steps.map((step) => step.event.type)).toEqual([
      'xstate.init',
      'block.request',
      'block.confirm',
    ]);
  });
});
