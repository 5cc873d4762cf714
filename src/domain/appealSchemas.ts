/** The zod schemas of the appeal routes' bodies and answers (docs/api.md "Safety"); texts and rules: appeals.ts. */
import './zodSetup.ts';
import { z } from 'zod';
import { APPEAL_KINDS, APPEAL_OUTCOMES, APPEAL_TEXT_MAX, APPEALS } from './appeals.ts';
import { REPORT_KINDS } from './safety.ts';

const itemId = z.string().trim().min(1, 'id: * Required').max(100);

/** POST /api/appeals: the author's one appeal of a removal. */
export const appealBodySchema = z.object({
  kind: z.enum(APPEAL_KINDS),
  id: itemId,
  text: z.string().trim().min(1, APPEALS.textRequired).max(APPEAL_TEXT_MAX, APPEALS.textTooLong),
});
export type AppealBody = z.infer<typeof appealBodySchema>;

/** POST /api/mod/appeals/decide: a moderator who took no part in the removal answers. */
export const appealDecisionSchema = z.object({
  kind: z.enum(APPEAL_KINDS),
  id: itemId,
  outcome: z.enum(APPEAL_OUTCOMES),
});
export type AppealDecision = z.infer<typeof appealDecisionSchema>;

/** An appeal waiting in the moderators' queue. */
export const appealItemSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.string(),
  /** A title, the first words of a comment, or a room title. */
  label: z.string(),
  /** The rule of the removal. */
  ruleText: z.string(),
  /** The author's words. */
  text: z.string(),
  createdAt: z.string(),
  /** False when the viewer proposed or confirmed the removal: another moderator decides. */
  mayDecide: z.boolean(),
});
export type AppealItem = z.infer<typeof appealItemSchema>;

export const appealResponses = {
  queue: z.object({ items: z.array(appealItemSchema) }),
};
