/**
 * The live event stream of a signed-in tab (issue 20; src/domain/live.ts, `GET /api/events`). Off while
 * no one is signed in (`followViewer` tells). Signed in, it opens the `stream` for what the screens
 * watch and the last event id it saw; the stream is `open` once the server says `ready`. An error, or
 * no `ready` within CONNECT_TIMEOUT, is a failure: it waits (RECONNECT: 1 s, doubling, up to 30 s) and
 * connects again, resuming where it stopped; after FAILURES_BEFORE_POLLING failures in a row it leaves
 * the stream for STREAM_RETRY (a proxy may be blocking it) and the session polls meanwhile.
 *
 * The session is told when the stream opens (`streamOpened`: its 30 s poll stops) and each time it is
 * lost (`streamLost`: it fetches once and polls again). A `notification` goes to the session
 * (`deliverNotification`); `reload` (the server no longer holds what was missed) refreshes the
 * session's list (`refreshNotifications`) and is emitted as `live.reload`; every other event is emitted
 * as `live.<name>` for the screens' actors (src/system/live.ts `followLive`).
 *
 * Screens say what they show with `watch.add` {watch, owner} and `watch.remove` {owner}: the newest
 * still present is watched, and an open or opening stream reconnects when that changes.
 *
 * Tags: `live` while the stream is open, `polling` while it is given up for STREAM_RETRY.
 */
import { assign, type EventObject, emit, fromCallback, setup } from 'xstate';
import type { Notification } from '../domain/entities.ts';
import {
  LIVE_DELAYS,
  type LiveEvent,
  type LiveEventName,
  type LiveEvents,
  reconnectDelay,
  type Watch,
  watchParam,
} from '../domain/live.ts';
import { followsNobody, noEffect, notProvided } from './effects.ts';

/** What the stream is opened with. */
export interface StreamInput {
  watch: Watch | null;
  lastEventId: string | null;
}

/** An event of the stream other than `ready`. */
export type LiveMessage = Exclude<LiveEvent, { name: 'ready' }>;

type EmittedName = Exclude<LiveEventName, 'ready' | 'notification'>;
/** What the chart emits for the screens: `live.post.tally`, ..., `live.reload`, with the event's data. */
export type LiveEmitted = {
  // `reload` carries nothing (its data is an empty object)
  [K in EmittedName]: { type: `live.${K}` } & (K extends 'reload' ? unknown : LiveEvents[K]);
}[EmittedName];

interface Watcher {
  owner: string;
  watch: Watch;
}

export interface EventsContext {
  /** The screens' watches, oldest first: the last one is watched. */
  watchers: Watcher[];
  /** The id of the last event seen, sent when the stream is opened again. */
  lastEventId: string | null;
  /** Failed connects in a row, counted up to FAILURES_BEFORE_POLLING. */
  failures: number;
}

export type EventsEvent =
  /** Someone signed in or out. */
  | { type: 'viewer.change'; signedIn: boolean }
  /** A screen shows this post, poll or room (`owner`: the screen's watcher). */
  | { type: 'watch.add'; watch: Watch; owner: string }
  | { type: 'watch.remove'; owner: string }
  /** The stream said `ready`. */
  | { type: 'stream.ready'; id: string }
  | { type: 'stream.message'; message: LiveMessage }
  /** The stream failed or was closed by the server. */
  | { type: 'stream.error' };

/** What is watched: the newest watch still present. */
export const watchOf = (watchers: readonly Watcher[]): Watch | null => watchers.at(-1)?.watch ?? null;

const keyOf = (watch: Watch | null) => (watch ? watchParam(watch) : null);

function addWatcher(watchers: readonly Watcher[], watcher: Watcher): Watcher[] {
  return [...watchers.filter((w) => w.owner !== watcher.owner), watcher];
}

const removeWatcher = (watchers: readonly Watcher[], owner: string): Watcher[] =>
  watchers.filter((w) => w.owner !== owner);

/** The event the screens hear for a message of the stream (a notification goes to the session instead). */
function emittedOf(message: LiveMessage): LiveEmitted {
  if (message.name === 'notification') throw new Error('events machine: notifications are not emitted');
  return { type: `live.${message.name}`, ...message.data } as LiveEmitted;
}

function notificationOf(message: LiveMessage): Notification {
  if (message.name !== 'notification') throw new Error(`events machine: ${message.name} is no notification`);
  return message.data;
}

const remember = {
  type: 'remember' as const,
  params: ({ event }: { event: { message: LiveMessage } }) => ({ id: event.message.id }),
};
const emitLive = {
  type: 'emitLive' as const,
  params: ({ event }: { event: { message: LiveMessage } }) => ({ emitted: emittedOf(event.message) }),
};

const failure = ['countFailure' as const, 'streamLost' as const];

