/**
 * The authorization matrix of rooms: every rooms/ route and every posts/poll route touching room
 * content, for the owner, a member, a pending entry (a request to a private room, the owner's
 * invitation to a public one), a non-member and a visitor, in a public and a private room.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Poll, Post, Room } from '../../src/domain/entities.ts';
import { AUTH, ROOMS } from '../../src/domain/messages.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type Account, setupTestApp, type TestClient } from '../support/testApp.ts';

const t = setupTestApp();
const ROLES = ['owner', 'member', 'pending', 'nonMember', 'visitor'] as const;
type Role = (typeof ROLES)[number];
type Privacy = 'public' | 'private';
let people: Record<Exclude<Role, 'visitor'>, Account>;

interface World {
  room: Room;
  post: Post;
  commentId: string;
  poll: Poll;
}

async function world(privacy: Privacy): Promise<World> {
  const { owner, member, pending } = people;
  const room = await t.createRoom(owner, { privacy: String(privacy === 'private') });
  const { title } = room;
  if (privacy === 'public') {
    expect((await member.client.post('rooms/join', { title })).statusCode).toBe(200);
    expect((await owner.client.post(`rooms/addUserinRoom/${pending.username}`, { title })).statusCode).toBe(
      201,
    );
  } else {
    for (const a of [member, pending])
      expect((await a.client.post(`rooms/addUserinRoom/${owner.username}`, { title })).statusCode).toBe(201);
    const ok = await owner.client.post('rooms/acceptJoiningRequest', { title, fromUser: member.userID });
    expect(ok.statusCode, ok.body).toBe(200);
  }
  const post = await t.createPost(owner, { subCommunity: room.id, topic: '' });
  const c = await owner.client.post('posts/createcomment', {
    postId: post.id,
    commentId: null,
    content: 'Hi',
  });
  expect(c.statusCode, c.body).toBe(201);
  const poll = await t.createPoll(owner, { subCommunity: room.id, topic: undefined });
  return { room, post, commentId: c.json().newComment.id, poll };
}

const clientOf = (role: Role): TestClient => (role === 'visitor' ? t.client() : people[role].client);
const isMember = (role: Role) => role === 'owner' || role === 'member';

beforeAll(async () => {
  const [owner, member, pending, nonMember] = await Promise.all(
    [0, 1, 2, 3].map(async () => t.signUpAndVerify()),
  );
  people = { owner, member, pending, nonMember } as typeof people;
});

type Call = (c: TestClient, w: World, role: Role) => Promise<LightMyRequestResponse>;
/** The status each role gets, public then private. */
type Expect = (role: Role, privacy: Privacy) => number;

const read: Expect = (role, privacy) => (privacy === 'public' || isMember(role) ? 200 : 403);
const write =
  (ok: number): Expect =>
  (role) =>
    role === 'visitor' ? 401 : isMember(role) ? ok : 403;
const ownerOnly =
  (ok: number): Expect =>
  (role) =>
    role === 'visitor' ? 401 : role === 'owner' ? ok : 403;

/** Routes that change nothing about membership: one world per privacy serves every role. */
const shared: [string, Call, Expect][] = [
  ['GET rooms/showRoom', (c, w) => c.get(`rooms/showRoom/${w.room.title}`), read],
  ['GET posts/getPost?title', (c, w) => c.get(`posts/getPost?title=${w.room.title}&offset=0&limit=10`), read],
  ['GET posts/getapost', (c, w) => c.get(`posts/getapost?id=${w.post.id}`), read],
  ['POST posts/upvoteNum', (c, w) => c.post('posts/upvoteNum', { postId: w.post.id }), read],
  [
    'POST posts/upvoteNum (comment)',
    (c, w) => c.post('posts/upvoteNum', { postId: w.post.id, commentId: w.commentId }),
    read,
  ],
  [
    'GET poll/getallpolls?subCommunity',
    (c, w) => c.get(`poll/getallpolls?offset=0&limit=10&subCommunity=${w.room.id}`),
    read,
  ],
  ['GET poll/getpoll', (c, w) => c.get(`poll/getpoll?id=${w.poll.id}`), read],
  ['GET poll/getpollRoom', (c, w) => c.get(`poll/getpollRoom?id=${w.poll.id}`), () => 200],
  [
    'POST posts/vote',
    (c, w) => c.post('posts/vote', { postId: w.post.id, val: 1, commentId: null }),
    write(201),
  ],
  [
    'POST posts/vote (comment)',
    (c, w) => c.post('posts/vote', { postId: w.post.id, val: 1, commentId: w.commentId }),
    write(201),
  ],
  [
    'POST posts/createcomment',
    (c, w) => c.post('posts/createcomment', { postId: w.post.id, commentId: w.commentId, content: 'Yo' }),
    write(201),
  ],
  [
    'POST posts/postWithImg in the room',
    (c, w) => c.postForm('posts/postWithImg', { title: 'T', body: 'B', topic: '', subCommunity: w.room.id }),
    write(201),
  ],
  [
    'POST poll/createpoll in the room',
    (c, w) => c.post('poll/createpoll', { title: 'Q?', options: ['a', 'b'], subCommunity: w.room.id }),
    write(200),
  ],
  [
    'POST poll/votepoll',
    (c, w) => c.post('poll/votepoll', { pollOptionId: w.poll.options[0]?.id }),
    write(200),
  ],
];

