import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { SETTINGS, STATS } from '../../src/domain/peopleMessages.ts';
import {
  type CodingHandleInput,
  codingHandleInput,
  codingHandleMachine,
  type HandleKind,
} from '../../src/machines/codingHandle.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, pathsPerFailure } from '../support/createFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  type MachinePath,
} from '../support/machinePaths.ts';
import { makeUser } from '../support/users.ts';

type Machine = typeof codingHandleMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

/** Per site: the user fields it changes, what linking answers and how the server refuses a handle. */
const sites = {
  leetcode: {
    linked: 'leetcode',
    shown: 'showLC',
    answer: 'Ada_Codes',
    refusal: 'lcusername: * Invalid username',
  },
  codeforces: {
    linked: 'codeforces',
    shown: 'showCf',
    answer: 'expert',
    refusal: 'cfusername: * Invalid username',
  },
} as const;

const failuresOf = (kind: HandleKind) => [
  apiError(404, STATS.invalidUsername),
  apiError(400, sites[kind].refusal),
  apiError(502, STATS.serverIssue),
];

const eventsOf =
  (kind: HandleKind) =>
  (failed: { status: number; message: string }): Event[] => [
    { type: 'handle.change', value: 'ada_codes' },
    { type: 'handle.change', value: 'bad handle!' },
    { type: 'handle.change', value: '' },
    { type: 'handle.link' },
    done('link', { linked: sites[kind].answer }),
    failure('link', failed),
    { type: 'visibility.toggle' },
    done('setVisibility', { msg: SETTINGS.updated }),
    failure('setVisibility', apiError(500, 'down')),
  ];

function serialize(snapshot: Snapshot, event?: { type: string }) {
  const { handle, savedHandle, linked, shown, error } = snapshot.context;
  const cause = event?.type.startsWith('xstate.') ? event : null;
  return JSON.stringify([snapshot.value, handle, savedHandle, linked, shown, error, cause]);
}

const starts: { who: string; input: CodingHandleInput }[] = [
  { who: 'LeetCode, nothing linked', input: { kind: 'leetcode', linked: null, shown: false } },
  {
    who: 'LeetCode, a handle linked and shown',
    input: { kind: 'leetcode', linked: 'ada_codes', shown: true },
  },
  { who: 'Codeforces, nothing linked', input: { kind: 'codeforces', linked: null, shown: false } },
  {
    who: 'Codeforces, a rank linked and hidden',
    input: { kind: 'codeforces', linked: 'pupil', shown: false },
  },
];

const scenarios = starts.flatMap(({ who, input }) =>
  pathsPerFailure(codingHandleMachine, failuresOf(input.kind), eventsOf(input.kind), serialize, input).map(
    (scenario) => ({ who, input, ...scenario }),
  ),
);

/** What a path should cause (spec §4 Settings, §8 Problem-solving link), read from its events. */
function expectedEffects(input: CodingHandleInput, path: MachinePath<Machine>) {
  const site = sites[input.kind];
  const notify: unknown[] = [];
  const userChanged: unknown[] = [];
  let logs = 0;
  path.steps.forEach((step, index) => {
    const event = step.event as { type: string; error?: { status: number } };
    const before = index === 0 ? null : path.steps[index - 1]?.state;
    if (event.type === 'xstate.done.actor.link') {
      userChanged.push({ [site.linked]: site.answer });
      notify.push({ kind: 'success', text: SETTINGS.updated });
    }
    if (event.type === 'xstate.error.actor.link' && event.error?.status === 502) {
      notify.push({ kind: 'error', text: STATS.serverIssue });
    }
    if (event.type === 'visibility.toggle' && before) {
      userChanged.push({ [site.shown]: !before.context.shown });
    }
    if (event.type === 'xstate.error.actor.setVisibility' && before) {
      userChanged.push({ [site.shown]: !before.context.shown });
      logs += 1;
    }
  });
  return { notify, userChanged, logs };
}

describe.each(scenarios)('$who, linking failing with $failed.status', ({ input, paths }) => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart, tells the session and toasts as the spec says: %s',
    async (_, path) => {
      const effects = { notify: vi.fn(), log: vi.fn(), userChanged: vi.fn() };
      await executePath(codingHandleMachine, path, {
        input,
        promiseActors: ['link', 'setVisibility'],
        provide: { actions: effects },
        onStep: (actual, expected) => {
          expect(actual.tags).toEqual(expected.tags);
          // an error is shown exactly while the handle is refused
          expect(actual.context.error !== null).toBe(actual.matches({ handle: 'invalid' }));
        },
      });
      const want = expectedEffects(input, path);
      expect(effects.notify.mock.calls.map(([, notice]) => notice)).toEqual(want.notify);
      expect(effects.userChanged.mock.calls.map(([, patch]) => patch)).toEqual(want.userChanged);
      expect(effects.log).toHaveBeenCalledTimes(want.logs);
    },
  );
});

