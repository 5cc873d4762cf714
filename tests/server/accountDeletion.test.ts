import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH, COMMENTS } from '../../src/domain/messages.ts';
import { PROFILE, SETTINGS } from '../../src/domain/peopleMessages.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
const fileOf = (url: string) => join(t.dataDir, 'uploads', url.replace('/uploads/', ''));

async function ok(res: Promise<LightMyRequestResponse>, status: number) {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
  return done.json();
}

const comment = async (a: Account, postId: string, commentId: string | null, content = 'words') =>
  (await ok(a.client.post('posts/createcomment', { postId, commentId, content }), 201)).newComment as {
    id: string;
  };

/** Every counter equals the rows it counts, over the whole database. */
async function expectCountersExact() {
  const wrong = await t.query(`
    SELECT 'post' AS kind, p.id FROM posts p WHERE
      p.upvotes <> (SELECT count(*) FROM votes v WHERE v.post_id = p.id AND v.comment_id IS NULL AND v.value = 1)
      OR p.downvotes <> (SELECT count(*) FROM votes v WHERE v.post_id = p.id AND v.comment_id IS NULL AND v.value = -1)
      OR p.comment_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id AND NOT c.deleted)
    UNION ALL
    SELECT 'comment', c.id FROM comments c WHERE
      c.upvotes <> (SELECT count(*) FROM votes v WHERE v.comment_id = c.id AND v.value = 1)
      OR c.downvotes <> (SELECT count(*) FROM votes v WHERE v.comment_id = c.id AND v.value = -1)
    UNION ALL
    SELECT 'option', o.id FROM poll_options o WHERE o.votes <> (SELECT count(*) FROM poll_votes v WHERE v.option_id = o.id)`);
  expect(wrong).toEqual([]);
}

