import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { SAFETY } from '../../src/domain/safety.ts';
import type { Notice } from '../../src/machines/effects.ts';
import { hideItemMachine } from '../../src/machines/hideItem.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof hideItemMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const offline = { status: 0, message: 'Network Error' };
const toastId = 'hide-post-p1';

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'hide.request' },
      { type: 'hide.undo' },
      done('hideItem', { msg: 'hidden' }),
      failure('hideItem', offline),
      done('unhideItem', { msg: 'shown' }),
      failure('unhideItem', offline),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const input = { kind: 'post', id: 'p1' } as const;
const paths = generatePaths(hideItemMachine, { events, input });

/** docs/api.md "Safety": POST safety/hide and safety/unhide {kind,id}; the card goes and comes back. */
function expectStep(event: Event): ExpectedStep {
  switch (event.type as string) {
    case 'xstate.init':
      return { value: 'shown', tags: [] };
    case 'hide.request':
      return { value: 'hiding', tags: ['busy'], calls: [{ actor: 'hideItem', input }] };
    case 'xstate.done.actor.hideItem':
      return {
        value: 'hidden',
        tags: ['hidden'],
        effects: [
          {
            type: 'notify',
            params: {
              kind: 'success',
              text: SAFETY.hidden,
              id: toastId,
              action: { label: SAFETY.undo, run: expect.any(Function) },
            },
          },
        ],
      };
    case 'xstate.error.actor.hideItem':
      return { value: 'shown', tags: [], effects: [notify('error', offline.message)] };
    case 'hide.undo':
      return { value: 'unhiding', tags: ['hidden', 'busy'], calls: [{ actor: 'unhideItem', input }] };
    case 'xstate.done.actor.unhideItem':
      return { value: 'shown', tags: [], effects: [notify('success', SAFETY.unhidden, toastId)] };
    case 'xstate.error.actor.unhideItem':
      return { value: 'hidden', tags: ['hidden'], effects: [notify('error', offline.message, toastId)] };
    default:
      throw new Error(`unexpected ${event.type}`);
  }
}

describe('hiding a post from one’s feeds', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'hides the card with Undo in the toast, and Undo shows it again: %s',
    async (_, path) => {
      await executePath(hideItemMachine, path, {
        input,
        promiseActors: ['hideItem', 'unhideItem'],
        effects: ['notify'],
        expectStep,
      });
    },
  );
});

describe('hide chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, hideItemMachine, paths);
  });

  it('the toast’s Undo asks the server to show the item again', async () => {
    const notices: Notice[] = [];
    const unhide = vi.fn(async (): Promise<unknown> => ({ msg: 'shown' }));
    const actor = createActor(
      hideItemMachine.provide({
        actors: {
          hideItem: fromPromise(async (): Promise<unknown> => ({ msg: 'hidden' })),
          unhideItem: fromPromise(unhide),
        },
        actions: { notify: (_, notice) => notices.push(notice) },
      }),
      { input },
    );
    actor.start();
    actor.send({ type: 'hide.request' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('hidden')).toBe(true));
    notices[0]?.action?.run();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('shown'));
    expect(unhide).toHaveBeenCalledTimes(1);
    expect(notices.map((notice) => notice.text)).toEqual([SAFETY.hidden, SAFETY.unhidden]);
  });
});