describe('coding handle chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(
      codingHandleMachine,
      scenarios.flatMap((scenario) => scenario.paths),
    );
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  function handle(input: CodingHandleInput, link: (handle: string) => Promise<{ linked: string }>) {
    const linked: string[] = [];
    const visibility: boolean[] = [];
    const effects = { notify: vi.fn(), log: vi.fn(), userChanged: vi.fn() };
    const actor = createActor(
      codingHandleMachine.provide({
        actors: {
          link: fromPromise(({ input: body }: { input: { handle: string } }) => {
            linked.push(body.handle);
            return link(body.handle);
          }),
          setVisibility: fromPromise<unknown, { shown: boolean }>(async ({ input: body }) => {
            visibility.push(body.shown);
            return { msg: SETTINGS.updated };
          }),
        },
        actions: effects,
      }),
      { input },
    ).start();
    return { actor, linked, visibility, effects };
  }

  it('starts from the session user: the LeetCode handle in the field, the Codeforces rank beside an empty one', () => {
    const user = makeUser({ leetcode: 'ada_codes', showLC: true, codeforces: 'expert', showCf: false });
    expect(codingHandleInput('leetcode', user)).toEqual({
      kind: 'leetcode',
      linked: 'ada_codes',
      shown: true,
    });
    expect(codingHandleInput('codeforces', user)).toEqual({
      kind: 'codeforces',
      linked: 'expert',
      shown: false,
    });
    const lc = handle(codingHandleInput('leetcode', user), async (h) => ({ linked: h }));
    expect(lc.actor.getSnapshot().context.handle).toBe('ada_codes');
    const cf = handle(codingHandleInput('codeforces', user), async () => ({ linked: 'expert' }));
    expect(cf.actor.getSnapshot().context.handle).toBe('');
  });

  it('links the trimmed handle and will not link the same one again', async () => {
    const { actor, linked, effects } = handle(
      { kind: 'codeforces', linked: null, shown: false },
      async () => ({ linked: 'specialist' }),
    );
    expect(actor.getSnapshot().can({ type: 'handle.link' })).toBe(false);
    actor.send({ type: 'handle.change', value: '  tourist ' });
    actor.send({ type: 'handle.link' });
    await settle();
    expect(linked).toEqual(['tourist']);
    expect(actor.getSnapshot().context.linked).toBe('specialist');
    expect(effects.userChanged).toHaveBeenCalledWith(expect.anything(), { codeforces: 'specialist' });
    expect(actor.getSnapshot().can({ type: 'handle.link' })).toBe(false);
  });

  it('refuses a malformed handle without asking the server', () => {
    const { actor, linked } = handle({ kind: 'leetcode', linked: null, shown: false }, async (h) => ({
      linked: h,
    }));
    actor.send({ type: 'handle.change', value: 'no spaces please' });
    actor.send({ type: 'handle.link' });
    expect(linked).toEqual([]);
    expect(actor.getSnapshot().context.error).toBe(STATS.handleInvalid);
    expect(actor.getSnapshot().can({ type: 'handle.link' })).toBe(false);
  });

  it('shows Invalid username under the field for a handle the site does not know (404)', async () => {
    const { actor, effects } = handle({ kind: 'leetcode', linked: null, shown: false }, () =>
      Promise.reject(apiError(404, STATS.invalidUsername)),
    );
    actor.send({ type: 'handle.change', value: 'nobody_here' });
    actor.send({ type: 'handle.link' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe(STATS.invalidUsername);
    expect(effects.notify).not.toHaveBeenCalled();
  });

  it('shows the server’s words for a 400, without the field’s name', async () => {
    const { actor } = handle({ kind: 'leetcode', linked: null, shown: false }, () =>
      Promise.reject(apiError(400, 'lcusername: * Invalid username')),
    );
    actor.send({ type: 'handle.change', value: 'ada' });
    actor.send({ type: 'handle.link' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('* Invalid username');
  });

  it('flips the toggle at once and persists it; only a linked handle can be shown', async () => {
    const unlinked = handle({ kind: 'leetcode', linked: null, shown: false }, async (h) => ({ linked: h }));
    expect(unlinked.actor.getSnapshot().can({ type: 'visibility.toggle' })).toBe(false);

    const { actor, visibility, effects } = handle(
      { kind: 'leetcode', linked: 'ada', shown: false },
      async (h) => ({ linked: h }),
    );
    actor.send({ type: 'visibility.toggle' });
    expect(actor.getSnapshot().context.shown).toBe(true);
    expect(effects.userChanged).toHaveBeenCalledWith(expect.anything(), { showLC: true });
    await settle();
    expect(visibility).toEqual([true]);
  });

  it('flips the toggle back and logs when saving it fails', async () => {
    const effects = { notify: vi.fn(), log: vi.fn(), userChanged: vi.fn() };
    const actor = createActor(
      codingHandleMachine.provide({
        actors: { setVisibility: fromPromise(() => Promise.reject(apiError(500, 'down'))) },
        actions: effects,
      }),
      { input: { kind: 'codeforces', linked: 'expert', shown: true } },
    ).start();
    actor.send({ type: 'visibility.toggle' });
    await settle();
    expect(actor.getSnapshot().context.shown).toBe(true);
    expect(effects.userChanged.mock.calls.map(([, patch]) => patch)).toEqual([
      { showCf: false },
      { showCf: true },
    ]);
    expect(effects.log).toHaveBeenCalledTimes(1);
    expect(effects.notify).not.toHaveBeenCalled();
  });
});
