import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMENT_TEXT, commentTextIssue } from '../../src/domain/commentText.ts';
import { COMMENTS } from '../../src/domain/messages.ts';
import { createCommentBodySchema } from '../../src/domain/postValidation.ts';

/** The server's answer for a comment's text: the first issue of its schema, if any. */
const serverIssue = (text: string) =>
  createCommentBodySchema.shape.content.safeParse(text).error?.issues[0]?.message;

describe('comment text', () => {
  it.each([
    ['', COMMENTS.empty],
    [' \n\t ', COMMENTS.empty],
    ['x', undefined],
    ['  nice post  ', undefined],
    ['x'.repeat(COMMENT_TEXT.max), undefined],
    [` ${'x'.repeat(COMMENT_TEXT.max)} `, undefined],
    ['x'.repeat(COMMENT_TEXT.max + 1), COMMENTS.long],
  ])('%j gives %j, as the server says', (text, issue) => {
    expect(commentTextIssue(text)).toBe(issue);
    expect(serverIssue(text)).toBe(issue);
  });

  it('agrees with the server schema on any text, lengths around both bounds included', () => {
    const padded = fc
      .tuple(fc.constantFrom('', ' ', '\n ', '\u00a0'), fc.nat({ max: 3 }), fc.constantFrom('', ' ', '\t'))
      .map(([before, extra, after]) => `${before}${'é'.repeat(COMMENT_TEXT.max - 1 + extra)}${after}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), padded), (text) => {
        expect(commentTextIssue(text)).toBe(serverIssue(text));
      }),
    );
  });
});
