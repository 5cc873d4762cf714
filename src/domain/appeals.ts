/**
 * Appeals (docs/moderation.md "Appeals"): the author of an item moderators removed asks once, in a
 * few words, for another look; a moderator who took no part in the removal restores it or upholds
 * it. The limits, outcomes and every text the appeal screens show. No zod here (appealSchemas.ts).
 */
import type { ReportKind } from './safety.ts';

/** What can be appealed: what a signed-in author can see removed (a removed account cannot sign in). */
export const APPEAL_KINDS = ['post', 'poll', 'comment', 'room'] as const satisfies readonly ReportKind[];
export type AppealKind = (typeof APPEAL_KINDS)[number];

/** An appeal's words: at least one character, at most this many. */
export const APPEAL_TEXT_MAX = 500;

/** What a moderator decides. */
export const APPEAL_OUTCOMES = ['restored', 'upheld'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** How an appeal stands: waiting for a moderator, or answered. */
export const APPEAL_STATES = ['pending', ...APPEAL_OUTCOMES] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

const OUTCOME_WORDS = { restored: 'restored', upheld: 'upheld' } satisfies Record<AppealOutcome, string>;

export const APPEALS = {
  action: 'Appeal',
  formTitle: 'Appeal this removal',
  formHint: `Tell a moderator who took no part in the removal why it should come back (at most ${APPEAL_TEXT_MAX} characters).`,
  textLabel: 'Your appeal',
  send: 'Send appeal',
  cancel: 'Cancel',
  textRequired: '* Say why the item should come back',
  textTooLong: `* at most ${APPEAL_TEXT_MAX} characters`,
  sent: 'Your appeal was sent. A moderator who took no part in the removal will answer it.',
  onlyAuthor: 'Only the author can appeal a removal',
  notRemoved: 'Only an item removed by moderators can be appealed',
  already: 'You have already appealed this removal',
  notFound: 'There is no such item',
  noAppeal: 'There is no appeal waiting for this item',
  decided: 'This appeal was answered already',
  tookPart: 'You took part in this removal: another moderator decides the appeal',
  restore: 'Restore',
  uphold: 'Uphold',
  restoredMsg: 'Restored: the item is back',
  upheldMsg: 'Upheld: the item stays removed',
  heading: 'Appeals',
  empty: 'No appeals are waiting.',
  tookPartNote: 'You took part in this removal: another moderator decides.',
  /** Beside a removal in the public log. */
  appealLabel: 'Appeal:',
  outcome: OUTCOME_WORDS,
  /** Under a removal notice whose appeal a moderator answered (the outcome has its own notice too). */
  answered: (outcome: AppealOutcome) => `Appeal answered: ${OUTCOME_WORDS[outcome]}`,
  /** The author's notice of the outcome. */
  noticeTitle: (outcome: AppealOutcome) =>
    outcome === 'restored'
      ? 'Your appeal was answered: restored'
      : 'Your appeal was answered: the removal is upheld',
} as const;

/** What is wrong with an appeal's words, or null. */
export function appealTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return APPEALS.textRequired;
  if (trimmed.length > APPEAL_TEXT_MAX) return APPEALS.textTooLong;
  return null;
}

/** What a removal notice says in place of "Appeal" once its reader appealed: sent, or answered. */
export const appealStateText = (state: AppealState): string =>
  state === 'pending' ? APPEALS.sent : APPEALS.answered(state);

/** The item a removal notice names, when it can be appealed (an account's notice names none). */
export function appealTargetOf(notice: {
  kind: string;
  postId: string | null;
  pollId: string | null;
  commentId: string | null;
  roomId: string | null;
}): { kind: AppealKind; id: string } | null {
  if (notice.kind !== 'removal') return null;
  if (notice.commentId) return { kind: 'comment', id: notice.commentId };
  if (notice.postId) return { kind: 'post', id: notice.postId };
  if (notice.pollId) return { kind: 'poll', id: notice.pollId };
  if (notice.roomId) return { kind: 'room', id: notice.roomId };
  return null;
}
