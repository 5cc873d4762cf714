import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise } from 'xstate';
import { SETTINGS } from '../../src/domain/peopleMessages.ts';
import { accountDeletionMachine } from '../../src/machines/accountDeletion.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError } from '../support/createFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof accountDeletionMachine;
type Event = EventFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const events: Event[] = [
  { type: 'delete.arm' },
  { type: 'delete.cancel' },
  { type: 'delete.confirm' },
  done('deleteAccount', { msg: SETTINGS.accountDeleted }),
  failure('deleteAccount', apiError(500, 'down')),
];

const paths = generatePaths(accountDeletionMachine, { events });

const spies = () => ({ notify: vi.fn(), navigate: vi.fn(), endSession: vi.fn() });

/** Spec §8 Account delete, read along a path. */
function expectedEffects(path: MachinePath<Machine>) {
  const notify: unknown[] = [];
  const navigate: unknown[] = [];
  let ended = 0;
  for (const step of path.steps) {
    const { type } = step.event as { type: string };
    if (type === 'xstate.done.actor.deleteAccount') {
      notify.push({ kind: 'success', text: SETTINGS.accountDeleted });
      navigate.push({ to: '/', replace: true });
      ended += 1;
    }
    if (type === 'xstate.error.actor.deleteAccount') {
      notify.push({ kind: 'error', text: SETTINGS.deleteFailed });
    }
  }
  return { notify, navigate, ended };
}

describe('account deletion chart', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart with the spec’s toasts, ending the session once deleted: %s',
    async (_, path) => {
      const effects = spies();
      await executePath(accountDeletionMachine, path, {
        promiseActors: ['deleteAccount'],
        provide: { actions: effects },
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
      });
      const want = expectedEffects(path);
      expect(effects.notify.mock.calls.map(([, notice]) => notice)).toEqual(want.notify);
      expect(effects.navigate.mock.calls.map(([, navigation]) => navigation)).toEqual(want.navigate);
      expect(effects.endSession).toHaveBeenCalledTimes(want.ended);
    },
  );

  it('has every state reached by some path', () => {
    expectEveryStateReached(accountDeletionMachine, paths);
  });

  it('deletes only on the second click, after the warning', async () => {
    const deleteAccount = vi.fn(async () => ({ msg: SETTINGS.accountDeleted }));
    const effects = spies();
    const actor = createActor(
      accountDeletionMachine.provide({
        actors: { deleteAccount: fromPromise<unknown>(() => deleteAccount()) },
        actions: effects,
      }),
    ).start();
    expect(actor.getSnapshot().can({ type: 'delete.confirm' })).toBe(false);
    actor.send({ type: 'delete.arm' });
    expect(actor.getSnapshot().hasTag('armed')).toBe(true);
    expect(deleteAccount).not.toHaveBeenCalled();
    actor.send({ type: 'delete.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(deleteAccount).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects.endSession).toHaveBeenCalledTimes(1);
  });

  it('disarms on cancel, and after a failure asks for two clicks again', async () => {
    const effects = spies();
    const actor = createActor(
      accountDeletionMachine.provide({
        actors: { deleteAccount: fromPromise<unknown>(() => Promise.reject(apiError(500, 'down'))) },
        actions: effects,
      }),
    ).start();
    actor.send({ type: 'delete.arm' });
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'delete.arm' });
    actor.send({ type: 'delete.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'delete.confirm' })).toBe(false);
    expect(effects.endSession).not.toHaveBeenCalled();
  });
});