describe('DELETE u/deleteAccount', () => {
  let victim: Account;
  let other: Account;
  const files: string[] = [];
  const seen = {
    room: '',
    inRoom: '',
    otherRoom: '',
    own: '',
    ownPoll: '',
    target: '',
    down: '',
    theirs: '',
    answered: '',
    alone: '',
    chainTop: '',
    chainReply: '',
    poll: '',
    option: '',
  };

  beforeAll(async () => {
    victim = await t.signUpAndVerify();
    other = await t.signUpAndVerify();
    files.push(
      (await ok(victim.client.postForm('u/uploadImg', { profileImg: { data: await jpeg() } }), 202)).user.dp,
      (await ok(victim.client.postForm('u/updatebg', { bgImg: { data: await jpeg() } }), 200)).user.bgImg,
    );

    // The victim's room, with a post of the other user in it; the other user's room, joined by the victim.
    const room = await t.createRoom(victim, { roomImg: { data: await jpeg() } });
    files.push(room.img ?? '');
    seen.room = room.title;
    await ok(other.client.post('rooms/join', { title: room.title }), 200);
    const inRoom = await t.createPost(other, {
      topic: '',
      subCommunity: room.id,
      postImg: { data: await jpeg() },
    });
    files.push(inRoom.img ?? '');
    seen.inRoom = inRoom.id;
    const otherRoom = await t.createRoom(other);
    seen.otherRoom = otherRoom.title;
    await ok(victim.client.post('rooms/join', { title: otherRoom.title }), 200);

    // The victim's own post (commented and voted by the other) and poll.
    const own = await t.createPost(victim, { postImg: { data: await jpeg() } });
    files.push(own.img ?? '');
    seen.own = own.id;
    await comment(other, own.id, null);
    await ok(other.client.post('posts/vote', { postId: own.id, val: 1, commentId: null }), 201);
    seen.ownPoll = (await t.createPoll(victim)).id;

    // The other user's content that the victim voted on and commented.
    const target = await t.createPost(other);
    seen.target = target.id;
    await ok(victim.client.post('posts/vote', { postId: target.id, val: 1, commentId: null }), 201);
    const down = await t.createPost(other);
    seen.down = down.id;
    await ok(victim.client.post('posts/vote', { postId: down.id, val: -1, commentId: null }), 201);
    const theirs = await comment(other, target.id, null, 'their comment');
    seen.theirs = theirs.id;
    await ok(victim.client.post('posts/vote', { postId: target.id, val: 1, commentId: theirs.id }), 201);
    const answered = await comment(victim, target.id, null, 'answered by the other');
    seen.answered = answered.id;
    await comment(other, target.id, answered.id, 'a reply');
    const alone = await comment(victim, target.id, null, 'alone');
    seen.alone = alone.id;
    const chainTop = await comment(victim, target.id, null, 'top of my chain');
    seen.chainTop = chainTop.id;
    seen.chainReply = (await comment(victim, target.id, chainTop.id, 'my own reply')).id;
    const poll = await t.createPoll(other);
    seen.poll = poll.id;
    seen.option = poll.options[0]?.id ?? '';
    await ok(victim.client.post('poll/votepoll', { pollOptionId: seen.option }), 200);
  });

  it('needs a session and the XSRF header', async () => {
    expectError(await t.client().del('u/deleteAccount'), 401, AUTH.notSignedIn);
    expectError(await victim.client.del('u/deleteAccount', undefined, { xsrf: null }), 403, AUTH.csrf);
  });

  it('deletes everything the user owns, recounts what they touched, signs them out everywhere', async () => {
    const elsewhere = t.client();
    await ok(t.signIn(elsewhere, { email: victim.email, password: victim.password }), 202);
    for (const f of files) expect(existsSync(fileOf(f)), f).toBe(true);

    const res = await victim.client.del('u/deleteAccount');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: SETTINGS.accountDeleted });
    expect(res.cookies.find((c) => c.name === 'quad_session')?.value).toBe('');

    expect(await t.query(`SELECT id FROM users WHERE id = '${victim.userID}'`)).toEqual([]);
    expect(await t.query(`SELECT id FROM sessions WHERE user_id = '${victim.userID}'`)).toEqual([]);
    expectError(await elsewhere.post('auth/refreshsignin'), 401, AUTH.notSignedIn);
    for (const f of files) expect(existsSync(fileOf(f)), f).toBe(false);

    // Their room with the other's post in it, their post and poll.
    expectError(await t.client().get(`rooms/showRoom/${seen.room}`), 404, 'Room not found');
    for (const id of [seen.inRoom, seen.own]) {
      expectError(await t.client().get(`posts/getapost?id=${id}`), 404, 'Post not found');
    }
    expectError(await t.client().get(`poll/getpoll?id=${seen.ownPoll}`), 404, 'Poll not found');
    expect((await t.client().get(`rooms/showRoom/${seen.otherRoom}`)).json().room._count.members).toBe(1);

    // Their votes are gone from the tallies.
    expect((await t.client().get(`posts/getapost?id=${seen.target}`)).json().post).toMatchObject({
      upvotes: 0,
      downvotes: 0,
    });
    expect((await t.client().get(`posts/getapost?id=${seen.down}`)).json().post.downvotes).toBe(0);
    expect((await t.client().get(`poll/getpoll?id=${seen.poll}`)).json().poll.totalVotes).toBe(0);

    // Comments: one with another's reply stays '[deleted]'; the rest go.
    const { post } = (await t.client().get(`posts/getapost?id=${seen.target}`)).json();
    const byId = Object.fromEntries(post.comments.map((c: { id: string }) => [c.id, c]));
    expect(byId[seen.answered]).toMatchObject({
      deleted: true,
      user: null,
      userId: null,
      body: COMMENTS.deletedBody,
    });
    expect(byId[seen.theirs]).toMatchObject({ upvotes: 0, deleted: false });
    for (const id of [seen.alone, seen.chainTop, seen.chainReply]) expect(byId[id]).toBeUndefined();
    expect(post.commentCount).toBe(2);
    const [tomb] = await t.query<{ body: string }>(`SELECT body FROM comments WHERE id = '${seen.answered}'`);
    expect(tomb?.body).toBe(COMMENTS.deletedBody);

    // Notices from and about them, their profile and search.
    expect(
      await t.query(`SELECT id FROM notifications WHERE from_user IS NULL OR to_user = '${victim.userID}'`),
    ).toEqual([]);
    expect((await other.client.get('u/notification')).json().data).toEqual([]);
    expectError(await t.client().get(`search/getauser?key=${victim.username}`), 404, PROFILE.userNotFound);
    expect((await t.client().get(`search/getusers?key=${victim.username}`)).json().users).toEqual([]);
    await expectCountersExact();

    // The address and the name are free again.
    await t.signUpAndVerify(undefined, { email: victim.email, username: victim.username });
  });

  it('keeps counters exact while others vote and comment on the same posts', async () => {
    const leaving = await t.signUpAndVerify();
    const author = await t.signUpAndVerify();
    const voters = await Promise.all(Array.from({ length: 8 }, () => t.signUpAndVerify()));
    const posts = await Promise.all([t.createPost(author), t.createPost(author)]);
    for (const p of posts) {
      await ok(leaving.client.post('posts/vote', { postId: p.id, val: 1, commentId: null }), 201);
      const mine = await comment(leaving, p.id, null);
      await comment(author, p.id, mine.id);
    }
    const results = await Promise.all([
      leaving.client.del('u/deleteAccount'),
      ...voters.flatMap((v, i) =>
        posts.map((p) =>
          i % 2
            ? v.client.post('posts/vote', { postId: p.id, val: 1, commentId: null })
            : v.client.post('posts/createcomment', { postId: p.id, commentId: null, content: 'hi' }),
        ),
      ),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, ...Array(16).fill(expect.any(Number))]);
    for (const r of results.slice(1)) expect([200, 201], r.body).toContain(r.statusCode);
    await expectCountersExact();
    for (const p of posts) {
      const { post } = (await t.client().get(`posts/getapost?id=${p.id}`)).json();
      expect(post).toMatchObject({ upvotes: 4, commentCount: 1 + 4 });
    }
  });
});
