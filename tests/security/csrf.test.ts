/**
 * CSRF: every state-changing route of the API, without the X-XSRF-TOKEN header or with a wrong one,
 * as a signed-in member and as a visitor, is refused with 403 before it reads anything, and the data
 * stays as it was. The same request with the right token is not refused for CSRF.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '../../src/domain/messages.ts';
import { type Account, setupTestApp, type TestClient } from '../support/testApp.ts';
import { type ApiRoute, apiRoutes, isStateChanging, pathOf } from './routes.ts';
import { buildWorld, fingerprint, type World } from './world.ts';

const t = setupTestApp();
let world: World;
let routes: ApiRoute[];

beforeAll(async () => {
  world = await buildWorld(t);
  routes = (await apiRoutes(t)).filter(isStateChanging);
});

function send(client: TestClient, route: ApiRoute, owner: Account, xsrf: string | null) {
  const url = pathOf(route, {
    title: world.privateRoom.title,
    roomId: world.privateRoom.id,
    username: owner.username,
    email: owner.email,
    userID: owner.userID,
  });
  if (route.multipart) return client.postForm(url, { title: world.privateRoom.title }, { xsrf });
  return client.send(route.method, url, JSON.stringify({ id: world.posts.topic.id }), { xsrf });
}

describe('every state-changing route needs the XSRF echo', () => {
  it('attacks every state-changing route, JSON and multipart', () => {
    const names = routes.map((r) => `${r.method} ${r.path}${r.multipart ? ' (multipart)' : ''}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST auth/signin',
        'DELETE u/deleteAccount',
        'POST posts/postWithImg (multipart)',
        'POST rooms/addUserinRoom/{username}',
        'POST u/uploadImg (multipart)',
      ]),
    );
    expect(names.length).toBeGreaterThan(30);
  });

  it('refuses each without the header and with a wrong one, and changes nothing', async () => {
    const before = await fingerprint(t);
    const refusals: string[] = [];
    for (const route of routes) {
      for (const client of [world.owner.client, t.client()]) {
        if (!client.cookie('XSRF-TOKEN')) await client.get('/');
        for (const xsrf of [null, 'forged-token']) {
          const res = await send(client, route, world.owner, xsrf);
          if (res.statusCode !== 403 || res.json().msg !== AUTH.csrf) {
            refusals.push(
              `${route.method} ${route.path} (${xsrf ?? 'no header'}): ${res.statusCode} ${res.body}`,
            );
          }
        }
      }
    }
    expect(refusals).toEqual([]);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('does not refuse the same requests for CSRF when the token is echoed', async () => {
    const client = t.client();
    await client.get('/');
    for (const route of routes) {
      const res = await send(client, route, world.outsider, client.cookie('XSRF-TOKEN') ?? null);
      expect(res.json().msg, `${route.method} ${route.path}`).not.toBe(AUTH.csrf);
    }
  });
});
