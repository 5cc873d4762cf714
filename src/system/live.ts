/**
 * The live stream in the one actor system (issue 20): the `stream` the events actor invokes (the
 * platform's event stream at EVENTS_PATH, its events made typed), and how screen actors take part:
 * `watchLive` tells the events actor what the screen shows while it runs, `followLive` hears what the
 * events actor emits and tells its parent, in the parent's own events, what concerns it.
 */
import { type AnyActorRef, type EventObject, fromCallback } from 'xstate';
import { EVENTS_PATH, LIVE_EVENT_NAMES, type LiveEvent, type Watch, watchParam } from '../domain/live.ts';
import type { EventsEvent, LiveEmitted, StreamInput } from '../machines/events.machine.ts';
import type { EventsActorRef } from './appActors.ts';
import type { Platform } from './platform.ts';

/** The stream's address: what is watched and where to resume, when there is either. */
export function streamUrl({ watch, lastEventId }: StreamInput): string {
  const query = new URLSearchParams();
  if (watch) query.set('watch', watchParam(watch));
  if (lastEventId !== null) query.set('lastEventId', lastEventId);
  const text = query.toString();
  return text ? `${EVENTS_PATH}?${text}` : EVENTS_PATH;
}

const isLiveEventName = (name: string): name is LiveEvent['name'] =>
  (LIVE_EVENT_NAMES as readonly string[]).includes(name);

/** One event as the stream delivered it; null when it is none of ours or its data is not JSON. */
export function liveEventOf(name: string, id: string, data: string): LiveEvent | null {
  if (!isLiveEventName(name)) return null;
  try {
    // The server writes the data from the same types (src/domain/live.ts).
    return { name, id, data: JSON.parse(data) } as LiveEvent;
  } catch {
    return null;
  }
}

/** The events chart's `stream`: open while invoked, each event sent back typed. */
export const liveStream = (platform: Platform) =>
  fromCallback<EventObject, StreamInput>(({ input, sendBack }) => {
    const tell = (event: EventsEvent) => sendBack(event);
    return platform.openEventStream(streamUrl(input), LIVE_EVENT_NAMES, {
      event: (name, id, data) => {
        const event = liveEventOf(name, id, data);
        if (!event) platform.log('live stream: unreadable event', { name, data });
        else if (event.name === 'ready') tell({ type: 'stream.ready', id: event.id });
        else tell({ type: 'stream.message', message: event });
      },
      error: () => tell({ type: 'stream.error' }),
    });
  });

const eventsOf = (system: { get(id: string): AnyActorRef | undefined }) =>
  system.get('events') as EventsActorRef | undefined;

/**
 * A watcher's name: the ids from the app's child down to the callback. A screen's data actor is
 * named by its component's `useId()` (hooks.ts), so the watch a server-rendered screen left in the
 * events actor's snapshot has the name the browser's restored screen gives it, and leaving the screen
 * removes it (a session id differs between the server and the browser).
 */
function ownerOf(self: AnyActorRef): string {
  const ids: string[] = [];
  for (let actor: AnyActorRef | undefined = self; actor?._parent; actor = actor._parent)
    ids.unshift(actor.id);
  return ids.join('/');
}

/** While invoked, the events actor watches `input.watch` for this screen. */
export const watchLive = fromCallback<EventObject, { watch: Watch }>(({ input, system, self }) => {
  const events = eventsOf(system);
  if (!events) return undefined;
  const owner = ownerOf(self);
  events.send({ type: 'watch.add', watch: input.watch, owner });
  return () => {
    // The app may be stopping with all its actors.
    if (events.getSnapshot().status === 'active') events.send({ type: 'watch.remove', owner });
  };
});

/** Sends the parent `toEvent(emitted, input)` for each event the events actor emits, when not null. */
export function followLive<TInput, E extends EventObject>(
  toEvent: (emitted: LiveEmitted, input: TInput) => E | null,
) {
  return fromCallback<EventObject, TInput>(({ input, system, sendBack }) => {
    const events = eventsOf(system);
    if (!events) return undefined;
    const subscription = events.on('*', (emitted) => {
      const event = toEvent(emitted, input);
      if (event) sendBack(event);
    });
    return () => subscription.unsubscribe();
  });
}

/** What a screen hears when the stream missed too much: `live.reload`, to load its data again. */
export const followReload = followLive((emitted) =>
  emitted.type === 'live.reload' ? { type: 'live.reload' as const } : null,
);
