/**
 * Anonymity under a crawl: every read route of the API, and every screen the server renders (its HTML
 * and the snapshots embedded with it), with every id, name and address of the campus in its params
 * and query, as an outsider, a member and a visitor. No response, header
 * or page may carry another person's address, password hash, session, sealed values or mailed codes.
 * Images come back without EXIF or GPS.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTemplateDir } from '../support/pageTemplate.ts';
import type { Account } from '../support/testApp.ts';
import { setupTestApp } from '../support/testApp.ts';
import { type ApiRoute, apiRoutes, pathOf } from './routes.ts';
import { buildWorld, leaksIn, secretsOf, type World } from './world.ts';

const template = pageTemplateDir();
afterAll(() => template.remove());
const t = setupTestApp({ STATIC_DIR: template.dir });
let world: World;
let routes: ApiRoute[];

beforeAll(async () => {
  world = await buildWorld(t);
  routes = (await apiRoutes(t)).filter((r) => !r.path.startsWith('docs'));
});

/** Every value a param or query field might take: the campus's ids, names and addresses. */
function candidates(w: World) {
  const people = [w.owner, w.member, w.outsider];
  const posts = Object.values(w.posts);
  const polls = Object.values(w.polls);
  const rooms = [w.publicRoom, w.privateRoom];
  const page = { offset: '0', page: '0', limit: '10' };
  const queries: Record<string, string>[] = [
    { ...page },
    ...[...posts, ...polls].map((item) => ({ id: item.id })),
    ...polls.map((poll) => ({ id: poll.id, ...page })),
    ...people.flatMap((p): Record<string, string>[] => [
      { key: p.username },
      { username: p.username, ...page },
      { userID: p.userID, ...page },
      { userId: p.userID, ...page },
    ]),
    ...rooms.flatMap((room): Record<string, string>[] => [
      { title: room.title, ...page },
      { subCommunity: room.id, ...page },
      { key: room.title },
      { filter: room.title },
    ]),
    { topic: 'dsa', ...page },
  ];
  const params: Record<string, string>[] = [
    ...people.map((p) => ({ email: p.email, userID: p.userID, username: p.username })),
    ...rooms.map((room) => ({ title: room.title, roomId: room.id })),
  ];
  const postBodies = [
    ...posts.map((post) => ({ postId: post.id })),
    ...posts.flatMap((post) => w.commentIds.map((commentId) => ({ postId: post.id, commentId }))),
  ];
  return { queries, params, postBodies };
}

/** Every screen of the campus the server renders: feeds, each post and poll, each profile tab, each room. */
function screenPaths(w: World): string[] {
  const people = [w.owner, w.member, w.outsider];
  return [
    '/',
    '/popular',
    '/q/dsa',
    '/q/iet',
    '/about',
    '/mod/log',
    '/u/x/overview',
    ...Object.values(w.posts).flatMap((post) =>
      post.subCommunity
        ? [`/post/${post.subCommunity}/${post.id}`, `/post/${post.id}`]
        : [`/post/${post.id}`],
    ),
    ...Object.values(w.polls).map((poll) => `/poll/${poll.id}`),
    ...people.flatMap((p) =>
      ['overview', 'posts', 'upvoted', 'commented'].map((tab) => `/u/${p.username}/${tab}`),
    ),
    ...[w.publicRoom, w.privateRoom].map((room) => `/room/${w.owner.userID}/${room.title}`),
  ];
}

interface CrawlResult {
  leaks: { url: string; leaks: string[] }[];
  /** How many answers were 200: the crawl read real content, not only refusals. */
  answered: number;
}

async function crawl(viewer: Account | null): Promise<CrawlResult> {
  const client = viewer?.client ?? t.client();
  const others = [world.owner, world.member, world.outsider].filter((a) => a !== viewer);
  const secrets = await secretsOf(t, others);
  const { queries, params, postBodies } = candidates(world);
  const result: CrawlResult = { leaks: [], answered: 0 };
  const check = (
    url: string,
    res: { statusCode: number; headers: Record<string, unknown>; body: string },
  ) => {
    if (res.statusCode === 200) result.answered += 1;
    const leaks = leaksIn(res, secrets);
    if (leaks.length > 0) result.leaks.push({ url, leaks });
  };
  for (const route of routes.filter((r) => r.method === 'GET')) {
    for (const values of route.params.length > 0 ? params : [{}]) {
      for (const query of queries) {
        const url = `${pathOf(route, values)}?${new URLSearchParams(query)}`;
        check(url, await client.get(url));
      }
    }
  }
  // The reads that are POSTs: tallies of posts and comments.
  for (const body of postBodies) check('posts/upvoteNum', await client.post('posts/upvoteNum', body));
  for (const page of screenPaths(world)) check(page, await client.get(page));
  return result;
}

describe('anonymity under a crawl of every read route', () => {
  it('shows an outsider nobody else’s address, hash, session or code', async () => {
    const { leaks, answered } = await crawl(world.outsider);
    expect(leaks).toEqual([]);
    expect(answered).toBeGreaterThan(100);
  });

  it('shows a visitor nothing of anyone', async () => {
    const { leaks, answered } = await crawl(null);
    expect(leaks).toEqual([]);
    expect(answered).toBeGreaterThan(100);
  });

  it('shows a member of every room nothing of the others either', async () => {
    const { leaks, answered } = await crawl(world.member);
    expect(leaks).toEqual([]);
    expect(answered).toBeGreaterThan(100);
  });

  it('would notice a leak: the owner’s own address is in their own u/{email}', async () => {
    const res = await world.owner.client.get(`u/${encodeURIComponent(world.owner.email)}`);
    expect(leaksIn(res, await secretsOf(t, [world.owner]))).toContain(world.owner.email);
  });

  it('serves uploaded photos without EXIF or GPS', async () => {
    const img = world.posts.photo.img;
    expect(img).toMatch(/^\/uploads\//);
    const res = await t.client().get(img ?? '');
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(res.rawPayload.includes(Buffer.from('Secret Person'))).toBe(false);
  });
});
