/**
 * One appeal in the moderators' queue (/mod, docs/moderation.md "Appeals"): a moderator who took no
 * part in the removal restores the item or upholds the removal.
 *
 * 'appeal.restore' and 'appeal.uphold' are taken only when the viewer may decide (`mayDecide`: they
 * neither proposed nor confirmed the removal) and send the answer ('POST mod/appeals/decide'). Decided,
 * the chart ends in `decided` with the outcome and a toast; a refusal (answered meanwhile) shows the
 * server's message and waits again.
 *
 * Tags: `busy` (the answer is on its way).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AppealDecision, AppealItem } from '../domain/appealSchemas.ts';
import { APPEALS, type AppealKind, type AppealOutcome } from '../domain/appeals.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { sayOutput, sayServer } from './notices.ts';

export interface AppealDecisionInput {
  appeal: Pick<AppealItem, 'id' | 'mayDecide'> & { kind: AppealKind };
}

export interface AppealDecisionContext {
  kind: AppealKind;
  id: string;
  mayDecide: boolean;
  /** The answer chosen (being sent, or given). */
  outcome: AppealOutcome | null;
}

export type AppealDecisionEvent = { type: 'appeal.restore' } | { type: 'appeal.uphold' };

export const appealDecisionMachine = setup({
  types: {
    context: {} as AppealDecisionContext,
    events: {} as AppealDecisionEvent,
    input: {} as AppealDecisionInput,
    tags: {} as 'busy',
  },
  actors: {
    decideAppeal: fromPromise<{ msg: string }, AppealDecision>(async () =>
      notProvided('appealDecision', 'decideAppeal'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    choose: assign((_, params: { outcome: AppealOutcome }) => ({ outcome: params.outcome })),
    forgetChoice: assign({ outcome: null }),
  },
  guards: {
    mayDecide: ({ context }) => context.mayDecide,
  },
}).createMachine({
  id: 'appealDecision',
  context: ({ input }) => ({
    kind: input.appeal.kind,
    id: input.appeal.id,
    mayDecide: input.appeal.mayDecide,
    outcome: null,
  }),
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'appeal.restore': {
          guard: 'mayDecide',
          target: 'deciding',
          actions: { type: 'choose', params: { outcome: 'restored' } },
        },
        'appeal.uphold': {
          guard: 'mayDecide',
          target: 'deciding',
          actions: { type: 'choose', params: { outcome: 'upheld' } },
        },
      },
    },
    deciding: {
      tags: ['busy'],
      invoke: {
        id: 'decideAppeal',
        src: 'decideAppeal',
        input: ({ context }) => ({
          kind: context.kind,
          id: context.id,
          outcome: context.outcome ?? 'upheld',
        }),
        onDone: { target: 'decided', actions: sayOutput() },
        onError: { target: 'waiting', actions: ['forgetChoice', sayServer(APPEALS.decided)] },
      },
    },
    decided: { type: 'final' },
  },
});
