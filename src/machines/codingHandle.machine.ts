/**
 * One coding-site handle of the settings page (spec §2 Settings, §4 Settings, §8 Problem-solving link):
 * the LeetCode handle (`leetcode`) or the Codeforces handle (`codeforces`, kept as its rank), each with
 * its show-on-profile toggle. Two regions:
 *
 * - `handle`: the typed handle is linked with the provided `link` (checked on the coding site by the
 *   server). A malformed handle, or one the site does not know (404), is refused inline ('Invalid
 *   username'; a 400 shows the server's words) and linking waits for the next edit; any other failure
 *   toasts 'Server Issue', with the reason when the server gives one: the site could not be reached
 *   (502, 504) or is rate-limiting (503, or Quad's own 429). A handle already linked, or none, cannot
 *   be linked.
 * - `visibility`: the toggle changes the session user at once (`userChanged`) and persists with
 *   `setVisibility`; a failure flips it back and is only logged. Nothing to show before a link.
 *
 * Tags: `busy` (linking), `invalid` (refused handle), `toggling` (the toggle is being saved).
 */
import { and, assign, fromPromise, not, setup } from 'xstate';
import type { UserInfo } from '../domain/entities.ts';
import { SETTINGS, STATS } from '../domain/peopleMessages.ts';
import { codeforcesHandleSchema, leetcodeHandleSchema } from '../domain/userValidation.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { failed, failedWith, fieldRefusal, serverText } from './failure.ts';
import { firstIssue } from './forms.ts';
import type { UserPatch } from './settings.machine.ts';

export type HandleKind = 'leetcode' | 'codeforces';

/** The sites' names as people know them. */
export const SITE_NAMES: Record<HandleKind, string> = { leetcode: 'LeetCode', codeforces: 'Codeforces' };

/** The 'Server Issue' toast with why: `reason` of the site that failed. */
const serverIssue = (reason: (site: string) => string) => ({
  type: 'notify' as const,
  params: ({ context }: { context: { kind: HandleKind } }): Notice => ({
    kind: 'error',
    text: `${STATS.serverIssue}: ${reason(SITE_NAMES[context.kind])}`,
  }),
});

export interface CodingHandleInput {
  kind: HandleKind;
  /** What the user has: the LeetCode handle, or the Codeforces rank (that handle is not kept). */
  linked: string | null;
  /** Whether the profile shows it (showLC / showCf). */
  shown: boolean;
}

export interface CodingHandleContext extends CodingHandleInput {
  /** The handle as typed. */
  handle: string;
  /** The handle last linked, if known: linking it again would change nothing. */
  savedHandle: string | null;
  /** Why the handle was refused. */
  error: string | null;
}

export type CodingHandleEvent =
  | { type: 'handle.change'; value: string }
  | { type: 'handle.link' }
  | { type: 'visibility.toggle' };

/** Per site: its handle rule, the user fields it changes, and the name of the link's body field. */
const HANDLE_SITES = {
  leetcode: { schema: leetcodeHandleSchema, linked: 'leetcode', shown: 'showLC', bodyField: 'lcusername' },
  codeforces: {
    schema: codeforcesHandleSchema,
    linked: 'codeforces',
    shown: 'showCf',
    bodyField: 'cfusername',
  },
} as const;

/** The chart's input for one site, from the session user. */
export function codingHandleInput(kind: HandleKind, user: UserInfo): CodingHandleInput {
  const site = HANDLE_SITES[kind];
  return { kind, linked: user[site.linked], shown: user[site.shown] };
}

const typed = (context: CodingHandleContext) => context.handle.trim();
const linkedPatch = (context: CodingHandleContext, linked: string): UserPatch => ({
  [HANDLE_SITES[context.kind].linked]: linked,
});
/** The server's words when it refuses the handle (400), without the body field's name. */
const serverRefusal = (context: CodingHandleContext, error: unknown): string =>
  fieldRefusal(error, [HANDLE_SITES[context.kind].bodyField])?.message ??
  serverText(error, STATS.handleInvalid);
const shownPatch = (context: CodingHandleContext, shown: boolean): UserPatch => ({
  [HANDLE_SITES[context.kind].shown]: shown,
});

