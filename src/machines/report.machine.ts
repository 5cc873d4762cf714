/**
 * Reporting a post, poll, comment, room or account (docs/moderation.md, docs/api.md "Safety").
 *
 * 'report.open' opens the dialog with a fresh form; 'reason.select' picks one of REPORT_REASONS and
 * 'note.change' types the note (needed for "other", at most REPORT_NOTE_MAX characters: a bad note
 * is said inline on 'form.submit', with the schema's own words). Once the server agrees its `msg` is
 * the toast and the dialog closes, except after a self-harm report: the answer's crisis resources
 * are shown in the dialog until 'report.close'. A refusal is the server's message and the form stays.
 *
 * Tags: `open` (the dialog is shown), `busy` (the report is on its way), `crisis` (the resources are
 * shown in place of the form).
 */
import { assign, fromPromise, setup } from 'xstate';
import { HTTP_ERRORS } from '../domain/messages.ts';
import {
  type CrisisResource,
  type ReportBody,
  type ReportKind,
  type ReportReason,
  reportNoteProblem,
} from '../domain/safety.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { sayOutput, sayServer } from './notices.ts';

export interface ReportInput {
  kind: ReportKind;
  id: string;
  /** What the dialog names: a title, 'u/name', 'q/room', the first words of a comment. */
  label: string;
}

export interface ReportContext extends ReportInput {
  reason: ReportReason | null;
  note: string;
  /** The note's problem, said under it after a submit; null when there is none. */
  noteError: string | null;
  /** The resources the server answered after a self-harm report. */
  crisis: CrisisResource[];
}

export type ReportEvent =
  | { type: 'report.open' }
  | { type: 'reason.select'; reason: ReportReason }
  | { type: 'note.change'; note: string }
  | { type: 'form.submit' }
  | { type: 'report.close' };

export interface ReportAnswer {
  msg: string;
  crisis?: CrisisResource[];
}

/** The body the form sends (the note left out when empty). */
export function reportBodyOf(context: ReportContext): ReportBody {
  const note = context.note.trim();
  return {
    kind: context.kind,
    id: context.id,
    reason: context.reason ?? 'other',
    ...(note ? { note } : {}),
  };
}

/** What is wrong with the note (the rule the server's schema applies too); null when the report may go. */
export function noteProblem(context: ReportContext): string | null {
  return reportNoteProblem(context.reason ?? 'other', context.note);
}

const freshForm = { reason: null, note: '', noteError: null, crisis: [] };

export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as ReportInput,
    tags: {} as 'open' | 'busy' | 'crisis',
  },
  actors: {
    sendReport: fromPromise<ReportAnswer, ReportBody>(async () => notProvided('report', 'sendReport')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    clearForm: assign(freshForm),
    selectReason: assign((_, params: { reason: ReportReason }) => ({
      reason: params.reason,
      noteError: null,
    })),
    changeNote: assign((_, params: { note: string }) => ({ note: params.note, noteError: null })),
    sayNoteProblem: assign(({ context }) => ({ noteError: noteProblem(context) })),
    keepCrisis: assign((_, params: { crisis: CrisisResource[] }) => ({ crisis: params.crisis })),
  },
  guards: {
    hasReason: ({ context }) => context.reason !== null,
    readyToSend: ({ context }) => context.reason !== null && noteProblem(context) === null,
    answersCrisis: (_, params: { answer: ReportAnswer }) => (params.answer.crisis ?? []).length > 0,
  },
}).createMachine({
  id: 'report',
  context: ({ input }) => ({ kind: input.kind, id: input.id, label: input.label, ...freshForm }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'report.open': { target: 'editing', actions: 'clearForm' } },
    },
    editing: {
      tags: ['open'],
      on: {
        'reason.select': {
          actions: { type: 'selectReason', params: ({ event }) => ({ reason: event.reason }) },
        },
        'note.change': { actions: { type: 'changeNote', params: ({ event }) => ({ note: event.note }) } },
        'form.submit': [
          { guard: 'readyToSend', target: 'sending' },
          { guard: 'hasReason', actions: 'sayNoteProblem' },
        ],
        'report.close': { target: 'closed' },
      },
    },
    sending: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'sendReport',
        src: 'sendReport',
        input: ({ context }) => reportBodyOf(context),
        onDone: [
          {
            guard: { type: 'answersCrisis', params: ({ event }) => ({ answer: event.output }) },
            target: 'crisis',
            actions: [
              sayOutput(),
              { type: 'keepCrisis', params: ({ event }) => ({ crisis: event.output.crisis ?? [] }) },
            ],
          },
          { target: 'closed', actions: sayOutput() },
        ],
        onError: { target: 'editing', actions: sayServer(HTTP_ERRORS.network) },
      },
    },
    crisis: {
      tags: ['open', 'crisis'],
      on: { 'report.close': { target: 'closed' } },
    },
  },
});
