/**
 * The author's appeal of a removal (docs/moderation.md "Appeals"), from the removal's notice: a few
 * words, sent once.
 *
 * 'appeal.change' edits the words; 'appeal.submit' sends them ('POST appeals') when they are valid
 * (`appealTextProblem`: 1 to APPEAL_TEXT_MAX characters), else shows the problem. Sent, the chart ends
 * in `sent` with a toast and tells the session (`appealed`), whose removal notice then says the appeal
 * is pending, as the server's list will; a refusal (already appealed, not removed) goes back to
 * editing with the server's message.
 *
 * Tags: `busy` (the appeal is on its way).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AppealBody } from '../domain/appealSchemas.ts';
import { APPEALS, type AppealKind, appealTextProblem } from '../domain/appeals.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { serverText } from './failure.ts';
import { say } from './notices.ts';

export interface AppealInput {
  kind: AppealKind;
  id: string;
}

export interface AppealContext extends AppealInput {
  text: string;
  /** What is wrong with the words, or why the server refused; null when nothing is. */
  problem: string | null;
}

export type AppealEvent = { type: 'appeal.change'; text: string } | { type: 'appeal.submit' };

export const appealMachine = setup({
  types: {
    context: {} as AppealContext,
    events: {} as AppealEvent,
    input: {} as AppealInput,
    tags: {} as 'busy',
  },
  actors: {
    sendAppeal: fromPromise<unknown, AppealBody>(async () => notProvided('appeal', 'sendAppeal')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    /** The session's notifications: this item's removal is appealed now. */
    appealed: (_, _params: AppealInput) => noEffect(),
    setText: assign((_, params: { text: string }) => ({ text: params.text, problem: null })),
    showProblem: assign(({ context }) => ({ problem: appealTextProblem(context.text) })),
    showRefusal: assign((_, params: { error: unknown }) => ({
      problem: serverText(params.error, APPEALS.notRemoved),
    })),
  },
  guards: {
    textValid: ({ context }) => appealTextProblem(context.text) === null,
  },
}).createMachine({
  id: 'appeal',
  context: ({ input }) => ({ kind: input.kind, id: input.id, text: '', problem: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'appeal.change': { actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } },
        'appeal.submit': [{ guard: 'textValid', target: 'sending' }, { actions: 'showProblem' }],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendAppeal',
        src: 'sendAppeal',
        input: ({ context }) => ({ kind: context.kind, id: context.id, text: context.text.trim() }),
        onDone: {
          target: 'sent',
          actions: [
            say('success', APPEALS.sent),
            { type: 'appealed', params: ({ context }) => ({ kind: context.kind, id: context.id }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: { type: 'final' },
  },
});
