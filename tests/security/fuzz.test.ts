/**
 * Property-based fuzzing (fast-check) of every route: random params, queries and bodies, built from
 * the field names the route's own schema declares, the campus's real ids, and hostile values; then
 * every field of every route given each hostile text (NUL, lone surrogates, 100,000 characters,
 * non-NFC forms, bytes that are no UTF-8, numbers for strings and the reverse); every route sent every
 * content type; and the image forms sent with every multipart framing fault. Whatever arrives, the
 * server never answers 5xx, a refused request (4xx) changes no data (rows or stored files), and the
 * server still answers its health check at the end.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '../../src/domain/entities.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type StatsFakes, startStatsFakes } from '../support/statsFakes.ts';
import { PASSWORD, setupTestApp, type TestClient } from '../support/testApp.ts';
import {
  FORM_FAULTS,
  type FormFault,
  type FormPart,
  formBody,
  HOSTILE,
  HOSTILE_KINDS,
  JSON_TYPES,
  jsonText,
  NOT_JSON_TYPES,
  percent,
  queryOf,
  repeatsKey,
  textBytes,
  type Value,
} from './inputs.ts';
import { type ApiField, type ApiRoute, apiRoutes, pathOf } from './routes.ts';
import { buildWorld, fingerprint, type World } from './world.ts';

// LeetCode and Codeforces are local fakes: a handle that passes validation is looked up there.
const env: Record<string, string> = { STATS_TIMEOUT_MS: '1000' };
let fakes: StatsFakes;
beforeAll(async () => {
  fakes = await startStatsFakes();
  env.LEETCODE_URL = fakes.leetcode.url;
  env.CODEFORCES_URL = fakes.codeforces.url;
});
afterAll(() => fakes.close());

const t = setupTestApp(env);
let world: World;
/** A room of the member's own, so that the owner-only routes reach their logic for the member. */
let memberRoom: Room;
let image: Buffer;
let routes: ApiRoute[];
let fields: Map<string, string[]>;

/** Routes that end the fuzzing client's own session or account: their input is nothing to fuzz. */
const SESSION_ENDING = ['DELETE u/deleteAccount', 'POST auth/logout', 'POST auth/updatepass'];
const RUNS = 12;
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

beforeAll(async () => {
  world = await buildWorld(t);
  memberRoom = await t.createRoom(world.member);
  image = await jpeg();
  routes = (await apiRoutes(t)).filter(
    (r) => !r.path.startsWith('docs') && !SESSION_ENDING.includes(`${r.method} ${r.path}`),
  );
  // The names each route's schema declares (query fields and body properties), to aim the inputs.
  fields = new Map(
    routes.map((r) => [
      `${r.method} ${r.path}`,
      [...r.fields.filter((f) => f.in !== 'path').map((f) => f.name), ...(r.file ? [r.file] : [])],
    ]),
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
  /** JSON text written key by key (a key may repeat), or raw text. */
  body: [string, unknown][] | string;
  contentType: string;
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
      { weight: 6, arbitrary: fc.array(fc.tuple(key, value), { maxLength: Math.max(4, names.length * 2) }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('{"unclosed": ', '[]', '"text"', 'null', '{"__proto__":{"x":1}}', ''),
      },
    ),
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...JSON_TYPES) },
      { weight: 1, arbitrary: fc.constantFrom(...NOT_JSON_TYPES) },
    ),
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
let repeatedKeysSent = 0;

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
      (typeof attempt.body === 'string' ? [['x', attempt.body] as const] : attempt.body).map(
        ([name, value]) => [name || 'field', text(value)],
      ),
    );
    return client.postForm(url, form);
  }
  if (typeof attempt.body !== 'string' && repeatsKey(attempt.body)) repeatedKeysSent += 1;
  const body = typeof attempt.body === 'string' ? attempt.body : jsonText(attempt.body);
  return send(client, route.method, url, body, attempt.contentType);
}

/** A request with exactly this body and Content-Type (none for ''), the XSRF header echoed. */
async function send(
  client: TestClient,
  method: ApiRoute['method'],
  url: string,
  body: Buffer | string | undefined,
  contentType: string,
) {
  if (!client.jar.has('XSRF-TOKEN')) await client.get('/');
  return client.send(method, url, body, { headers: contentType ? { 'content-type': contentType } : {} });
}

/**
 * Sends requests and checks each answer: never 5xx, and after a 4xx the data (every table's rows
 * and the stored files) as it was just before.
 */
