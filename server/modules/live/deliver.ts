/**
 * One bus message to the streams it concerns: a notification to its user's streams; a change of a
 * post, poll or comment to the streams watching that item (or its room) whose viewer may see it.
 * Nothing is read when no stream here cares.
 */
import type { LiveEventName, LiveEvents, WatchKind } from '../../../src/domain/live.ts';
import type { BusMessage } from './bus.ts';
import type { ItemKind, LiveReads } from './reads.ts';
import type { LiveStream } from './stream.ts';

/** The streams a message may reach: all of an instance's, or the one stream that is resuming. */
export interface Audience {
  ofUser(userId: string): LiveStream[];
  watching(kind: WatchKind, id: string): LiveStream[];
  /** Whether any stream watches a room (a post or poll change is then read to learn its room). */
  watchesRooms(): boolean;
}

export async function deliver(message: BusMessage, audience: Audience, reads: LiveReads): Promise<void> {
  const { id } = message;
  switch (message.k) {
    case 'notification': {
      const streams = audience.ofUser(message.user);
      if (!streams.length) return;
      const notification = await reads.notification(message.user, message.notification);
      if (notification) for (const stream of streams) stream.send('notification', id, notification);
      return;
    }
    case 'post':
      return sendTally(audience, reads, 'post', message.post, send('post.tally', id), () =>
        reads.postTally(message.post),
      );
    case 'poll':
      return sendTally(audience, reads, 'poll', message.poll, send('poll.tally', id), () =>
        reads.pollTally(message.poll),
      );
    case 'comment.votes': {
      const streams = audience.watching('post', message.post);
      if (!streams.length) return;
      const tally = await reads.commentTally(message.post, message.comment);
      if (tally) await sendVisible(reads, 'post', message.post, streams, send('comment.tally', id)(tally));
      return;
    }
    case 'comment.deleted': {
      const streams = audience.watching('post', message.post);
      const data = { postId: message.post, commentId: message.comment, kept: message.kept };
      await sendVisible(reads, 'post', message.post, streams, send('comment.deleted', id)(data));
      return;
    }
    case 'comment.added': {
      const streams = audience.watching('post', message.post);
      // Each viewer gets the comment as their own thread would show it (their blocks, their flags).
      await sendVisible(reads, 'post', message.post, streams, async (stream) => {
        const comment = await reads.comment(message.comment, stream.owner.userId);
        if (comment) stream.send('comment.added', id, { comment });
      });
      return;
    }
  }
}

/** What sends this event: `send(name, id)(data)(stream)`. */
const send =
  <K extends LiveEventName>(name: K, id: string) =>
  (data: LiveEvents[K]) =>
  (stream: LiveStream) =>
    stream.send(name, id, data);

/**
 * A post's or poll's new tally, to its watchers and its room's: read only when some stream here
 * watches it or any room (the room is learnt from the same read).
 */
async function sendTally<T>(
  audience: Audience,
  reads: LiveReads,
  kind: ItemKind,
  itemId: string,
  sendData: (data: T) => (stream: LiveStream) => void,
  read: () => Promise<(T & { room: string | null }) | null>,
): Promise<void> {
  if (!audience.watching(kind, itemId).length && !audience.watchesRooms()) return;
  const tally = await read();
  if (!tally) return;
  const { room, ...data } = tally;
  const streams = withRoom(audience, audience.watching(kind, itemId), room);
  await sendVisible(reads, kind, itemId, streams, sendData(data as T));
}

const withRoom = (audience: Audience, streams: LiveStream[], room: string | null) =>
  room ? [...streams, ...audience.watching('room', room)] : streams;

/** Sends to the streams whose viewer may see the item, the rule asked once for all of them. */
async function sendVisible(
  reads: LiveReads,
  kind: ItemKind,
  itemId: string,
  streams: LiveStream[],
  sendTo: (stream: LiveStream) => void | Promise<void>,
): Promise<void> {
  if (!streams.length) return;
  const viewers = [...new Set(streams.map((stream) => stream.owner.userId))];
  const allowed = await reads.visibleTo(kind, itemId, viewers);
  await Promise.all(
    streams.filter((stream) => allowed.has(stream.owner.userId) && stream.isOpen).map((s) => sendTo(s)),
  );
}
