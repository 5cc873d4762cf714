/**
 * Logs keep secrets even when everything fails. Every route of the API is driven with passwords,
 * addresses and texts that carry one recognisable marker, first with every write refused inside the
 * database (by a trigger whose message quotes the refused rows), then with every table gone for
 * reads. No log line may hold the marker, a password hash, a sealed value, a session or reset
 * cookie, a session id, an address's keyed hash or a mailed code.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RULES, SESSION_RULES } from '../../src/domain/constants.ts';
import { POSTS } from '../../src/domain/messages.ts';
import { png } from '../support/fixtures/images.ts';
import { type StatsFakes, startStatsFakes } from '../support/statsFakes.ts';
import {
  type Account,
  COLLEGE_DOMAIN,
  randomUsername,
  setupTestApp,
  type TestClient,
} from '../support/testApp.ts';
import { apiRoutes } from './routes.ts';
import { buildWorld, leaksIn, secretsOf, type World } from './world.ts';

const MARK = `zq${randomBytes(4).toString('hex')}q`;
const password = (tag: string) => `Pw!${MARK}${tag}9`;
const address = (tag: string) => `${tag}${MARK}@${COLLEGE_DOMAIN}`;

const env: Record<string, string> = { STATS_TIMEOUT_MS: '1000' };
let fakes: StatsFakes;
beforeAll(async () => {
  fakes = await startStatsFakes();
  env.LEETCODE_URL = fakes.leetcode.url;
  env.CODEFORCES_URL = fakes.codeforces.url;
  fakes.leetcode.users.set(`lc${MARK}`, {
    username: `lc${MARK}`,
    ranking: 1,
    points: 1,
    solved: { Easy: 1, Medium: 1, Hard: 1 },
    submissions: { accepted: 3, total: 4 },
  });
  fakes.codeforces.users.set(`cf${MARK}`, { handle: `cf${MARK}`, maxRank: 'expert' });
});
afterAll(() => fakes.close());

const t = setupTestApp(env);

interface Campus extends World {
  /** Signed up with a marked address and password. */
  marked: Account;
  /** Signed up, not verified: holds a mailed code. */
  pending: Account & { otp: string };
  /** Holds the marked account's reset grant (quad_reset). */
  resetter: TestClient;
  /** A notification the owner may mark as read. */
  notificationId: string;
  image: { data: Buffer; filename: string; contentType: string };
}

type Reply = Awaited<ReturnType<TestClient['get']>>;

