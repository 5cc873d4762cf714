import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { APPEALS } from '../../src/domain/appeals.ts';
import { appealDecisionMachine } from '../../src/machines/appealDecision.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof appealDecisionMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'appeal.restore' },
      { type: 'appeal.uphold' },
      done('decideAppeal', {
        msg: snapshot.context.outcome === 'restored' ? APPEALS.restoredMsg : APPEALS.upheldMsg,
      }),
      failure('decideAppeal', { status: 409, message: APPEALS.decided }),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const scenarios = [
  { name: 'a moderator who took no part', mayDecide: true },
  { name: 'a moderator who proposed or confirmed the removal', mayDecide: false },
] as const;
type Scenario = (typeof scenarios)[number];

const inputOf = (scenario: Scenario) => ({
  appeal: { kind: 'post' as const, id: 'p1', mayDecide: scenario.mayDecide },
});
const pathsOf = (scenario: Scenario) =>
  generatePaths(appealDecisionMachine, { events, input: inputOf(scenario) });

const shown = (context: Snapshot['context']) => ({ outcome: context.outcome });

/** docs/moderation.md "Appeals": restore or uphold, by a moderator who took no part. */
function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const e = event as { type: string; output?: { msg: string } };
  const deciding = (outcome: 'restored' | 'upheld'): ExpectedStep => ({
    value: 'deciding',
    tags: ['busy'],
    shown: { outcome },
    calls: [{ actor: 'decideAppeal', input: { kind: 'post', id: 'p1', outcome } }],
  });
  switch (e.type) {
    case 'xstate.init':
      return { value: 'waiting', tags: [], shown: { outcome: null } };
    case 'appeal.restore':
      return deciding('restored');
    case 'appeal.uphold':
      return deciding('upheld');
    case 'xstate.done.actor.decideAppeal':
      return {
        value: 'decided',
        tags: [],
        shown: { outcome: before.context.outcome },
        effects: [notify('success', e.output?.msg ?? '')],
      };
    case 'xstate.error.actor.decideAppeal':
      return {
        value: 'waiting',
        tags: [],
        shown: { outcome: null },
        effects: [notify('error', APPEALS.decided)],
      };
    default:
      throw new Error(`unexpected ${e.type}`);
  }
}

describe.each(scenarios)('an appeal seen by $name', (scenario) => {
  it.each(pathsOf(scenario).map((path) => [describePath(path), path] as const))(
    'is restored or upheld, and waits again after a refusal: %s',
    async (_, path) => {
      await executePath(appealDecisionMachine, path, {
        input: inputOf(scenario),
        promiseActors: ['decideAppeal'],
        effects: ['notify'],
        shown,
        expectStep,
      });
    },
  );
});

describe('appeal decision chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, appealDecisionMachine, scenarios.flatMap(pathsOf));
  });

  it('lets no moderator who took part in the removal decide', () => {
    const decides = (scenario: Scenario) => pathsOf(scenario).some((path) => path.steps.length > 1);
    expect(scenarios.map(decides)).toEqual([true, false]);
  });
});
