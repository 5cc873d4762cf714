import { describe, expect, it } from 'vitest';
import {
  createActor,
  type EventFrom,
  type EventObject,
  fromCallback,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate';
import type { Notification } from '../../src/domain/entities.ts';
import { LIVE_DELAYS, reconnectDelay, type Watch, watchParam } from '../../src/domain/live.ts';
import {
  eventsMachine,
  type LiveEmitted,
  type LiveMessage,
  type StreamInput,
  watchOf,
} from '../../src/machines/events.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { postId, testComment } from '../support/createFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import {
  describePath,
  type Effect,
  type ExpectedStep,
  executePath,
  generatePaths,
} from '../support/machinePaths.ts';

type Machine = typeof eventsMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { after } = syntheticEvents<Event>();

const post: Watch = { kind: 'post', id: postId };
const room: Watch = { kind: 'room', id: 'r1' };

const notification: Notification = {
  id: 'n1',
  kind: 'commentVote',
  postId,
  pollId: null,
  commentId: 'c1',
  roomId: null,
  title: 'Vote',
  body: 'upvoted your comment!',
  fromUser: 'u2',
  toUser: 'u1',
  isRead: false,
  createdAt: '2025-01-02T00:00:00.000Z',
  user2: { username: 'brave_fox' },
  appeal: null,
};
const comment = testComment({ id: 'c9' });

/** Each message of the stream with what the screens hear of it (null: it goes to the session). */
const messages: { message: LiveMessage; heard: LiveEmitted | null }[] = [
  { message: { name: 'notification', id: '2', data: notification }, heard: null },
  {
    message: { name: 'post.tally', id: '3', data: { postId, upvotes: 4, downvotes: 1 } },
    heard: { type: 'live.post.tally', postId, upvotes: 4, downvotes: 1 },
  },
  {
    message: { name: 'comment.tally', id: '4', data: { postId, commentId: 'c1', upvotes: 2, downvotes: 0 } },
    heard: { type: 'live.comment.tally', postId, commentId: 'c1', upvotes: 2, downvotes: 0 },
  },
  {
    message: { name: 'comment.added', id: '5', data: { comment } },
    heard: { type: 'live.comment.added', comment },
  },
  {
    message: { name: 'comment.deleted', id: '6', data: { postId, commentId: 'c1', kept: true } },
    heard: { type: 'live.comment.deleted', postId, commentId: 'c1', kept: true },
  },
  {
    message: {
      name: 'poll.tally',
      id: '7',
      data: { pollId: 'q1', options: [{ id: 'q1-a', votes: 3 }], totalVotes: 3 },
    },
    heard: { type: 'live.poll.tally', pollId: 'q1', options: [{ id: 'q1-a', votes: 3 }], totalVotes: 3 },
  },
  { message: { name: 'reload', id: '8', data: {} }, heard: { type: 'live.reload' } },
];

const allEvents: Event[] = [
  { type: 'viewer.change', signedIn: true },
  { type: 'viewer.change', signedIn: false },
  { type: 'watch.add', watch: post, owner: 'postPage' },
  { type: 'watch.add', watch: room, owner: 'roomPage' },
  { type: 'watch.remove', owner: 'roomPage' },
  { type: 'stream.ready', id: '1' },
  ...messages.map(({ message }): Event => ({ type: 'stream.message', message })),
  { type: 'stream.error' },
  after('CONNECT_TIMEOUT', 'events.signedIn.streaming.connecting'),
  after('RECONNECT', 'events.signedIn.waiting'),
  after('STREAM_RETRY', 'events.signedIn.polling'),
];

const keyOf = (watch: Watch | null) => (watch ? watchParam(watch) : null);

/** Apart from the state: what is watched, and whether there is somewhere to resume from. */
const serializeState = ({ value, context }: Snapshot) =>
  JSON.stringify([
    value,
    context.watchers.map((w) => `${w.owner}:${keyOf(w.watch)}`),
    context.failures,
    context.lastEventId !== null,
  ]);

const paths = generatePaths(eventsMachine, {
  events: (snapshot) => allEvents.filter((event) => snapshot.can(event)),
  serializeState,
});

/** The jitter at its largest, so that a path's clock moves exactly as far as the chart waits. */
const delays = {
  RECONNECT: ({ context }: { context: Snapshot['context'] }) => reconnectDelay(context.failures, () => 1),
};

/** The streams running, each as the URL parts it was opened with. */
function streamRecorder() {
  const running: StreamInput[] = [];
  const stream = fromCallback<EventObject, StreamInput>(({ input }) => {
    running.push(input);
    return () => {
      running.splice(running.indexOf(input), 1);
    };
  });
  const open = () => running.map(({ watch, lastEventId }) => ({ watch: keyOf(watch), lastEventId }));
  return { stream, open };
}

const effect = (type: string, params?: unknown): Effect =>
  params === undefined ? { type } : { type, params };

interface Shown {
  watchers: string[];
  lastEventId: string | null;
  failures: number;
}

const shownOf = ({ watchers, lastEventId, failures }: Snapshot['context']): Shown => ({
  watchers: watchers.map((w) => `${w.owner}:${keyOf(w.watch)}`),
  lastEventId,
  failures,
});

/**
 * Issue 20: off while signed out; signed in, a stream for what is watched that resumes from the last
 * id; `ready` opens it (the session stops polling); an error or no `ready` in time waits longer each
 * time and resumes, and after four in a row rests five minutes (the session polls); a new watch opens
 * the stream again; notifications go to the session, the rest is emitted for the screens.
 */
function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const shown = shownOf(before.context);
  const { watchers, lastEventId, failures } = before.context;
  const streaming = before.matches({ signedIn: 'streaming' });
  const connecting = (watch: Watch | null, resumeFrom: string | null): ExpectedStep => ({
    value: { signedIn: { streaming: 'connecting' } },
    tags: [],
    system: [{ watch: keyOf(watch), lastEventId: resumeFrom }],
  });
  const e = event as unknown as {
    type: string;
    signedIn: boolean;
    watch: Watch;
    owner: string;
    id: string;
    message: LiveMessage;
  };
  switch (e.type) {
    case 'xstate.init':
      return {
        value: 'signedOut',
        tags: [],
        shown: { watchers: [], lastEventId: null, failures: 0 },
        system: [],
      };
    case 'viewer.change':
      if (e.signedIn) return connecting(watchOf(watchers), lastEventId);
      // the next viewer resumes nothing of this one's stream
      return {
        value: 'signedOut',
        tags: [],
        shown: { ...shown, lastEventId: null, failures: 0 },
        system: [],
      };
    case 'watch.add':
    case 'watch.remove': {
      const others = watchers.filter((w) => w.owner !== e.owner);
      const next = e.type === 'watch.add' ? [...others, { owner: e.owner, watch: e.watch }] : others;
      const nextShown = { ...shown, watchers: next.map((w) => `${w.owner}:${keyOf(w.watch)}`) };
      // the newest watch still present is watched; a stream opens again when that changes
      if (streaming && keyOf(watchOf(next)) !== keyOf(watchOf(watchers))) {
        return { ...connecting(watchOf(next), lastEventId), shown: nextShown };
      }
      return { shown: nextShown };
    }
    case 'stream.ready':
      return {
        value: { signedIn: { streaming: 'open' } },
        tags: ['live'],
        shown: { ...shown, lastEventId: e.id, failures: 0 },
        effects: [effect('streamOpened')],
      };
    case 'stream.message': {
      const { heard } = messages.find(({ message }) => message.id === e.message.id) ?? {};
      const told =
        e.message.name === 'notification'
          ? [effect('deliverNotification', { notification })]
          : e.message.name === 'reload'
            ? [effect('refreshNotifications')]
            : [];
      return { shown: { ...shown, lastEventId: e.message.id }, effects: told, emitted: heard ? [heard] : [] };
    }
    case 'stream.error':
    case 'xstate.after.CONNECT_TIMEOUT.events.signedIn.streaming.connecting': {
      const inARow = Math.min(failures + 1, LIVE_DELAYS.FAILURES_BEFORE_POLLING);
      const rests = inARow === LIVE_DELAYS.FAILURES_BEFORE_POLLING;
      return {
        value: { signedIn: rests ? 'polling' : 'waiting' },
        tags: rests ? ['polling'] : [],
        shown: { ...shown, failures: inARow },
        system: [],
        effects: [effect('streamLost')],
      };
    }
    default:
      // RECONNECT or STREAM_RETRY: the stream opens again where it stopped
      return connecting(watchOf(watchers), lastEventId);
  }
}

