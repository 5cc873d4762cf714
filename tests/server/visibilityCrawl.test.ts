/**
 * The one visibility rule (server/modules/safety/visibility.ts), checked from the outside: every read
 * route is crawled as the author, a person who blocked the author, a stranger who hid one of the
 * author's posts, a moderator and a visitor, and each answer is searched for the markers written in
 * the author's items. A removed item (by moderators or by its room's owner) or a blocked person's
 * item that shows up where it must not fails the test, whichever route let it through; a private
 * room's reported post opens, on its own page only, to moderators. A masked room (the author's) and a
 * masked account leave every list but their owner's and the moderator's, and their pages carry the mask.
 * The items' images, in every size, answer the same people as the items themselves.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { variantKey } from '../../src/domain/images.ts';
import { jpeg } from '../support/fixtures/images.ts';
import type { Account } from '../support/testApp.ts';
import { setupTestApp } from '../support/testApp.ts';

const t = setupTestApp({ MASK_MIN_ACCOUNT_DAYS: '0' });
const mark = (name: string) => `${name}${randomBytes(3).toString('hex')}`;

/** Unique words written into the author's items, one per item. */
const M = {
  post: mark('zqpost'),
  removedPost: mark('zqgonepost'),
  maskedPost: mark('zqmaskpost'),
  hiddenPost: mark('zqhidepost'),
  poll: mark('zqpoll'),
  removedPoll: mark('zqgonepoll'),
  comment: mark('zqcomment'),
  removedComment: mark('zqgonecomment'),
  privatePost: mark('zqprivate'),
  roomPost: mark('zqroompost'),
  removedRoomPost: mark('zqgoneroompost'),
  reportedPrivatePost: mark('zqreportedprivate'),
  ownerRemovedPost: mark('zqownergone'),
  maskedRoom: mark('zqmaskroom'),
  maskedUser: mark('zqmaskuser'),
};

type Role = 'author' | 'blocker' | 'stranger' | 'moderator' | 'visitor';
let people: Record<Exclude<Role, 'visitor'>, Account>;
let ids: Record<string, string>;
let publicRoom: string;
let removedRoom: string;
let privateRoom: string;
/** The image of each post that has one, by the post's name in `ids`. */
let images: Record<'post' | 'removedPost' | 'privatePost' | 'reportedPrivate' | 'ownerRemoved', string>;

async function removeItem(kind: 'post' | 'poll' | 'comment' | 'room', table: string, id: string) {
  await t.query(`UPDATE ${table} SET moderation = 'removed' WHERE id = '${id}'`);
  await t.query(`INSERT INTO moderation_cases (kind, target_id, status, reporters, first_reported_at, rule, removed_at)
    VALUES ('${kind}', '${id}', 'removed', 3, now(), 'spam', now())`);
}

const photo = async () => ({ postImg: { data: await jpeg(800, 400) } });

