/**
 * src/system/live.ts and the `events` actor in the app's system (issue 20): the app's root on a fake
 * API and a fake platform whose event streams the test speaks through as the server would; screen
 * actors joined to it as the views' hooks create them, with the implementations the app gives them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorLogic, type AnyActorRef, createActor } from 'xstate';
import type { Notification } from '../../src/domain/entities.ts';
import { EVENTS_PATH, LIVE_EVENT_NAMES } from '../../src/domain/live.ts';
import type { SessionActorRef } from '../../src/system/appActors.ts';
import { commentMachines } from '../../src/system/comments.ts';
import { feedMachines } from '../../src/system/feed.ts';
import { liveEventOf, streamUrl } from '../../src/system/live.ts';
import { createQuadSystem } from '../../src/system/quadSystem.ts';
import { postId, testComment, testPost } from '../support/createFakes.ts';
import { fakeApi, fakePlatform } from '../support/fakeSystem.ts';
import { makePoll } from '../support/feedFakes.ts';
import { makeUser } from '../support/users.ts';

const user = makeUser({ userID: 'u7', username: 'quiet_otter' });
const post = { ...testPost(), comments: [testComment({ id: 'c1' })] };
const poll = makePoll('q1');

const notification: Notification = {
  id: 'n5',
  kind: 'postVote',
  postId,
  pollId: null,
  commentId: null,
  roomId: null,
  title: 'Vote',
  body: 'upvoted your post!',
  fromUser: 'u2',
  toUser: 'u7',
  isRead: false,
  createdAt: '2025-01-02T00:00:00.000Z',
  user2: { username: 'brave_fox' },
  appeal: null,
};

const running: AnyActorRef[] = [];
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The app on fakes, with the viewer signed in; the restore said 401, the login loads `user`. */
async function signedInApp() {
  const platform = fakePlatform();
  const api = fakeApi({
    loadUser: async () => user,
    logOut: async () => ({ msg: 'bye' }),
    fetchPost: async () => post,
  });
  const system = createQuadSystem(api, platform);
  const app = createActor(system.app, { input: { visited: true } }).start();
  running.push(app);
  const session = app.system.get('session') as SessionActorRef;
  await settle();
  session.send({ type: 'session.login', email: user.email });
  await settle();
  await settle();
  const stream = () => {
    const last = platform.eventStreams.at(-1);
    if (!last) throw new Error('no stream was opened');
    return last;
  };
  const openStreams = () => platform.eventStreams.filter((s) => !s.closed).map((s) => s.url);
  return { api, platform, system, app, session, stream, openStreams };
}

/** A screen actor joined to the app's system, as useScreenActor creates them. */
function joined<T extends AnyActorLogic>(app: AnyActorRef, logic: T, input: unknown) {
  return createActor(logic, { parent: app, input } as never).start();
}

/** The screen goes: useChildActor stops its actor as a parent would. */
const leave = (actor: AnyActorRef) => (actor as unknown as { _stop(): void })._stop();

describe('the events actor in the app', () => {
  it('opens one stream while someone is signed in, for every event the server sends', async () => {
    const { platform, session, openStreams } = await signedInApp();
    expect(openStreams()).toEqual([EVENTS_PATH]);
    expect(platform.eventStreams[0]?.names).toEqual(LIVE_EVENT_NAMES);
    session.send({ type: 'session.logout' });
    await settle();
    expect(openStreams()).toEqual([]);
  });

  it('stops the session’s poll once the stream is ready, and delivers notifications at once, announced', async () => {
    const { session, stream } = await signedInApp();
    stream().send('ready', '10', { watch: null });
    await settle();
    expect(session.getSnapshot().matches({ signedIn: 'live' })).toBe(true);
    stream().send('notification', '11', notification);
    const { notifications, announcement } = session.getSnapshot().context;
    expect(notifications.map((n) => n.id)).toEqual(['n5']);
    expect(announcement).toEqual({ id: 'n5', text: 'New notification: Vote upvoted your post!' });
  });

  it('goes back to polling when the stream is lost, and resumes from the last event', async () => {
    const { api, session, stream, openStreams } = await signedInApp();
    stream().send('ready', '10', { watch: null });
    stream().send('notification', '11', notification);
    await settle();
    const fetched = api.fetchNotifications.mock.calls.length;
    stream().fail();
    await settle();
    expect(session.getSnapshot().matches({ signedIn: 'polling' })).toBe(true);
    expect(api.fetchNotifications.mock.calls.length).toBe(fetched + 1);
    expect(openStreams()).toEqual([]);
  });

  it('logs and leaves out what it cannot read', async () => {
    const { platform, session, stream } = await signedInApp();
    stream().send('ready', '10', { watch: null });
    stream().send('shout', '11', notification);
    expect(session.getSnapshot().context.notifications).toEqual([]);
    expect(platform.log).toHaveBeenLastCalledWith('live stream: unreadable event', {
      name: 'shout',
      data: JSON.stringify(notification),
    });
    expect(liveEventOf('notification', '12', '{not json')).toBeNull();
  });
});

