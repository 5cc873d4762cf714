/**
 * Issue 33 "Sort": a thread by Best (the Wilson lower bound), Top, New and Old, and the topic, room
 * and profile lists by New and Top of a window; without `sort` every call keeps the spec's order, a
 * bad value is a 400, and what a viewer may see does not change with the order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Comment, Post, Room } from '../../src/domain/entities.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let author: Account;
let reader: Account;
let stranger: Account;
beforeAll(async () => {
  [author, reader, stranger] = await Promise.all([
    t.signUpAndVerify(),
    t.signUpAndVerify(),
    t.signUpAndVerify(),
  ]);
});

/** Votes written straight into the counters: the fixture, not the vote route, is under test here. */
async function tally(table: 'comments' | 'posts', id: string, up: number, down: number) {
  await t.query(`UPDATE ${table} SET upvotes = ${up}, downvotes = ${down} WHERE id = '${id}'`);
}

async function comment(post: Post, content: string, parent: Comment | null = null): Promise<Comment> {
  t.clock.advance(1000);
  const res = await reader.client.post('posts/createcomment', {
    postId: post.id,
    commentId: parent?.id ?? null,
    content,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().newComment;
}

async function threadBodies(post: Post, query = '', viewer = t.client()) {
  const res = await viewer.get(`posts/getapost?id=${post.id}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const comments: Comment[] = res.json().post.comments;
  const bodies = (parentId: string | null) =>
    comments.filter((c) => c.parentId === parentId).map((c) => c.body);
  return { top: bodies(null), repliesOf: (c: Comment) => bodies(c.id) };
}

describe('posts/getapost ?sort', () => {
  let post: Post;
  let tenTwo: Comment;
  beforeAll(async () => {
    post = await t.createPost(author);
    const oneZero = await comment(post, 'one up');
    tenTwo = await comment(post, 'ten up two down');
    const sixZero = await comment(post, 'six up');
    const forty = await comment(post, 'forty up thirty down');
    const older = await comment(post, 'older reply', tenTwo);
    const newer = await comment(post, 'newer reply', tenTwo);
    await tally('comments', oneZero.id, 1, 0);
    await tally('comments', tenTwo.id, 10, 2);
    await tally('comments', sixZero.id, 6, 0);
    await tally('comments', forty.id, 40, 30);
    await tally('comments', older.id, 0, 1);
    await tally('comments', newer.id, 3, 0);
  });

  it('keeps the spec order, oldest first, without sort and with sort=old', async () => {
    const oldest = ['one up', 'ten up two down', 'six up', 'forty up thirty down'];
    expect((await threadBodies(post)).top).toEqual(oldest);
    expect((await threadBodies(post, '&sort=old')).top).toEqual(oldest);
  });

  it('puts 10 up / 2 down above 1 up / 0 down by Best, though 1/0 has the higher ratio', async () => {
    const { top } = await threadBodies(post, '&sort=best');
    expect(top.indexOf('ten up two down')).toBeLessThan(top.indexOf('one up'));
  });

  it('orders by the Wilson lower bound for Best, unlike Top where 40 up / 30 down outscores 6 up', async () => {
    // bounds: 6/0 0.785, 10/2 0.658, 40/30 0.495, 1/0 0.378; scores: 10, 8, 6, 1
    expect((await threadBodies(post, '&sort=best')).top).toEqual([
      'six up',
      'ten up two down',
      'forty up thirty down',
      'one up',
    ]);
    expect((await threadBodies(post, '&sort=top')).top).toEqual([
      'forty up thirty down',
      'ten up two down',
      'six up',
      'one up',
    ]);
  });

  it('orders newest first for New', async () => {
    expect((await threadBodies(post, '&sort=new')).top).toEqual([
      'forty up thirty down',
      'six up',
      'ten up two down',
      'one up',
    ]);
  });

  it('sorts the replies of a comment among themselves in the same order', async () => {
    expect((await threadBodies(post, '&sort=best')).repliesOf(tenTwo)).toEqual([
      'newer reply',
      'older reply',
    ]);
    expect((await threadBodies(post, '&sort=top')).repliesOf(tenTwo)).toEqual(['newer reply', 'older reply']);
    expect((await threadBodies(post, '&sort=old')).repliesOf(tenTwo)).toEqual(['older reply', 'newer reply']);
  });

  it('refuses an unknown order with 400 and a msg', async () => {
    const res = await t.client().get(`posts/getapost?id=${post.id}&sort=hot`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('* sort must be best, top, new or old');
  });

  it("keeps a blocked author's comments folded and a private room's thread closed in every order", async () => {
    const res = await stranger.client.post('posts/createcomment', {
      postId: post.id,
      content: 'by the blocked',
    });
    expect(res.statusCode).toBe(201);
    expect((await reader.client.post('u/block', { username: stranger.username })).statusCode).toBe(201);
    for (const sort of ['best', 'top', 'new', 'old']) {
      const thread = (await reader.client.get(`posts/getapost?id=${post.id}&sort=${sort}`)).json().post;
      const blocked = (thread.comments as Comment[]).find((c) => c.id === res.json().newComment.id);
      expect(blocked).toMatchObject({ authorBlocked: true, body: '', user: null });
    }
    await reader.client.post('u/unblock', { username: stranger.username });

    const room = await t.createRoom(author, { privacy: 'true' });
    const secret = await t.createPost(author, { subCommunity: room.id });
    for (const sort of ['best', 'top', 'new', 'old']) {
      expect((await stranger.client.get(`posts/getapost?id=${secret.id}&sort=${sort}`)).statusCode).toBe(403);
    }
  });
});

describe('topic, room and profile lists ?sort=new|top&t=day|week|all', () => {
  let room: Room;
  let poster: Account;
  // a profile lists both the topic and the room copy of each title: each counts once, where it first shows
  const titles = (res: { json(): { posts: Post[] } }) => [...new Set(res.json().posts.map((p) => p.title))];
  beforeAll(async () => {
    poster = await t.signUpAndVerify();
    room = await t.createRoom(poster);
    // oldest first: a post of last month, of four days ago, and two of today
    const spec = [
      { title: 'month', score: [30, 0], age: 30 * 24 },
      { title: 'days', score: [12, 2], age: 4 * 24 },
      { title: 'today high', score: [5, 0], age: 2 },
      { title: 'today low', score: [1, 0], age: 1 },
    ];
    t.clock.advance(-31 * 24 * 3600_000);
    let hoursAgo = 31 * 24;
    for (const { title, score, age } of spec) {
      t.clock.advance((hoursAgo - age) * 3600_000);
      hoursAgo = age;
      for (const form of [{ topic: 'lucknow' }, { subCommunity: room.id }]) {
        const post = await t.createPost(poster, { title, ...form });
        await tally('posts', post.id, score[0] ?? 0, score[1] ?? 0);
      }
    }
    t.clock.advance(hoursAgo * 3600_000);
  });

  const lists = () => ({
    topic: 'posts/q/hottopic?topic=lucknow',
    room: `posts/getPost?title=${room.title}`,
    profile: `search/getuserposts?username=${poster.username}`,
  });

  it('keeps newest first without sort, and with sort=new', async () => {
    for (const url of Object.values(lists())) {
      const newest = ['today low', 'today high', 'days', 'month'];
      expect(titles(await t.client().get(url))).toEqual(newest);
      expect(titles(await t.client().get(`${url}&sort=new`))).toEqual(newest);
    }
  });

  it('orders by score within the window for Top: today, this week, all time (the default)', async () => {
    for (const url of Object.values(lists())) {
      expect(titles(await t.client().get(`${url}&sort=top&t=day`))).toEqual(['today high', 'today low']);
      expect(titles(await t.client().get(`${url}&sort=top&t=week`))).toEqual([
        'days',
        'today high',
        'today low',
      ]);
      const all = ['month', 'days', 'today high', 'today low'];
      expect(titles(await t.client().get(`${url}&sort=top&t=all`))).toEqual(all);
      expect(titles(await t.client().get(`${url}&sort=top`))).toEqual(all);
    }
  });

  it('pages Top by 10 like the spec order', async () => {
    const res = await t.client().get(`${lists().topic}&sort=top&page=1&limit=2`);
    expect(titles(res)).toEqual(['today high', 'today low']);
  });

  it('refuses an unknown sort or window with 400, and a sort of the home feed', async () => {
    for (const url of Object.values(lists())) {
      expect((await t.client().get(`${url}&sort=best`)).statusCode).toBe(400);
      expect((await t.client().get(`${url}&sort=top&t=year`)).statusCode).toBe(400);
    }
    const home = await t.client().get('posts/getPost?sort=top');
    expect(home.statusCode).toBe(400);
    expect(home.json().msg).toContain('* sort needs a room title');
  });

  it("keeps a private room's list closed to non-members in every order", async () => {
    const secret = await t.createRoom(author, { privacy: 'true' });
    await t.createPost(author, { subCommunity: secret.id });
    const res = await reader.client.get(`posts/getPost?title=${secret.title}&sort=top&t=all`);
    expect(res.statusCode).toBe(403);
    const profile = await reader.client.get(`search/getuserposts?username=${author.username}&sort=top`);
    expect(titles(profile)).not.toContain(secret.title);
  });
});

describe('u/setCommentSort', () => {
  it("keeps the student's comment order in their UserInfo", async () => {
    const before = await reader.client.get(`u/${reader.email}`);
    expect(before.json().user.commentSort).toBeNull();
    const res = await reader.client.post('u/setCommentSort', { sort: 'best' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.commentSort).toBe('best');
    expect((await reader.client.get(`u/${reader.email}`)).json().user.commentSort).toBe('best');
  });

  it('refuses visitors and unknown orders', async () => {
    expectError(await t.client().post('u/setCommentSort', { sort: 'best' }), 401, AUTH.notSignedIn);
    expect((await reader.client.post('u/setCommentSort', { sort: 'hot' })).statusCode).toBe(400);
  });
});
