/**
 * How every machine reads a failed call: the HTTP status and the server's message of an invoked
 * actor's error (the HTTP client's ApiError, or anything else thrown). The `failedWith`
 * guard and the `failed(status)` reference let a chart branch on the status by name.
 */

/** An invoked call's failure as the machines read it: the HTTP status (0 when unknown) and the message. */
export function failureOf(error: unknown): { status: number; message: string } {
  if (error && typeof error === 'object') {
    const { status, message } = error as { status?: unknown; message?: unknown };
    return {
      status: typeof status === 'number' ? status : 0,
      message: typeof message === 'string' ? message : '',
    };
  }
  return { status: 0, message: typeof error === 'string' ? error : '' };
}

/**
 * A refusal worded for a form field, as the server words a failed validation (`'id: * must be an
 * id'`, `field: message`, src/domain/validation.ts `issueMessage`): a chart may place it under its
 * field (`fieldRefusal`), but it is never a screen's or a toast's text.
 */
export function isFieldText(error: unknown): boolean {
  const { status, message } = failureOf(error);
  return status === 400 && /^[A-Za-z_][\w.]*: /.test(message);
}

/**
 * The server's message of a failed call, to show on a screen or in a toast: `fallback` (the flow's
 * own words, as the spec gives them) when it has none or when it is a field's validation text.
 */
export const serverText = (error: unknown, fallback: string) =>
  isFieldText(error) ? fallback : failureOf(error).message || fallback;

/** A screen's error line: the server's message when it may be shown (see `serverText`), else null. */
export const shownError = (error: unknown): string | null => serverText(error, '') || null;

/** The guard to declare in `setup({ guards: { failedWith } })`. */
export const failedWith = (_: unknown, params: { error: unknown; status: number }) =>
  failureOf(params.error).status === params.status;

/** An `onError` guard: the call failed with this HTTP status. */
export const failed = (status: number) => ({
  type: 'failedWith' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, status }),
});

/**
 * A refusal that names one of `fields`, as the server words a 400 (`'bio: * Bio is at most 300
 * characters'`): the field and the message without its name. Null for any other failure.
 */
export function fieldRefusal<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | null {
  const { status, message } = failureOf(error);
  if (status !== 400) return null;
  const field = fields.find((name) => message.startsWith(`${name}: `));
  return field ? { field, message: message.slice(field.length + 2) } : null;
}