beforeAll(async () => {
  const author = await t.signUpAndVerify();
  const blocker = await t.signUpAndVerify();
  const stranger = await t.signUpAndVerify();
  const moderator = await t.signUpAndVerify();
  people = { author, blocker, stranger, moderator };
  await t.query(`INSERT INTO moderators (user_id) VALUES ('${moderator.userID}')`);

  const post = await t.createPost(author, { title: M.post, body: 'fine', ...(await photo()) });
  const removedPost = await t.createPost(author, { title: M.removedPost, ...(await photo()) });
  const maskedPost = await t.createPost(author, { title: M.maskedPost });
  const hiddenPost = await t.createPost(author, { title: M.hiddenPost });
  const poll = await t.createPoll(author, { title: `${M.poll}?` });
  const removedPoll = await t.createPoll(author, { title: `${M.removedPoll}?` });

  // The author comments on the stranger's post, so blocking shows in someone else's thread.
  const strangerPost = await t.createPost(stranger, { title: mark('thread') });
  const comment = async (content: string) => {
    const res = await author.client.post('posts/createcomment', { postId: strangerPost.id, content });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().newComment.id as string;
  };
  const okComment = await comment(M.comment);
  const removedComment = await comment(M.removedComment);
  // Everyone upvotes the author's posts: the upvotes tab and the author's notices list them.
  for (const voter of [blocker, stranger, moderator]) {
    for (const p of [post, removedPost, maskedPost]) {
      const res = await voter.client.post('posts/vote', { postId: p.id, val: 1, commentId: null });
      expect(res.statusCode, res.body).toBe(201);
    }
  }

  const room = await t.createRoom(author);
  const gone = await t.createRoom(author);
  const secret = await t.createRoom(author, { privacy: 'true' });
  publicRoom = room.title;
  removedRoom = gone.title;
  privateRoom = secret.title;
  await t.createPost(author, { title: M.roomPost, subCommunity: room.title });
  await t.createPost(author, { title: M.removedRoomPost, subCommunity: gone.title });
  const privatePost = await t.createPost(author, {
    title: M.privatePost,
    subCommunity: secret.title,
    ...(await photo()),
  });
  const reportedPrivate = await t.createPost(author, {
    title: M.reportedPrivatePost,
    subCommunity: secret.title,
    ...(await photo()),
  });
  const ownerRemoved = await t.createPost(author, {
    title: M.ownerRemovedPost,
    subCommunity: room.title,
    ...(await photo()),
  });
  // A member of the private room reports one of its posts: moderators may read that post alone.
  const member = await t.signUpAndVerify();
  await member.client.post(`rooms/addUserinRoom/${member.username}`, { title: secret.title });
  await author.client.post('rooms/acceptJoiningRequest', { title: secret.title, fromUser: member.userID });
  const reported = await member.client.post('reports', {
    kind: 'post',
    id: reportedPrivate.id,
    reason: 'harassment',
  });
  expect(reported.statusCode, reported.body).toBe(201);
  const removed = await author.client.post('rooms/removeItem', { kind: 'post', id: ownerRemoved.id });
  expect(removed.statusCode, removed.body).toBe(200);

  await removeItem('post', 'posts', removedPost.id);
  await removeItem('poll', 'polls', removedPoll.id);
  await removeItem('comment', 'comments', removedComment);
  await removeItem('room', 'rooms', gone.id);
  await t.query(`UPDATE posts SET moderation = 'masked' WHERE id = '${maskedPost.id}'`);
  await t.createRoom(author, { title: M.maskedRoom });
  await t.signUpAndVerify(undefined, { username: M.maskedUser });
  await t.query(`UPDATE rooms SET moderation = 'masked' WHERE title = '${M.maskedRoom}'`);
  await t.query(`UPDATE users SET moderation = 'masked' WHERE username = '${M.maskedUser}'`);
  await t.query(
    `INSERT INTO blocks (blocker_id, blocked_id) VALUES ('${blocker.userID}', '${author.userID}')`,
  );
  await t.query(
    `INSERT INTO hidden_items (user_id, kind, target_id) VALUES ('${stranger.userID}', 'post', '${hiddenPost.id}')`,
  );
  images = {
    post: post.img ?? '',
    removedPost: removedPost.img ?? '',
    privatePost: privatePost.img ?? '',
    reportedPrivate: reportedPrivate.img ?? '',
    ownerRemoved: ownerRemoved.img ?? '',
  };
  ids = {
    post: post.id,
    removedPost: removedPost.id,
    maskedPost: maskedPost.id,
    poll: poll.id,
    removedPoll: removedPoll.id,
    strangerPost: strangerPost.id,
    okComment,
    privatePost: privatePost.id,
    reportedPrivate: reportedPrivate.id,
    ownerRemoved: ownerRemoved.id,
  };
});

const client = (role: Role) => (role === 'visitor' ? t.client() : people[role].client);

/** Every list a person reads, as one text per route. */
async function crawlLists(role: Role): Promise<Record<string, string>> {
  const a = people.author;
  const routes = [
    'posts/getPost?offset=0&limit=50',
    'posts/q/hottopic?page=0&limit=50&topic=dsa',
    'posts/popular?page=0&limit=50',
    `posts/getPost?title=${publicRoom}&offset=0&limit=50`,
    'poll/getallpolls?offset=0&limit=50',
    'poll/q/hottopicspoll?offset=0&limit=50&topic=iet',
    `search/getuserposts?username=${a.username}&page=0&limit=50`,
    `search/getuserpolls?userId=${a.userID}&page=0&limit=50`,
    `search/getusercomments?username=${a.username}&page=0&limit=50`,
    `search/getuseroverview?username=${a.username}&page=0&limit=50`,
    `search/getusers?key=${encodeURIComponent('zq')}`,
    `search/getusers?key=${encodeURIComponent(a.username)}`,
    'search/getposts?key=zq&limit=50',
    'search/getcomments?key=zq&limit=50',
    `search/getauser?key=${a.username}`,
    'rooms/notJoinedRoom',
    `posts/getapost?id=${ids.strangerPost}`,
  ];
  if (role !== 'visitor') {
    routes.push(`rooms/getAllRoom/${people[role].userID}`, 'u/notification');
    routes.push(`search/getuserupvotes?userId=${people[role].userID}&page=0&limit=50`);
  }
  const answers: Record<string, string> = {};
  for (const route of routes) {
    const res = await client(role).get(route);
    expect([200, 403], `${role} ${route}: ${res.body}`).toContain(res.statusCode);
    answers[route] = res.body;
  }
  return answers;
}

