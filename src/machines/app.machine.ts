/**
 * The app: the root of the one actor system (DESIGN.md §3). While the app is mounted it runs the
 * long-lived actors as children, each under a systemId the others reach it by: the session, the
 * notifications panel, the top bar's search, the welcome overlay, the side navigation's room lists and
 * the live event stream (`events`).
 * `rateLimitNotices` tells the person when the server's request-rate limit refuses a request, whichever
 * flow sent it. Screen actors join the same system with the app as their parent (src/system/hooks.ts).
 */
import { fromCallback, setup } from 'xstate';
import { eventsMachine } from './events.machine.ts';
import { notificationsPanelMachine } from './notificationsPanel.machine.ts';
import { roomListsMachine } from './roomLists.machine.ts';
import { searchMachine } from './search.machine.ts';
import { sessionMachine } from './session.machine.ts';
import { welcomeMachine } from './welcome.machine.ts';

export interface AppInput {
  /** Whether this browser has seen the app before (the welcome overlay stays hidden). */
  visited: boolean;
}

/** The systemIds of the app's long-lived actors. */
export const APP_ACTORS = [
  'session',
  'notificationsPanel',
  'search',
  'welcome',
  'roomLists',
  'events',
] as const;

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppInput,
  },
  actors: {
    session: sessionMachine,
    notificationsPanel: notificationsPanelMachine,
    search: searchMachine,
    welcome: welcomeMachine,
    roomLists: roomListsMachine,
    events: eventsMachine,
    rateLimitNotices: fromCallback(() => undefined),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ visited: input.visited }),
  invoke: [
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'notificationsPanel', systemId: 'notificationsPanel', src: 'notificationsPanel' },
    { id: 'search', systemId: 'search', src: 'search' },
    {
      id: 'welcome',
      systemId: 'welcome',
      src: 'welcome',
      input: ({ context }) => ({ visited: context.visited }),
    },
    { id: 'roomLists', systemId: 'roomLists', src: 'roomLists', input: { viewerId: null } },
    // After the session: it follows the session and tells it what the stream brings.
    { id: 'events', systemId: 'events', src: 'events' },
    { id: 'rateLimitNotices', src: 'rateLimitNotices' },
  ],
});