/** Routes that change the room or the membership: a fresh world per role and privacy. */
const fresh: [string, Call, Expect][] = [
  [
    'POST rooms/join',
    (c, w) => c.post('rooms/join', { title: w.room.title }),
    (role, privacy) => (role === 'visitor' ? 401 : privacy === 'public' || isMember(role) ? 200 : 403),
  ],
  [
    'POST rooms/leave',
    (c, w) => c.post(`rooms/leave/${w.room.id}`),
    (role) => ({ owner: 403, member: 200, pending: 200, nonMember: 404, visitor: 401 })[role],
  ],
  [
    'POST rooms/update',
    (c, w) => c.post('rooms/update', { title: w.room.title, newTitle: `${w.room.title}R` }),
    ownerOnly(200),
  ],
  [
    // Members invite someone not in the room (the owner anywhere, a member in a public room only);
    // the others ask the owner to let them in.
    'POST rooms/addUserinRoom',
    (c, w, role) =>
      c.post(`rooms/addUserinRoom/${isMember(role) ? people.nonMember.username : people.owner.username}`, {
        title: w.room.title,
      }),
    (role, privacy) =>
      ({
        owner: 201,
        member: privacy === 'public' ? 201 : 403,
        pending: privacy === 'private' ? 201 : 400,
        nonMember: privacy === 'private' ? 201 : 400,
        visitor: 401,
      })[role],
  ],
  [
    'POST rooms/acceptJoiningRequest',
    (c, w) => c.post('rooms/acceptJoiningRequest', { title: w.room.title, fromUser: people.pending.userID }),
    // The pending entry of a public room is an invitation, accepted by joining, not by the owner.
    (role, privacy) => (role === 'owner' && privacy === 'public' ? 404 : ownerOnly(200)(role, privacy)),
  ],
  [
    'POST rooms/declineJoiningRequest',
    (c, w) => c.post('rooms/declineJoiningRequest', { title: w.room.title, fromUser: people.pending.userID }),
    // As accepting: the pending entry of a public room is an invitation, not the owner's to decline.
    (role, privacy) => (role === 'owner' && privacy === 'public' ? 404 : ownerOnly(200)(role, privacy)),
  ],
  [
    'POST rooms/cancelJoiningRequest',
    (c, w) => c.post('rooms/cancelJoiningRequest', { title: w.room.title }),
    // Only a waiting request is withdrawn, and only by the person who asked.
    (role, privacy) => (role === 'visitor' ? 401 : role === 'pending' && privacy === 'private' ? 200 : 404),
  ],
  [
    'POST rooms/updatebgImg',
    async (c, w) => c.postForm('rooms/updatebgImg', { title: w.room.title, bgImg: { data: await jpeg() } }),
    ownerOnly(200),
  ],
  [
    'POST rooms/updatedp',
    async (c, w) => c.postForm('rooms/updatedp', { title: w.room.title, roomImg: { data: await jpeg() } }),
    ownerOnly(200),
  ],
  ['DELETE rooms/delete', (c, w) => c.del('rooms/delete', { title: w.room.title }), ownerOnly(200)],
];

const FORBIDDEN_MSGS = [
  ROOMS.privateRoom,
  ROOMS.firstJoin,
  ROOMS.firstJoinPoll,
  ROOMS.notOwner,
  ROOMS.ownerCannotLeave,
];

function check(res: LightMyRequestResponse, status: number): void {
  expect(res.statusCode, res.body).toBe(status);
  if (status === 401) expect(res.json().msg).toBe(AUTH.notSignedIn);
  if (status === 403) expect(FORBIDDEN_MSGS).toContain(res.json().msg);
  expect(res.body).not.toMatch(/@ietlucknow/);
}

describe.each(['public', 'private'] as const)('a %s room', (privacy) => {
  const worlds: Partial<Record<Privacy, World>> = {};
  beforeAll(async () => {
    worlds[privacy] = await world(privacy);
  });

  describe.each(shared)('%s', (_name, call, expected) => {
    it.each(ROLES)('as %s', async (role) => {
      const w = worlds[privacy] as World;
      const res = await call(clientOf(role), w, role);
      check(res, expected(role, privacy));
    });
  });

  describe.each(fresh)('%s', (_name, call, expected) => {
    it.each(ROLES)('as %s', async (role) => {
      const w = await world(privacy);
      check(await call(clientOf(role), w, role), expected(role, privacy));
    });
  });

  it('poll/getpollRoom tells who may open the poll', async () => {
    const w = worlds[privacy] as World;
    for (const role of ROLES) {
      const res = await clientOf(role).get(`poll/getpollRoom?id=${w.poll.id}`);
      expect({ role, fetch: res.json().fetch }).toEqual({
        role,
        fetch: privacy === 'public' || isMember(role),
      });
    }
  });

  it('a private room answers 403 with its public basics and requested flag', async () => {
    const w = worlds[privacy] as World;
    const res = await people.pending.client.get(`rooms/showRoom/${w.room.title.toLowerCase()}`);
    if (privacy === 'public') {
      // the pending entry of the public room is the owner's invitation, not a request
      expect(res.json()).toMatchObject({
        joined: false,
        requested: false,
        invited: true,
        room: { id: w.room.id },
      });
      return;
    }
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      msg: ROOMS.privateRoom,
      joined: false,
      requested: true,
      invited: false,
      masked: false,
      maskedForOthers: false,
      room: {
        id: w.room.id,
        title: w.room.title,
        img: null,
        bgImg: null,
        privateRoom: true,
        CreatorId: people.owner.userID,
      },
    });
  });
});