describe('the live event stream', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'connects, resumes, backs off and hands out what the stream says: %s',
    async (_, path) => {
      const streams = streamRecorder();
      await executePath(eventsMachine, path, {
        provide: { actors: { stream: streams.stream }, delays },
        effects: ['streamOpened', 'streamLost', 'deliverNotification', 'refreshNotifications'],
        shown: shownOf,
        system: streams.open,
        expectStep,
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, eventsMachine, paths);
  });
});

describe('reconnecting', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** The chart with a stream that fails as soon as it opens, on a simulated clock. */
  function failingStream() {
    const opened: number[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      eventsMachine.provide({
        actors: {
          stream: fromCallback(({ sendBack }) => {
            opened.push(clock.now());
            sendBack({ type: 'stream.error' });
          }),
        },
      }),
      { clock },
    ).start();
    actor.send({ type: 'viewer.change', signedIn: true });
    return { actor, opened, clock };
  }

  it('waits a second, then twice as long each time, with at most a quarter of jitter', async () => {
    const { actor, opened, clock } = failingStream();
    for (const wait of [1_000, 2_000, 4_000]) {
      const last = opened.length;
      clock.increment(wait * 0.75 - 1);
      await settle();
      expect(opened).toHaveLength(last);
      clock.increment(wait * 0.25 + 1);
      await settle();
      expect(opened).toHaveLength(last + 1);
    }
    // the fourth failure in a row: the stream rests and the session polls
    expect(actor.getSnapshot().hasTag('polling')).toBe(true);
    clock.increment(LIVE_DELAYS.STREAM_RETRY - 1);
    expect(opened).toHaveLength(4);
    clock.increment(1);
    expect(opened).toHaveLength(5);
    actor.stop();
  });

  it('caps the wait at 30 seconds', () => {
    expect(reconnectDelay(10, () => 1)).toBe(LIVE_DELAYS.RECONNECT_MAX);
  });
});