/** One valid request per route, carrying the marker wherever the route takes a secret or a text. */
function requests(c: Campus): Record<string, () => Promise<Reply>> {
  const { owner, member, outsider, marked, pending, posts, polls, publicRoom, privateRoom } = c;
  const visitor = t.client();
  const byUser = (route: string) => owner.client.get(`${route}?username=${owner.username}&page=0&limit=10`);
  const lcData = (route: string) => member.client.post(route, { username: `lc${MARK}` });
  return {
    'GET health': () => visitor.get('health'),
    'GET health/ready': () => visitor.get('health/ready'),
    'GET health/pool': () => visitor.get('health/pool'),
    'GET auth/generateusername': () => visitor.get('auth/generateusername'),
    'POST auth/signup': () =>
      visitor.post('auth/signup', {
        username: randomUsername(),
        email: address('n'),
        password: password('n'),
      }),
    'POST auth/varifyotp': () =>
      t.client().post('auth/varifyotp', { userID: pending.userID, email: pending.email, otp: pending.otp }),
    'POST auth/resendotp': () =>
      t.client().post('auth/resendotp', { userID: pending.userID, email: pending.email }),
    'POST auth/signin': () =>
      t.client().post('auth/signin', { email: marked.email, password: marked.password }),
    'POST auth/resetpass': () => t.client().post('auth/resetpass', { email: marked.email }),
    'POST auth/updatepass': () =>
      c.resetter.post('auth/updatepass', { userID: marked.userID, password: password('r') }),
    'POST auth/refreshsignin': () => marked.client.post('auth/refreshsignin'),
    'GET u/{email}': () => marked.client.get(`u/${encodeURIComponent(marked.email)}`),
    'POST u/update': () =>
      marked.client.post('u/update', {
        password: password('u'),
        currentPassword: password('r'),
        bio: `Bio ${MARK}`,
      }),
    'POST u/setLcVisibility': () => marked.client.post('u/setLcVisibility', { showLC: true }),
    'POST u/setCommentSort': () => marked.client.post('u/setCommentSort', { sort: 'best' }),
    'POST u/uploadImg': () => marked.client.postForm('u/uploadImg', { profileImg: c.image }),
    'POST u/updatebg': () => marked.client.postForm('u/updatebg', { bgImg: c.image }),
    'GET u/notification': () => owner.client.get('u/notification'),
    'POST u/sendnotification': () =>
      member.client.post('u/sendnotification', {
        postId: posts.photo.id,
        toUser: owner.userID,
        title: POSTS.upvoted,
        body: `Body ${MARK}`,
      }),
    'POST u/markallasread': () => owner.client.post('u/markallasread'),
    'POST u/markasread': () => owner.client.post('u/markasread', { id: c.notificationId }),
    'GET posts/getPost': () => member.client.get('posts/getPost?offset=0&limit=10'),
    'GET posts/getapost': () => member.client.get(`posts/getapost?id=${posts.topic.id}`),
    'GET posts/getacomment': () => member.client.get(`posts/getacomment?id=${c.commentIds[0]}`),
    'GET posts/q/hottopic': () => member.client.get('posts/q/hottopic?topic=dsa&page=0&limit=10'),
    'GET posts/popular': () => member.client.get('posts/popular?page=0&limit=10'),
    'POST posts/postWithImg': () =>
      member.client.postForm('posts/postWithImg', {
        title: `Title ${MARK}`,
        topic: 'dsa',
        body: `Post ${MARK}`,
        postImg: c.image,
      }),
    'DELETE posts/delete': () => owner.client.del('posts/delete', { id: posts.topic.id }),
    'POST posts/vote': () =>
      outsider.client.post('posts/vote', { postId: posts.topic.id, val: 1, commentId: null }),
    'POST posts/upvoteNum': () =>
      outsider.client.post('posts/upvoteNum', { postId: posts.topic.id, commentId: null }),
    'POST posts/createcomment': () =>
      member.client.post('posts/createcomment', {
        postId: posts.topic.id,
        commentId: null,
        content: `Comment ${MARK}`,
      }),
    'DELETE posts/deleteComment': () => member.client.del('posts/deleteComment', { id: c.commentIds[0] }),
    'POST posts/edit': () => owner.client.post('posts/edit', { id: posts.topic.id, body: `Edited ${MARK}` }),
    'POST posts/editComment': () =>
      member.client.post('posts/editComment', { id: c.commentIds[1], body: `Edited ${MARK}` }),
    'POST poll/edit': () => owner.client.post('poll/edit', { id: polls.topic.id, title: `Poll ${MARK}?` }),
    'POST poll/createpoll': () =>
      member.client.post('poll/createpoll', {
        title: `Poll ${MARK}?`,
        options: [`Yes ${MARK}`, `No ${MARK}`],
        topic: 'iet',
      }),
    'POST poll/votepoll': () =>
      member.client.post('poll/votepoll', { pollOptionId: polls.topic.options[1]?.id }),
    'DELETE poll/deletepoll': () => owner.client.del(`poll/deletepoll?id=${polls.topic.id}`),
    'GET poll/getallpolls': () => member.client.get('poll/getallpolls?offset=0&limit=10'),
    'GET poll/q/hottopicspoll': () => member.client.get('poll/q/hottopicspoll?topic=iet&offset=0&limit=10'),
    'GET poll/getpoll': () => member.client.get(`poll/getpoll?id=${polls.topic.id}`),
    'GET poll/getpollRoom': () => member.client.get(`poll/getpollRoom?id=${polls.privateRoom.id}`),
    'GET rooms/getAllRoom/{userID}': () => member.client.get(`rooms/getAllRoom/${member.userID}`),
    'GET rooms/notJoinedRoom': () => outsider.client.get('rooms/notJoinedRoom'),
    'GET rooms/titleNameIsUnique': () => owner.client.get(`rooms/titleNameIsUnique?filter=R${MARK}`),
    'POST rooms/create': () =>
      owner.client.postForm('rooms/create', {
        title: `R${MARK}`,
        desc: `Room ${MARK}`,
        privacy: 'false',
        roomImg: c.image,
      }),
    'GET rooms/showRoom/{title}': () => member.client.get(`rooms/showRoom/${publicRoom.title}`),
    'POST rooms/join': () => outsider.client.post('rooms/join', { title: publicRoom.title }),
    'POST rooms/leave/{roomId}': () => member.client.post(`rooms/leave/${publicRoom.id}`),
    'POST rooms/update': () =>
      owner.client.post('rooms/update', { title: publicRoom.title, newTitle: `N${MARK}` }),
    'POST rooms/addUserinRoom/{username}': () =>
      marked.client.post(`rooms/addUserinRoom/${marked.username}`, { title: privateRoom.title }),
    'POST rooms/acceptJoiningRequest': () =>
      owner.client.post('rooms/acceptJoiningRequest', {
        title: privateRoom.title,
        fromUser: outsider.userID,
      }),
    'POST rooms/declineJoiningRequest': () =>
      owner.client.post('rooms/declineJoiningRequest', {
        title: privateRoom.title,
        fromUser: outsider.userID,
      }),
    'POST rooms/cancelJoiningRequest': () =>
      outsider.client.post('rooms/cancelJoiningRequest', { title: privateRoom.title }),
    'POST rooms/removeItem': () =>
      owner.client.post('rooms/removeItem', { kind: 'post', id: posts.privateRoom.id }),
    'POST rooms/removeMember': () =>
      owner.client.post('rooms/removeMember', { title: privateRoom.title, username: outsider.username }),
    'GET rooms/members/{title}': () => owner.client.get(`rooms/members/${privateRoom.title}`),
    'GET rooms/log/{title}': () => member.client.get(`rooms/log/${privateRoom.title}`),
    'POST rooms/updatebgImg': () =>
      owner.client.postForm('rooms/updatebgImg', { title: publicRoom.title, bgImg: c.image }),
    'POST rooms/updatedp': () =>
      owner.client.postForm('rooms/updatedp', { title: publicRoom.title, roomImg: c.image }),
    'DELETE rooms/delete': () => owner.client.del('rooms/delete', { title: publicRoom.title }),
    'GET search/getusers': () => member.client.get(`search/getusers?key=${MARK}`),
    'GET search/getposts': () => member.client.get(`search/getposts?key=${MARK}`),
    'GET search/getcomments': () => member.client.get(`search/getcomments?key=${MARK}`),
    'GET search/getmembercandidates': () =>
      owner.client.get(`search/getmembercandidates?title=${publicRoom.title}&key=${MARK}`),
    'GET search/getauser': () => member.client.get(`search/getauser?key=${owner.username}`),
    'GET search/getuserposts': () => byUser('search/getuserposts'),
    'GET search/getuserpolls': () => byUser('search/getuserpolls'),
    'GET search/getusercomments': () => byUser('search/getusercomments'),
    'GET search/getuserupvotes': () => byUser('search/getuserupvotes'),
    'GET search/getuseroverview': () => byUser('search/getuseroverview'),
    'POST u/addLeetCode': () => marked.client.post('u/addLeetCode', { lcusername: `lc${MARK}` }),
    'POST u/addCodeforces': () => marked.client.post('u/addCodeforces', { cfusername: `cf${MARK}` }),
    'POST search/getLCdata': () => lcData('search/getLCdata'),
    'POST search/getLCdata/': () => lcData('search/getLCdata/'),
    'POST reports': () =>
      member.client.post('reports', {
        kind: 'post',
        id: posts.photo.id,
        reason: 'other',
        note: `Note ${MARK}`,
      }),
    'GET mod/queue': () => owner.client.get('mod/queue'),
    'POST mod/propose': () =>
      owner.client.post('mod/propose', {
        kind: 'post',
        id: posts.photo.id,
        rule: 'other',
        note: `Rule ${MARK}`,
      }),
    'POST mod/confirm': () => owner.client.post('mod/confirm', { kind: 'post', id: posts.photo.id }),
    'POST mod/dismiss': () => owner.client.post('mod/dismiss', { kind: 'post', id: posts.photo.id }),
    'GET mod/log': () => visitor.get('mod/log'),
    'POST appeals': () =>
      owner.client.post('appeals', { kind: 'post', id: posts.photo.id, text: `Appeal ${MARK}` }),
    'GET mod/appeals': () => owner.client.get('mod/appeals'),
    'POST mod/appeals/decide': () =>
      owner.client.post('mod/appeals/decide', { kind: 'post', id: posts.photo.id, outcome: 'upheld' }),
    'POST u/block': () => member.client.post('u/block', { username: outsider.username }),
    'GET u/blocked': () => member.client.get('u/blocked'),
    'POST u/unblock': () => member.client.post('u/unblock', { username: outsider.username }),
    'POST safety/hide': () => member.client.post('safety/hide', { kind: 'post', id: posts.topic.id }),
    'POST safety/unhide': () => member.client.post('safety/unhide', { kind: 'post', id: posts.topic.id }),
    'GET safety/resources': () => visitor.get('safety/resources'),
    // Last: they end the marked account's session where they succeed.
    'POST auth/logout': () => marked.client.post('auth/logout'),
    'DELETE u/deleteAccount': () => marked.client.del('u/deleteAccount'),
  };
}

