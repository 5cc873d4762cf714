/**
 * One reported item of the moderation queue (/mod, docs/moderation.md): a moderator dismisses its
 * reports, proposes its removal under a rule, or confirms another moderator's proposal.
 *
 * 'item.dismiss' closes the reports ('mod/dismiss'); 'removal.propose' opens the rule choice, where
 * 'rule.select' picks one of REPORT_REASONS and 'note.change' gives the words "other" needs;
 * 'proposal.submit' sends it ('mod/propose') once it is complete, and the item then shows the viewer's
 * own proposal; 'proposal.cancel' closes the choice. 'removal.confirm' is taken only when a proposal
 * exists and it is not the viewer's ('mod/confirm': a second moderator removes the item). After a
 * dismissal or a removal the item leaves the queue (`list`, sent 'item.remove' {kind, id}). Failures
 * show the server's message.
 *
 * Tags: `choosing` (the rule choice is open), `busy` (a call is on its way).
 */
import { type AnyActorRef, assign, fromPromise, sendTo, setup } from 'xstate';
import {
  type ModerationTarget,
  type ProposalBody,
  type QueueItem,
  type ReportKind,
  type ReportReason,
  ruleNoteProblem,
  ruleText,
  SAFETY,
} from '../domain/safety.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { say, sayServer } from './notices.ts';

/** What the item shows of a removal proposal. */
export type Proposal = Pick<NonNullable<QueueItem['proposal']>, 'rule' | 'ruleText' | 'mine'>;

export interface ModerationItemInput {
  item: Pick<QueueItem, 'kind' | 'id' | 'proposal'>;
  /** The queue showing the item, told to drop it once it is dismissed or removed. */
  list: AnyActorRef;
}

export interface ModerationItemContext {
  kind: ReportKind;
  id: string;
  proposal: Proposal | null;
  /** The rule being chosen for a proposal. */
  rule: ReportReason | null;
  /** The words of an "other" rule. */
  note: string;
  list: AnyActorRef;
}

export type ModerationItemEvent =
  | { type: 'item.dismiss' }
  | { type: 'removal.propose' }
  | { type: 'rule.select'; rule: ReportReason }
  | { type: 'note.change'; note: string }
  | { type: 'proposal.submit' }
  | { type: 'proposal.cancel' }
  | { type: 'removal.confirm' };

/** What the queue is sent once the item leaves it. */
export type ModerationItemGoneEvent = { type: 'item.remove'; kind: ReportKind; id: string };

/** The proposal body of the chosen rule (a note only for "other"). */
export const proposalOf = (context: ModerationItemContext): ProposalBody => ({
  kind: context.kind,
  id: context.id,
  rule: context.rule ?? 'other',
  ...(context.rule === 'other' ? { note: context.note.trim() } : {}),
});

const target = ({ context }: { context: ModerationItemContext }): ModerationTarget => ({
  kind: context.kind,
  id: context.id,
});

export const moderationItemMachine = setup({
  types: {
    context: {} as ModerationItemContext,
    events: {} as ModerationItemEvent,
    input: {} as ModerationItemInput,
    tags: {} as 'busy' | 'choosing',
  },
  actors: {
    dismiss: fromPromise<unknown, ModerationTarget>(async () => notProvided('moderationItem', 'dismiss')),
    propose: fromPromise<unknown, ProposalBody>(async () => notProvided('moderationItem', 'propose')),
    confirm: fromPromise<unknown, ModerationTarget>(async () => notProvided('moderationItem', 'confirm')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    selectRule: assign((_, params: { rule: ReportReason }) => ({ rule: params.rule })),
    setNote: assign((_, params: { note: string }) => ({ note: params.note })),
    clearChoice: assign({ rule: null, note: '' }),
    /** The viewer's proposal, as the queue would now show it. */
    setOwnProposal: assign(({ context }) => {
      const rule = context.rule ?? 'other';
      return { proposal: { rule, ruleText: ruleText(rule, context.note.trim()), mine: true } };
    }),
    /** The queue drops the item. */
    leaveList: sendTo(
      ({ context }) => context.list,
      ({ context }): ModerationItemGoneEvent => ({ type: 'item.remove', kind: context.kind, id: context.id }),
    ),
  },
  guards: {
    /** A proposal exists and another moderator made it. */
    canConfirm: ({ context }) => context.proposal !== null && !context.proposal.mine,
    /** A rule is chosen, with its words when it is "other" (the rule the server's schema applies too). */
    proposalComplete: ({ context }) =>
      context.rule !== null &&
      ruleNoteProblem(context.rule, context.rule === 'other' ? context.note : undefined) === null,
  },
}).createMachine({
  id: 'moderationItem',
  context: ({ input }) => ({
    kind: input.item.kind,
    id: input.item.id,
    proposal: input.item.proposal
      ? {
          rule: input.item.proposal.rule,
          ruleText: input.item.proposal.ruleText,
          mine: input.item.proposal.mine,
        }
      : null,
    rule: null,
    note: '',
    list: input.list,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'item.dismiss': { target: 'dismissing' },
        'removal.propose': { target: 'choosingRule' },
        'removal.confirm': { guard: 'canConfirm', target: 'confirming' },
      },
    },
    choosingRule: {
      tags: ['choosing'],
      on: {
        'rule.select': { actions: { type: 'selectRule', params: ({ event }) => ({ rule: event.rule }) } },
        'note.change': { actions: { type: 'setNote', params: ({ event }) => ({ note: event.note }) } },
        'proposal.submit': { guard: 'proposalComplete', target: 'proposing' },
        'proposal.cancel': { target: 'idle', actions: 'clearChoice' },
      },
    },
    proposing: {
      tags: ['choosing', 'busy'],
      invoke: {
        id: 'propose',
        src: 'propose',
        input: ({ context }) => proposalOf(context),
        onDone: {
          target: 'idle',
          actions: ['setOwnProposal', 'clearChoice', say('success', SAFETY.proposed)],
        },
        onError: { target: 'choosingRule', actions: sayServer(SAFETY.notModerator) },
      },
    },
    dismissing: {
      tags: ['busy'],
      invoke: {
        id: 'dismiss',
        src: 'dismiss',
        input: target,
        onDone: { target: 'gone', actions: [say('success', SAFETY.dismissed), 'leaveList'] },
        onError: { target: 'idle', actions: sayServer(SAFETY.nothingToModerate) },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: target,
        onDone: { target: 'gone', actions: [say('success', SAFETY.confirmed), 'leaveList'] },
        onError: { target: 'idle', actions: sayServer(SAFETY.noProposal) },
      },
    },
    gone: { type: 'final' },
  },
});
