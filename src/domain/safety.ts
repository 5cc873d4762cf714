/**
 * Trust and safety (docs/moderation.md): what can be reported and why, the rules moderators remove
 * by, the bodies of the safety routes and their answers, and every text the safety screens show.
 * Shared by the server's validation and the client's machines and views.
 */
import './zodSetup.ts';
import { z } from 'zod';

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

// ---- Bodies -------------------------------------------------------------------------------------

const itemId = z.string().trim().min(1, 'id: * Required').max(100);

/** POST /api/reports: one report per person per item; sending again changes the reason. */
export const reportBodySchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    /** The item's id; for a user, their username or id; for a room, its id or title. */
    id: itemId,
    reason: z.enum(REPORT_REASON_KEYS),
    note: z.string().trim().max(REPORT_NOTE_MAX, SAFETY.noteTooLong).optional(),
  })
  .refine((b) => b.reason !== 'other' || (b.note ?? '').length > 0, {
    message: SAFETY.noteRequired,
    path: ['note'],
  });
export type ReportBody = z.infer<typeof reportBodySchema>;

/** POST /api/mod/dismiss, /api/mod/confirm: the item a moderator acts on. */
export const moderationTargetSchema = z.object({ kind: z.enum(REPORT_KINDS), id: itemId });
export type ModerationTarget = z.infer<typeof moderationTargetSchema>;

/** POST /api/mod/propose: the rule the item breaks (a reason key), with a few words for "other". */
export const proposalBodySchema = moderationTargetSchema
  .extend({
    rule: z.enum(REPORT_REASON_KEYS),
    note: z.string().trim().max(RULE_NOTE_MAX, `* at most ${RULE_NOTE_MAX} characters`).optional(),
  })
  .refine((b) => b.rule !== 'other' || (b.note ?? '').length > 0, {
    message: SAFETY.noteRequired,
    path: ['note'],
  });
export type ProposalBody = z.infer<typeof proposalBodySchema>;

/** POST /api/u/block, /api/u/unblock. */
export const blockBodySchema = z.object({
  username: z.string().trim().min(1, 'username: * Required').max(100),
});

/** POST /api/safety/hide, /api/safety/unhide. */
export const hideBodySchema = z.object({ kind: z.enum(HIDE_KINDS), id: itemId });

/** The text a removal shows: the rule's label, or the moderator's words for "other". */
export const ruleText = (rule: ReportReason, note: string | null | undefined) =>
  rule === 'other' && note ? note : REPORT_REASONS[rule];

// ---- Answers ------------------------------------------------------------------------------------

/** A campus resource shown with crisis help (CRISIS_RESOURCES). */
export const crisisResourceSchema = z.object({
  name: z.string(),
  phone: z.string().optional(),
  url: z.string().optional(),
});
export type CrisisResource = z.infer<typeof crisisResourceSchema>;

export const reportAnswerSchema = z.object({
  msg: z.string(),
  /** Present after a self-harm report: the resources card the reporter is shown. */
  crisis: z.array(crisisResourceSchema).optional(),
});

/**
 * How moderation reaches a post, poll or comment a viewer reads: `masked` when it is hidden from this
 * viewer behind "View anyway"; `maskedForOthers` when it is hidden from others (its author and
 * moderators see it in full, with a notice); `crisisHelp` when its author reads it and it matched the
 * crisis keywords or was reported for self-harm.
 */
export const safetyFlagsSchema = z.object({
  masked: z.boolean(),
  maskedForOthers: z.boolean(),
  crisisHelp: z.boolean(),
});
export type SafetyFlags = z.infer<typeof safetyFlagsSchema>;

export const queueItemSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.string(),
  /** A title, the first words of a comment, a room title or a username. */
  label: z.string(),
  /** Where the item is read: a post, poll, room or profile path. */
  href: z.string(),
  /** The author's (or the account's, or the room owner's) username. */
  author: z.string().nullable(),
  reporters: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASON_KEYS), count: z.number().int() })),
  /** The words reporters added (never who wrote them). */
  notes: z.array(z.string()),
  firstReportedAt: z.string(),
  masked: z.boolean(),
  proposal: z
    .object({
      rule: z.enum(REPORT_REASON_KEYS),
      ruleText: z.string(),
      /** The viewer proposed it, so only another moderator may confirm it. */
      mine: z.boolean(),
      proposedAt: z.string(),
    })
    .nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const logEntrySchema = z.object({
  kind: z.enum(REPORT_KINDS),
  ruleText: z.string(),
  removedAt: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const safetyResponses = {
  report: reportAnswerSchema,
  queue: z.object({ items: z.array(queueItemSchema) }),
  log: z.object({ items: z.array(logEntrySchema) }),
  blocked: z.object({ users: z.array(z.object({ username: z.string(), dp: z.string().nullable() })) }),
  resources: z.object({ resources: z.array(crisisResourceSchema) }),
};

/** Moderation queue and log pages: 20 items a page. */
export const MODERATION_PAGE = 20;