class Probe {
  readonly failures: string[] = [];
  accepted = 0;
  sent = 0;

  async check(
    label: string,
    request: () => Promise<LightMyRequestResponse>,
  ): Promise<LightMyRequestResponse> {
    const before = await fingerprint(t);
    const res = await request();
    this.sent += 1;
    if (res.statusCode < 300) this.accepted += 1;
    if (res.statusCode >= 500) {
      this.failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 300)}`);
    } else if (res.statusCode >= 400) {
      const after = await fingerprint(t);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0) this.failures.push(`${label} → ${res.statusCode} changed ${changed}`);
    }
    return res;
  }
}

/** The failures found, and how many attempts were accepted (2xx): the inputs reach the routes' logic. */
async function fuzz(client: TestClient) {
  const probe = new Probe();
  for (const route of routes) {
    await fc.assert(
      fc.asyncProperty(attempts(route), async (attempt) => {
        await probe.check(`${route.method} ${route.path} ${JSON.stringify(attempt).slice(0, 300)}`, () =>
          hit(client, route, attempt),
        );
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }
  return probe;
}

/** The schema of a field without its `null` branch (a nullable id is a union of the id and null). */
const schemaOf = (field: ApiField) =>
  field.schema.anyOf?.find((branch) => !(branch.enum?.length === 1 && branch.enum[0] === null)) ??
  field.schema;

/** Ids of the campus that fit a field, by its name and its route. */
function idsFor(route: ApiRoute, name: string): string[] {
  const w = world;
  const posts = Object.values(w.posts).map((p) => p.id);
  const polls = Object.values(w.polls).map((p) => p.id);
  const rooms = [memberRoom.id, w.publicRoom.id, w.privateRoom.id];
  const users = [w.member.userID, w.owner.userID];
  if (/comment/i.test(name) || (name === 'id' && /comment/i.test(route.path))) return w.commentIds;
  if (/option/i.test(name)) return Object.values(w.polls).flatMap((p) => p.options.map((o) => o.id));
  if (/poll/i.test(name) || (name === 'id' && /poll/i.test(route.path))) return polls;
  if (name === 'id' && /markasread/.test(route.path)) return w.notificationIds;
  if (/room|subCommunity/i.test(name)) return rooms;
  if (/user|from|to/i.test(name)) return users;
  return posts;
}

/** Values of a field that the route takes, so that one hostile field among them reaches its logic. */
function candidates(route: ApiRoute, field: ApiField): Value[] {
  const schema = schemaOf(field);
  const { name } = field;
  const titles = [memberRoom.title, world.publicRoom.title, world.privateRoom.title];
  if (schema.enum?.length) return schema.enum.filter((v) => v !== null);
  if (schema.type === 'boolean') return [true, false];
  if (schema.type === 'number' || schema.type === 'integer') return [0, 1, 10];
  if (schema.type === 'array') return [['Yes', 'No', 'Maybe']];
  if (schema.format === 'uuid' || /(^id|Id|ID)$/.test(name) || /^(subCommunity|fromUser|toUser)$/.test(name))
    return idsFor(route, name);
  if (route.path === 'rooms/create' && name === 'title') return ['FuzzRoomOne', 'FuzzRoomTwo'];
  if (/title/i.test(name)) return route.path.startsWith('rooms/') ? titles : ['A fine title', ...titles];
  if (/email/i.test(name)) return [world.member.email];
  if (/password/i.test(name)) return [PASSWORD];
  if (/username|user$/i.test(name)) return [world.owner.username, world.member.username];
  if (name === 'otp') return ['123456'];
  return ['Some words.', world.publicRoom.title];
}

/** A request to `route` with these values (by `in:name`): path, query, and a JSON or form body. */
function requestOf(route: ApiRoute, values: Map<string, Value>, file: Value | null) {
  let path = route.path;
  const query: [string, Value][] = [];
  const body: [string, Value][] = [];
  for (const [key, value] of values) {
    const [where, name = ''] = key.split(':');
    if (where === 'path') path = path.replace(`{${name}}`, percent(value));
    else if (where === 'query' || route.body === null) query.push([name, value]);
    else body.push([name, value]);
  }
  const url = query.length > 0 ? `${path}?${queryOf(query)}` : path;
  if (route.body === 'multipart/form-data') {
    const parts: FormPart[] = body.map(([name, value]) => ({ name, data: textBytes(value) }));
    if (file !== null && route.file) {
      const data = Buffer.isBuffer(file) ? file : textBytes(file);
      parts.push({ name: route.file, filename: 'photo.jpg', contentType: 'image/jpeg', data });
    }
    return { url, ...formBody(parts, 'none') };
  }
  if (route.body === 'application/json')
    return { url, body: jsonText(body), contentType: 'application/json' };
  return { url, body: undefined, contentType: '' };
}

/** Every field of the route by `in:name`, and one that no schema declares (`extra`). */
function targetsOf(route: ApiRoute): string[] {
  const extra = route.method === 'GET' || route.body === null ? 'query:extra' : 'body:extra';
  return [...route.fields.map((f) => `${f.in}:${f.name}`), ...(route.file ? ['file'] : []), extra];
}

interface Placement {
  target: string;
  kind: string;
  base: Record<string, Value>;
}

/** One hostile value in one field, the route's other fields taken from `base`. */
function placed(route: ApiRoute, { target, kind, base }: Placement) {
  const values = new Map<string, Value>(Object.entries(base));
  const hostile = HOSTILE[kind];
  if (target !== 'file') values.set(target, hostile);
  return requestOf(route, values, target === 'file' ? hostile : image);
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

  // Every hostile text in every field of some 90 routes: minutes on a busy 2-core machine. A test that
  // times out keeps sending in the background and would spoil the next tests' checks, so it has room.
  it('puts each hostile text in every field of every route, the other fields valid', {
    timeout: 600_000,
  }, async () => {
    const probe = new Probe();
    for (const route of routes) {
      const targets = targetsOf(route);
      const bases = Object.fromEntries(
        route.fields.map((f) => [`${f.in}:${f.name}`, fc.constantFrom(...candidates(route, f))]),
      );
      const base = Object.fromEntries(
        route.fields.map((f) => [`${f.in}:${f.name}`, candidates(route, f)[0]]),
      );
      // Every field with every kind, on the routes' first candidates; then random mixes.
      const examples = targets.flatMap((target) =>
        HOSTILE_KINDS.map((kind) => [{ target, kind, base }] as [Placement]),
      );
      const placement = fc.record({
        target: fc.constantFrom(...targets),
        kind: fc.constantFrom(...HOSTILE_KINDS),
        base: fc.record(bases),
      });
      await fc.assert(
        fc.asyncProperty(placement, async (p) => {
          const { url, body, contentType } = placed(route, p);
          await probe.check(`${route.method} ${route.path} ${p.kind} in ${p.target}`, () =>
            route.method === 'GET'
              ? world.member.client.get(url)
              : send(world.member.client, route.method, url, body, contentType),
          );
        }),
        { numRuns: examples.length + 3, seed: SEED, examples },
      );
    }
    expect(probe.failures).toEqual([]);
    expect(probe.sent).toBeGreaterThan(routes.length * HOSTILE_KINDS.length);
    expect(probe.accepted).toBeGreaterThan(100);
  });

  it('sends every route every content type: 415 for a body of a type it does not read, never a 5xx', async () => {
    const probe = new Probe();
    const notRefused: string[] = [];
    const base = (route: ApiRoute) =>
      new Map(route.fields.map((f) => [`${f.in}:${f.name}`, candidates(route, f)[0]] as [string, Value]));
    const types = ['', ...JSON_TYPES, ...NOT_JSON_TYPES];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const json = jsonText(
        route.fields.filter((f) => f.in === 'body').map((f) => [f.name, candidates(route, f)[0]]),
      );
      const form = requestOf({ ...route, body: 'multipart/form-data' }, base(route), image);
      const bodies = {
        json,
        form: form.body ?? Buffer.alloc(0),
        urlencoded: Buffer.from(queryOf(route.fields.map((f) => [f.name, candidates(route, f)[0]]))),
        bytes: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22]),
        empty: Buffer.alloc(0),
      };
      const examples = types.map((type) => [{ type, body: 'json' as keyof typeof bodies }] as const);
      const attempt = fc.record({
        type: fc.constantFrom(...types, form.contentType),
        body: fc.constantFrom(...(Object.keys(bodies) as (keyof typeof bodies)[])),
      });
      const url = requestOf(route, base(route), null).url;
      await fc.assert(
        fc.asyncProperty(attempt, async ({ type, body }) => {
          const label = `${route.method} ${route.path} ${body} as ${JSON.stringify(type)}`;
          const res = await probe.check(label, () =>
            send(world.member.client, route.method, url, bodies[body], type),
          );
          // docs/api.md: whatever the route, a body of a type other than JSON is a 415; the image
          // forms take multipart/form-data, and nothing else.
          const json = JSON_TYPES.includes(type);
          const form = /^multipart\/form-data/i.test(type);
          const foreign = route.multipart ? !form : !json;
          if (bodies[body].length > 0 && foreign && res.statusCode !== 415)
            notRefused.push(`${label} → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }),
        { numRuns: examples.length + 6, seed: SEED, examples: examples.map(([e]) => [e]) },
      );
    }
    expect(probe.failures).toEqual([]);
    expect(notRefused).toEqual([]);
    expect(probe.sent).toBeGreaterThan(100);
  });

  it('sends the image forms every multipart framing fault, fields and files swapped, parts without names', async () => {
    const probe = new Probe();
    const forms = routes.filter((r) => r.multipart);
    // posts/postWithImg, rooms/create, rooms/updatebgImg, rooms/updatedp, u/uploadImg, u/updatebg
    expect(forms.length).toBeGreaterThanOrEqual(6);
    for (const route of forms) {
      const textFields = route.fields.filter((f) => f.in === 'body');
      const valid: FormPart[] = [
        ...textFields.map((f) => ({ name: f.name, data: textBytes(candidates(route, f)[0]) })),
        { name: route.file, filename: 'photo.jpg', contentType: 'image/jpeg', data: image },
      ];
      const names = [...textFields.map((f) => f.name), route.file, 'other', '', null];
      const data = fc.oneof(
        fc.constantFrom<Value>(image, ...Object.values(HOSTILE), 'Some words.'),
        ...textFields.map((f) => fc.constantFrom(...candidates(route, f))),
      );
      const part: fc.Arbitrary<FormPart> = fc.record({
        name: fc.constantFrom(...names),
        // a file part (with a file name) or a text field, whatever its name
        filename: fc.option(fc.constantFrom('photo.jpg', '../../etc/passwd', 'a"b.png', ''), {
          nil: undefined,
        }),
        contentType: fc.option(fc.constantFrom('image/jpeg', 'text/plain', 'application/json'), {
          nil: undefined,
        }),
        data: data.map((value) => (Buffer.isBuffer(value) ? value : textBytes(value))),
      });
      // Every fault on a valid form; the fields as files and the file as a field; then random forms.
      const swapped: FormPart[] = [
        ...valid.filter((p) => p.filename === undefined).map((p) => ({ ...p, filename: 'field.txt' })),
        { name: route.file, data: 'not a file' },
      ];
      const examples: [{ parts: FormPart[]; fault: FormFault; cut: number }][] = [
        ...FORM_FAULTS.map(
          (fault) =>
            [{ parts: valid, fault, cut: 150 }] as [{ parts: FormPart[]; fault: FormFault; cut: number }],
        ),
        [{ parts: swapped, fault: 'none', cut: 0 }],
        [{ parts: [{ name: null, data: 'nameless' }, ...valid], fault: 'none', cut: 0 }],
      ];
      const attempt = fc.record({
        parts: fc.oneof(fc.constant(valid), fc.array(part, { maxLength: 5 })),
        fault: fc.constantFrom(...FORM_FAULTS),
        cut: fc.nat(),
      });
      await fc.assert(
        fc.asyncProperty(attempt, async ({ parts, fault, cut }) => {
          const { body, contentType } = formBody(parts, fault, cut);
          const label = `${route.path} ${fault} ${parts.map((p) => `${p.name}${p.filename === undefined ? '' : '(file)'}`)}`;
          await probe.check(label, () =>
            send(world.member.client, route.method, route.path, body, contentType),
          );
        }),
        { numRuns: examples.length + 12, seed: SEED, examples },
      );
    }
    expect(probe.failures).toEqual([]);
    expect(probe.accepted).toBeGreaterThan(6);
  });

  it('sent JSON with repeated keys', () => {
    expect(repeatedKeysSent).toBeGreaterThan(20);
  });

  it('leaves the server healthy and the member signed in', async () => {
    expect((await t.client().get('health/ready')).statusCode).toBe(200);
    expect((await world.member.client.post('auth/refreshsignin')).statusCode).toBe(200);
  });
});
