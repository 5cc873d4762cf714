/**
 * The first screen from the server (issue 29): each screen comes as HTML that already shows what the
 * route shows, for the viewer the session cookie names, with the snapshots its actors start from; and
 * nothing the viewer may not see is in the HTML or in the embedded data (the API's visibility rule).
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, Poll, Post, Room } from '../../src/domain/entities.ts';
import { PRIVATE_REVIEW } from '../../src/domain/roomOwnerMessages.ts';
import { embeddedFirstScreen, pageTemplateDir, renderedText } from '../support/pageTemplate.ts';
import { type Account, createTestApp, type TestApp } from '../support/testApp.ts';

const template = pageTemplateDir();
let t: TestApp;
let author: Account;
let member: Account;
let stranger: Account;
let topicPost: Post;
let poll: Poll;
let privateRoom: Room;
let publicRoom: Room;
let roomPost: Post;
let topicComment: Comment;
let roomComment: Comment;
let moderators: Promise<[Account, Account]> | null = null;

/** The two moderators of MODERATORS, signed up when a test first needs them. */
const theModerators = () => {
  moderators ??= (async () => [
    await t.signUpAndVerify(undefined, { username: 'ModOne' }),
    await t.signUpAndVerify(undefined, { username: 'ModTwo' }),
  ])();
  return moderators;
};

