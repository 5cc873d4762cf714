import { describe, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { APPEAL_TEXT_MAX, APPEALS } from '../../src/domain/appeals.ts';
import { appealMachine } from '../../src/machines/appeal.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof appealMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const words = 'It was a joke between friends.';
const input = { kind: 'post' as const, id: 'p1' };

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'appeal.change', text: words },
      { type: 'appeal.change', text: '   ' },
      { type: 'appeal.change', text: 'x'.repeat(APPEAL_TEXT_MAX + 1) },
      { type: 'appeal.submit' },
      done('sendAppeal', { msg: APPEALS.sent }),
      failure('sendAppeal', { status: 409, message: APPEALS.already }),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const paths = generatePaths(appealMachine, { events, input });

const shown = (context: Snapshot['context']) => ({ text: context.text, problem: context.problem });

/** docs/moderation.md "Appeals": a few words, checked, sent once. */
function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const was = shown(before.context);
  const e = event as { type: string; text?: string };
  switch (e.type) {
    case 'xstate.init':
      return { value: 'editing', tags: [], shown: { text: '', problem: null } };
    case 'appeal.change':
      return { value: 'editing', shown: { text: e.text, problem: null } };
    case 'appeal.submit': {
      const trimmed = was.text.trim();
      if (!trimmed) return { value: 'editing', shown: { ...was, problem: APPEALS.textRequired } };
      if (trimmed.length > APPEAL_TEXT_MAX)
        return { value: 'editing', shown: { ...was, problem: APPEALS.textTooLong } };
      return {
        value: 'sending',
        tags: ['busy'],
        calls: [{ actor: 'sendAppeal', input: { kind: 'post', id: 'p1', text: trimmed } }],
      };
    }
    case 'xstate.done.actor.sendAppeal':
      // the session's removal notice says pending from now on
      return {
        value: 'sent',
        tags: [],
        effects: [notify('success', APPEALS.sent), { type: 'appealed', params: input }],
      };
    case 'xstate.error.actor.sendAppeal':
      return { value: 'editing', tags: [], shown: { ...was, problem: APPEALS.already } };
    default:
      throw new Error(`unexpected ${e.type}`);
  }
}

describe('the author’s appeal', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'checks the words, sends them once, tells the session and shows a refusal: %s',
    async (_, path) => {
      await executePath(appealMachine, path, {
        input,
        promiseActors: ['sendAppeal'],
        effects: ['notify', 'appealed'],
        shown,
        expectStep,
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, appealMachine, paths);
  });
});
