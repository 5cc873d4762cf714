import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { REPORT_NOTE_MAX, SAFETY } from '../../src/domain/safety.ts';
import { reportMachine } from '../../src/machines/report.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof reportMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const crisis = [{ name: 'Campus counselling', phone: '+1 555 0100', url: 'https://counselling.example.edu' }];
const limited = { status: 425, message: SAFETY.writeLimited(12) };
const tooLong = 'x'.repeat(REPORT_NOTE_MAX + 1);

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'report.open' },
      { type: 'reason.select', reason: 'spam' },
      { type: 'reason.select', reason: 'other' },
      { type: 'note.change', note: 'Sells exam answers' },
      { type: 'note.change', note: '   ' },
      { type: 'note.change', note: tooLong },
      { type: 'form.submit' },
      { type: 'report.close' },
      done('sendReport', { msg: SAFETY.reportSent }),
      done('sendReport', { msg: SAFETY.reportSent, crisis }),
      failure('sendReport', limited),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const input = { kind: 'post', id: 'p1', label: 'Selling answers' } as const;
const paths = generatePaths(reportMachine, { events, input });

type Form = Pick<Snapshot['context'], 'reason' | 'note' | 'noteError' | 'crisis'>;
const formOf = ({ reason, note, noteError, crisis }: Snapshot['context']): Form => ({
  reason,
  note,
  noteError,
  crisis,
});
const fresh: Form = { reason: null, note: '', noteError: null, crisis: [] };

/** What the form says of its note: "other" needs a few words, and no reason takes more than 300. */
function noteProblem({ reason, note }: Form): string | null {
  if (note.trim().length > REPORT_NOTE_MAX) return SAFETY.noteTooLong;
  if (reason === 'other' && note.trim() === '') return SAFETY.noteRequired;
  return null;
}

/** docs/api.md "Safety": POST reports {kind,id,reason,note?}; crisis resources after a self-harm report. */
function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const form = formOf(before.context);
  const e = event as { type: string; reason?: string; note?: string; output?: { crisis?: unknown } };
  switch (e.type) {
    case 'xstate.init':
      return { value: 'closed', tags: [], shown: fresh };
    case 'report.open':
      return { value: 'editing', tags: ['open'], shown: fresh };
    case 'reason.select':
      return { shown: { ...form, reason: e.reason, noteError: null } };
    case 'note.change':
      return { shown: { ...form, note: e.note, noteError: null } };
    case 'form.submit': {
      const problem = noteProblem(form);
      if (problem) return { shown: { ...form, noteError: problem } };
      const note = form.note.trim();
      return {
        value: 'sending',
        tags: ['open', 'busy'],
        // the label only names the item in the dialog: the body is {kind, id, reason, note?}
        calls: [
          {
            actor: 'sendReport',
            input: { kind: input.kind, id: input.id, reason: form.reason, ...(note ? { note } : {}) },
          },
        ],
      };
    }
    case 'xstate.done.actor.sendReport':
      return e.output?.crisis
        ? {
            value: 'crisis',
            tags: ['open', 'crisis'],
            shown: { ...form, crisis },
            effects: [notify('success', SAFETY.reportSent)],
          }
        : { value: 'closed', tags: [], effects: [notify('success', SAFETY.reportSent)] };
    case 'xstate.error.actor.sendReport':
      // the server's words (here the write limit), and the form stays as it was
      return { value: 'editing', tags: ['open'], effects: [notify('error', limited.message)] };
    case 'report.close':
      return { value: 'closed', tags: [] };
    default:
      throw new Error(`unexpected ${e.type}`);
  }
}

describe('reporting a post', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'picks a reason, needs a note for other, sends and thanks, or shows crisis help: %s',
    async (_, path) => {
      await executePath(reportMachine, path, {
        input,
        promiseActors: ['sendReport'],
        effects: ['notify'],
        shown: formOf,
        expectStep,
      });
    },
  );
});

describe('report chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, reportMachine, paths);
  });

  it('cannot be sent before a reason is chosen', () => {
    const opened = paths.find((path) => path.state.matches('editing') && path.state.context.reason === null);
    expect(opened?.state.can({ type: 'form.submit' })).toBe(false);
  });
});
