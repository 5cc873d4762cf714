/**
 * References to the effect actions the charts declare (`notify`, `navigate`, see effects.ts), written
 * once: a toast with a fixed text, the server's own message of a failure or of a success, a redirect.
 */
import type { Notice } from './effects.ts';
import { serverText } from './failure.ts';

/** With `id` a toast replaces the earlier one of that id (a loading toast by its outcome). */
const withId = (id: string | undefined) => (id === undefined ? {} : { id });

/** A toast with a fixed text. */
export const say = (kind: Notice['kind'], text: string, id?: string) => ({
  type: 'notify' as const,
  params: { kind, text, ...withId(id) },
});

/** An error toast with the server's message of the failure that ended the invoked call, or `fallback`. */
export const sayServer = (fallback: string, id?: string) => ({
  type: 'notify' as const,
  params: ({ event }: { event: { error: unknown } }): Notice => ({
    kind: 'error',
    text: serverText(event.error, fallback),
    ...withId(id),
  }),
});

/** A success toast with the `msg` the invoked call answered. */
export const sayOutput = (id?: string) => ({
  type: 'notify' as const,
  params: ({ event }: { event: { output: { msg: string } } }): Notice => ({
    kind: 'success',
    text: event.output.msg,
    ...withId(id),
  }),
});

/** A redirect. */
export const go = (to: string) => ({ type: 'navigate' as const, params: { to } });

/** Starts the session of the account an invoked call answered for (its output carries the e-mail). */
export const startSessionFromOutput = {
  type: 'startSession' as const,
  params: ({ event }: { event: { output: { email: string } } }) => ({ email: event.output.email }),
};
