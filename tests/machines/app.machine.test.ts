import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { APP_ACTORS, type AppInput, appMachine } from '../../src/machines/app.machine.ts';
import { fakePlatform } from '../support/fakeSystem.ts';
import { appOnFakes } from '../support/machineApp.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

const inputs: { input: AppInput; who: string }[] = [
  { input: { visited: false }, who: 'a first visit' },
  { input: { visited: true }, who: 'a returning visitor' },
];

const pathsOf = (input: AppInput) => generatePaths(appMachine, { events: [], input });

/** Each long-lived actor by its systemId: its state, or null when the system runs no such actor. */
const runningActors = (system: AnyActorRef['system']) =>
  Object.fromEntries(APP_ACTORS.map((id) => [id, system.get(id)?.getSnapshot().value ?? null]));

/**
 * DESIGN.md §3: while the app runs, its long-lived actors run as its children under their systemIds,
 * where any actor of the system reaches them; the welcome overlay shows on a first visit only.
 */
const expectStep =
  ({ visited }: AppInput) =>
  (): ExpectedStep => ({
    value: {},
    tags: [],
    system: {
      session: 'signedOut',
      notificationsPanel: 'idle',
      search: { query: 'empty', dropdown: 'closed', panel: 'hidden' },
      welcome: visited ? 'hidden' : 'shown',
      roomLists: 'visitor',
      // no stream for a visitor
      events: 'signedOut',
    },
  });

describe.each(inputs)('the app on $who', ({ input }) => {
  it.each(pathsOf(input).map((path) => [describePath(path), path] as const))(
    'runs its long-lived actors under their systemIds: %s',
    async (_, path) => {
      await executePath(appOnFakes(), path, {
        input,
        system: runningActors,
        expectStep: expectStep(input),
      });
    },
  );
});

describe('app chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      appMachine,
      inputs.flatMap(({ input }) => pathsOf(input)),
    );
  });

  it('hands the welcome overlay whether this browser visited before', () => {
    for (const visited of [true, false]) {
      const app = createActor(appOnFakes(), { input: { visited } }).start();
      expect(app.system.get('welcome')?.getSnapshot().context).toEqual({ visitedBefore: visited });
      app.stop();
    }
  });

  it('tells the person of each refusal of the rate limit while it runs, and stops hearing it when it stops', () => {
    const rateLimit: { listening: boolean; tell?: (text: string) => void } = { listening: false };
    const platform = fakePlatform();
    const app = createActor(appOnFakes({ rateLimit, platform }), { input: { visited: true } }).start();
    expect(rateLimit.listening).toBe(true);
    rateLimit.tell?.('Too many requests. Please wait 30 seconds and try again.');
    expect(platform.notify).toHaveBeenCalledWith({
      kind: 'error',
      text: 'Too many requests. Please wait 30 seconds and try again.',
      id: 'rate-limited',
    });
    app.stop();
    expect(rateLimit.listening).toBe(false);
  });

  it('lets any actor of its system reach the session by its systemId', () => {
    const app = createActor(appOnFakes(), { input: { visited: true } }).start();
    expect(app.system.get('session')).toBe(app.getSnapshot().children.session);
    app.stop();
    expect(app.system.get('session')).toBeUndefined();
  });
});
