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

/**
 * The first string in `value` (walking objects and arrays, keys before values) that is not storable
 * text, with its path. The walk keeps its own stack: a 1 MB JSON body can nest half a million levels
 * deep, which a recursive walk would answer with a stack overflow (a 500).
 */
export function textIssue(value: unknown, path: (string | number)[] = []): string | null {
  interface Step {
    value: unknown;
    key: string | number | null;
    parent: Step | null;
  }
  const pathOf = (step: Step) => {
    const keys: (string | number)[] = [];
    for (let s: Step | null = step; s; s = s.parent) if (s.key !== null) keys.push(s.key);
    return [...path, ...keys.reverse()];
  };
  const stack: Step[] = [{ value, key: null, parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const current = step.value;
    if (typeof current === 'string') {
      const problem = stringProblem(current);
      if (!problem) continue;
      const field = pathOf(step).join('.');
      return field ? `${field}: ${problem}` : problem;
    }
    // Pushed in reverse, so that the first entry is looked at first.
    const children: Step[] = [];
    if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) children.push({ value: item, key: index, parent: step });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const entry: Step = { value: null, key, parent: step };
        children.push({ value: key, key: null, parent: entry }, { value: item, key, parent: step });
      }
    }
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as Step);
  }
  return null;
}

function stringProblem(value: string): string | null {
  if (value.includes(NUL)) return VALIDATION.nulCharacter;
  return LONE_SURROGATE.test(value) ? VALIDATION.malformedText : null;
}
