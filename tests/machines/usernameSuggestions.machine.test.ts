import { describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { AUTH } from '../../src/domain/messages.ts';
import { usernameSuggestionsMachine } from '../../src/machines/usernameSuggestions.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof usernameSuggestionsMachine;
type Event = EventFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const batch = ['amber_fox', 'quiet_otter', 'brisk_lynx'];
const allEvents: Event[] = [
  done('generateUsernames', batch),
  done('generateUsernames', []),
  failure('generateUsernames', apiError(500, 'down')),
  ...batch.map((username): Event => ({ type: 'chip.choose', username })),
  { type: 'chip.choose', username: 'not_offered' },
  { type: 'username.refresh' },
];

const events = (snapshot: SnapshotFrom<Machine>) => allEvents.filter((event) => snapshot.can(event));

/** A state is its value, its context and the event that led there: every transition gets a path. */
const serializeState = (snapshot: SnapshotFrom<Machine>, event?: Event) =>
  JSON.stringify([snapshot.value, snapshot.context, event ?? null]);

const paths = generatePaths(usernameSuggestionsMachine, {
  events,
  serializeState: serializeState as (snapshot: SnapshotFrom<Machine>) => string,
  simplePaths: false,
});

/** What the chart promises for one step: names handed to the form and the failure toast. */
function expectedEffects(path: MachinePath<Machine>) {
  const fills: string[] = [];
  let failures = 0;
  path.steps.forEach((step, index) => {
    const before = path.steps[index - 1]?.state;
    const event = step.event as { type: string; output?: string[]; username?: string };
    if (!before) return;
    const consumed = before.context.pool.filter((name: string) => !step.state.context.pool.includes(name));
    fills.push(...consumed);
    if (event.type === 'xstate.error.actor.generateUsernames') failures += 1;
    if (event.type === 'xstate.done.actor.generateUsernames' && event.output?.length === 0) failures += 1;
  });
  return { fills, failures };
}

describe('username suggestions', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const fill = vi.fn();
      const notify = vi.fn();
      await executePath(usernameSuggestionsMachine, path, {
        promiseActors: ['generateUsernames'],
        provide: { actions: { fill, notify } },
      });
      const expected = expectedEffects(path);
      expect(fill.mock.calls.map(([, params]) => params.username)).toEqual(expected.fills);
      expect(notify).toHaveBeenCalledTimes(expected.failures);
      for (const [, notice] of notify.mock.calls) {
        expect(notice).toEqual({ kind: 'error', text: AUTH.usernameGenerationFailed });
      }
    },
  );

  it('has every state reached by some path', () => {
    expectEveryStateReached(usernameSuggestionsMachine, paths);
  });

  it('fetches a new batch once one suggestion or none is left', () => {
    const refetching = paths.find(
      (path) =>
        path.state.matches('fetching') &&
        path.steps.some(
          (step) => (step.event as { type: string }).type === 'xstate.done.actor.generateUsernames',
        ),
    );
    expect(refetching?.state.context.pool.length).toBeLessThanOrEqual(1);
  });

  it('offers the chosen name to the form and drops it from the chips', async () => {
    const path = paths.find(
      (p) =>
        (p.steps.at(-1)?.event as { type: string } | undefined)?.type === 'chip.choose' &&
        p.state.matches('ready') &&
        p.state.context.pool.length === 2,
    );
    expect(path).toBeDefined();
    if (!path) return;
    const fill = vi.fn();
    await executePath(usernameSuggestionsMachine, path, {
      promiseActors: ['generateUsernames'],
      provide: { actions: { fill } },
    });
    expect(fill).toHaveBeenCalledTimes(1);
  });
});
