/**
 * Hiding someone else's post or poll from one's feeds (docs/api.md "Safety"): 'hide.request' asks
 * the server; once it agrees the card is gone from the list (tag `hidden`: the card draws nothing)
 * and the toast 'Hidden from your feeds.' offers Undo, which sends 'hide.undo': the server is asked
 * to show it again and the card comes back. A refusal is the server's message and nothing changes.
 *
 * Tags: `hidden` (the card is not drawn), `busy` (a call is on its way).
 */
import { enqueueActions, fromPromise, setup } from 'xstate';
import { HTTP_ERRORS } from '../domain/messages.ts';
import { type HideKind, SAFETY } from '../domain/safety.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { serverText } from './failure.ts';
import { sayServer } from './notices.ts';

export interface HideItemInput {
  kind: HideKind;
  id: string;
}

export type HideItemEvent = { type: 'hide.request' } | { type: 'hide.undo' };

/** The one toast of an item's hiding: its Undo and what follows replace it. */
export const hideNoticeId = ({ kind, id }: HideItemInput) => `hide-${kind}-${id}`;

export const hideItemMachine = setup({
  types: {
    context: {} as HideItemInput,
    events: {} as HideItemEvent,
    input: {} as HideItemInput,
    tags: {} as 'hidden' | 'busy',
  },
  actors: {
    hideItem: fromPromise<unknown, HideItemInput>(async () => notProvided('hideItem', 'hideItem')),
    unhideItem: fromPromise<unknown, HideItemInput>(async () => notProvided('hideItem', 'unhideItem')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
  },
}).createMachine({
  id: 'hideItem',
  context: ({ input }) => ({ kind: input.kind, id: input.id }),
  initial: 'shown',
  states: {
    shown: {
      on: { 'hide.request': { target: 'hiding' } },
    },
    hiding: {
      tags: ['busy'],
      invoke: {
        id: 'hideItem',
        src: 'hideItem',
        input: ({ context }) => ({ kind: context.kind, id: context.id }),
        onDone: {
          target: 'hidden',
          // 'Hidden from your feeds.' with Undo, which tells this chart 'hide.undo'.
          actions: enqueueActions(({ context, self, enqueue }) => {
            enqueue({
              type: 'notify',
              params: {
                kind: 'success',
                text: SAFETY.hidden,
                id: hideNoticeId(context),
                action: { label: SAFETY.undo, run: () => self.send({ type: 'hide.undo' }) },
              },
            });
          }),
        },
        onError: { target: 'shown', actions: sayServer(HTTP_ERRORS.network) },
      },
    },
    hidden: {
      tags: ['hidden'],
      on: { 'hide.undo': { target: 'unhiding' } },
    },
    unhiding: {
      tags: ['hidden', 'busy'],
      invoke: {
        id: 'unhideItem',
        src: 'unhideItem',
        input: ({ context }) => ({ kind: context.kind, id: context.id }),
        onDone: {
          target: 'shown',
          actions: {
            type: 'notify',
            params: ({ context }) => ({ kind: 'success', text: SAFETY.unhidden, id: hideNoticeId(context) }),
          },
        },
        onError: {
          target: 'hidden',
          actions: {
            type: 'notify',
            params: ({ context, event }) => ({
              kind: 'error',
              text: serverText(event.error, HTTP_ERRORS.network),
              id: hideNoticeId(context),
            }),
          },
        },
      },
    },
  },
});
