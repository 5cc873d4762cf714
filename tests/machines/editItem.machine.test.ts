import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { EDITS, type EditKind } from '../../src/domain/editText.ts';
import { COMMENTS, POLLS, POSTS } from '../../src/domain/messages.ts';
import { type EditItemInput, editItemMachine } from '../../src/machines/editItem.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';
import { expectRefusals } from '../support/machineRefusals.ts';

type Machine = typeof editItemMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const original = 'The library opens at 9.';
const changed = 'The library opens at 8.';
const savedAt = '2026-11-28T10:00:00.000Z';
const pollVoted = { status: 409, message: EDITS.pollVoted };
const fieldRefusal = { status: 400, message: `body: ${COMMENTS.long}` };

const userEvents: Event[] = [
  { type: 'edit.start', text: original, editedAt: null },
  { type: 'edit.change', text: `  ${changed} ` },
  { type: 'edit.change', text: '   ' },
  { type: 'edit.change', text: original },
  { type: 'edit.save' },
  { type: 'edit.cancel' },
];
const events = (snapshot: Snapshot): Event[] =>
  (
    [
      ...userEvents,
      done('saveEdit', { text: changed, editedAt: savedAt }),
      failure('saveEdit', pollVoted),
      failure('saveEdit', fieldRefusal),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/** The rule an empty text breaks, by kind: creation's own words. */
const emptyIssue: Record<EditKind, string> = {
  post: POSTS.descriptionEmpty,
  poll: POLLS.questionRequired,
  comment: COMMENTS.empty,
};

const inputOf = (kind: EditKind): EditItemInput => ({
  kind,
  id: `${kind}-1`,
  text: original,
  editedAt: null,
});
const pathsOf = (kind: EditKind) => generatePaths(editItemMachine, { events, input: inputOf(kind) });

const shown = (context: Snapshot['context']) => ({
  text: context.text,
  editedAt: context.editedAt,
  draft: context.draft,
  error: context.error,
});

/** What the item and its edit box show after each step; `draft` follows the path's typing. */
function expectSteps(kind: EditKind) {
  let text = original;
  let editedAt: string | null = null;
  let draft = '';
  let error: string | null = null;
  const view = () => ({ text, editedAt, draft, error });
  return (event: Event): ExpectedStep => {
    switch (event.type as string) {
      case 'xstate.init':
        text = original;
        editedAt = null;
        draft = '';
        error = null;
        return { value: 'viewing', tags: [], shown: view() };
      case 'edit.start':
        // the box opens with what the item shows (here: the text it was written with)
        text = original;
        editedAt = null;
        draft = text;
        error = null;
        return { value: 'editing', tags: ['editing'], shown: view() };
      case 'edit.change':
        draft = (event as { text: string }).text;
        error = null;
        return { value: 'editing', tags: ['editing'], shown: view() };
      case 'edit.cancel':
        draft = '';
        error = null;
        return { value: 'viewing', tags: [], shown: view() };
      case 'edit.save':
        if (draft.trim() === '') {
          error = emptyIssue[kind];
          return { value: 'invalid', tags: ['editing'], shown: view() };
        }
        if (draft.trim() === text) {
          draft = '';
          return { value: 'viewing', tags: [], shown: view() };
        }
        return {
          value: 'saving',
          tags: ['editing', 'busy'],
          shown: view(),
          calls: [{ actor: 'saveEdit', input: { kind, id: `${kind}-1`, text: draft.trim() } }],
        };
      case 'xstate.done.actor.saveEdit':
        text = changed;
        editedAt = savedAt;
        draft = '';
        return {
          value: 'viewing',
          tags: [],
          shown: view(),
          effects: [notify('success', EDITS.saved)],
        };
      case 'xstate.error.actor.saveEdit': {
        const refused = (event as unknown as { error: { message: string } }).error;
        // the server's words; a field's validation text without its field name
        error = refused.message === EDITS.pollVoted ? EDITS.pollVoted : COMMENTS.long;
        return { value: 'editing', tags: ['editing'], shown: view() };
      }
      default:
        throw new Error(`unexpected ${event.type}`);
    }
  };
}

const kinds: EditKind[] = ['post', 'poll', 'comment'];

describe.each(kinds)('editing a %s in place', (kind) => {
  it.each(pathsOf(kind).map((path) => [describePath(path), path] as const))(
    'checks the text as creation does, saves only a change, and keeps the box open on a refusal: %s',
    async (_, path) => {
      await executePath(editItemMachine, path, {
        input: inputOf(kind),
        promiseActors: ['saveEdit'],
        effects: ['notify'],
        shown,
        expectStep: expectSteps(kind),
      });
    },
  );
});

describe('edit chart', () => {
  const paths = kinds.flatMap(pathsOf);

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, editItemMachine, paths);
  });

  it('calls the server only for a text that keeps the rules', () => {
    const saving = paths.filter((path) => path.state.matches('saving'));
    expect(saving.length).toBeGreaterThan(0);
    for (const path of saving) {
      const typed = path.steps.map((step) => step.event).filter((event) => event.type === 'edit.change');
      expect((typed.at(-1) as { text: string }).text.trim()).not.toBe('');
    }
  });

  it('refuses Save while the text breaks a rule or the edit is on its way, and typing while closed', () => {
    expectRefusals(paths, userEvents, {
      viewing: ['edit.start'],
      editing: ['edit.change', 'edit.change', 'edit.change', 'edit.save', 'edit.cancel'],
      invalid: ['edit.change', 'edit.change', 'edit.change', 'edit.cancel'],
      saving: [],
    });
  });
});
