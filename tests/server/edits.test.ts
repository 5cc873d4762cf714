import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITS } from '../../src/domain/editText.ts';
import type { Comment, Post } from '../../src/domain/entities.ts';
import { COMMENTS, POLLS, POSTS } from '../../src/domain/messages.ts';
import type { QueueItem } from '../../src/domain/safety.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp({ MODERATORS: 'EditMod', REPORT_THRESHOLD: '5', MASK_MIN_ACCOUNT_DAYS: '0' });
let author: Account;
let other: Account;
let moderator: Account;

beforeAll(async () => {
  author = await t.signUpAndVerify();
  other = await t.signUpAndVerify();
  moderator = await t.signUpAndVerify(undefined, { username: 'EditMod' });
});

async function comment(a: Account, post: Post, content: string, parent: Comment | null = null) {
  const res = await a.client.post('posts/createcomment', {
    postId: post.id,
    commentId: parent?.id ?? null,
    content,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().newComment as Comment;
}

const readPost = async (id: string) => (await t.client().get(`posts/getapost?id=${id}`)).json().post;
const versions = (id: string) =>
  t.query<{ version: number; text: string }>(
    `select version, text from item_versions where target_id = '${id}' order by version`,
  );

describe('POST posts/edit', () => {
  it('changes the body for its author, marks it edited and keeps the earlier text', async () => {
    const post = await t.createPost(author, { body: 'The library opens at 9.' });
    expect(post.editedAt).toBeNull();
    t.clock.advance(60_000);
    const res = await author.client.post('posts/edit', { id: post.id, body: '  The library opens at 8.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().post as Post;
    expect(edited).toMatchObject({ id: post.id, title: post.title, body: 'The library opens at 8.' });
    expect(edited.editedAt).toBe(t.clock.now().toISOString());
    expect(await readPost(post.id)).toMatchObject({
      body: 'The library opens at 8.',
      editedAt: edited.editedAt,
    });
    const feed = (await t.client().get('posts/getPost?offset=0&limit=20')).json().posts as Post[];
    expect(feed.find((p) => p.id === post.id)?.editedAt).toBe(edited.editedAt);
    expect(await versions(post.id)).toEqual([{ version: 0, text: 'The library opens at 9.' }]);
  });

  it('keeps no version and no mark when the text is the same', async () => {
    const post = await t.createPost(author, { body: 'Unchanged words.' });
    const res = await author.client.post('posts/edit', { id: post.id, body: 'Unchanged words.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().post.editedAt).toBeNull();
    expect(await versions(post.id)).toEqual([]);
  });

  it('checks the body as creation does, and refuses visitors, others and unknown posts', async () => {
    const post = await t.createPost(author);
    const edit = (a: Account | null, body: unknown) =>
      (a?.client ?? t.client()).post('posts/edit', { id: post.id, body });
    expectError(await edit(author, '   '), 400, `body: ${POSTS.descriptionEmpty}`);
    expectError(await edit(author, 'x'.repeat(40_001)), 400, `body: ${POSTS.descriptionLong}`);
    expect((await author.client.post('posts/edit', { id: 'nope', body: 'x' })).statusCode).toBe(400);
    expect((await edit(null, 'New words')).statusCode).toBe(401);
    expectError(await edit(other, 'New words'), 403, POSTS.notAuthor);
    expectError(
      await author.client.post('posts/edit', { id: randomUUID(), body: 'New words' }),
      404,
      POSTS.notFound,
    );
    expect((await readPost(post.id)).body).toBe('Some words about it.');
  });

  it('refuses a post removed by moderators with the removal', async () => {
    const post = await t.createPost(author);
    await t.query(`update posts set moderation = 'removed' where id = '${post.id}'`);
    const res = await author.client.post('posts/edit', { id: post.id, body: 'Trying again' });
    expect(res.statusCode, res.body).toBe(410);
  });
});

describe('POST posts/editComment', () => {
  it('changes a comment for its author only, shown edited in the thread, the earlier text kept', async () => {
    const post = await t.createPost(other);
    const mine = await comment(author, post, 'First thougth');
    expectError(
      await other.client.post('posts/editComment', { id: mine.id, body: 'Hijack' }),
      403,
      POSTS.notAuthor,
    );
    t.clock.advance(5_000);
    const res = await author.client.post('posts/editComment', { id: mine.id, body: 'First thought' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().comment).toMatchObject({ id: mine.id, body: 'First thought' });
    const { comments } = await readPost(post.id);
    expect(comments[0]).toMatchObject({ body: 'First thought', editedAt: t.clock.now().toISOString() });
    expect(await versions(mine.id)).toEqual([{ version: 0, text: 'First thougth' }]);
  });

  it('checks the text as creation does; a [deleted] comment cannot be edited and keeps nothing', async () => {
    const post = await t.createPost(other);
    const parent = await comment(author, post, 'Parent words');
    await comment(other, post, 'A reply', parent);
    expectError(
      await author.client.post('posts/editComment', { id: parent.id, body: ' ' }),
      400,
      `body: ${COMMENTS.empty}`,
    );
    expectError(
      await author.client.post('posts/editComment', { id: parent.id, body: 'x'.repeat(10_001) }),
      400,
      `body: ${COMMENTS.long}`,
    );
    expect(
      (await author.client.post('posts/editComment', { id: parent.id, body: 'Better words' })).statusCode,
    ).toBe(200);
    expect(await versions(parent.id)).toHaveLength(1);
    expect((await author.client.del('posts/deleteComment', { id: parent.id })).statusCode).toBe(200);
    expect(await versions(parent.id)).toEqual([]);
    expectError(
      await author.client.post('posts/editComment', { id: parent.id, body: 'Back again' }),
      404,
      COMMENTS.notFound,
    );
  });
});

describe('POST poll/edit', () => {
  it('changes the question before the first vote, and refuses it after', async () => {
    const poll = await t.createPoll(author, { title: 'Lab on Satuday?' });
    const res = await author.client.post('poll/edit', { id: poll.id, title: 'Lab on Saturday?' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().poll).toMatchObject({
      title: 'Lab on Saturday?',
      editedAt: t.clock.now().toISOString(),
    });
    const read = (await t.client().get(`poll/getpoll?id=${poll.id}`)).json().poll;
    expect(read).toMatchObject({ title: 'Lab on Saturday?', editedAt: t.clock.now().toISOString() });
    expectError(
      await author.client.post('poll/edit', { id: poll.id, title: '' }),
      400,
      `title: ${POLLS.questionRequired}`,
    );
    expectError(
      await other.client.post('poll/edit', { id: poll.id, title: 'Mine now?' }),
      403,
      POSTS.notAuthor,
    );
    const option = poll.options[0]?.id;
    expect((await other.client.post('poll/votepoll', { pollOptionId: option })).statusCode).toBe(200);
    expectError(
      await author.client.post('poll/edit', { id: poll.id, title: 'Lab on Sunday?' }),
      409,
      EDITS.pollVoted,
    );
    expect(await versions(poll.id)).toEqual([{ version: 0, text: 'Lab on Satuday?' }]);
  });
});

describe('reports of edited items', () => {
  async function queue(): Promise<QueueItem[]> {
    const res = await moderator.client.get('mod/queue?offset=0&limit=20');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  }

  it('records the version reported, and the queue shows that text once the author edits it', async () => {
    const post = await t.createPost(author, { body: 'Buy answers at my site.' });
    expect(
      (await other.client.post('reports', { kind: 'post', id: post.id, reason: 'spam' })).statusCode,
    ).toBe(201);
    expect((await queue()).find((item) => item.id === post.id)?.reportedText).toBeNull();
    await author.client.post('posts/edit', { id: post.id, body: 'Study group at 5.' });
    const [report] = await t.query<{ version: number }>(
      `select version from reports where target_id = '${post.id}'`,
    );
    expect(report?.version).toBe(0);
    expect((await queue()).find((item) => item.id === post.id)?.reportedText).toBe('Buy answers at my site.');
  });

  it('a report filed after an edit is of the edited text', async () => {
    const post = await t.createPost(author, { body: 'Plain words.' });
    await author.client.post('posts/edit', { id: post.id, body: 'Rude words.' });
    expect(
      (await other.client.post('reports', { kind: 'post', id: post.id, reason: 'harassment' })).statusCode,
    ).toBe(201);
    const [report] = await t.query<{ version: number }>(
      `select version from reports where target_id = '${post.id}'`,
    );
    expect(report?.version).toBe(1);
    expect((await queue()).find((item) => item.id === post.id)?.reportedText).toBeNull();
  });
});
