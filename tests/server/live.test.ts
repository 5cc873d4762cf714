/**
 * GET /api/events (issue 20, docs/api.md "Live events"): a signed-in tab hears its notifications
 * and the changes of what it watches, as they happen, only where the one visibility rule lets it
 * read; it resumes from its last event id; it is closed when its session ends; its limits hold.
 */
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/domain/entities.ts';
import { LIVE, POSTS } from '../../src/domain/messages.ts';
import { type OpenedStream, openEventStream, type StreamOptions } from '../support/eventStream.ts';
import { type Account, setupTestApp } from '../support/testApp.ts';

const PER_ACCOUNT = 3;
const PER_ADDRESS = 4;
const t = setupTestApp(
  {
    TRUST_PROXY: 'true',
    LIVE_STREAMS_PER_ACCOUNT: String(PER_ACCOUNT),
    LIVE_STREAMS_PER_ADDRESS: String(PER_ADDRESS),
  },
  { liveTiming: { heartbeatMs: 300, sessionCheckMs: 300 } },
);
let baseUrl = '';
let author: Account;
let voter: Account;
let watcher: Account;

const cookieOf = (account: Account) => `quad_session=${account.client.cookie('quad_session')}`;
const open = (account: Account, options: Omit<StreamOptions, 'cookie'> = {}) =>
  openEventStream(baseUrl, { cookie: cookieOf(account), ...options });

/** Opens a stream and waits for its `ready`. */
async function ready(account: Account, options: Omit<StreamOptions, 'cookie'> = {}): Promise<OpenedStream> {
  const stream = await open(account, options);
  expect(stream.status, JSON.stringify(stream.refusal)).toBe(200);
  await stream.next('ready');
  return stream;
}

const vote = (account: Account, postId: string, val: 1 | -1 | 0, commentId: string | null = null) =>
  account.client.post('posts/vote', { postId, val, commentId });

