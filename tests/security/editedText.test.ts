/**
 * What an author writes in an edit stays text (issue 33 "Edit"): the API answers it as a string,
 * the first screen the server draws escapes it, and the embedded snapshot cannot close its script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedFirstScreen, pageTemplateDir } from '../support/pageTemplate.ts';
import { type Account, createTestApp, type TestApp } from '../support/testApp.ts';

const ATTACKS = [
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '</script><script>alert(2)</script>',
];

const template = pageTemplateDir();
let t: TestApp;
let author: Account;

beforeAll(async () => {
  t = await createTestApp({ STATIC_DIR: template.dir, VISITOR_PAGE_SECONDS: '0' });
  author = await t.signUpAndVerify();
});
afterAll(async () => {
  await t?.close();
  template.remove();
});

describe('an edited body or comment', () => {
  it.each(ATTACKS)('is text in the answer and on the drawn page: %s', async (attack) => {
    const post = await t.createPost(author, { title: 'Harmless title' });
    const created = await author.client.post('posts/createcomment', {
      postId: post.id,
      commentId: null,
      content: 'Harmless comment',
    });
    const edited = await author.client.post('posts/edit', { id: post.id, body: `Body ${attack}` });
    expect(edited.json().post.body).toBe(`Body ${attack}`);
    const comment = await author.client.post('posts/editComment', {
      id: created.json().newComment.id,
      body: `Comment ${attack}`,
    });
    expect(comment.json().comment.body).toBe(`Comment ${attack}`);

    const page = await t.client().get(`/post/${post.id}`);
    expect(page.statusCode).toBe(200);
    // only the template's own scripts and images: none came of what the author wrote
    expect(page.body).not.toContain(attack);
    expect(page.body.match(/<script/g)?.length).toBe(
      (await t.client().get('/about')).body.match(/<script/g)?.length,
    );
    expect(JSON.stringify(embeddedFirstScreen(page.body))).toContain(
      JSON.stringify(`Body ${attack}`).slice(1, -1),
    );
  });
});