/** The routes whose answer holds `word`. */
const routesWith = (answers: Record<string, string>, word: string) =>
  Object.entries(answers)
    .filter(([, body]) => body.includes(word))
    .map(([route]) => route);

const roles: Role[] = ['author', 'blocker', 'stranger', 'moderator', 'visitor'];

describe('every read route, as every kind of viewer', () => {
  it.each(roles)('removed items and removed rooms reach no list of the %s', async (role) => {
    const answers = await crawlLists(role);
    const removed = [M.removedPost, M.removedPoll, M.removedComment, M.removedRoomPost, M.ownerRemovedPost];
    for (const word of [...removed, removedRoom]) {
      expect(routesWith(answers, word), `${role} sees ${word}`).toEqual([]);
    }
    if (role !== 'blocker')
      expect(routesWith(answers, M.post).length, `${role} sees the post`).toBeGreaterThan(2);
  });

  it('the blocker sees nothing the author wrote, anywhere', async () => {
    const answers = await crawlLists('blocker');
    for (const word of [M.post, M.maskedPost, M.hiddenPost, M.poll, M.comment, M.roomPost]) {
      expect(routesWith(answers, word), `blocker sees ${word}`).toEqual([]);
    }
    // The thread keeps the author's comment as a collapsed line, without its words or author.
    const thread = JSON.parse(answers[`posts/getapost?id=${ids.strangerPost}`] ?? '{}');
    const line = thread.post.comments.find((c: { id: string }) => c.id === ids.okComment);
    expect(line).toMatchObject({ authorBlocked: true, body: '', user: null, userId: null });
  });

  it('a hidden post leaves the hider’s feeds, and stays on the author’s profile', async () => {
    const answers = await crawlLists('stranger');
    expect(routesWith(answers, M.hiddenPost).sort()).toEqual(
      [
        `search/getuserposts?username=${people.author.username}&page=0&limit=50`,
        `search/getuseroverview?username=${people.author.username}&page=0&limit=50`,
      ].sort(),
    );
    expect(routesWith(await crawlLists('visitor'), M.hiddenPost)).toContain(
      'posts/getPost?offset=0&limit=50',
    );
  });

  it('a private room’s posts reach only its members, reported or not', async () => {
    for (const role of roles) {
      const answers = await crawlLists(role);
      for (const word of [M.privatePost, M.reportedPrivatePost]) {
        const seen = routesWith(answers, word);
        if (role === 'author') expect(seen.length, 'the member sees it on their profile').toBeGreaterThan(0);
        else expect(seen, `${role} sees ${word}`).toEqual([]);
      }
    }
  });

  it('a masked post is masked for strangers and visitors, shown with a notice to its author and moderators, and out of Popular', async () => {
    for (const role of roles) {
      if (role === 'blocker') continue;
      const res = await client(role).get(
        `search/getuserposts?username=${people.author.username}&page=0&limit=50`,
      );
      const masked = res.json().posts.find((p: { id: string }) => p.id === ids.maskedPost);
      const privileged = role === 'author' || role === 'moderator';
      expect(masked, role).toMatchObject({ masked: !privileged, maskedForOthers: privileged });
      const popular = await client(role).get('posts/popular?page=0&limit=50');
      expect(popular.body.includes(M.maskedPost), `${role} Popular`).toBe(false);
    }
  });

  it.each(roles)(
    'a masked room and a masked account leave the lists of the %s unless they own it or moderate',
    async (role) => {
      const answers = await crawlLists(role);
      const search = `search/getusers?key=${encodeURIComponent('zq')}`;
      const roomLists = [search, 'rooms/notJoinedRoom'];
      if (role !== 'visitor') roomLists.push(`rooms/getAllRoom/${people[role].userID}`);
      const roomSeen = routesWith(answers, M.maskedRoom).sort();
      if (role === 'author')
        expect(roomSeen, 'its owner').toEqual([search, `rooms/getAllRoom/${people.author.userID}`].sort());
      else if (role === 'moderator')
        expect(roomSeen, 'a moderator').toEqual([search, 'rooms/notJoinedRoom'].sort());
      else expect(roomSeen, role).toEqual([]);
      expect(routesWith(answers, M.maskedUser), role).toEqual(role === 'moderator' ? [search] : []);
    },
  );
});

