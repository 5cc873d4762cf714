/**
 * Text PostgreSQL cannot store or that is not text at all, refused in the one validation layer
 * (validation.ts) before any schema runs: a NUL character (PostgreSQL refuses it in `text`, which
 * answered 500 before) and a lone UTF-16 surrogate (JSON can carry one; it is no character and
 * becomes U+FFFD on the way to the database, silently changing what was sent).
 */
import { VALIDATION } from '../../src/domain/messages.ts';

const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first string in `value` (walking objects and arrays) that is not storable text, with its path. */
export function textIssue(value: unknown, path: (string | number)[] = []): string | null {
  if (typeof value === 'string') {
    const problem = value.includes(NUL)
      ? VALIDATION.nulCharacter
      : LONE_SURROGATE.test(value)
        ? VALIDATION.malformedText
        : null;
    if (!problem) return null;
    const field = path.join('.');
    return field ? `${field}: ${problem}` : problem;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const issue = textIssue(item, [...path, index]);
      if (issue) return issue;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const issue = textIssue(key, [...path, key]) ?? textIssue(item, [...path, key]);
      if (issue) return issue;
    }
  }
  return null;
}
