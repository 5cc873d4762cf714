/**
 * Trust and safety (docs/moderation.md): what can be reported and why, the rules moderators remove
 * by, the rules a report's or a proposal's words follow, and every text the safety screens show.
 * No zod here: the cards and menus of the first screen import it (the schemas: safetySchemas.ts).
 */
import { ROOMS } from './messages.ts';

/** What a person can report: anything someone posted, a room, or an account. */
export const REPORT_KINDS = ['post', 'poll', 'comment', 'room', 'user'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What a person can hide from their own feeds. */
export const HIDE_KINDS = ['post', 'poll'] as const;
export type HideKind = (typeof HIDE_KINDS)[number];

/** Why something is reported; moderators remove by the same list (a removal names one as its rule). */
export const REPORT_REASONS = {
  harassment: 'Harassment or bullying',
  hate: 'Hate',
  threats: 'Threats or violence',
  selfHarm: 'Self-harm',
  sexual: 'Sexual content',
  doxxing: 'Personal information (doxxing)',
  spam: 'Spam',
  other: 'Other',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

/** The "other" reason needs a few words; any reason may carry at most this many characters. */
export const REPORT_NOTE_MAX = 300;
/** A removal's rule is a reason; "other" needs its own few words. */
export const RULE_NOTE_MAX = 120;

export const SAFETY = {
  reportSent: 'Thanks, your report was sent. Moderators will look at it.',
  reportUpdated: 'Your report was updated.',
  reportSelf: 'You cannot report yourself or what you posted',
  noteRequired: '* Tell the moderators what is wrong',
  noteTooLong: `* at most ${REPORT_NOTE_MAX} characters`,
  ruleNoteTooLong: `* at most ${RULE_NOTE_MAX} characters`,
  itemNotFound: 'Nothing to report here: it was deleted',
  hiddenAfterReports: 'Hidden after reports',
  viewAnyway: 'View anyway',
  authorMasked: 'Hidden from others after several reports, until a moderator looks at it.',
  removedBy: (rule: string) => `Removed by moderators: ${rule}`,
  blockedUserLine: 'Comment from a blocked user',
  blockTitle: (username: string) => `Block u/${username}?`,
  blockConfirm: 'You will no longer see their posts, polls and comments. You can unblock them in Settings.',
  blocked: (username: string) => `You blocked ${username}. You will no longer see what they post.`,
  unblocked: (username: string) => `You unblocked ${username}.`,
  blockSelf: 'You cannot block yourself',
  blockedYou: 'This person does not accept requests from you',
  hidden: 'Hidden from your feeds.',
  undo: 'Undo',
  unhidden: 'Shown in your feeds again.',
  notModerator: 'Only moderators can do this',
  dismissed: 'Reports dismissed: the item is shown again.',
  proposed: 'Removal proposed: a second moderator must confirm it.',
  confirmed: 'Removed.',
  ownProposal: 'A second moderator must confirm your proposal',
  noProposal: 'There is no removal proposal to confirm',
  alreadyRemoved: 'This item is already removed',
  nothingToModerate: 'This item has no open reports',
  crisisTitle: 'You are not alone',
  crisisIntro: 'If you or someone you know is struggling, people on campus can help right now:',
  writeLimited: (minutes: number) =>
    `You have reached the limit for now. You can post again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  queueEmpty: 'No reports waiting. Thank you for keeping Quad safe.',
  logEmpty: 'Nothing has been removed.',
  noBlockedUsers: 'You have not blocked anyone.',
} as const;

/** The text a removal shows: the rule's label, or the moderator's words for "other". */
export const ruleText = (rule: ReportReason, note: string | null | undefined) =>
  rule === 'other' && note ? note : REPORT_REASONS[rule];

/** What is wrong with a report's words: "other" needs some, and no reason takes more than the limit. */
export function reportNoteProblem(reason: ReportReason, note: string | undefined): string | null {
  const words = (note ?? '').trim();
  if (words.length > REPORT_NOTE_MAX) return SAFETY.noteTooLong;
  return reason === 'other' && words.length === 0 ? SAFETY.noteRequired : null;
}

/** What is wrong with a proposal's words: "other" needs the rule in a few words. */
export function ruleNoteProblem(rule: ReportReason, note: string | undefined): string | null {
  const words = (note ?? '').trim();
  if (words.length > RULE_NOTE_MAX) return SAFETY.ruleNoteTooLong;
  return rule === 'other' && words.length === 0 ? SAFETY.noteRequired : null;
}

/** Moderation queue and log pages: 20 items a page. */
export const MODERATION_PAGE = 20;

export type {
  CrisisResource,
  LogEntry,
  MaskFlags,
  ModerationTarget,
  ProposalBody,
  QueueItem,
  ReportBody,
  SafetyFlags,
} from './safetySchemas.ts';

/**
 * The line a thread shows for a removed comment: the moderators' rule, or, when its room's owner
 * removed it, `removedRule` is ROOMS.removedByOwner and is shown as is.
 */
export const removedLine = (removedRule: string) =>
  removedRule === ROOMS.removedByOwner ? removedRule : SAFETY.removedBy(removedRule);
