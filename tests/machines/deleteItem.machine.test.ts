import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { POLLS, POSTS } from '../../src/domain/messages.ts';
import { deleteItemMachine } from '../../src/machines/deleteItem.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof deleteItemMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const serverMsg = 'Only the author can do that';

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'delete.request' },
      { type: 'delete.cancel' },
      { type: 'delete.confirm' },
      done('deleteItem', { msg: 'deleted' }),
      failure('deleteItem', { status: 403, message: serverMsg }),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const kinds = ['post', 'poll'] as const;
const pathsOf = (kind: (typeof kinds)[number]) =>
  generatePaths(deleteItemMachine, { events: events as never, input: { kind, id: 'x1' } });

/** Spec §8: post failures show the server's msg, poll failures 'Server Issue'. */
const outcome = (kind: 'post' | 'poll', event: string) => {
  if (event === 'xstate.done.actor.deleteItem')
    return { kind: 'success', text: kind === 'post' ? POSTS.deleted : POLLS.deleted };
  if (event === 'xstate.error.actor.deleteItem')
    return { kind: 'error', text: kind === 'post' ? serverMsg : POLLS.deleteFailed };
  return null;
};

describe.each(kinds)('deleting a %s', (kind) => {
  const paths = pathsOf(kind);
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const notify = vi.fn();
      const log = vi.fn();
      await executePath(deleteItemMachine, path as MachinePath<Machine>, {
        input: { kind, id: 'x1' },
        promiseActors: ['deleteItem'],
        provide: { actions: { notify, log } },
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
      });
      const notices = path.steps.map((step) => outcome(kind, step.event.type)).filter(Boolean);
      expect(notify.mock.calls.map(([, notice]) => notice)).toEqual(notices);
    },
  );
});

describe('delete chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(deleteItemMachine, kinds.flatMap(pathsOf));
  });

  it('asks for confirmation first and only then calls the server', () => {
    const paths = pathsOf('post');
    const deleting = paths.find((path) => path.state.matches('deleting'));
    expect(deleting?.steps.map((step) => step.event.type)).toEqual([
      'xstate.init',
      'delete.request',
      'delete.confirm',
    ]);
  });

  it('tells the list showing the item to drop it, and announces the deletion', async () => {
    const removed = vi.fn();
    const owner = createActor(
      createMachine({ on: { 'item.remove': { actions: ({ event }) => removed(event) } } }),
    ).start();
    const actor = createActor(
      deleteItemMachine.provide({
        actors: {
          deleteItem: fromPromise<unknown, { kind: 'post' | 'poll'; id: string }>(async () => ({
            msg: 'ok',
          })),
        },
      }),
      { input: { kind: 'poll', id: 'q7', owner } },
    );
    const announced = vi.fn();
    actor.on('item.deleted', announced);
    actor.start();
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().status).toBe('done');
    expect(removed).toHaveBeenCalledWith({ type: 'item.remove', id: 'q7' });
    expect(announced).toHaveBeenCalledWith({ type: 'item.deleted', kind: 'poll', id: 'q7' });
  });
});
