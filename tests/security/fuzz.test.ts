/**
 * Property-based fuzzing (fast-check) of every route: random params, queries and bodies, built from
 * the field names the route's own schema declares, the campus's real ids, and hostile values. Whatever
 * arrives, the server never answers 5xx, a refused request (4xx) changes no data, and the server
 * still answers its health check at the end.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestClient } from '../support/testApp.ts';
import { type ApiRoute, apiRoutes, pathOf } from './routes.ts';
import { buildWorld, fingerprint, type World } from './world.ts';

const t = setupTestApp();
let world: World;
let routes: ApiRoute[];
let fields: Map<string, string[]>;

/** Routes that end the fuzzing client's own session or account: their input is nothing to fuzz. */
const SESSION_ENDING = ['DELETE u/deleteAccount', 'POST auth/logout', 'POST auth/updatepass'];
const RUNS = 12;

beforeAll(async () => {
  world = await buildWorld(t);
  routes = (await apiRoutes(t)).filter(
    (r) => !r.path.startsWith('docs') && !SESSION_ENDING.includes(`${r.method} ${r.path}`),
  );
  const { paths } = (await t.client().get('/api/docs/json')).json() as {
    paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>>;
  };
  // The names each route's schema declares (query fields and body properties), to aim the inputs.
  fields = new Map(
    Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const json = JSON.stringify(op.requestBody ?? {});
        const bodyNames = [...json.matchAll(/"properties":\{([^}]*)/g)].flatMap((m) =>
          [...(m[1] ?? '').matchAll(/"(\w+)":\{/g)].map((n) => n[1] ?? ''),
        );
        const queryNames = (op.parameters ?? []).map((p) => p.name);
        return [`${method.toUpperCase()} ${path.replace(/^\/api\//, '')}`, [...queryNames, ...bodyNames]];
      }),
    ),
  );
});

function hostileValue(w: World): fc.Arbitrary<unknown> {
  const ids = [
    ...Object.values(w.posts).map((p) => p.id),
    ...Object.values(w.polls).map((p) => p.id),
    ...Object.values(w.polls).flatMap((p) => p.options.map((o) => o.id)),
    ...w.commentIds,
    ...w.notificationIds,
    w.publicRoom.id,
    w.privateRoom.id,
    w.owner.userID,
  ];
  const names = [w.publicRoom.title, w.privateRoom.title, w.owner.username, w.member.username];
  const scalar = fc.oneof(
    fc.constantFrom(...ids, ...names),
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '1e309',
      'NaN',
      'null',
      '../../etc/passwd',
      "' or 1=1 --",
      '%00',
      '\u0000',
    ),
    fc.constantFrom('x'.repeat(5000), '😀'.repeat(300)),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  return fc.oneof(
    { weight: 5, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 9 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
  );
}

interface Attempt {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | string;
}

function attempts(route: ApiRoute): fc.Arbitrary<Attempt> {
  const names = fields.get(`${route.method} ${route.path}`) ?? [];
  const value = hostileValue(world);
  const key =
    names.length > 0 ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 6 })) : fc.string();
  const record = fc.dictionary(key, value, { maxKeys: Math.max(3, names.length + 1) });
  return fc.record({
    path: fc.record(Object.fromEntries(route.params.map((p) => [p, value]))),
    query: record,
    body: fc.oneof(
      { weight: 6, arbitrary: record },
      {
        weight: 1,
        arbitrary: fc.constantFrom('{"unclosed": ', '[]', '"text"', 'null', '{"__proto__":{"x":1}}'),
      },
    ),
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

async function hit(client: TestClient, route: ApiRoute, attempt: Attempt) {
  const path = pathOf(
    route,
    Object.fromEntries(Object.entries(attempt.path).map(([name, value]) => [name, text(value)])),
  );
  const query = new URLSearchParams(
    Object.entries(attempt.query).map(([name, value]) => [name, text(value)] as [string, string]),
  );
  const url = `${path}?${query}`;
  if (route.method === 'GET') return client.get(url);
  if (route.multipart) {
    const form = Object.fromEntries(
      Object.entries(typeof attempt.body === 'string' ? { x: attempt.body } : attempt.body).map(
        ([name, value]) => [name || 'field', text(value)],
      ),
    );
    return client.postForm(url, form);
  }
  return client.send(
    route.method,
    url,
    typeof attempt.body === 'string' ? attempt.body : JSON.stringify(attempt.body),
  );
}

/** The failures found, and how many attempts were accepted (2xx): the inputs reach the routes' logic. */
async function fuzz(client: TestClient) {
  const failures: string[] = [];
  let accepted = 0;
  for (const route of routes) {
    await fc.assert(
      fc.asyncProperty(attempts(route), async (attempt) => {
        const before = await fingerprint(t);
        const res = await hit(client, route, attempt);
        if (res.statusCode < 300) accepted += 1;
        if (res.statusCode >= 500) {
          failures.push(
            `${route.method} ${route.path} → ${res.statusCode} ${res.body} for ${JSON.stringify(attempt)}`,
          );
        } else if (res.statusCode >= 400) {
          const after = await fingerprint(t);
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length > 0) {
            failures.push(
              `${route.method} ${route.path} → ${res.statusCode} changed ${changed} for ${JSON.stringify(attempt)}`,
            );
          }
        }
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
    );
  }
  return { failures, accepted };
}

describe('fuzzing every route', () => {
  it('never answers 5xx nor changes data on a 4xx, for a signed-in member', async () => {
    const { failures, accepted } = await fuzz(world.member.client);
    expect(failures).toEqual([]);
    expect(accepted).toBeGreaterThan(50);
  });

  it('never answers 5xx nor changes data on a 4xx, for a visitor', async () => {
    const visitor = t.client();
    await visitor.get('/');
    const { failures, accepted } = await fuzz(visitor);
    expect(failures).toEqual([]);
    expect(accepted).toBeGreaterThan(20);
  });

  it('leaves the server healthy and the member signed in', async () => {
    expect((await t.client().get('health/ready')).statusCode).toBe(200);
    expect((await world.member.client.post('auth/refreshsignin')).statusCode).toBe(200);
  });
});
