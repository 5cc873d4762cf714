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
    case 'post': {
      if (!audience.watching('post', message.post).length && !audience.watchesRooms()) return;
      const tally = await reads.postTally(message.post);
      if (!tally) return;
      const { room, ...data } = tally;
      const streams = withRoom(audience, audience.watching('post', message.post), room);
      await sendVisible(reads, 'post', message.post, streams, (stream) =>
        stream.send('post.tally', id, data),
      );
      return;
    }
    case 'poll': {
      if (!audience.watching('poll', message.poll).length && !audience.watchesRooms()) return;
      const tally = await reads.pollTally(message.poll);
      if (!tally) return;
      const { room, ...data } = tally;
      const streams = withRoom(audience, audience.watching('poll', message.poll), room);
      await sendVisible(reads, 'poll', message.poll, streams, (stream) =>
        stream.send('poll.tally', id, data),
      );
      return;
    }
    case 'comment.votes': {
      const streams = audience.watching('post', message.post);
      if (!streams.length) return;
      const tally = await reads.commentTally(message.post, message.comment);
      if (tally) await sendVisible(reads, 'post', message.post, streams, send('comment.tally', id, tally));
      return;
    }
    case 'comment.deleted': {
      const streams = audience.watching('post', message.post);
      const data = { postId: message.post, commentId: message.comment, kept: message.kept };
      await sendVisible(reads, 'post', message.post, streams, send('comment.deleted', id, data));
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

const send =
  <K extends LiveEventName>(name: K, id: string, data: LiveEvents[K]) =>
  (stream: LiveStream) =>
    stream.send(name, id, data);

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
