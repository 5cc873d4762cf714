/** The description of a post's image (imgAlt): stored with the image, returned wherever posts are, checked. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/domain/entities.ts';
import { IMAGE_ALT_MAX } from '../../src/domain/images.ts';
import { POSTS } from '../../src/domain/messages.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let author: Account;
beforeAll(async () => {
  author = await t.signUpAndVerify();
});

const DESCRIPTION = 'A whiteboard with a binary tree drawn in blue marker';

describe('image descriptions', () => {
  it('stores the description with the image and returns it in every feed, the post page, profiles and rooms', async () => {
    const room = await t.createRoom(author, { title: `alt${Date.now().toString(36)}` });
    const topicPost = await t.createPost(author, {
      topic: 'lifestyle',
      postImg: { data: await jpeg() },
      imgAlt: `  ${DESCRIPTION}  `,
    });
    const roomPost = await t.createPost(author, {
      topic: '',
      subCommunity: room.id,
      postImg: { data: await jpeg() },
      imgAlt: DESCRIPTION,
    });
    expect(topicPost.imgAlt).toBe(DESCRIPTION);

    const client = t.client();
    const lists: [string, string, () => Promise<Post[]>][] = [
      [topicPost.id, 'home', async () => (await client.get('posts/getPost')).json().posts],
      [
        topicPost.id,
        'topic',
        async () => (await client.get('posts/q/hottopic?topic=lifestyle')).json().posts,
      ],
      [topicPost.id, 'popular', async () => (await client.get('posts/popular')).json().posts],
      [
        topicPost.id,
        'post page',
        async () => [(await client.get(`posts/getapost?id=${topicPost.id}`)).json().post],
      ],
      [
        topicPost.id,
        'profile',
        async () => (await client.get(`search/getuserposts?username=${author.username}`)).json().posts,
      ],
      [
        topicPost.id,
        'profile overview',
        async () =>
          (await client.get(`search/getuseroverview?username=${author.username}`))
            .json()
            .items.filter((item: { kind: string }) => item.kind === 'post')
            .map((item: { post: Post }) => item.post),
      ],
      [roomPost.id, 'room', async () => (await client.get(`posts/getPost?title=${room.id}`)).json().posts],
    ];
    for (const [id, name, list] of lists) {
      const post = (await list()).find((p) => p.id === id);
      expect(post?.imgAlt, name).toBe(DESCRIPTION);
    }
  });

  it('is null when none is given, blank, or there is no image to describe', async () => {
    const none = await t.createPost(author, { postImg: { data: await jpeg() } });
    const blank = await t.createPost(author, { postImg: { data: await jpeg() }, imgAlt: '   ' });
    const noImage = await t.createPost(author, { imgAlt: DESCRIPTION });
    expect([none.imgAlt, blank.imgAlt, noImage.imgAlt]).toEqual([null, null, null]);
    const rows = await t.query<{ img_alt: string | null }>(
      `SELECT img_alt FROM posts WHERE id IN ('${none.id}', '${blank.id}', '${noImage.id}')`,
    );
    expect(rows.map((row) => row.img_alt)).toEqual([null, null, null]);
  });

  it(`takes ${IMAGE_ALT_MAX} characters and refuses one more with 400, storing nothing`, async () => {
    const longest = await t.createPost(author, {
      postImg: { data: await jpeg() },
      imgAlt: 'd'.repeat(IMAGE_ALT_MAX),
    });
    expect(longest.imgAlt).toHaveLength(IMAGE_ALT_MAX);

    const [before] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM posts');
    const res = await author.client.postForm('posts/postWithImg', {
      title: 'Too much said',
      topic: 'dsa',
      body: 'Words.',
      postImg: { data: await jpeg() },
      imgAlt: 'd'.repeat(IMAGE_ALT_MAX + 1),
    });
    expectError(res, 400, `imgAlt: ${POSTS.imageAltLong}`);
    const [after] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM posts');
    expect(after?.n).toBe(before?.n);
  });

  it('documents imgAlt in the OpenAPI form of posts/postWithImg and in the Post shape', async () => {
    const doc = (await t.client().get('/api/docs/json')).json();
    const form =
      doc.paths['/api/posts/postWithImg'].post.requestBody.content['multipart/form-data'].schema.properties;
    expect(form.imgAlt).toMatchObject({ type: 'string', maxLength: IMAGE_ALT_MAX });
    const created = doc.paths['/api/posts/postWithImg'].post.responses['201'].content['application/json'];
    expect(JSON.stringify(created.schema)).toContain('"imgAlt"');
  });
});
