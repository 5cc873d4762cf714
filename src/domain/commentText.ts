/**
 * The rule of a comment's text (spec §5): 1 to 10,000 characters once trimmed. The comment box checks
 * it with this plain function, so post pages need not load zod; the server's schema
 * (`createCommentBodySchema`, postValidation.ts) is built from the same bounds and messages, and
 * tests/domain/commentText.test.ts holds the two to the same answers.
 */
import { LIMITS } from './constants.ts';
import { COMMENTS } from './messages.ts';

export const COMMENT_TEXT = { min: 1, max: LIMITS.commentBody } as const;

/** What is wrong with a comment's text, in the spec's words; undefined when it may be sent. */
export function commentTextIssue(text: string): string | undefined {
  const { length } = text.trim();
  if (length < COMMENT_TEXT.min) return COMMENTS.empty;
  if (length > COMMENT_TEXT.max) return COMMENTS.long;
  return undefined;
}