async function comment(account: Account, postId: string, content: string): Promise<Comment> {
  const res = await account.client.post('posts/createcomment', { postId, commentId: null, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().newComment;
}

beforeAll(async () => {
  // Visitors' pages are rendered anew for each request, but in the test of their cache.
  t = await createTestApp({
    STATIC_DIR: template.dir,
    MODERATORS: 'ModOne, ModTwo',
    VISITOR_PAGE_SECONDS: '0',
  });
  author = await t.signUpAndVerify();
  member = await t.signUpAndVerify();
  stranger = await t.signUpAndVerify();
  topicPost = await t.createPost(author, { title: 'Library hours this week', body: 'Open till 10 pm.' });
  poll = await t.createPoll(author, { title: 'Which mess is best?', options: ['North', 'South'] });
  publicRoom = await t.createRoom(author);
  privateRoom = await t.createRoom(author, { privacy: 'true' });
  await member.client.post(`rooms/addUserinRoom/${member.username}`, { title: privateRoom.title });
  await author.client.post('rooms/acceptJoiningRequest', {
    title: privateRoom.title,
    fromUser: member.userID,
  });
  roomPost = await t.createPost(author, {
    title: 'Secret club minutes',
    body: 'Only for members.',
    topic: '',
    subCommunity: privateRoom.id,
  });
  topicComment = await comment(member, topicPost.id, 'Thanks for the heads-up!');
  roomComment = await comment(member, roomPost.id, 'Members-only reply');
  await member.client.post('posts/vote', { postId: topicPost.id, val: 1, commentId: null });
});
afterAll(async () => {
  await t?.close();
  template.remove();
});

const page = async (viewer: Account | null, url: string) => {
  const res = await (viewer?.client ?? t.client()).get(url);
  return { res, text: renderedText(res.body), data: JSON.stringify(embeddedFirstScreen(res.body)) };
};

describe('every screen comes as HTML with what it shows', () => {
  it('the home feed shows its first page, and the page carries the snapshot its list starts from', async () => {
    const { res, text, data } = await page(null, '/');
    expect(res.statusCode).toBe(200);
    expect(text).toContain('Library hours this week');
    expect(text).toContain('Which mess is best?');
    expect(data).toContain(topicPost.id);
    expect(res.body).toContain('<title>Quad</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a post page shows the post and its comments, and names the tab after it', async () => {
    const { res, text } = await page(null, `/post/${topicPost.id}`);
    expect(text).toContain('Library hours this week');
    expect(text).toContain('Open till 10 pm.');
    expect(text).toContain('Thanks for the heads-up!');
    expect(res.body).toContain('<title>Library hours this week · Quad</title>');
  });

  it("a comment's page shows the comment and the way to its thread, and names the tab after its author", async () => {
    const { res, text, data } = await page(null, `/comment/${topicComment.id}`);
    expect(res.statusCode).toBe(200);
    expect(text).toContain('Thanks for the heads-up!');
    expect(text).toContain('Read the whole thread');
    expect(res.body).toContain(`href="/post/${topicPost.id}"`);
    expect(data).toContain(topicComment.id);
    expect(res.body).toContain(`<title>Comment by u/${member.username} · Quad</title>`);
  });

  it('a poll, a profile, a topic, a room, Popular and About show their content', async () => {
    expect((await page(null, `/poll/${poll.id}`)).text).toContain('Which mess is best?');
    const profile = await page(null, `/u/${author.username}/overview`);
    expect(profile.text).toContain(author.username);
    expect(profile.text).toContain('Library hours this week');
    expect((await page(null, '/q/dsa')).text).toContain('Library hours this week');
    expect((await page(null, `/room/${author.userID}/${publicRoom.title}`)).text).toContain(publicRoom.title);
    expect((await page(null, '/popular')).res.statusCode).toBe(200);
    expect((await page(null, '/about')).text).toContain('About');
  });

  it('the sign-in, sign-up and reset forms and the 404 screen are drawn', async () => {
    expect((await page(null, '/signin')).text).toMatch(/Sign in|Log in/i);
    expect((await page(null, '/signup')).text).toMatch(/Sign up/i);
    expect((await page(null, '/resetpassword')).res.statusCode).toBe(200);
    const missing = await page(null, '/no/such/screen');
    expect(missing.res.statusCode).toBe(404);
    expect(missing.text).toMatch(/not found/i);
  });

  it("a first-time visitor's page comes with the welcome dialog; a returning visitor's without", async () => {
    const first = await page(null, '/');
    expect(first.text).toContain('Welcome to Quad!');
    expect(first.res.body).toMatch(/<div[^>]*role="dialog"/);
    const returning = t.client();
    returning.jar.set('quad_visited', { value: '1', path: '/' });
    const again = await returning.get('/');
    expect(renderedText(again.body)).toContain('Library hours this week');
    expect(renderedText(again.body)).not.toContain('Welcome to Quad!');
  });

  it('index routes answer with a redirect where the browser would move on', async () => {
    const profile = await t.client().get(`/u/${author.username}`);
    expect(profile.statusCode).toBe(302);
    expect(profile.headers.location).toBe(`/u/${author.username}/overview`);
    const create = await author.client.get('/create');
    expect(create.statusCode).toBe(302);
    expect(create.headers.location).toBe('/create/post');
  });
});

describe('a signed-in student gets their own page', () => {
  it('shows them signed in, their vote, and is kept by no cache', async () => {
    const { res, text, data } = await page(member, `/post/${topicPost.id}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(text).toContain(member.username);
    // Their own session restore carries their own address, and no one else's.
    expect(data).toContain(member.email);
    expect(data).not.toContain(author.email);
    expect(data).toMatch(/"myVote":1/);
  });

  it('shows a visitor no session and no address', async () => {
    const { data, text } = await page(null, '/');
    expect(data).toContain('"signedOut"');
    for (const account of [author, member, stranger]) {
      expect(data).not.toContain(account.email);
      expect(text).not.toContain(account.email);
    }
  });
});

describe('what a viewer may not see is not in the page', () => {
  const roomPostUrl = () => `/post/${privateRoom.id}/${roomPost.id}`;

  it("keeps a private room's post from visitors and strangers, and shows it to members", async () => {
    for (const viewer of [null, stranger]) {
      const { text, data } = await page(viewer, roomPostUrl());
      expect(text).not.toContain('Secret club minutes');
      expect(data).not.toContain('Secret club minutes');
      expect(data).not.toContain('Only for members.');
    }
    expect((await page(member, roomPostUrl())).text).toContain('Secret club minutes');
    expect((await page(author, roomPostUrl())).text).toContain('Only for members.');
  });

  it("keeps a private room's comment from visitors and strangers, and shows it to members", async () => {
    for (const viewer of [null, stranger]) {
      const { text, data } = await page(viewer, `/comment/${roomComment.id}`);
      expect(text).toContain('Forbidden!');
      expect(text).not.toContain('Members-only reply');
      expect(data).not.toContain('Members-only reply');
    }
    const inside = await page(author, `/comment/${roomComment.id}`);
    expect(inside.text).toContain('Members-only reply');
    expect(inside.text).toContain('Read the whole thread');
    expect(inside.text).not.toContain(PRIVATE_REVIEW.note);
  });

  it('shows a moderator a reported comment of a private room alone, under the review note', async () => {
    const [moderator] = await theModerators();
    const url = `/comment/${roomComment.id}`;
    expect((await page(moderator, url)).text).toContain('Forbidden!');
    const report = { kind: 'comment', id: roomComment.id, reason: 'harassment' };
    // Reported by a member of the room (the author of the room's post; one does not report oneself).
    const reported = await author.client.post('reports', report);
    expect(reported.statusCode, reported.body).toBe(201);
    const { text } = await page(moderator, url);
    expect(text).toContain(PRIVATE_REVIEW.note);
    expect(text).toContain('Members-only reply');
    expect(text).not.toContain('Read the whole thread');
    // The post and the rest of its thread stay closed.
    const post = await page(moderator, `/post/${privateRoom.id}/${roomPost.id}`);
    expect(post.text).toContain('Forbidden!');
    expect(post.data).not.toContain('Members-only reply');
  });

  it("keeps a private room's feed from strangers", async () => {
    const url = `/room/${author.userID}/${privateRoom.title}`;
    const outside = await page(stranger, url);
    expect(outside.data).not.toContain('Secret club minutes');
    expect(outside.text).not.toContain('Secret club minutes');
    expect((await page(member, url)).text).toContain('Secret club minutes');
  });

  it("drops a blocked author's posts from the blocker's page", async () => {
    const blocker = await t.signUpAndVerify();
    expect((await blocker.client.post('u/block', { username: author.username })).statusCode).toBe(201);
    const { text, data } = await page(blocker, '/');
    expect(text).not.toContain('Library hours this week');
    expect(data).not.toContain(topicPost.id);
  });

  it('shows a removed post as removed, without its content', async () => {
    const doomed = await t.createPost(author, { title: 'Doomed post', body: 'Harmful words.' });
    const [one, two] = await theModerators();
    const target = { kind: 'post', id: doomed.id };
    await stranger.client.post('reports', { ...target, reason: 'spam' });
    expect((await one.client.post('mod/propose', { ...target, rule: 'spam' })).statusCode).toBe(201);
    expect((await two.client.post('mod/confirm', target)).statusCode).toBe(200);
    for (const viewer of [null, author, stranger]) {
      const { text, data } = await page(viewer, `/post/${doomed.id}`);
      expect(text).toContain('Removed by moderators');
      expect(data).not.toContain('Harmful words.');
      const home = await page(viewer, '/');
      expect(home.text).not.toContain('Doomed post');
      expect(home.data).not.toContain('Harmful words.');
    }
  });
});

describe('a crawl of the rendered screens holds them to the API', () => {
  /** Every screen of this campus, as a list of addresses. */
  const screens = () => [
    '/',
    '/popular',
    '/q/dsa',
    '/q/iet',
    `/post/${topicPost.id}`,
    `/post/${privateRoom.id}/${roomPost.id}`,
    `/post/${roomPost.id}`,
    `/poll/${poll.id}`,
    `/comment/${topicComment.id}`,
    `/comment/${roomComment.id}`,
    ...[author, member, stranger].flatMap((p) =>
      ['overview', 'posts', 'upvoted', 'commented'].map((tab) => `/u/${p.username}/${tab}`),
    ),
    `/room/${author.userID}/${publicRoom.title}`,
    `/room/${author.userID}/${privateRoom.title}`,
  ];

  it.each([
    ['a visitor', () => null],
    ['a stranger', () => stranger],
    ['a member', () => member],
    ['the author', () => author],
  ])(
    '%s finds in each page only the posts the API shows them, and no address but their own',
    async (_, who) => {
      const viewer = who();
      const client = viewer?.client ?? t.client();
      const world = [topicPost, roomPost];
      const comments = [topicComment, roomComment];
      const shown = new Set<string>();
      for (const post of world) {
        const res = await client.get(`posts/getapost?id=${post.id}`);
        if (res.statusCode === 200) shown.add(post.body);
      }
      for (const one of comments) {
        const res = await client.get(`posts/getacomment?id=${one.id}`);
        if (res.statusCode === 200) shown.add(one.body);
      }
      const others = [author, member, stranger].filter((a) => a !== viewer).map((a) => a.email);
      for (const url of screens()) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBeLessThan(500);
        for (const { body } of [...world, ...comments]) {
          if (res.body.includes(body)) expect(shown.has(body), `${url} shows "${body}"`).toBe(true);
        }
        for (const email of others) expect(res.body, url).not.toContain(email);
      }
    },
  );
});

describe("visitors' pages", () => {
  it('are served again for a few seconds; a signed-in page is always fresh', async () => {
    const cached = await createTestApp({ STATIC_DIR: template.dir, VISITOR_PAGE_SECONDS: '2' });
    try {
      const writer = await cached.signUpAndVerify();
      const reader = await cached.signUpAndVerify();
      const topic = async (viewer: Account | null) =>
        renderedText((await (viewer?.client ?? cached.client()).get('/q/iet')).body);
      expect(await topic(null)).not.toContain('Fresh from the oven');
      // The kept page goes out compressed too, the same page.
      const kept = await cached.client().get('/q/iet', { headers: { 'accept-encoding': 'br' } });
      expect(kept.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(kept.rawPayload).toString()).toBe(
        (await cached.client().get('/q/iet')).body,
      );
      await cached.createPost(writer, { title: 'Fresh from the oven', topic: 'iet' });
      expect(await topic(reader)).toContain('Fresh from the oven');
      expect(await topic(null)).not.toContain('Fresh from the oven');
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect(await topic(null)).toContain('Fresh from the oven');
    } finally {
      await cached.close();
    }
  });
});