export const eventsMachine = setup({
  types: {
    context: {} as EventsContext,
    events: {} as EventsEvent,
    emitted: {} as LiveEmitted,
    tags: {} as 'live' | 'polling',
  },
  actors: {
    stream: fromCallback<EventObject, StreamInput>(() => notProvided('events', 'stream')),
    followViewer: followsNobody(),
  },
  actions: {
    /** The session stops polling: notifications arrive as they are made. */
    streamOpened: () => noEffect(),
    /** The session fetches once and polls again. */
    streamLost: () => noEffect(),
    deliverNotification: (_, _params: { notification: Notification }) => noEffect(),
    refreshNotifications: () => noEffect(),
    emitLive: emit((_, params: { emitted: LiveEmitted }) => params.emitted),
    addWatcher: assign(({ context }, params: Watcher) => ({
      watchers: addWatcher(context.watchers, params),
    })),
    removeWatcher: assign(({ context }, params: { owner: string }) => ({
      watchers: removeWatcher(context.watchers, params.owner),
    })),
    remember: assign((_, params: { id: string }) => ({ lastEventId: params.id })),
    countFailure: assign(({ context }) => ({
      failures: Math.min(context.failures + 1, LIVE_DELAYS.FAILURES_BEFORE_POLLING),
    })),
    resetFailures: assign({ failures: 0 }),
    /** A new viewer starts afresh: nothing of the last one's stream is resumed. */
    forgetStream: assign({ lastEventId: null, failures: 0 }),
  },
  guards: {
    isSignedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    isSignedOut: (_, params: { signedIn: boolean }) => !params.signedIn,
    tooManyFailures: ({ context }) => context.failures >= LIVE_DELAYS.FAILURES_BEFORE_POLLING,
    isNotification: (_, params: { message: LiveMessage }) => params.message.name === 'notification',
    isReload: (_, params: { message: LiveMessage }) => params.message.name === 'reload',
    addChangesWatch: ({ context }, params: Watcher) =>
      keyOf(watchOf(context.watchers)) !== keyOf(watchOf(addWatcher(context.watchers, params))),
    removeChangesWatch: ({ context }, params: { owner: string }) =>
      keyOf(watchOf(context.watchers)) !== keyOf(watchOf(removeWatcher(context.watchers, params.owner))),
  },
  delays: {
    CONNECT_TIMEOUT: LIVE_DELAYS.CONNECT_TIMEOUT,
    RECONNECT: ({ context }) => reconnectDelay(context.failures),
    STREAM_RETRY: LIVE_DELAYS.STREAM_RETRY,
  },
}).createMachine({
  id: 'events',
  context: { watchers: [], lastEventId: null, failures: 0 },
  initial: 'signedOut',
  invoke: { id: 'followViewer', src: 'followViewer' },
  on: {
    'watch.add': {
      actions: { type: 'addWatcher', params: ({ event }) => ({ watch: event.watch, owner: event.owner }) },
    },
    'watch.remove': {
      actions: { type: 'removeWatcher', params: ({ event }) => ({ owner: event.owner }) },
    },
  },
  states: {
    signedOut: {
      on: {
        'viewer.change': {
          guard: { type: 'isSignedIn', params: ({ event }) => ({ signedIn: event.signedIn }) },
          target: 'signedIn',
        },
      },
    },
    signedIn: {
      initial: 'streaming',
      on: {
        'viewer.change': {
          guard: { type: 'isSignedOut', params: ({ event }) => ({ signedIn: event.signedIn }) },
          target: 'signedOut',
          actions: 'forgetStream',
        },
      },
      states: {
        streaming: {
          invoke: {
            id: 'stream',
            src: 'stream',
            input: ({ context }) => ({ watch: watchOf(context.watchers), lastEventId: context.lastEventId }),
          },
          initial: 'connecting',
          on: {
            'stream.error': { target: 'failed', actions: failure },
            // A new watch: the stream opens again for it, resuming where it stopped.
            'watch.add': {
              guard: {
                type: 'addChangesWatch',
                params: ({ event }) => ({ watch: event.watch, owner: event.owner }),
              },
              target: 'streaming',
              reenter: true,
              actions: {
                type: 'addWatcher',
                params: ({ event }) => ({ watch: event.watch, owner: event.owner }),
              },
            },
            'watch.remove': {
              guard: { type: 'removeChangesWatch', params: ({ event }) => ({ owner: event.owner }) },
              target: 'streaming',
              reenter: true,
              actions: { type: 'removeWatcher', params: ({ event }) => ({ owner: event.owner }) },
            },
          },
          states: {
            connecting: {
              after: { CONNECT_TIMEOUT: { target: '#events.signedIn.failed', actions: failure } },
              on: {
                'stream.ready': {
                  target: 'open',
                  actions: [
                    'resetFailures',
                    { type: 'remember', params: ({ event }) => ({ id: event.id }) },
                    'streamOpened',
                  ],
                },
              },
            },
            open: {
              tags: ['live'],
              on: {
                'stream.message': [
                  {
                    guard: { type: 'isNotification', params: ({ event }) => ({ message: event.message }) },
                    actions: [
                      remember,
                      {
                        type: 'deliverNotification',
                        params: ({ event }) => ({ notification: notificationOf(event.message) }),
                      },
                    ],
                  },
                  {
                    guard: { type: 'isReload', params: ({ event }) => ({ message: event.message }) },
                    actions: [remember, 'refreshNotifications', emitLive],
                  },
                  { actions: [remember, emitLive] },
                ],
              },
            },
          },
        },
        /** Decides between another try soon and a longer rest. */
        failed: {
          always: [{ guard: 'tooManyFailures', target: 'polling' }, { target: 'waiting' }],
        },
        waiting: {
          after: { RECONNECT: { target: 'streaming' } },
        },
        polling: {
          tags: ['polling'],
          after: { STREAM_RETRY: { target: 'streaming' } },
        },
      },
    },
  },
});
