import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventFrom, type SnapshotFrom } from 'xstate';
import { POLLS, POSTS } from '../../src/domain/messages.ts';
import { deleteItemMachine } from '../../src/machines/deleteItem.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
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
const kinds = ['post', 'poll'] as const;
const inputOf = (kind: (typeof kinds)[number]) => ({ kind, id: 'x1', owner });
const pathsOf = (kind: (typeof kinds)[number]) =>
  generatePaths(deleteItemMachine, { events, input: inputOf(kind) });

const dialogOpen = ['confirming'];

/** Spec §4 Post deletion, §5 Delete confirmation, §8 Delete / Poll delete. */
const expectStep =
  (kind: (typeof kinds)[number]) =>
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
          ],
          sent: [{ to: 'feedList', event: { type: 'item.remove', id: 'x1' } }],
          emitted: [{ type: 'item.deleted', kind, id: 'x1' }],
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

describe.each(kinds)('deleting a %s', (kind) => {
  it.each(pathsOf(kind).map((path) => [describePath(path), path] as const))(
    'asks first, then deletes, tells the list and announces it: %s',
    async (_, path) => {
      await executePath(deleteItemMachine, path, {
        input: inputOf(kind),
        promiseActors: ['deleteItem'],
        effects: ['notify', 'log'],
        expectStep: expectStep(kind),
      });
    },
  );
});

describe('delete chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, deleteItemMachine, kinds.flatMap(pathsOf));
  });

  it('asks for confirmation first and only then calls the server', () => {
    const deleting = pathsOf('post').find((path) => path.state.matches('deleting'));
    expect(deleting?.steps.map((step) => step.event.type)).toEqual([
      'xstate.init',
      'delete.request',
      'delete.confirm',
    ]);
  });
});
