import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/domain/constants.ts';
import { type EditKind, editTextIssue } from '../../src/domain/editText.ts';
import {
  editCommentBodySchema,
  editPollBodySchema,
  editPostBodySchema,
} from '../../src/domain/postValidation.ts';

/** The server's answer for an edited text: the first issue of its schema's field, if any. */
const fields = {
  post: editPostBodySchema.shape.body,
  poll: editPollBodySchema.shape.title,
  comment: editCommentBodySchema.shape.body,
};
const serverIssue = (kind: EditKind, text: string) => fields[kind].safeParse(text).error?.issues[0]?.message;
const bounds: Record<EditKind, number> = {
  post: LIMITS.postBody,
  poll: LIMITS.pollQuestion,
  comment: LIMITS.commentBody,
};

describe.each(['post', 'poll', 'comment'] as const)('an edited %s', (kind) => {
  it('is checked in the edit box as the server checks it, around both bounds', () => {
    const max = bounds[kind];
    const padded = fc
      .tuple(fc.constantFrom('', ' ', '\n '), fc.nat({ max: 2 }), fc.constantFrom('', '\t'))
      .map(([before, extra, after]) => `${before}${'é'.repeat(max - 1 + extra)}${after}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('', '   '), padded), (text) => {
        expect(editTextIssue(kind, text)).toBe(serverIssue(kind, text));
      }),
      { numRuns: 200 },
    );
  });
});