describe('screens on the live stream', () => {
  it('watch the post they show while they show it, the stream resuming where it was', async () => {
    const { system, app, stream, openStreams } = await signedInApp();
    stream().send('ready', '10', { watch: null });
    const page = joined(app, system.machinesOf(commentMachines).postDetail, { postId });
    await settle();
    expect(page.getSnapshot().value).toBe('ready');
    expect(openStreams()).toEqual([`${EVENTS_PATH}?watch=post%3A${postId}&lastEventId=10`]);
    stream().send('ready', '12', { watch: `post:${postId}` });
    leave(page);
    expect(openStreams()).toEqual([`${EVENTS_PATH}?lastEventId=12`]);
  });

  it('hear the tallies and comments of their own items, and only those', async () => {
    const { system, app, stream } = await signedInApp();
    stream().send('ready', '10', { watch: null });
    const feed = system.machinesOf(feedMachines);
    const tally = { upvotes: 1, downvotes: 0, myVote: 1 as const };
    const voteOf = (commentId: string | null) =>
      joined(app, feed.postVote, { postId, commentId, tally, signedIn: true, roomMember: true });
    const postVote = voteOf(null);
    const commentVote = voteOf('c1');
    const pollVote = joined(app, feed.pollVote, { poll, signedIn: true, roomMember: true });
    const thread = joined(app, system.machinesOf(commentMachines).commentThread, {
      postId,
      comments: post.comments,
    });

    stream().send('post.tally', '11', { postId, upvotes: 5, downvotes: 2 });
    stream().send('post.tally', '12', { postId: 'other', upvotes: 9, downvotes: 9 });
    stream().send('comment.tally', '13', { postId, commentId: 'c1', upvotes: 3, downvotes: 1 });
    stream().send('poll.tally', '14', {
      pollId: 'q1',
      options: poll.options.map((option) => ({ id: option.id, votes: option.votes + 1 })),
      totalVotes: poll.totalVotes + 3,
    });
    const reply = testComment({ id: 'c2', parentId: 'c1' });
    stream().send('comment.added', '15', { comment: reply });
    stream().send('comment.added', '16', { comment: testComment({ id: 'c3', postId: 'other' }) });

    expect(postVote.getSnapshot().context.tally).toEqual({ upvotes: 5, downvotes: 2, myVote: 1 });
    expect(commentVote.getSnapshot().context.tally).toEqual({ upvotes: 3, downvotes: 1, myVote: 1 });
    expect(pollVote.getSnapshot().context.poll.options.map((option) => option.votes)).toEqual([2, 3, 1]);
    expect(thread.getSnapshot().context.comments.map((comment) => comment.id)).toEqual(['c1', 'c2']);

    stream().send('comment.deleted', '17', { postId, commentId: 'c2', kept: false });
    expect(thread.getSnapshot().context.comments.map((comment) => comment.id)).toEqual(['c1']);
  });

  it('load again, with the session’s list, when the server no longer holds what was missed', async () => {
    const { api, system, app, stream } = await signedInApp();
    stream().send('ready', '10', { watch: null });
    const page = joined(app, system.machinesOf(commentMachines).postDetail, { postId });
    await settle();
    stream().send('ready', '11', { watch: `post:${postId}` });
    await settle();
    const posts = api.fetchPost.mock.calls.length;
    const lists = api.fetchNotifications.mock.calls.length;
    stream().send('reload', '12', {});
    expect(page.getSnapshot().value).toBe('loading');
    await settle();
    expect(page.getSnapshot().value).toBe('ready');
    expect(api.fetchPost.mock.calls.length).toBe(posts + 1);
    expect(api.fetchNotifications.mock.calls.length).toBe(lists + 1);
  });
});

describe('the stream’s address', () => {
  it('names what is watched and where to resume, when there is either', () => {
    expect(streamUrl({ watch: null, lastEventId: null })).toBe(EVENTS_PATH);
    expect(streamUrl({ watch: { kind: 'room', id: 'r1' }, lastEventId: '7' })).toBe(
      `${EVENTS_PATH}?watch=room%3Ar1&lastEventId=7`,
    );
  });
});
