/**
 * Crisis help for an author (docs/moderation.md): when a post or poll the viewer wrote matched the
 * crisis keywords or was reported for self-harm (`crisisHelp`), its page shows the campus resources
 * under it. They are asked for once ('safety/resources'); a failure is only logged and the card stays
 * away.
 *
 * Tags: `loading` (the resources are on their way).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CrisisResource } from '../domain/safety.ts';
import { noEffect, notProvided } from './effects.ts';

export interface CrisisResourcesContext {
  resources: CrisisResource[];
}

export const crisisResourcesMachine = setup({
  types: {
    context: {} as CrisisResourcesContext,
    tags: {} as 'loading',
  },
  actors: {
    fetchResources: fromPromise<CrisisResource[]>(async () =>
      notProvided('crisisResources', 'fetchResources'),
    ),
  },
  actions: {
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    setResources: assign((_, params: { resources: CrisisResource[] }) => ({ resources: params.resources })),
  },
}).createMachine({
  id: 'crisisResources',
  context: { resources: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchResources',
        src: 'fetchResources',
        onDone: {
          target: 'shown',
          actions: { type: 'setResources', params: ({ event }) => ({ resources: event.output }) },
        },
        onError: {
          target: 'unavailable',
          actions: {
            type: 'log',
            params: ({ event }) => ({ message: 'crisis resources failed', error: event.error }),
          },
        },
      },
    },
    shown: {},
    unavailable: {},
  },
});
