/**
 * Deleting one's account from the settings page (spec §2 Settings, §4 Settings, §8 Account delete):
 * two clicks. The first (`delete.arm`) shows the warning and the button reads 'Again Click to
 * Confirm'; the second (`delete.confirm`) deletes with the provided `deleteAccount`. Success toasts
 * 'Account Deleted', ends the session (`endSession`) and goes home; a failure toasts 'Server Issue'
 * and the page says 'Try Again Later' until the next try. `delete.cancel` disarms.
 *
 * Tags: `armed` (the warning is shown), `busy` (deleting), `failed` (the last try failed).
 */
import { fromPromise, setup } from 'xstate';
import { SETTINGS } from '../domain/peopleMessages.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';

export type AccountDeletionEvent =
  | { type: 'delete.arm' }
  | { type: 'delete.cancel' }
  | { type: 'delete.confirm' };

export const accountDeletionMachine = setup({
  types: {
    events: {} as AccountDeletionEvent,
    tags: {} as 'armed' | 'busy' | 'failed',
  },
  actors: {
    deleteAccount: fromPromise<unknown>(async () => notProvided('accountDeletion', 'deleteAccount')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    navigate: (_, _params: Navigation) => noEffect(),
    /** The account is gone: the app forgets the session. */
    endSession: () => noEffect(),
  },
}).createMachine({
  id: 'accountDeletion',
  initial: 'idle',
  states: {
    idle: { on: { 'delete.arm': { target: 'armed' } } },
    armed: {
      tags: ['armed'],
      on: { 'delete.confirm': { target: 'deleting' }, 'delete.cancel': { target: 'idle' } },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        onDone: {
          target: 'deleted',
          actions: [
            { type: 'notify', params: { kind: 'success', text: SETTINGS.accountDeleted } },
            'endSession',
            { type: 'navigate', params: { to: '/', replace: true } },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'notify', params: { kind: 'error', text: SETTINGS.deleteFailed } },
        },
      },
    },
    failed: { tags: ['failed'], on: { 'delete.arm': { target: 'armed' } } },
    deleted: { type: 'final' },
  },
});