let campus: Campus;
let secrets: string[];

beforeAll(async () => {
  const world = await buildWorld(t);
  const marked = await t.signUpAndVerify(undefined, { email: address('m'), password: password('m') });
  const linked = await marked.client.post('u/addLeetCode', { lcusername: `lc${MARK}` });
  expect(linked.statusCode, linked.body).toBe(200);
  await marked.client.post('u/setLcVisibility', { showLC: true });
  const pending = await t.signUp(undefined, { email: address('p'), password: password('p') });
  const resetter = t.client();
  expect((await resetter.post('auth/resetpass', { email: marked.email })).statusCode).toBe(202);
  const resetOtp = await t.smtp.latestOtp(marked.email);
  const granted = await resetter.post('auth/varifyotp', {
    userID: marked.userID,
    email: marked.email,
    otp: resetOtp,
  });
  expect(granted.statusCode, granted.body).toBe(202);
  // The member's vote notice on the photo goes, so that sending it again is a write.
  const [notice] = await t.query<{ id: string }>(
    `delete from notifications where post_id = '${world.posts.photo.id}' and from_user = '${world.member.userID}' returning id`,
  );
  // The owner moderates: the moderation routes are driven as one, on a reported photo whose removal
  // another moderator proposed, so that proposing, confirming and dismissing each reach a write.
  await t.query(`insert into moderators (user_id) values ('${world.owner.userID}')`);
  const reported = await world.outsider.client.post('reports', {
    kind: 'post',
    id: world.posts.photo.id,
    reason: 'spam',
  });
  expect(reported.statusCode, reported.body).toBe(201);
  await t.query(`update moderation_cases set status = 'proposed', proposed_by = '${world.member.userID}',
    rule = 'spam', proposed_at = now() where target_id = '${world.posts.photo.id}'`);
  campus = {
    ...world,
    notificationId: world.notificationIds.find((id) => id !== notice?.id) ?? 'none',
    marked,
    pending: { ...pending, otp: await t.smtp.latestOtp(pending.email) },
    resetter,
    image: { data: await png(), filename: 'me.png', contentType: 'image/png' },
  };
  const accounts = [world.owner, world.member, world.outsider, marked, pending];
  const [handle] = await t.query<{ leetcode_sealed: string; leetcode_hash: string }>(
    `select leetcode_sealed, leetcode_hash from users where id = '${marked.userID}'`,
  );
  secrets = [
    MARK,
    ...(await secretsOf(t, accounts)),
    handle?.leetcode_sealed,
    handle?.leetcode_hash,
    ...[marked.email, pending.email, address('n')].map((email) => t.crypto.emailHash(email)),
    resetter.cookie('quad_reset'),
  ].filter((secret): secret is string => Boolean(secret));
  // The pending account may ask for its code again.
  t.clock.advance(OTP_RULES.resendGapMs);
});

