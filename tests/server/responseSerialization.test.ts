/**
 * Answers are written by serializers compiled from the routes' zod response schemas
 * (server/infra/serialization.ts), with zod's encoder kept for a schema the compiled one cannot state.
 * What the client gets is what zod's encoder gave: undeclared fields left out at any depth, nulls as
 * null, absent optional fields absent, dates as ISO strings, a refusal's `{ msg }`. Then the app:
 * every route's answers are compiled, and its answers carry exactly the declared fields.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refusals, sendError } from '../../server/infra/errors.ts';
import { createResponseSerializers } from '../../server/infra/serialization.ts';
import { postResponses, userInfoSchema } from '../../src/domain/entities.ts';
import { overviewItemSchema } from '../../src/domain/profileSchemas.ts';
import { setupTestApp } from '../support/testApp.ts';

const itemSchema = z.object({
  id: z.string(),
  note: z.string().nullable(),
  tag: z.enum(['a', 'b']).nullable(),
  size: z.number().int().optional(),
  at: z.date(),
  author: z.object({ username: z.string() }).nullable(),
  vote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});
const listSchema = z.object({ items: z.array(itemSchema), overview: z.array(overviewItemSchema) });
const refinedSchema = z.object({ name: z.string().refine((name) => name !== 'forbidden') });

const at = new Date('2026-03-04T05:06:07.089Z');
const item = {
  id: 'i1',
  note: null,
  tag: 'b',
  at,
  author: { username: 'ana', email: 'ana@example.edu' },
  vote: -1,
  secret: 'never sent',
};
const post = {
  upvotes: 2,
  downvotes: 0,
  myVote: 1,
  id: 'p1',
  title: 'A title with "quotes" and a \u2028 line separator',
  topic: null,
  body: 'Body\nwith a line break and a lone surrogate \ud800',
  img: null,
  imgAlt: null,
  createdAt: at.toISOString(),
  editedAt: null,
  userId: 'u1',
  user: { username: 'ana', dp: null, emailHash: 'x' },
  subCommunity: null,
  room: null,
  commentCount: 3,
  masked: false,
  maskedForOthers: false,
  crisisHelp: false,
  internalScore: 12.5,
};

const list = {
  items: [item, { ...item, id: 'i2', note: 'n', tag: null, size: 3, author: null, vote: 0 }],
  overview: [
    { kind: 'post', post, comment: 'not of this kind' },
    {
      kind: 'comment',
      comment: {
        ...post,
        postId: 'p1',
        parentId: null,
        deleted: false,
        authorBlocked: false,
        removedRule: null,
        post: { id: 'p1', title: 't', subCommunity: null, x: 1 },
      },
    },
  ],
};

/** What zod's encoder wrote for `data` under `schema` (fastify-type-provider-zod's serializer). */
const zodWritten = (schema: z.ZodType, data: unknown) =>
  createSerializerCompiler()({ schema, method: 'GET', url: '/' })(data);

let bare: FastifyInstance;
const serializers = createResponseSerializers();

beforeAll(async () => {
  bare = Fastify();
  bare.setSerializerCompiler(serializers.compiler);
  bare.setErrorHandler(sendError);
  bare.get('/list', { schema: { response: { 200: listSchema } } }, async () => list);
  bare.get('/posts', { schema: { response: { 200: postResponses.posts } } }, async () => ({ posts: [post] }));
  bare.get(
    '/refused',
    { schema: { response: { 200: listSchema, ...refusals(404) } } },
    async (_request, reply) =>
      reply.code(404).send({ msg: 'Post not found', stack: 'at somewhere' } as never),
  );
  bare.get('/incomplete', { schema: { response: { 200: itemSchema } } }, async () => ({
    ...item,
    id: undefined,
  }));
  bare.get('/refined', { schema: { response: { 200: refinedSchema } } }, async () => ({ name: 'forbidden' }));
  await bare.ready();
});

afterAll(() => bare.close());

describe('a compiled serializer', () => {
  it('leaves out undeclared fields at every depth, in arrays and in the branch a union takes', async () => {
    const body = (await bare.inject('/list')).json();
    expect(body.items[0]).toEqual({
      id: 'i1',
      note: null,
      tag: 'b',
      at: '2026-03-04T05:06:07.089Z',
      author: { username: 'ana' },
      vote: -1,
    });
    expect(body.items[1]).toEqual({
      id: 'i2',
      note: 'n',
      tag: null,
      size: 3,
      at: '2026-03-04T05:06:07.089Z',
      author: null,
      vote: 0,
    });
    expect(Object.keys(body.overview[0])).toEqual(['kind', 'post']);
    expect(body.overview[0].post).not.toHaveProperty('internalScore');
    expect(body.overview[0].post.user).toEqual({ username: 'ana', dp: null });
    expect(body.overview[1].comment.post).toEqual({ id: 'p1', title: 't', subCommunity: null });
  });

  it('writes the JSON zod wrote: the same text, but for optional fields, which come after the required', async () => {
    expect((await bare.inject('/posts')).body).toBe(zodWritten(postResponses.posts, { posts: [post] }));
    const written = (await bare.inject('/list')).body;
    expect(JSON.parse(written)).toEqual(JSON.parse(zodWritten(listSchema, list)));
    expect(written).toContain('"author":null,"vote":0,"size":3}');
  });

  it("writes a refusal's { msg } by its own schema", async () => {
    const res = await bare.inject('/refused');
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 404,
      body: { msg: 'Post not found' },
    });
  });

  it('answers 500 when a required field is missing, as zod did', async () => {
    const res = await bare.inject('/incomplete');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('i1');
  });

  it('keeps zod for a schema it cannot state, which still refuses what breaks it', async () => {
    expect(serializers.fallbacks).toEqual([
      'GET /refined 200: custom check',
      'HEAD /refined 200: custom check',
    ]);
    expect((await bare.inject('/refined')).statusCode).toBe(500);
  });
});

describe('the app', () => {
  const t = setupTestApp();

  it('compiles the answers of every route', () => {
    expect(t.logs.filter((line) => line.includes('not compiled'))).toEqual([]);
  });

  it('answers with exactly the declared fields', async () => {
    const account = await t.signUpAndVerify();
    await t.createPost(account);
    const user = (await account.client.get(`u/${encodeURIComponent(account.email)}`)).json().user;
    expect(Object.keys(user).sort()).toEqual(Object.keys(userInfoSchema.shape).sort());
    const [first] = (await account.client.get('posts/getPost?offset=0&limit=15')).json().posts;
    expect(Object.keys(first).sort()).toEqual(
      Object.keys(postResponses.posts.shape.posts.element.shape).sort(),
    );
    const refused = await account.client.get('posts/getapost?id=00000000-0000-0000-0000-000000000000');
    expect(refused.statusCode).toBe(404);
    expect(Object.keys(refused.json())).toEqual(['msg']);
  });
});