async function comment(account: Account, postId: string, content: string, parent: string | null = null) {
  const res = await account.client.post('posts/createcomment', { postId, commentId: parent, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().newComment.id as string;
}

/** Waits long enough for an event that is not coming to have come. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [author, voter, watcher] = await Promise.all([
    t.signUpAndVerify(),
    t.signUpAndVerify(),
    t.signUpAndVerify(),
  ]);
});

describe('opening a stream', () => {
  it('answers a signed-in tab with an event stream that starts with ready and carries heartbeats', async () => {
    const stream = await ready(author);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('cache-control')).toContain('no-cache');
    const first = stream.events[0];
    expect(first?.name).toBe('ready');
    expect(first?.id).toBeTruthy();
    await expect.poll(() => stream.events.some((event) => event.name === ':')).toBe(true);
    stream.close();
  });

  it('refuses visitors (401) and a malformed watch (400); an unknown item is not watched', async () => {
    const visitor = await openEventStream(baseUrl, { cookie: '' });
    expect(visitor.status).toBe(401);
    const malformed = await open(author, { watch: 'post:42' });
    expect({ status: malformed.status, body: malformed.refusal }).toEqual({
      status: 400,
      body: { msg: `watch: ${LIVE.badWatch}` },
    });
    const unknown = await ready(author, { watch: `post:${crypto.randomUUID()}` });
    expect(unknown.events[0]?.data).toEqual({ watch: null });
    unknown.close();
  });

  it('holds at most LIVE_STREAMS_PER_ACCOUNT streams per account and ..._PER_ADDRESS per address (429 after)', async () => {
    const address = '203.0.113.7';
    const [account, neighbour] = await Promise.all([t.signUpAndVerify(), t.signUpAndVerify()]);
    const streams = await Promise.all(Array.from({ length: PER_ACCOUNT }, () => ready(account, { address })));
    const extra = await open(account, { address });
    expect({ status: extra.status, body: extra.refusal }).toEqual({
      status: 429,
      body: { msg: LIVE.tooManyForAccount },
    });
    streams.push(await ready(neighbour, { address }));
    const crowded = await open(neighbour, { address });
    expect({ status: crowded.status, body: crowded.refusal }).toEqual({
      status: 429,
      body: { msg: LIVE.tooManyForAddress },
    });
    for (const stream of streams) stream.close();
    await expect
      .poll(async () => {
        const again = await open(account, { address });
        again.close();
        return again.status;
      })
      .toBe(200);
  });

  it('answers HEAD at once with the stream headers and no body, holding no stream slot', async () => {
    const account = await t.signUpAndVerify();
    const head = () =>
      fetch(`${baseUrl}/api/events`, {
        method: 'HEAD',
        headers: { cookie: cookieOf(account) },
        signal: AbortSignal.timeout(2_000),
      });
    for (let i = 0; i <= PER_ACCOUNT; i += 1) {
      const res = await head();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(await res.text()).toBe('');
    }
    expect((await fetch(`${baseUrl}/api/events`, { method: 'HEAD' })).status).toBe(401);
    const streams = await Promise.all(Array.from({ length: PER_ACCOUNT }, () => ready(account)));
    expect((await head()).status).toBe(429);
    for (const stream of streams) stream.close();
  });
});

describe('what a stream carries', () => {
  it("brings the author a vote's notification at once, without any e-mail", async () => {
    const post = await t.createPost(author);
    const stream = await ready(author);
    expect((await vote(voter, post.id, 1)).statusCode).toBe(201);
    const { id, data } = await stream.next('notification', (n) => n.postId === post.id);
    expect(id).toMatch(/^\d+$/);
    expect(data).toMatchObject({
      kind: 'postVote',
      title: POSTS.upvoted,
      user2: { username: voter.username },
      appeal: null,
    });
    const text = JSON.stringify(stream.events);
    for (const account of [author, voter]) expect(text).not.toContain(account.email);
    stream.close();
  });

  it('brings the watcher of a post its tallies, new comments and deletions, and the author a reply notice', async () => {
    const post = await t.createPost(author);
    const watching = await ready(watcher, { watch: `post:${post.id}` });
    const authorStream = await ready(author);

    await vote(voter, post.id, -1);
    expect((await watching.next('post.tally')).data).toEqual({ postId: post.id, upvotes: 0, downvotes: 1 });

    const commentId = await comment(voter, post.id, 'First!');
    const added = await watching.next('comment.added');
    expect(added.data.comment).toMatchObject({
      id: commentId,
      body: 'First!',
      user: { username: voter.username },
    });
    const reply = await authorStream.next('notification', (n: Notification) => n.kind === 'reply');
    expect(reply.data).toMatchObject({
      title: POSTS.repliedToPost,
      body: 'First!',
      postId: post.id,
      commentId,
    });

    await vote(author, post.id, 1, commentId);
    expect((await watching.next('comment.tally')).data).toEqual({
      postId: post.id,
      commentId,
      upvotes: 1,
      downvotes: 0,
    });

    const del = await voter.client.del('posts/deleteComment', { id: commentId });
    expect(del.statusCode, del.body).toBe(200);
    expect((await watching.next('comment.deleted')).data).toEqual({
      postId: post.id,
      commentId,
      kept: false,
    });
    watching.close();
    authorStream.close();
  });

  it("brings a poll's watcher its tally when a vote moves", async () => {
    const poll = await t.createPoll(author);
    const watching = await ready(watcher, { watch: `poll:${poll.id}` });
    const [yes, no] = poll.options;
    await voter.client.post('poll/votepoll', { pollOptionId: yes?.id });
    await voter.client.post('poll/votepoll', { pollOptionId: no?.id });
    const moved = await watching.next('poll.tally', (tally) =>
      tally.options.some((o) => o.id === no?.id && o.votes === 1),
    );
    expect(moved.data).toEqual({
      pollId: poll.id,
      totalVotes: 1,
      options: [
        { id: yes?.id, votes: 0 },
        { id: no?.id, votes: 1 },
      ],
    });
    watching.close();
  });

  it('brings the watchers of a post, its room and a poll their authors’ edits (issue 33)', async () => {
    const room = await t.createRoom(author);
    const post = await t.createPost(author, { topic: '', subCommunity: room.id });
    expect((await voter.client.post('rooms/join', { title: room.title })).statusCode).toBeLessThan(300);
    const commentId = await comment(voter, post.id, 'Frist!');
    const poll = await t.createPoll(author);
    const onPost = await ready(watcher, { watch: `post:${post.id}` });
    const inRoom = await ready(voter, { watch: `room:${room.id}` });
    const onPoll = await ready(watcher, { watch: `poll:${poll.id}` });
    await author.client.post('posts/edit', { id: post.id, body: 'Edited body' });
    await voter.client.post('posts/editComment', { id: commentId, body: 'First!' });
    await author.client.post('poll/edit', { id: poll.id, title: 'Edited question?' });
    const at = t.clock.now().toISOString();
    for (const stream of [onPost, inRoom]) {
      expect((await stream.next('post.edited')).data).toEqual({
        postId: post.id,
        body: 'Edited body',
        editedAt: at,
      });
    }
    expect((await onPost.next('comment.edited')).data.comment).toMatchObject({
      id: commentId,
      body: 'First!',
      editedAt: at,
    });
    expect((await onPoll.next('poll.edited')).data).toEqual({
      pollId: poll.id,
      title: 'Edited question?',
      editedAt: at,
    });
    for (const stream of [onPost, inRoom, onPoll]) stream.close();
  });

  it('shows a blocked author’s new comment folded, as the thread would', async () => {
    const post = await t.createPost(author);
    const blocker = await t.signUpAndVerify();
    expect((await blocker.client.post('u/block', { username: voter.username })).statusCode).toBe(201);
    const watching = await ready(blocker, { watch: `post:${post.id}` });
    await comment(voter, post.id, 'You will not read me');
    const added = await watching.next('comment.added');
    expect(added.data.comment).toMatchObject({ authorBlocked: true, body: '', user: null });
    watching.close();
  });
});

describe('private rooms', () => {
  let owner: Account;
  let member: Account;
  let outsider: Account;
  let roomId = '';
  let postId = '';

  beforeAll(async () => {
    [owner, member, outsider] = await Promise.all([
      t.signUpAndVerify(),
      t.signUpAndVerify(),
      t.signUpAndVerify(),
    ]);
    const room = await t.createRoom(owner, { privacy: 'true' });
    roomId = room.id;
    await member.client.post(`rooms/addUserinRoom/${owner.username}`, { title: room.title });
    const ok = await owner.client.post('rooms/acceptJoiningRequest', {
      title: room.title,
      fromUser: member.userID,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    postId = (await t.createPost(owner, { subCommunity: room.id, topic: '' })).id;
  });

  it("lets a member watch the room and its posts; a non-member's watch is dropped and hears nothing", async () => {
    const onRoom = await ready(member, { watch: `room:${roomId}` });
    expect(onRoom.events[0]?.data).toEqual({ watch: `room:${roomId}` });
    const outsiders = await Promise.all(
      [`room:${roomId}`, `post:${postId}`].map((watch) => ready(outsider, { watch })),
    );
    for (const stream of outsiders) expect(stream.events[0]?.data).toEqual({ watch: null });
    await vote(owner, postId, 1);
    expect((await onRoom.next('post.tally')).data).toMatchObject({ postId, upvotes: 1 });
    await settle();
    for (const stream of outsiders) {
      expect(stream.events.map((event) => event.name).filter((name) => name !== ':')).toEqual(['ready']);
      stream.close();
    }
    onRoom.close();
  });

  it('stops sending to a member who leaves, though their stream still watches', async () => {
    const leaver = await t.signUpAndVerify();
    const room = await t.createRoom(owner, { privacy: 'true' });
    await leaver.client.post(`rooms/addUserinRoom/${owner.username}`, { title: room.title });
    await owner.client.post('rooms/acceptJoiningRequest', { title: room.title, fromUser: leaver.userID });
    const post = await t.createPost(owner, { subCommunity: room.id, topic: '' });
    const watching = await ready(leaver, { watch: `post:${post.id}` });
    expect((await leaver.client.post(`rooms/leave/${room.id}`)).statusCode).toBe(200);
    await vote(owner, post.id, 1);
    await comment(owner, post.id, 'members only');
    await settle();
    expect(watching.events.map((event) => event.name).filter((name) => name !== ':')).toEqual(['ready']);
    watching.close();
  });
});

describe('resuming and ending', () => {
  it('resumes from Last-Event-ID with what was missed, and says reload when that is too far back', async () => {
    const post = await t.createPost(author);
    const first = await ready(author);
    await vote(voter, post.id, 1);
    const seen = await first.next('notification', (n) => n.postId === post.id);
    first.close();

    const other = await t.createPost(author);
    await vote(voter, other.id, -1);
    await settle();
    const resumed = await ready(author, { lastEventIdHeader: seen.id ?? '' });
    const missed = await resumed.next('notification', (n) => n.postId === other.id);
    expect(missed.data.title).toBe(POSTS.downvoted);
    expect(resumed.events.filter((event) => event.name === 'notification')).toHaveLength(1);
    resumed.close();

    const tooOld = await ready(author, { lastEventId: 'no-longer-held' });
    await tooOld.next('reload');
    tooOld.close();
  });

  it('closes the streams of a session that logs out, within seconds', async () => {
    const account = await t.signUpAndVerify();
    const stream = await ready(account);
    expect((await account.client.post('auth/logout')).statusCode).toBe(200);
    await stream.ended;
    expect(stream.events[0]?.name).toBe('ready');
  });
});
