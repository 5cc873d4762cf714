/**
 * The forms of the charts: field errors (one message per field, from the shared zod schemas), the
 * editing ⇄ invalid pair every form step has, and how the create forms' sending ends.
 */
import type { z } from 'zod';
import { afterCreate, type CreateRoomContext } from '../domain/roomRoutes.ts';
import { say, sayServer } from './notices.ts';

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

/** A plain form's edits: a field change, which from `invalid` goes back to `editing`. */
const fieldEdits = (back?: 'editing') => ({ 'field.change': { target: back, actions: setField } });

/**
 * A form's `editing` and `invalid` states: `edits(back)` is what editing does in both (from `invalid`,
 * with `back` as target where an edit clears the refusal); a valid submit goes to `next`, an invalid one
 * shows the errors and the submit stays refused until something is edited.
 */
export const formStates = <E extends object, G extends string, A extends string>(
  edits: (back?: 'editing') => E,
  isValid: G,
  next: string,
  showErrors: A,
) => ({
  editing: {
    on: {
      ...edits(),
      'form.submit': [
        { guard: isValid, target: next },
        { target: 'invalid', actions: showErrors },
      ],
    },
  },
  invalid: { tags: ['invalid' as const], on: edits('editing') },
});

/** A form step whose only edit is a field change (the auth forms). */
export const editingStates = <G extends string, A extends string>(isValid: G, next: string, showErrors: A) =>
  formStates(fieldEdits, isValid, next, showErrors);

/** One message per field: the first issue the schema gives for it. */
export function errorsByField<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[] = [],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as F | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * How sending a create form ends (post and poll): success is announced, the form is cleared and the
 * user goes back where the modal was opened (`afterCreate`: the room, else home); a failure tells the
 * server's message or the fallback. The form is editable again either way. With `noticeId` the
 * outcome replaces the loading toast of that id.
 */
export const sendOutcome = (
  kind: 'post' | 'poll',
  texts: { done: string; failed: string },
  noticeId?: string,
) =>
  ({
    onDone: {
      target: 'editing',
      actions: [
        say('success', texts.done, noticeId),
        'clearForm',
        {
          type: 'navigate',
          params: ({ context }: { context: { room: CreateRoomContext | null } }) =>
            afterCreate(context.room, kind),
        },
      ],
    },
    onError: { target: 'editing', actions: sayServer(texts.failed, noticeId) },
  }) as const;
