/**
 * A small campus for the attack suite: an owner with a public and a private room, a member of both,
 * an outsider, posts (one with a phone photo carrying EXIF and GPS), comments, votes, polls, poll
 * votes, notifications and a join request; plus every secret the server holds for them, so tests
 * can look for it where it must never appear.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Poll, Post, Room } from '../../src/domain/entities.ts';
import { jpegWithExif } from '../support/fixtures/images.ts';
import type { Account, TestApp } from '../support/testApp.ts';

export interface World {
  owner: Account;
  member: Account;
  outsider: Account;
  publicRoom: Room;
  privateRoom: Room;
  posts: { topic: Post; photo: Post; publicRoom: Post; privateRoom: Post };
  polls: { topic: Poll; privateRoom: Poll };
  commentIds: string[];
  notificationIds: string[];
}

async function expectStatus(res: Promise<{ statusCode: number; body: string }>, status: number) {
  const { statusCode, body } = await res;
  if (statusCode !== status) throw new Error(`world: expected ${status}, got ${statusCode}: ${body}`);
  return JSON.parse(body);
}

export async function buildWorld(t: TestApp): Promise<World> {
  const owner = await t.signUpAndVerify();
  const member = await t.signUpAndVerify();
  const outsider = await t.signUpAndVerify();
  const publicRoom = await t.createRoom(owner);
  const privateRoom = await t.createRoom(owner, { privacy: 'true' });
  await expectStatus(member.client.post('rooms/join', { title: publicRoom.title }), 200);
  await expectStatus(
    member.client.post(`rooms/addUserinRoom/${member.username}`, { title: privateRoom.title }),
    201,
  );
  await expectStatus(
    owner.client.post('rooms/acceptJoiningRequest', { title: privateRoom.title, fromUser: member.userID }),
    200,
  );
  // A pending request from the outsider leaves a join notice with the outsider as sender.
  await expectStatus(
    outsider.client.post(`rooms/addUserinRoom/${outsider.username}`, { title: privateRoom.title }),
    201,
  );

  const photo = { filename: 'holiday.jpg', contentType: 'image/jpeg', data: await jpegWithExif() };
  const posts = {
    topic: await t.createPost(owner),
    photo: await t.createPost(owner, { postImg: photo }),
    publicRoom: await t.createPost(owner, { topic: '', subCommunity: publicRoom.id }),
    privateRoom: await t.createPost(owner, { topic: '', subCommunity: privateRoom.id }),
  };
  const polls = {
    topic: await t.createPoll(owner),
    privateRoom: await t.createPoll(owner, { topic: undefined, subCommunity: privateRoom.id }),
  };
  const commentIds: string[] = [];
  for (const post of Object.values(posts)) {
    await expectStatus(member.client.post('posts/vote', { postId: post.id, val: 1, commentId: null }), 201);
    const { newComment } = await expectStatus(
      member.client.post('posts/createcomment', { postId: post.id, commentId: null, content: 'Agreed.' }),
      201,
    );
    commentIds.push(newComment.id);
  }
  for (const poll of Object.values(polls)) {
    const optionId = poll.options[0]?.id;
    await expectStatus(member.client.post('poll/votepoll', { pollOptionId: optionId }), 200);
  }
  const { data } = await expectStatus(owner.client.get('u/notification'), 200);
  const notificationIds = (data as { id: string }[]).map((n) => n.id);
  return { owner, member, outsider, publicRoom, privateRoom, posts, polls, commentIds, notificationIds };
}

/** Every secret of these accounts: addresses, hashes, sealed values, session cookies and mailed codes. */
export async function secretsOf(t: TestApp, accounts: Account[]): Promise<string[]> {
  const ids = accounts.map((a) => `'${a.userID}'`).join(',');
  const rows = await t.query<{ email_hash: string; email_sealed: string; password_hash: string }>(
    `select email_hash, email_sealed, password_hash from users where id in (${ids})`,
  );
  const sessions = await t.query<{ id: string; email_sealed: string }>(
    `select id, email_sealed from sessions where user_id in (${ids})`,
  );
  const addresses = new Set(accounts.map((a) => a.email.toLowerCase()));
  const codes = t.smtp.mails
    .filter((mail) => mail.to.some((to) => addresses.has(to.toLowerCase())))
    .flatMap((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? []);
  return [
    ...accounts.flatMap((a) => [a.email, a.email.split('@')[0] ?? a.email]),
    ...accounts.flatMap((a) => [a.client.cookie('quad_session') ?? []].flat()),
    ...rows.flatMap((r) => [r.email_hash, r.email_sealed, r.password_hash]),
    ...sessions.flatMap((s) => [s.id, s.email_sealed]),
    ...codes,
  ].filter((secret) => secret.length >= 6);
}

/** The secrets found in a response's status line, headers and body. */
export function leaksIn(
  res: { headers: Record<string, unknown>; body: string },
  secrets: string[],
): string[] {
  const text = `${JSON.stringify(res.headers)}\n${res.body}`.toLowerCase();
  return secrets.filter((secret) => {
    const s = secret.toLowerCase();
    // A 6-digit code counts only standing alone, not inside a longer number or id.
    if (/^\d{6}$/.test(s)) return new RegExp(`(?<![0-9a-f-])${s}(?![0-9a-f-])`).test(text);
    return text.includes(s);
  });
}

/**
 * A fingerprint of the data: an md5 per table of its rows, and the list of stored files (`uploads`).
 * The throttling tables (sign-in failures, OTP attempts) are left out, and so are a code's wrong
 * tries: a refused guess is recorded there by design.
 */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = [
    'users',
    'sessions',
    'otps',
    'reset_grants',
    'notifications',
    'rooms',
    'room_members',
    'posts',
    'comments',
    'votes',
    'polls',
    'poll_options',
    'poll_votes',
    'moderators',
    'reports',
    'moderation_cases',
    'blocks',
    'hidden_items',
    'item_versions',
  ];
  // A wrong guess is counted on its code (and burns it after 5): by design, so not in the digest.
  const columns: Record<string, string> = {
    otps: 'row(r.id, r.user_id, r.purpose, r.code_hash, r.expires_at, r.created_at)::text',
  };
  const digests = tables
    .map((table) => {
      const row = columns[table] ?? 'r::text';
      return `select '${table}' as name, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from ${table} r`;
    })
    .join(' union all ');
  const rows = await t.query<{ name: string; digest: string }>(digests);
  return {
    ...Object.fromEntries(rows.map((row) => [row.name, row.digest])),
    uploads: storedFiles(t).join('|'),
  };
}

/** Every file the app stored (its disk storage under DATA_DIR), sorted. */
export function storedFiles(t: TestApp): string[] {
  try {
    return readdirSync(join(t.dataDir, 'uploads'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(t.dataDir, join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}
