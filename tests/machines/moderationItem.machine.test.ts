import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventFrom, type SnapshotFrom } from 'xstate';
import { type QueueItem, REPORT_REASONS, SAFETY } from '../../src/domain/safety.ts';
import { moderationItemMachine } from '../../src/machines/moderationItem.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof moderationItemMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const refusal = { status: 403, message: SAFETY.ownProposal };
const words = 'Selling exam answers';

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'item.dismiss' },
      { type: 'removal.propose' },
      { type: 'rule.select', rule: 'spam' },
      { type: 'rule.select', rule: 'other' },
      { type: 'note.change', note: words },
      { type: 'proposal.submit' },
      { type: 'proposal.cancel' },
      { type: 'removal.confirm' },
      done('dismiss', { msg: SAFETY.dismissed }),
      failure('dismiss', { status: 404, message: SAFETY.nothingToModerate }),
      done('propose', { msg: SAFETY.proposed }),
      failure('propose', { status: 400, message: SAFETY.noteRequired }),
      done('confirm', { msg: SAFETY.confirmed }),
      failure('confirm', refusal),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/** The queue showing the item: told to drop it once it is dismissed or removed. */
const queue = createActor(createMachine({}), { id: 'moderationQueue' });

const othersProposal: QueueItem['proposal'] = {
  rule: 'hate',
  ruleText: REPORT_REASONS.hate,
  mine: false,
  proposedAt: '2026-01-02T00:00:00.000Z',
};
const scenarios = [
  { name: 'without a proposal', proposal: null },
  { name: 'with another moderator’s proposal', proposal: othersProposal },
  { name: 'with the viewer’s own proposal', proposal: { ...othersProposal, mine: true } },
] as const;
type Scenario = (typeof scenarios)[number];

const inputOf = (scenario: Scenario) => ({
  item: { kind: 'post' as const, id: 'p1', proposal: scenario.proposal },
  list: queue,
});
const pathsOf = (scenario: Scenario) =>
  generatePaths(moderationItemMachine, { events, input: inputOf(scenario) });

/** What the view shows: the proposal and the rule being chosen. */
const shown = (context: Snapshot['context']) => ({
  proposal: context.proposal,
  rule: context.rule,
  note: context.note,
});

const leftQueue = [{ to: 'moderationQueue', event: { type: 'item.remove', kind: 'post', id: 'p1' } }];

/** docs/moderation.md: dismiss, propose under a rule, confirm another moderator's proposal. */
function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const was = shown(before.context);
  const e = event as { type: string; rule?: string; note?: string };
  switch (e.type) {
    case 'xstate.init':
      return { value: 'idle', tags: [] };
    case 'item.dismiss':
      return {
        value: 'dismissing',
        tags: ['busy'],
        calls: [{ actor: 'dismiss', input: { kind: 'post', id: 'p1' } }],
      };
    case 'removal.confirm':
      return {
        value: 'confirming',
        tags: ['busy'],
        calls: [{ actor: 'confirm', input: { kind: 'post', id: 'p1' } }],
      };
    case 'removal.propose':
      return { value: 'choosingRule', tags: ['choosing'] };
    case 'rule.select':
      return { shown: { ...was, rule: e.rule } };
    case 'note.change':
      return { shown: { ...was, note: e.note } };
    case 'proposal.cancel':
      return { value: 'idle', tags: [], shown: { ...was, rule: null, note: '' } };
    case 'proposal.submit':
      return {
        value: 'proposing',
        tags: ['busy', 'choosing'],
        calls: [
          {
            actor: 'propose',
            input:
              was.rule === 'other'
                ? { kind: 'post', id: 'p1', rule: 'other', note: words }
                : { kind: 'post', id: 'p1', rule: was.rule },
          },
        ],
      };
    case 'xstate.done.actor.propose': {
      const rule = was.rule ?? 'other';
      return {
        value: 'idle',
        tags: [],
        shown: {
          proposal: { rule, ruleText: rule === 'other' ? words : REPORT_REASONS.spam, mine: true },
          rule: null,
          note: '',
        },
        effects: [notify('success', SAFETY.proposed)],
      };
    }
    case 'xstate.error.actor.propose':
      return { value: 'choosingRule', tags: ['choosing'], effects: [notify('error', SAFETY.noteRequired)] };
    case 'xstate.done.actor.dismiss':
      return { value: 'gone', tags: [], effects: [notify('success', SAFETY.dismissed)], sent: leftQueue };
    case 'xstate.error.actor.dismiss':
      return { value: 'idle', tags: [], effects: [notify('error', SAFETY.nothingToModerate)] };
    case 'xstate.done.actor.confirm':
      return { value: 'gone', tags: [], effects: [notify('success', SAFETY.confirmed)], sent: leftQueue };
    case 'xstate.error.actor.confirm':
      return { value: 'idle', tags: [], effects: [notify('error', SAFETY.ownProposal)] };
    default:
      throw new Error(`unexpected ${e.type}`);
  }
}

describe.each(scenarios)('a reported post $name', (scenario) => {
  it.each(pathsOf(scenario).map((path) => [describePath(path), path] as const))(
    'is dismissed, proposed for removal or removed, and leaves the queue: %s',
    async (_, path) => {
      await executePath(moderationItemMachine, path, {
        input: inputOf(scenario),
        promiseActors: ['dismiss', 'propose', 'confirm'],
        effects: ['notify'],
        shown,
        expectStep,
      });
    },
  );
});

describe('moderation item chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, moderationItemMachine, scenarios.flatMap(pathsOf));
  });

  it('confirms only another moderator’s proposal', () => {
    const confirms = (scenario: Scenario) =>
      pathsOf(scenario).some((path) => path.steps.some((step) => step.event.type === 'removal.confirm'));
    expect(scenarios.map(confirms)).toEqual([false, true, false]);
  });

  it('sends no proposal of "other" without the moderator’s words', () => {
    const bareOther = scenarios
      .flatMap(pathsOf)
      .some((path) =>
        path.steps.some(
          (step) =>
            step.event.type === 'proposal.submit' &&
            step.state.context.rule === 'other' &&
            step.state.context.note === '',
        ),
      );
    expect(bareOther).toBe(false);
  });
});
