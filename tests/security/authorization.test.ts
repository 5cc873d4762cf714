/**
 * Authorization over every route: a visitor may change nothing; a signed-in person may change only
 * what is theirs; a private room's content is closed to people who have not joined it. Each refusal
 * leaves the data as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SAFETY } from '../../src/domain/safety.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type Account, setupTestApp, type TestClient } from '../support/testApp.ts';
import { type ApiRoute, apiRoutes, isStateChanging, pathOf } from './routes.ts';
import { buildWorld, fingerprint, type World } from './world.ts';

const t = setupTestApp({ MODERATORS: 'WorldMod' });
let world: World;
let routes: ApiRoute[];
let moderator: Account;

beforeAll(async () => {
  world = await buildWorld(t);
  routes = await apiRoutes(t);
  // A reported post with a proposal waiting: a confirmation by anyone would remove it.
  moderator = await t.signUpAndVerify(undefined, { username: 'WorldMod' });
  const target = { kind: 'post', id: world.posts.topic.id };
  expect((await world.member.client.post('reports', { ...target, reason: 'spam' })).statusCode).toBe(201);
  expect((await moderator.client.post('mod/propose', { ...target, rule: 'spam' })).statusCode).toBe(201);
});

/** Routes a visitor may call: signing up and in, and reads that happen to be POSTs. */
const OPEN_TO_VISITORS = [/^auth\//, /^posts\/upvoteNum$/, /^search\/getLCdata\/?$/];

type Role = 'owner' | 'member' | 'outsider' | 'visitor';
type Call = (client: TestClient, w: World) => Promise<{ statusCode: number; body: string }>;

const image = async () => ({ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() });

/** What only the owner of something may do, with the status everyone else gets. */
const OWNER_ONLY: [string, Call, Partial<Record<Role, number>>][] = [
  [
    'delete the owner’s post',
    (c, w) => c.del('posts/delete', { id: w.posts.topic.id }),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'delete the owner’s poll',
    (c, w) => c.del(`poll/deletepoll?id=${w.polls.topic.id}`),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'delete the member’s comment',
    (c, w) => c.del('posts/deleteComment', { id: w.commentIds[0] }),
    { outsider: 403, visitor: 401 },
  ],
  [
    'edit the owner’s post',
    (c, w) => c.post('posts/edit', { id: w.posts.topic.id, body: 'Taken over' }),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'edit the owner’s poll',
    (c, w) => c.post('poll/edit', { id: w.polls.topic.id, title: 'Taken over?' }),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'edit the member’s comment',
    (c, w) => c.post('posts/editComment', { id: w.commentIds[0], body: 'Taken over' }),
    { owner: 403, outsider: 403, visitor: 401 },
  ],
  [
    'read the owner’s notification',
    (c, w) => c.post('u/markasread', { id: w.notificationIds[0] }),
    { member: 404, outsider: 404, visitor: 401 },
  ],
  [
    'rename the room',
    (c, w) => c.post('rooms/update', { title: w.publicRoom.title, newTitle: 'Taken0ver' }),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'delete the room',
    (c, w) => c.del('rooms/delete', { title: w.publicRoom.title }),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'change the room icon',
    async (c, w) => c.postForm('rooms/updatedp', { title: w.publicRoom.title, roomImg: await image() }),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'change the room background',
    async (c, w) => c.postForm('rooms/updatebgImg', { title: w.publicRoom.title, bgImg: await image() }),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    // Spec: 'Only You can add people' in a private room; in a public one members may invite too.
    'invite into the private room',
    (c, w) => c.post(`rooms/addUserinRoom/${w.outsider.username}`, { title: w.privateRoom.title }),
    { member: 403, visitor: 401 },
  ],
  [
    'accept a join request',
    (c, w) =>
      c.post('rooms/acceptJoiningRequest', { title: w.privateRoom.title, fromUser: w.outsider.userID }),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'decline a join request',
    (c, w) =>
      c.post('rooms/declineJoiningRequest', { title: w.privateRoom.title, fromUser: w.outsider.userID }),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    // The route withdraws the caller's own request only: ids in the body name nobody else.
    'withdraw the outsider’s join request',
    (c, w) =>
      c.post('rooms/cancelJoiningRequest', { title: w.privateRoom.title, fromUser: w.outsider.userID }),
    { owner: 404, member: 404, visitor: 401 },
  ],
  [
    'remove a post of the room',
    (c, w) => c.post('rooms/removeItem', { kind: 'post', id: w.posts.privateRoom.id }),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'remove a member of the room',
    (c, w) => c.post('rooms/removeMember', { title: w.privateRoom.title, username: w.member.username }),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'list the room’s members',
    (c, w) => c.get(`rooms/members/${w.privateRoom.title}`),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'list the owner’s rooms',
    (c, w) => c.get(`rooms/getAllRoom/${w.owner.userID}`),
    { member: 403, outsider: 403, visitor: 401 },
  ],
  [
    'read the owner’s upvotes',
    (c, w) => c.get(`search/getuserupvotes?userId=${w.owner.userID}`),
    { member: 403, outsider: 403, visitor: 403 },
  ],
  [
    'read the owner’s account',
    (c, w) => c.get(`u/${encodeURIComponent(w.owner.email)}`),
    { member: 403, outsider: 403, visitor: 401 },
  ],
];

/** A private room's content: members may, people who have not joined may not. */
const PRIVATE_CONTENT: [string, Call][] = [
  ['list its posts', (c, w) => c.get(`posts/getPost?title=${w.privateRoom.title}&offset=0&limit=10`)],
  ['list its polls', (c, w) => c.get(`poll/getallpolls?subCommunity=${w.privateRoom.id}&offset=0&limit=10`)],
  ['open its post', (c, w) => c.get(`posts/getapost?id=${w.posts.privateRoom.id}`)],
  // issue 33 "Sort": an order changes nothing of who may read
  [
    'list its posts by Top of the week',
    (c, w) => c.get(`posts/getPost?title=${w.privateRoom.title}&offset=0&limit=10&sort=top&t=week`),
  ],
  ['open its post sorted by Best', (c, w) => c.get(`posts/getapost?id=${w.posts.privateRoom.id}&sort=best`)],
  ['open its poll', (c, w) => c.get(`poll/getpoll?id=${w.polls.privateRoom.id}`)],
  ['read its log', (c, w) => c.get(`rooms/log/${w.privateRoom.title}`)],
  ['read its tallies', (c, w) => c.post('posts/upvoteNum', { postId: w.posts.privateRoom.id })],
  [
    'vote on its post',
    (c, w) => c.post('posts/vote', { postId: w.posts.privateRoom.id, val: -1, commentId: null }),
  ],
  [
    'comment on its post',
    (c, w) =>
      c.post('posts/createcomment', { postId: w.posts.privateRoom.id, commentId: null, content: 'hi' }),
  ],
  [
    'vote in its poll',
    (c, w) => c.post('poll/votepoll', { pollOptionId: w.polls.privateRoom.options[1]?.id }),
  ],
  [
    'post in it',
    (c, w) =>
      c.postForm('posts/postWithImg', { title: 'x', topic: '', body: 'y', subCommunity: w.privateRoom.id }),
  ],
  [
    'run a poll in it',
    (c, w) => c.post('poll/createpoll', { title: 'x?', options: ['a', 'b'], subCommunity: w.privateRoom.id }),
  ],
];

/** Moderation: moderators only; everyone else signed in is refused with 403, a visitor with 401. */
const MODERATOR_ONLY: [string, Call][] = [
  ['read the queue', (c) => c.get('mod/queue')],
  ['dismiss the reports', (c, w) => c.post('mod/dismiss', { kind: 'post', id: w.posts.topic.id })],
  [
    'propose a removal',
    (c, w) => c.post('mod/propose', { kind: 'post', id: w.posts.topic.id, rule: 'hate' }),
  ],
  ['confirm a removal', (c, w) => c.post('mod/confirm', { kind: 'post', id: w.posts.topic.id })],
];

/** Reads of a signed-in person's own safety settings. */
const MEMBERS_ONLY: [string, Call][] = [['list the people they blocked', (c) => c.get('u/blocked')]];

const clientOf = (role: Role): TestClient =>
  role === 'visitor' ? t.client() : (world[role] as Account).client;

describe('a visitor', () => {
  it('changes nothing through any state-changing route but signing in and the read-only POSTs', async () => {
    const visitor = t.client();
    await visitor.get('/');
    const before = await fingerprint(t);
    const wrong: string[] = [];
    for (const route of routes.filter(isStateChanging)) {
      if (OPEN_TO_VISITORS.some((open) => open.test(route.path))) continue;
      const url = pathOf(route, {
        title: world.publicRoom.title,
        roomId: world.publicRoom.id,
        username: 'x',
      });
      const res = route.multipart
        ? await visitor.postForm(url, {})
        : await visitor.send(route.method, url, '{}');
      // An empty body may be refused as invalid (400) before the session is asked for (401).
      if (res.statusCode !== 401 && res.statusCode !== 400)
        wrong.push(`${route.method} ${route.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(t)).toEqual(before);
  });
});

describe('signed-in people', () => {
  it.each(OWNER_ONLY)('may not %s unless it is theirs', async (_name, call, refused) => {
    for (const role of Object.keys(refused) as Role[]) {
      const before = await fingerprint(t);
      const res = await call(clientOf(role), world);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(refused[role]);
      expect(await fingerprint(t)).toEqual(before);
    }
  });

  it.each(PRIVATE_CONTENT)('may %s of a private room only as members', async (_name, call) => {
    const before = await fingerprint(t);
    const refused = await call(world.outsider.client, world);
    expect(refused.statusCode, refused.body).toBe(403);
    const visitor = await call(t.client(), world);
    expect([401, 403], visitor.body).toContain(visitor.statusCode);
    expect(await fingerprint(t)).toEqual(before);
    const allowed = await call(world.member.client, world);
    expect(allowed.statusCode, allowed.body).toBeLessThan(300);
  });
});

describe('moderation', () => {
  it.each(MODERATOR_ONLY)('may %s only as a moderator', async (_name, call) => {
    for (const role of ['owner', 'member', 'outsider', 'visitor'] as const) {
      const before = await fingerprint(t);
      const res = await call(clientOf(role), world);
      if (role === 'visitor') expect(res.statusCode, res.body).toBe(401);
      else
        expect({ role, status: res.statusCode, body: JSON.parse(res.body) }).toEqual({
          role,
          status: 403,
          body: { msg: SAFETY.notModerator },
        });
      expect(await fingerprint(t)).toEqual(before);
    }
  });

  it('lets a moderator read the queue, and everyone the log', async () => {
    expect((await moderator.client.get('mod/queue')).statusCode).toBe(200);
    expect((await t.client().get('mod/log')).statusCode).toBe(200);
    expect((await t.client().get('safety/resources')).statusCode).toBe(200);
  });

  it.each(MEMBERS_ONLY)('may %s only when signed in', async (_name, call) => {
    expect((await call(t.client(), world)).statusCode).toBe(401);
    expect((await call(world.member.client, world)).statusCode).toBe(200);
  });
});
