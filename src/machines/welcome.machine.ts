/** The one-time welcome overlay: shown on a first visit and after sign-up, remembered once dismissed. */
import { setup } from 'xstate';
import { noEffect } from './effects.ts';

export const welcomeMachine = setup({
  types: {
    input: {} as { visited: boolean },
    context: {} as { visitedBefore: boolean },
    events: {} as { type: 'welcome.show' } | { type: 'welcome.dismiss' },
    tags: {} as 'visible',
  },
  actions: { rememberVisit: noEffect },
  guards: { isReturningVisitor: ({ context }) => context.visitedBefore },
}).createMachine({
  id: 'welcome',
  context: ({ input }) => ({ visitedBefore: input.visited }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'isReturningVisitor', target: 'hidden' }, { target: 'shown' }],
    },
    shown: {
      tags: ['visible'],
      on: { 'welcome.dismiss': { target: 'hidden', actions: 'rememberVisit' } },
    },
    hidden: {
      on: { 'welcome.show': 'shown' },
    },
  },
});
