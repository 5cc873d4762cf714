import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventFrom, type SnapshotFrom } from 'xstate';
import { POLLS, POSTS } from '../../src/domain/messages.ts';
import { deleteItemMachine } from '../../src/machines/deleteItem.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { navigate } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof deleteItemMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const serverMsg = 'Only the author can do that';
const refusal = { status: 403, message: serverMsg };

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'delete.request' },
      { type: 'delete.cancel' },
      { type: 'delete.confirm' },
      done('deleteItem', { msg: 'deleted' }),
      failure('deleteItem', refusal),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/** The list showing the item: it is told to drop it. */
const owner = createActor(createMachine({}), { id: 'feedList' });
/** The page counting the item (a room or profile page): it is told the item is gone. */
const page = createActor(createMachine({}), { id: 'profilePage' });
const kinds = ['post', 'poll'] as const;
type Kind = (typeof kinds)[number];

/** Where the item is deleted from: a card in a list on a page, or the item's own page, left for home. */
const places = [
  { where: 'a list on a page', owner, page, leaveTo: null },
  { where: 'its own page', owner: null, page: null, leaveTo: '/' },
] as const;
type Place = (typeof places)[number];

const scenarios = kinds.flatMap((kind) => places.map((place) => ({ kind, ...place })));
type Scenario = (typeof scenarios)[number];

const inputOf = ({ kind, owner, page, leaveTo }: Scenario) => ({ kind, id: 'x1', owner, page, leaveTo });
const pathsOf = (scenario: Scenario) =>
  generatePaths(deleteItemMachine, { events, input: inputOf(scenario) });

/** What the actors around the item hear once it is gone. */
const toldOnceDeleted = (kind: Kind, place: Place) => [
  ...(place.owner ? [{ to: 'feedList', event: { type: 'item.remove', id: 'x1' } }] : []),
  ...(place.page ? [{ to: 'profilePage', event: { type: 'item.deleted', kind, id: 'x1' } }] : []),
];

const dialogOpen = ['confirming'];

/** Spec §4 Post deletion, §5 Delete confirmation, §8 Delete / Poll delete. */
const expectStep =
  ({ kind, ...place }: Scenario) =>
  (event: Event, before: Snapshot): ExpectedStep => {
    switch (event.type as string) {
      case 'xstate.init':
        return { value: 'idle', tags: [] };
      case 'delete.request':
        return { value: 'confirming', tags: dialogOpen };
      case 'delete.cancel':
        return { value: 'idle', tags: [] };
      case 'delete.confirm':
        return {
          value: 'deleting',
          tags: [...dialogOpen, 'busy'],
          calls: [{ actor: 'deleteItem', input: { kind, id: before.context.id } }],
        };
      case 'xstate.done.actor.deleteItem':
        return {
          value: 'deleted',
          tags: [],
          effects: [
            {
              type: 'notify',
              params: { kind: 'success', text: kind === 'post' ? POSTS.deleted : POLLS.deleted },
            },
            // the item's own page is left, replaced in the history
            ...(place.leaveTo ? [navigate(place.leaveTo, { replace: true })] : []),
          ],
          sent: toldOnceDeleted(kind, place),
        };
      case 'xstate.error.actor.deleteItem':
        // a post shows the server's message; a poll 'Server Issue', and the failure is logged
        return {
          value: 'idle',
          tags: [],
          effects:
            kind === 'post'
              ? [{ type: 'notify', params: { kind: 'error', text: serverMsg } }]
              : [
                  { type: 'notify', params: { kind: 'error', text: POLLS.deleteFailed } },
                  { type: 'log', params: { message: 'poll delete failed', error: refusal } },
                ],
        };
      default:
        throw new Error(`unexpected ${event.type}`);
    }
  };

describe.each(scenarios)('deleting a $kind from $where', (scenario) => {
  it.each(pathsOf(scenario).map((path) => [describePath(path), path] as const))(
    'asks first, then deletes and tells the list and the page, or leaves the item’s page: %s',
    async (_, path) => {
      await executePath(deleteItemMachine, path, {
        input: inputOf(scenario),
        promiseActors: ['deleteItem'],
        effects: ['notify', 'log', 'navigate'],
        expectStep: expectStep(scenario),
      });
    },
  );
});

describe('delete chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, deleteItemMachine, scenarios.flatMap(pathsOf));
  });

  it('asks for confirmation first and only then calls the server', () => {
    const deleting = scenarios.flatMap(pathsOf).find((path) => path.state.matches('deleting'));
    expect(deleting?.steps.map((step) => step.event.type)).toEqual([
      'xstate.init',
      'delete.request',
      'delete.confirm',
    ]);
  });
});
