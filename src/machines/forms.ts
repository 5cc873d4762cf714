/**
 * The forms of the auth charts: field errors (one message per field, from the shared zod schemas) and
 * the editing ⇄ invalid pair every form step has.
 */
import type { z } from 'zod';

/** The errors without the one of a field just edited. */
export function withoutError<E extends object>(errors: E, field: keyof E): E {
  const { [field]: _edited, ...rest } = errors;
  return rest as E;
}

/** The first message the schema gives for the value, if it rejects it. */
export const firstIssue = (schema: z.ZodType, value: unknown): string | undefined =>
  schema.safeParse(value).error?.issues[0]?.message;

/** Takes the typed value of a field (a `field.change` event) with the `setField` action. */
export const setField = {
  type: 'setField' as const,
  params: <E extends { field: string; value: string }>({ event }: { event: E }) => event,
};

/**
 * A form step's `editing` and `invalid` states: a valid submit goes to `next`; an invalid one shows the
 * errors and the submit stays refused until a field is edited.
 */
export const editingStates = <G extends string, A extends string>(
  isValid: G,
  next: string,
  showErrors: A,
) => ({
  editing: {
    on: {
      'field.change': { actions: setField },
      'form.submit': [
        { guard: isValid, target: next },
        { target: 'invalid', actions: showErrors },
      ],
    },
  },
  invalid: {
    tags: ['invalid'],
    on: { 'field.change': { target: 'editing', actions: setField } },
  },
});