/** Each request in turn; the statuses by route, to show the failures reached the database. */
async function driveAll(extra: Record<string, () => Promise<Reply>> = {}) {
  const statuses: Record<string, number> = {};
  for (const [route, send] of Object.entries({ ...requests(campus), ...extra })) {
    statuses[route] = (await send()).statusCode;
  }
  return statuses;
}

/** The routes that only read, though not by GET. */
const READS = [
  'POST auth/refreshsignin',
  'POST posts/upvoteNum',
  'POST search/getLCdata',
  'POST search/getLCdata/',
  // The campus has no removed item: an appeal and its decision are refused (409, 404) before writing.
  'POST appeals',
  'POST mod/appeals/decide',
  // Every poll of the campus has votes: its edit is refused (409) before writing.
  'POST poll/edit',
];

/**
 * Secrets made by the failing requests themselves (a new session's id, an address sealed afresh)
 * are known by their shape: a password hash, a SHA-256 digest, a sealed value (iv.tag.ciphertext).
 */
const SECRET_SHAPES = [/\$argon2/, /\b[0-9a-f]{64}\b/, /[\w-]{16}\.[\w-]{22}\.[\w-]+/];

/** The lines written since `from` that hold a secret. */
const leakingLines = (from: number) =>
  t.logs
    .slice(from)
    .filter(
      (line) =>
        leaksIn({ headers: {}, body: line }, secrets).length > 0 || SECRET_SHAPES.some((s) => s.test(line)),
    );
