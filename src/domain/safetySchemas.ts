/** The zod schemas of the safety routes' bodies and answers (docs/api.md "Safety"); texts and rules: safety.ts. */
import './zodSetup.ts';
import { z } from 'zod';
import { APPEAL_OUTCOMES } from './appeals.ts';
import {
  HIDE_KINDS,
  REPORT_KINDS,
  REPORT_NOTE_MAX,
  REPORT_REASON_KEYS,
  RULE_NOTE_MAX,
  reportNoteProblem,
  ruleNoteProblem,
  SAFETY,
} from './safety.ts';

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
  .refine((b) => reportNoteProblem(b.reason, b.note) === null, {
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
    note: z.string().trim().max(RULE_NOTE_MAX, SAFETY.ruleNoteTooLong).optional(),
  })
  .refine((b) => ruleNoteProblem(b.rule, b.note) === null, { message: SAFETY.noteRequired, path: ['note'] });
export type ProposalBody = z.infer<typeof proposalBodySchema>;

/** POST /api/u/block, /api/u/unblock. */
export const blockBodySchema = z.object({
  username: z.string().trim().min(1, 'username: * Required').max(100),
});

/** POST /api/safety/hide, /api/safety/unhide. */
export const hideBodySchema = z.object({ kind: z.enum(HIDE_KINDS), id: itemId });

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
 * An item's mask after reports as a viewer reads it (a post, poll, comment, room page or profile):
 * `masked` when it is hidden from this viewer behind "View anyway"; `maskedForOthers` when it is
 * hidden from others (its author, a room's owner, the account itself and moderators see it in full,
 * with a notice).
 */
export const maskFlagsSchema = z.object({
  masked: z.boolean(),
  maskedForOthers: z.boolean(),
});
export type MaskFlags = z.infer<typeof maskFlagsSchema>;

/**
 * How moderation reaches a post, poll or comment a viewer reads: its mask (`maskFlagsSchema`), and
 * `crisisHelp` when its author reads it and it matched the crisis keywords or was reported for self-harm.
 */
export const safetyFlagsSchema = maskFlagsSchema.extend({
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
  /**
   * The text reporters read (a post's body, a poll's question, a comment's text) when its author
   * edited it since: the oldest reported version; null when what is shown now is what was reported.
   */
  reportedText: z.string().nullable(),
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
  /** The answer to the author's appeal, once a moderator gave it (docs/moderation.md "Appeals"). */
  appeal: z.enum(APPEAL_OUTCOMES).nullable(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const safetyResponses = {
  report: reportAnswerSchema,
  queue: z.object({ items: z.array(queueItemSchema) }),
  log: z.object({ items: z.array(logEntrySchema) }),
  blocked: z.object({ users: z.array(z.object({ username: z.string(), dp: z.string().nullable() })) }),
  resources: z.object({ resources: z.array(crisisResourceSchema) }),
};
