/**
 * References to the effect actions every auth chart declares (`notify`, `navigate`, see effects.ts),
 * written once: a toast with a fixed text, the server's own message of a failure, a redirect.
 */
import type { Notice } from './effects.ts';
import { failureOf } from './failure.ts';

/** A toast with a fixed text. */
export const say = (kind: Notice['kind'], text: string) => ({
  type: 'notify' as const,
  params: { kind, text },
});

/** An error toast with the message of the failure that ended the invoked call, or `fallback` when it has none. */
export const sayServer = (fallback: string) => ({
  type: 'notify' as const,
  params: ({ event }: { event: { error: unknown } }): Notice => ({
    kind: 'error',
    text: failureOf(event.error).message || fallback,
  }),
});

/** A redirect. */
export const go = (to: string) => ({ type: 'navigate' as const, params: { to } });

/** Starts the session of the account an invoked call answered for (its output carries the e-mail). */
export const startSessionFromOutput = {
  type: 'startSession' as const,
  params: ({ event }: { event: { output: { email: string } } }) => ({ email: event.output.email }),
};