export const codingHandleMachine = setup({
  types: {
    input: {} as CodingHandleInput,
    context: {} as CodingHandleContext,
    events: {} as CodingHandleEvent,
    tags: {} as 'busy' | 'invalid' | 'toggling',
  },
  actors: {
    /** Links the handle; answers what the user now has (the handle, or the rank). */
    link: fromPromise<{ linked: string }, { handle: string }>(async () =>
      notProvided('codingHandle', 'link'),
    ),
    setVisibility: fromPromise<unknown, { shown: boolean }>(async () =>
      notProvided('codingHandle', 'setVisibility'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    /** The session user changed: the app patches it. */
    userChanged: (_, _params: UserPatch) => noEffect(),
    setHandle: assign((_, params: { value: string }) => ({ handle: params.value, error: null })),
    refuse: assign((_, params: { error: string }) => ({ error: params.error })),
    setLinked: assign(({ context }, params: { linked: string }) => ({
      linked: params.linked,
      savedHandle: typed(context),
    })),
    setShown: assign((_, params: { shown: boolean }) => ({ shown: params.shown })),
  },
  guards: {
    failedWith,
    /** Something new to link: not empty, not the handle linked last. */
    isNewHandle: ({ context }) => typed(context) !== '' && typed(context) !== context.savedHandle,
    isWellFormed: ({ context }) =>
      firstIssue(HANDLE_SITES[context.kind].schema, context.handle) === undefined,
    isLinked: ({ context }) => context.linked !== null,
  },
}).createMachine({
  id: 'codingHandle',
  context: ({ input }) => {
    const handle = input.kind === 'leetcode' ? (input.linked ?? '') : '';
    return { ...input, handle, savedHandle: handle || null, error: null };
  },
  type: 'parallel',
  states: {
    handle: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'handle.change': { actions: { type: 'setHandle', params: ({ event }) => event } },
            'handle.link': [
              {
                guard: and(['isNewHandle', not('isWellFormed')]),
                target: 'invalid',
                actions: {
                  type: 'refuse',
                  params: ({ context }) => ({
                    error:
                      firstIssue(HANDLE_SITES[context.kind].schema, context.handle) ?? STATS.handleInvalid,
                  }),
                },
              },
              { guard: 'isNewHandle', target: 'linking' },
            ],
          },
        },
        invalid: {
          tags: ['invalid'],
          on: {
            'handle.change': {
              target: 'editing',
              actions: { type: 'setHandle', params: ({ event }) => event },
            },
          },
        },
        linking: {
          tags: ['busy'],
          invoke: {
            id: 'link',
            src: 'link',
            input: ({ context }) => ({ handle: typed(context) }),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'setLinked', params: ({ event }) => event.output },
                {
                  type: 'userChanged',
                  params: ({ context, event }) => linkedPatch(context, event.output.linked),
                },
                { type: 'notify', params: { kind: 'success', text: SETTINGS.updated } },
              ],
            },
            onError: [
              {
                guard: failed(404),
                target: 'invalid',
                actions: { type: 'refuse', params: { error: STATS.invalidUsername } },
              },
              {
                guard: failed(400),
                target: 'invalid',
                actions: {
                  type: 'refuse',
                  params: ({ context, event }) => ({
                    error: serverRefusal(context, event.error),
                  }),
                },
              },
              { guard: failed(502), target: 'editing', actions: serverIssue(STATS.reasonUnreachable) },
              { guard: failed(504), target: 'editing', actions: serverIssue(STATS.reasonUnreachable) },
              { guard: failed(503), target: 'editing', actions: serverIssue(STATS.reasonRateLimited) },
              { guard: failed(429), target: 'editing', actions: serverIssue(STATS.reasonRateLimited) },
              {
                target: 'editing',
                actions: { type: 'notify', params: { kind: 'error', text: STATS.serverIssue } },
              },
            ],
          },
        },
      },
    },
    visibility: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'visibility.toggle': {
              guard: 'isLinked',
              target: 'saving',
              actions: [
                { type: 'setShown', params: ({ context }) => ({ shown: !context.shown }) },
                { type: 'userChanged', params: ({ context }) => shownPatch(context, context.shown) },
              ],
            },
          },
        },
        saving: {
          tags: ['toggling'],
          invoke: {
            id: 'setVisibility',
            src: 'setVisibility',
            input: ({ context }) => ({ shown: context.shown }),
            onDone: { target: 'idle' },
            onError: {
              target: 'idle',
              actions: [
                { type: 'setShown', params: ({ context }) => ({ shown: !context.shown }) },
                { type: 'userChanged', params: ({ context }) => shownPatch(context, context.shown) },
                {
                  type: 'log',
                  params: ({ event }) => ({ message: 'visibility toggle failed', error: event.error }),
                },
              ],
            },
          },
        },
      },
    },
  },
});
