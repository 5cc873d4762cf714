import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { SETTINGS, STATS } from '../../src/domain/peopleMessages.ts';
import {
  type CodingHandleInput,
  codingHandleInput,
  codingHandleMachine,
  type HandleKind,
  SITE_NAMES,
} from '../../src/machines/codingHandle.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError } from '../support/createFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';
import { makeUser } from '../support/users.ts';

type Machine = typeof codingHandleMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const down = apiError(500, 'down');

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
  apiError(504, STATS.serverIssue),
  apiError(503, STATS.serverIssue),
  apiError(429, 'Too many requests'),
  apiError(500, 'down'),
];

/** The 'Server Issue' toast of a failed link, with the reason its status gives. */
function serverIssueText(kind: HandleKind, status: number): string {
  const site = SITE_NAMES[kind];
  if (status === 502 || status === 504) return `${STATS.serverIssue}: ${STATS.reasonUnreachable(site)}`;
  if (status === 503 || status === 429) return `${STATS.serverIssue}: ${STATS.reasonRateLimited(site)}`;
  return STATS.serverIssue;
}

const eventsOf =
  (kind: HandleKind) =>
  (failed: { status: number; message: string }): Event[] => [
    { type: 'handle.change', value: '  ada_codes ' },
    { type: 'handle.change', value: 'bad handle!' },
    { type: 'handle.change', value: '' },
    { type: 'handle.link' },
    done('link', { linked: sites[kind].answer }),
    failure('link', failed),
    { type: 'visibility.toggle' },
    done('setVisibility', { msg: SETTINGS.updated }),
    failure('setVisibility', down),
  ];

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
  failuresOf(input.kind).map((failed) => ({
    who,
    input,
    failed,
    paths: generatePaths(codingHandleMachine, {
      events: (snapshot) => eventsOf(input.kind)(failed).filter((event) => snapshot.can(event)),
      input,
    }),
  })),
);

type Handle = 'editing' | 'invalid' | 'linking';
type Visibility = 'idle' | 'saving';

function at(handle: Handle, visibility: Visibility): ExpectedStep {
  const tags = [
    ...(handle === 'linking' ? ['busy'] : []),
    ...(handle === 'invalid' ? ['invalid'] : []),
    ...(visibility === 'saving' ? ['toggling'] : []),
  ];
  return { value: { handle, visibility }, tags };
}

/**
 * Spec §4 Settings, §8 Problem-solving link: a new, well-formed handle is linked (a malformed or unknown
 * one refused under the field, anything else toasted); the toggle flips at once, persists, and flips
 * back when that fails. The session user follows every change.
 */
function handleOracle(input: CodingHandleInput, failed: { status: number; message: string }) {
  const site = sites[input.kind];
  return (event: Event, before: Snapshot): ExpectedStep => {
    const regions = before.value as { handle: Handle; visibility: Visibility };
    const { handle, linked, shown, error } = before.context;
    const showing = { handle, linked, shown, error };
    const e = event as unknown as { type: string; value: string };
    switch (e.type) {
      case 'xstate.init':
        return {
          ...at('editing', 'idle'),
          shown: {
            handle: input.kind === 'leetcode' ? (input.linked ?? '') : '',
            linked: input.linked,
            shown: input.shown,
            error: null,
          },
        };
      case 'handle.change':
        return { ...at('editing', regions.visibility), shown: { ...showing, handle: e.value, error: null } };
      case 'handle.link':
        if (handle.trim() === 'bad handle!') {
          return { ...at('invalid', regions.visibility), shown: { ...showing, error: STATS.handleInvalid } };
        }
        return {
          ...at('linking', regions.visibility),
          calls: [{ actor: 'link', input: { handle: handle.trim() } }],
        };
      case 'xstate.done.actor.link':
        return {
          ...at('editing', regions.visibility),
          shown: { ...showing, linked: site.answer },
          effects: [
            { type: 'userChanged', params: { [site.linked]: site.answer } },
            notify('success', SETTINGS.updated),
          ],
        };
      case 'xstate.error.actor.link':
        if (failed.status === 404) {
          return {
            ...at('invalid', regions.visibility),
            shown: { ...showing, error: STATS.invalidUsername },
          };
        }
        if (failed.status === 400) {
          return { ...at('invalid', regions.visibility), shown: { ...showing, error: '* Invalid username' } };
        }
        return {
          ...at('editing', regions.visibility),
          effects: [notify('error', serverIssueText(input.kind, failed.status))],
        };
      case 'visibility.toggle':
        return {
          ...at(regions.handle, 'saving'),
          shown: { ...showing, shown: !shown },
          effects: [{ type: 'userChanged', params: { [site.shown]: !shown } }],
          calls: [{ actor: 'setVisibility', input: { shown: !shown } }],
        };
      case 'xstate.done.actor.setVisibility':
        return at(regions.handle, 'idle');
      default:
        return {
          ...at(regions.handle, 'idle'),
          shown: { ...showing, shown: !shown },
          effects: [
            { type: 'userChanged', params: { [site.shown]: !shown } },
            log('visibility toggle failed', down),
          ],
        };
    }
  };
}

describe.each(scenarios)('$who, linking failing with $failed.status', ({ input, failed, paths }) => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'links, refuses, toggles and tells the session as the spec says: %s',
    async (_, path) => {
      await executePath(codingHandleMachine, path, {
        input,
        promiseActors: ['link', 'setVisibility'],
        effects: ['notify', 'log', 'userChanged'],
        shown: ({ handle, linked, shown, error }) => ({ handle, linked, shown, error }),
        expectStep: handleOracle(input, failed),
      });
    },
  );
});

describe('coding handle chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
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
});