describe('an item’s own page', () => {
  it.each(roles)('a removed post, poll or room answers 410 with its rule to the %s', async (role) => {
    const expected = { msg: 'Removed by moderators: Spam' };
    const post = await client(role).get(`posts/getapost?id=${ids.removedPost}`);
    expect({ status: post.statusCode, body: post.json() }).toEqual({ status: 410, body: expected });
    const poll = await client(role).get(`poll/getpoll?id=${ids.removedPoll}`);
    expect({ status: poll.statusCode, body: poll.json() }).toEqual({ status: 410, body: expected });
    const room = await client(role).get(`rooms/showRoom/${removedRoom}`);
    expect({ status: room.statusCode, body: room.json() }).toEqual({ status: 410, body: expected });
  });

  it.each(roles)(
    'a masked room’s page and a masked account’s profile carry the mask for the %s',
    async (role) => {
      const privileged = role === 'moderator' || role === 'author';
      const room = await client(role).get(`rooms/showRoom/${M.maskedRoom}`);
      expect(room.statusCode).toBe(200);
      expect(room.json(), 'the room').toMatchObject({ masked: !privileged, maskedForOthers: privileged });
      const profile = await client(role).get(`search/getauser?key=${M.maskedUser}`);
      const seesPast = role === 'moderator';
      expect(profile.json().user, 'the account').toMatchObject({
        masked: !seesPast,
        maskedForOthers: seesPast,
      });
    },
  );

  it('the blocker cannot open the author’s post or poll; others can', async () => {
    expect((await client('blocker').get(`posts/getapost?id=${ids.post}`)).statusCode).toBe(404);
    expect((await client('blocker').get(`poll/getpoll?id=${ids.poll}`)).statusCode).toBe(404);
    for (const role of ['author', 'stranger', 'moderator', 'visitor'] as const) {
      expect((await client(role).get(`posts/getapost?id=${ids.post}`)).statusCode, role).toBe(200);
    }
  });

  it('a reported private post opens to moderators alone, read-only and without its thread; the room’s others stay closed', async () => {
    for (const role of roles) {
      const reported = await client(role).get(`posts/getapost?id=${ids.reportedPrivate}`);
      const other = await client(role).get(`posts/getapost?id=${ids.privatePost}`);
      const reads = role === 'author' || role === 'moderator';
      expect(reported.statusCode, `${role} reads the reported post`).toBe(reads ? 200 : 403);
      expect(other.statusCode, `${role} reads the other post`).toBe(role === 'author' ? 200 : 403);
      if (role === 'moderator') expect(reported.json().post.comments).toEqual([]);
    }
    const recorded = await t.query<{ moderator_id: string }>(
      `SELECT moderator_id FROM moderator_reviews WHERE target_id = '${ids.reportedPrivate}'`,
    );
    expect(recorded).toEqual([{ moderator_id: people.moderator.userID }]);
  });

  it.each(roles)('a post its room’s owner removed answers 410 to the %s', async (role) => {
    const res = await client(role).get(`posts/getapost?id=${ids.ownerRemoved}`);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 410,
      body: { msg: "Removed by the room's owner" },
    });
  });

  it('a private room stays closed to non-members', async () => {
    for (const role of ['blocker', 'stranger', 'moderator', 'visitor'] as const) {
      const res = await client(role).get(`posts/getPost?title=${privateRoom}&offset=0&limit=10`);
      expect(res.statusCode, role).toBe(403);
    }
  });
});

describe('images answer as what they show', () => {
  const ROLES: Role[] = ['author', 'blocker', 'stranger', 'moderator', 'visitor'];
  /** Who gets 200; everyone else the status given (a removed item's 410, a closed room's 404). */
  const RULES: { image: keyof typeof images; readers: Role[]; others: number }[] = [
    { image: 'post', readers: ROLES, others: 200 },
    { image: 'removedPost', readers: [], others: 410 },
    { image: 'ownerRemoved', readers: [], others: 410 },
    { image: 'privatePost', readers: ['author'], others: 404 },
    // A member reported it: moderators may look at it, as at the post itself.
    { image: 'reportedPrivate', readers: ['author', 'moderator'], others: 404 },
  ];

  it.each(RULES)(
    '$image: 200 to $readers, $others to the others, in every size',
    async ({ image, readers, others }) => {
      const key = images[image];
      expect(key).not.toBe('');
      for (const url of [key, variantKey(key, { kind: 'width', size: 640 })]) {
        for (const role of ROLES) {
          const res = await client(role).get(url);
          expect(res.statusCode, `${role} ${image} ${url}`).toBe(readers.includes(role) ? 200 : others);
        }
      }
    },
  );
});
