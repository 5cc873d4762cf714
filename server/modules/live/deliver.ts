/**
 * One bus message to the streams it concerns: a notification to its user's streams; a change of a
 * post, poll or comment to the streams watching that item (or its room) whose viewer may see it.
 * Nothing is read when no stream here cares.
 */
import type { WatchKind } from '../../../src/domain/live.ts';
import type { BusMessage } from './bus.ts';
import type { ItemKind, LiveReads, Tallied, TallyName } from './reads.ts';
import type { LiveStream } from './stream.ts';

/** The streams a message may reach: all of an instance's, or the one stream that is resuming. */
export interface Audience {
  ofUser(userId: string): LiveStream[];
  watching(kind: WatchKind, id: string): LiveStream[];
  /** The streams that watch any room (a post or poll change is read with them, to learn its room). */
  roomWatchers(): LiveStream[];
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
      return sendTally(audience, 'post', message.post, 'post.tally', id, (viewers) =>
        reads.postTally(message.post, viewers),
      );
    case 'poll':
      return sendTally(audience, 'poll', message.poll, 'poll.tally', id, (viewers) =>
        reads.pollTally(message.poll, viewers),
      );
    case 'post.edited':
      return sendTally(audience, 'post', message.post, 'post.edited', id, (viewers) =>
        reads.postEdit(message.post, viewers),
      );
    case 'poll.edited':
      return sendTally(audience, 'poll', message.poll, 'poll.edited', id, (viewers) =>
        reads.pollEdit(message.poll, viewers),
      );
    case 'comment.votes': {
      const streams = audience.watching('post', message.post);
      if (!streams.length) return;
      const tallied = await reads.commentTally(message.post, message.comment, viewersOf(streams));
      if (tallied) sendToReaders(streams, tallied, 'comment.tally', id);
      return;
    }
    case 'comment.deleted': {
      const streams = audience.watching('post', message.post);
      const data = { postId: message.post, commentId: message.comment, kept: message.kept };
      await sendVisible(reads, message.post, streams, (stream) => stream.send('comment.deleted', id, data));
      return;
    }
    case 'comment.added':
    case 'comment.edited': {
      const streams = audience.watching('post', message.post);
      // Each viewer gets the comment as their own thread would show it (their blocks, their flags).
      await sendVisible(reads, message.post, streams, async (stream) => {
        const comment = await reads.comment(message.comment, stream.owner.userId);
        if (comment) stream.send(message.k, id, { comment });
      });
      return;
    }
  }
}

const viewersOf = (streams: LiveStream[]) => [...new Set(streams.map((stream) => stream.owner.userId))];

function sendToReaders<K extends TallyName>(streams: LiveStream[], tallied: Tallied<K>, name: K, id: string) {
  for (const stream of streams) {
    if (tallied.readers.has(stream.owner.userId) && stream.isOpen) stream.send(name, id, tallied.data);
  }
}

/**
 * A post's or poll's new tally (or edited text), to its watchers and its room's, in one read that also says who may
 * see it. Room watchers are asked about before the room is known (the read tells it); nothing is
 * read when no stream here watches the item or any room.
 */
async function sendTally<K extends 'post.tally' | 'poll.tally' | 'post.edited' | 'poll.edited'>(
  audience: Audience,
  kind: ItemKind,
  itemId: string,
  name: K,
  id: string,
  read: (viewerIds: string[]) => Promise<Tallied<K> | null>,
): Promise<void> {
  const watchers = audience.watching(kind, itemId);
  const inRooms = audience.roomWatchers();
  if (!watchers.length && !inRooms.length) return;
  const tallied = await read(viewersOf([...watchers, ...inRooms]));
  if (!tallied) return;
  const streams = tallied.room ? [...watchers, ...audience.watching('room', tallied.room)] : watchers;
  sendToReaders(streams, tallied, name, id);
}

/** Sends to the streams whose viewer may see the post, the rule asked once for all of them. */
async function sendVisible(
  reads: LiveReads,
  postId: string,
  streams: LiveStream[],
  sendTo: (stream: LiveStream) => void | Promise<void>,
): Promise<void> {
  if (!streams.length) return;
  const allowed = await reads.visibleTo('post', postId, viewersOf(streams));
  await Promise.all(
    streams.filter((stream) => allowed.has(stream.owner.userId) && stream.isOpen).map((s) => sendTo(s)),
  );
}
