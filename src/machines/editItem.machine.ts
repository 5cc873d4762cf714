/**
 * Editing what one wrote, in place (issue 33 "Edit"; docs/api.md "Editing"): a post's body, a poll's
 * question before its first vote, a comment's text. 'edit.start' opens the edit box with the text the
 * item shows; 'edit.change' types; 'edit.save' checks the text with creation's rules (src/domain/editText.ts)
 * and, once it changed, asks the server (`saveEdit`); 'edit.cancel' leaves the text as it was. A text
 * that breaks a rule is `invalid`, its message shown, and cannot be saved until it is changed again.
 * The server's refusal (403, 409 a poll already voted on, 410 removed) keeps the box open with its
 * message. Once saved, the item shows the saved text and when (`text`, `editedAt`) and the toast says so.
 *
 * Only the author is offered Edit; the server decides again (docs/api.md "Editing").
 *
 * Tags: `editing` (the edit box is shown), `busy` (the edit is on its way).
 */
import { assign, fromPromise, setup } from 'xstate';
import { EDITS, type EditKind, editTextIssue } from '../domain/editText.ts';
import { HTTP_ERRORS } from '../domain/messages.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { failureOf, isFieldText, serverText } from './failure.ts';
import { say } from './notices.ts';

export interface EditItemInput {
  kind: EditKind;
  id: string;
  /** The text as the item shows it now, and when it was last edited. */
  text: string;
  editedAt: string | null;
}

/** What a saved edit answers: the item's text as stored, and when it was edited. */
export interface EditSaved {
  text: string;
  editedAt: string | null;
}

export interface EditCall {
  kind: EditKind;
  id: string;
  text: string;
}

export interface EditItemContext extends EditItemInput {
  /** What is typed in the edit box. */
  draft: string;
  /** Why the draft was not saved: a rule it breaks or the server's refusal. */
  error: string | null;
}

export type EditItemEvent =
  /** The edit box opens with the text the item shows now (it may have changed on the live stream). */
  | { type: 'edit.start'; text: string; editedAt: string | null }
  | { type: 'edit.change'; text: string }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' };

/** The server's words for a refusal; a field's validation text loses its field name. */
function refusalText(error: unknown): string {
  if (isFieldText(error)) return failureOf(error).message.replace(/^[\w.]+: /, '');
  return serverText(error, HTTP_ERRORS.network);
}

export const editItemMachine = setup({
  types: {
    input: {} as EditItemInput,
    context: {} as EditItemContext,
    events: {} as EditItemEvent,
    tags: {} as 'editing' | 'busy',
  },
  actors: {
    saveEdit: fromPromise<EditSaved, EditCall>(async () => notProvided('editItem', 'saveEdit')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    openDraft: assign((_, params: EditSaved) => ({ ...params, draft: params.text, error: null })),
    setDraft: assign((_, params: { text: string }) => ({ draft: params.text, error: null })),
    showIssue: assign(({ context }) => ({ error: editTextIssue(context.kind, context.draft) ?? null })),
    setSaved: assign((_, params: EditSaved) => ({
      text: params.text,
      editedAt: params.editedAt,
      error: null,
    })),
    setRefusal: assign((_, params: { error: unknown }) => ({ error: refusalText(params.error) })),
    closeDraft: assign({ draft: '', error: null }),
  },
  guards: {
    draftBreaksRule: ({ context }) => editTextIssue(context.kind, context.draft) !== undefined,
    draftUnchanged: ({ context }) => context.draft.trim() === context.text,
  },
}).createMachine({
  id: 'editItem',
  context: ({ input }) => ({ ...input, draft: '', error: null }),
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'edit.start': {
          target: 'editing',
          actions: {
            type: 'openDraft',
            params: ({ event }) => ({ text: event.text, editedAt: event.editedAt }),
          },
        },
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'edit.change': { actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) } },
        'edit.cancel': { target: 'viewing', actions: 'closeDraft' },
        'edit.save': [
          { guard: 'draftBreaksRule', target: 'invalid', actions: 'showIssue' },
          // Nothing changed: nothing to keep, the box just closes.
          { guard: 'draftUnchanged', target: 'viewing', actions: 'closeDraft' },
          { target: 'saving' },
        ],
      },
    },
    /** The draft breaks a rule: Save waits for a change. */
    invalid: {
      tags: ['editing'],
      on: {
        'edit.change': {
          target: 'editing',
          actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) },
        },
        'edit.cancel': { target: 'viewing', actions: 'closeDraft' },
      },
    },
    saving: {
      tags: ['editing', 'busy'],
      invoke: {
        id: 'saveEdit',
        src: 'saveEdit',
        input: ({ context }) => ({ kind: context.kind, id: context.id, text: context.draft.trim() }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'setSaved', params: ({ event }) => event.output },
            'closeDraft',
            say('success', EDITS.saved),
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'setRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type EditItemMachine = typeof editItemMachine;