const failed = (statuses: Record<string, number>) =>
  Object.keys(statuses).filter((route) => (statuses[route] ?? 0) >= 500);

describe('log lines under database failures', () => {
  it('are looked for behind a request to every route of the API', async () => {
    const routes = (await apiRoutes(t)).filter((r) => !r.path.startsWith('docs'));
    expect(Object.keys(requests(campus)).sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('hold no message of an error, however it is logged', () => {
    const from = t.logs.length;
    const error = new Error(`no mailbox ${MARK}\n    at ${MARK}`);
    t.app.log.error(error);
    t.app.log.error({ err: error }, 'failed');
    t.app.log.error({ err: { type: error.name, stack: error.stack } }, 'failed');
    expect(t.logs.length - from).toBe(3);
    expect(leakingLines(from)).toEqual([]);
  });

  it('hold no secret when every write is refused inside the database', async () => {
    const from = t.logs.length;
    await t.query(`create function refuse_writes() returns trigger language plpgsql as $$
      begin raise exception 'write refused: %', (select json_agg(changed)::text from changed); end $$`);
    await t.query(`do $$ declare r record; begin
      for r in select tablename from pg_tables where schemaname = 'public' loop
        execute format('create trigger refuse_inserts after insert on %I referencing new table as changed
          for each statement execute function refuse_writes()', r.tablename);
        execute format('create trigger refuse_updates after update on %I referencing new table as changed
          for each statement execute function refuse_writes()', r.tablename);
        execute format('create trigger refuse_deletes after delete on %I referencing old table as changed
          for each statement execute function refuse_writes()', r.tablename);
      end loop; end $$`);
    let statuses: Record<string, number>;
    try {
      statuses = await driveAll({
        // A session seen an hour ago is written back: that write fails too, with the session's id.
        'session touch': () => {
          t.clock.advance(SESSION_RULES.touchEveryMs);
          return campus.member.client.get('u/notification');
        },
      });
    } finally {
      await t.query('drop function refuse_writes() cascade');
    }
    const writes = Object.keys(statuses).filter(
      (route) => !route.startsWith('GET ') && !READS.includes(route),
    );
    expect(failed(statuses)).toEqual(writes);
    expect(leakingLines(from)).toEqual([]);
  });

  it('hold no secret when the tables are gone for reads', async () => {
    const from = t.logs.length;
    const hide = (keep: string[]) =>
      t.query(`do $$ declare r record; begin
        for r in select tablename from pg_tables where schemaname = 'public'
          and tablename <> all (array[${keep.map((name) => `'${name}'`).join(',')}]::text[]) loop
          execute format('alter table %I rename to %I', r.tablename, r.tablename || '_gone');
        end loop; end $$`);
    const restore = () =>
      t.query(`do $$ declare r record; begin
        for r in select tablename from pg_tables where schemaname = 'public' and tablename like '%\\_gone' loop
          execute format('alter table %I rename to %I', r.tablename, left(r.tablename, -5));
        end loop; end $$`);
    // With every table gone, signed-in requests fail on their session; with sessions and users
    // left, on the route's own reads.
    for (const keep of [[], ['sessions', 'users']]) {
      await hide(keep);
      let statuses: Record<string, number>;
      try {
        statuses = await driveAll();
      } finally {
        await restore();
      }
      expect(failed(statuses).length).toBeGreaterThan(40);
    }
    expect(leakingLines(from)).toEqual([]);
  });
});
