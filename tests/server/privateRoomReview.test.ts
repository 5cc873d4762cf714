/**
 * One rule for private rooms (docs/moderation.md "Private rooms"): a member's report of a private
 * room's post, poll or comment shows that item, and only that item, to moderators who have not
 * joined, read-only; each read is recorded in the private moderation record. Through the API as a
 * visitor, a stranger, a member, the author and a moderator.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listReviews } from '../../server/modules/safety/reviews.ts';
import type { Comment, Poll, Post, Room } from '../../src/domain/entities.ts';
import { ROOMS } from '../../src/domain/messages.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp({ MODERATORS: 'RevModOne, RevModTwo', MASK_MIN_ACCOUNT_DAYS: '0' });
let author: Account;
let member: Account;
let stranger: Account;
let moderator: Account;
let second: Account;
let room: Room;
let reported: Post;
let other: Post;
let reportedPoll: Poll;
let otherPoll: Poll;
let reportedComment: Comment;
let otherComment: Comment;

async function comment(account: Account, postId: string, content: string): Promise<Comment> {
  const res = await account.client.post('posts/createcomment', { postId, commentId: null, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().newComment;
}

async function report(kind: string, id: string) {
  const res = await member.client.post('reports', { kind, id, reason: 'harassment' });
  expect(res.statusCode, res.body).toBe(201);
}

const reviews = (targetId: string) =>
  t.query<{ moderator_id: string; kind: string }>(
    `SELECT moderator_id, kind FROM moderator_reviews WHERE target_id = '${targetId}'`,
  );

beforeAll(async () => {
  author = await t.signUpAndVerify();
  member = await t.signUpAndVerify();
  stranger = await t.signUpAndVerify();
  moderator = await t.signUpAndVerify(undefined, { username: 'RevModOne' });
  second = await t.signUpAndVerify(undefined, { username: 'RevModTwo' });
  room = await t.createRoom(author, { privacy: 'true' });
  await member.client.post(`rooms/addUserinRoom/${member.username}`, { title: room.title });
  const accepted = await author.client.post('rooms/acceptJoiningRequest', {
    title: room.title,
    fromUser: member.userID,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const inRoom = { topic: '', subCommunity: room.id };
  reported = await t.createPost(author, { ...inRoom, title: 'Reported behind the door' });
  other = await t.createPost(author, { ...inRoom, title: 'Not reported' });
  reportedPoll = await t.createPoll(author, {
    title: 'Reported poll?',
    subCommunity: room.id,
    topic: undefined,
  });
  otherPoll = await t.createPoll(author, { title: 'Quiet poll?', subCommunity: room.id, topic: undefined });
  reportedComment = await comment(author, other.id, 'You are all idiots');
  otherComment = await comment(author, other.id, 'A kind word');
  await report('post', reported.id);
  await report('poll', reportedPoll.id);
  await report('comment', reportedComment.id);
});

describe('a moderator who has not joined a private room', () => {
  it('reads the reported post alone: without its thread, and the read is recorded', async () => {
    await comment(member, reported.id, 'Thread reply');
    const res = await moderator.client.get(`posts/getapost?id=${reported.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().post).toMatchObject({
      id: reported.id,
      title: 'Reported behind the door',
      comments: [],
    });
    expect(res.json().post.room).toMatchObject({ id: room.id, joined: false });
    expect(await reviews(reported.id)).toEqual([{ moderator_id: moderator.userID, kind: 'post' }]);
  });

  it('reads the reported poll and the reported comment, each recorded', async () => {
    const access = await moderator.client.get(`poll/getpollRoom?id=${reportedPoll.id}`);
    expect(access.json()).toEqual({ fetch: true });
    const poll = await moderator.client.get(`poll/getpoll?id=${reportedPoll.id}`);
    expect(poll.statusCode, poll.body).toBe(200);
    expect(poll.json().poll.id).toBe(reportedPoll.id);
    const one = await second.client.get(`posts/getacomment?id=${reportedComment.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().comment).toMatchObject({ id: reportedComment.id, body: 'You are all idiots' });
    // The answer says it is read under review: the app shows it read-only, under the note.
    expect(one.json().review).toBe(true);
    expect(await reviews(reportedPoll.id)).toEqual([{ moderator_id: moderator.userID, kind: 'poll' }]);
    expect(await reviews(reportedComment.id)).toEqual([{ moderator_id: second.userID, kind: 'comment' }]);
  });

  it('is listed for the operators, newest first, with the moderator and the item', async () => {
    const lines = await listReviews(t.app.database.db, 50);
    expect(lines).toContainEqual(expect.stringContaining(`RevModTwo  read comment ${reportedComment.id}`));
    expect(lines).toContainEqual(expect.stringContaining(`RevModOne  read post ${reported.id}`));
  });

  it('reads no other item of the room, nor its feeds', async () => {
    expectError(await moderator.client.get(`posts/getapost?id=${other.id}`), 403, ROOMS.privateRoom);
    expectError(await moderator.client.get(`poll/getpoll?id=${otherPoll.id}`), 403, ROOMS.privateRoom);
    expect((await moderator.client.get(`poll/getpollRoom?id=${otherPoll.id}`)).json()).toEqual({
      fetch: false,
    });
    expectError(
      await moderator.client.get(`posts/getacomment?id=${otherComment.id}`),
      403,
      ROOMS.privateRoom,
    );
    expect(
      (await moderator.client.get(`posts/getPost?title=${room.title}&offset=0&limit=10`)).statusCode,
    ).toBe(403);
    expect((await moderator.client.get(`rooms/showRoom/${room.title}`)).statusCode).toBe(403);
    expect(await reviews(other.id)).toEqual([]);
  });

  it('cannot act in the room: no vote, no comment, no poll vote', async () => {
    const vote = await moderator.client.post('posts/vote', { postId: reported.id, val: 1, commentId: null });
    expectError(vote, 403, ROOMS.privateRoom);
    const reply = await moderator.client.post('posts/createcomment', {
      postId: reported.id,
      commentId: null,
      content: 'Moderator here',
    });
    expectError(reply, 403, ROOMS.privateRoom);
    const optionId = reportedPoll.options[0]?.id;
    expectError(
      await moderator.client.post('poll/votepoll', { pollOptionId: optionId }),
      403,
      ROOMS.privateRoom,
    );
  });

  it('loses the read once the reports are dismissed', async () => {
    const post = await t.createPost(author, { topic: '', subCommunity: room.id, title: 'Dismissed later' });
    await report('post', post.id);
    expect((await moderator.client.get(`posts/getapost?id=${post.id}`)).statusCode).toBe(200);
    const dismissed = await moderator.client.post('mod/dismiss', { kind: 'post', id: post.id });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expectError(await moderator.client.get(`posts/getapost?id=${post.id}`), 403, ROOMS.privateRoom);
  });
});

describe('everyone else reads the reported items as before', () => {
  it('visitors and strangers get 403; the member and the author read it all, unrecorded', async () => {
    for (const client of [t.client(), stranger.client]) {
      expectError(await client.get(`posts/getapost?id=${reported.id}`), 403, ROOMS.privateRoom);
      expectError(await client.get(`poll/getpoll?id=${reportedPoll.id}`), 403, ROOMS.privateRoom);
      expectError(await client.get(`posts/getacomment?id=${reportedComment.id}`), 403, ROOMS.privateRoom);
    }
    for (const account of [member, author]) {
      const post = await account.client.get(`posts/getapost?id=${other.id}`);
      expect(post.statusCode).toBe(200);
      const ids = post
        .json()
        .post.comments.map((c: Comment) => c.id)
        .sort();
      expect(ids).toEqual([reportedComment.id, otherComment.id].sort());
      const own = await account.client.get(`posts/getacomment?id=${otherComment.id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().review).toBe(false);
      // Members read the reported comment as any other: not under review.
      const reportedOne = await account.client.get(`posts/getacomment?id=${reportedComment.id}`);
      expect(reportedOne.json()).toMatchObject({ comment: { id: reportedComment.id }, review: false });
    }
    const recorded = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM moderator_reviews WHERE moderator_id IN ('${member.userID}', '${author.userID}')`,
    );
    expect(recorded).toEqual([{ n: 0 }]);
  });

  it('a reported comment of a topic post is open to all, and its page answers 404 when unknown', async () => {
    const topicPost = await t.createPost(author);
    const open = await comment(author, topicPost.id, 'Out in the open');
    await report('comment', open.id);
    expect((await t.client().get(`posts/getacomment?id=${open.id}`)).json()).toMatchObject({
      comment: { id: open.id },
      review: false,
    });
    // A moderator reads a public comment as anyone can: no review, nothing recorded.
    expect((await moderator.client.get(`posts/getacomment?id=${open.id}`)).json().review).toBe(false);
    expect(await reviews(open.id)).toEqual([]);
    expectError(
      await t.client().get('posts/getacomment?id=00000000-0000-4000-8000-000000000000'),
      404,
      'Comment not found',
    );
    expect((await t.client().get('posts/getacomment?id=nope')).statusCode).toBe(400);
  });
});
