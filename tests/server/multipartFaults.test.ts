/**
 * The six image forms, sent with broken framing: no boundary, a boundary the body lacks, a body cut
 * before its closing boundary (after a whole image, or inside its first part), and parts over their
 * size. Each is refused, 400 naming the fault or 413, and nothing is written: no row, no stored file.
 * The same form sent whole is taken, so it is the framing that is refused. And the other routes take
 * JSON only: a form or a text body there is a 415.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../server/infra/errors.ts';
import { LIMITS } from '../../src/domain/constants.ts';
import type { Room } from '../../src/domain/entities.ts';
import { parseVariantKey } from '../../src/domain/images.ts';
import { POSTS } from '../../src/domain/messages.ts';
import { fingerprint, storedFiles } from '../security/world.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type Account, expectError, randomUsername, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let owner: Account;
let room: Room;
let image: Buffer;

beforeAll(async () => {
  owner = await t.signUpAndVerify();
  room = await t.createRoom(owner);
  image = await jpeg();
});

interface FormRoute {
  path: string;
  file: string;
  fields: () => Record<string, string>;
  ok: number;
}

const ROUTES: FormRoute[] = [
  {
    path: 'posts/postWithImg',
    file: 'postImg',
    fields: () => ({ title: 'T', topic: 'dsa', body: 'B' }),
    ok: 201,
  },
  { path: 'rooms/create', file: 'roomImg', fields: () => ({ title: `R${randomUsername()}` }), ok: 201 },
  { path: 'rooms/updatebgImg', file: 'bgImg', fields: () => ({ title: room.title }), ok: 200 },
  { path: 'rooms/updatedp', file: 'roomImg', fields: () => ({ title: room.title }), ok: 200 },
  { path: 'u/uploadImg', file: 'profileImg', fields: () => ({}), ok: 202 },
  { path: 'u/updatebg', file: 'bgImg', fields: () => ({}), ok: 200 },
];

const BOUNDARY = 'quad-form-boundary';
const formType = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** The parts of a valid form: its text fields, then the image; without the closing boundary. */
function openForm(route: FormRoute, data: Buffer = image): Buffer {
  const text = Object.entries(route.fields()).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const fileHead =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${route.file}"; filename="photo.jpg"\r\n` +
    'Content-Type: image/jpeg\r\n\r\n';
  return Buffer.concat([Buffer.from(text.join('') + fileHead), data, Buffer.from('\r\n')]);
}
const wholeForm = (route: FormRoute, data?: Buffer) =>
  Buffer.concat([openForm(route, data), Buffer.from(`--${BOUNDARY}--\r\n`)]);

describe.each(ROUTES)('$path', (route) => {
  const send = (body: Buffer | string, contentType: string) =>
    owner.client.post(route.path, body, { headers: { 'content-type': contentType } });

  it('answers 400 naming the fault to a form without a boundary, with one the body lacks, or cut short; writing nothing', async () => {
    const before = await fingerprint(t);
    const cases = [
      { body: wholeForm(route), type: 'multipart/form-data', msg: SERVER_MESSAGES.formWithoutBoundary },
      { body: wholeForm(route), type: formType(''), msg: SERVER_MESSAGES.formWithoutBoundary },
      { body: wholeForm(route), type: formType('b'.repeat(71)), msg: SERVER_MESSAGES.formWithoutBoundary },
      { body: wholeForm(route), type: formType('elsewhere'), msg: SERVER_MESSAGES.formWithoutParts },
      // After a whole image part: the image is read, but the form never ends.
      { body: openForm(route), type: formType(BOUNDARY), msg: SERVER_MESSAGES.formCutShort },
      // Inside the image.
      {
        body: openForm(route).subarray(0, -200),
        type: formType(BOUNDARY),
        msg: SERVER_MESSAGES.formCutShort,
      },
      // Inside the first part, before anything came through whole.
      {
        body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut`,
        type: formType(BOUNDARY),
        msg: SERVER_MESSAGES.formWithoutParts,
      },
    ];
    for (const { body, type, msg } of cases) expectError(await send(body, type), 400, msg);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('answers 413 to an image over the upload limit and to a text part over its size, writing nothing', async () => {
    const before = await fingerprint(t);
    const huge = Buffer.concat([image, Buffer.alloc(LIMITS.uploadBytesMax + 1 - image.length, 0)]);
    expectError(await send(wholeForm(route, huge), formType(BOUNDARY)), 413, POSTS.imageTooLarge);
    const longText = { ...route, fields: () => ({ ...route.fields(), title: 'x'.repeat(200_000) }) };
    expectError(await send(wholeForm(longText), formType(BOUNDARY)), 413, SERVER_MESSAGES.bodyTooLarge);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('takes the same form whole, its boundary quoted or not, storing its image', async () => {
    for (const type of [formType(BOUNDARY), formType(`"${BOUNDARY}"`)]) {
      const before = storedFiles(t);
      const res = await send(wholeForm(route), type);
      expect(res.statusCode, res.body).toBe(route.ok);
      // One new original, beside its smaller copies (the routes that replace an image remove the old one).
      const added = storedFiles(t).filter((file) => !before.includes(file));
      expect(added.filter((file) => parseVariantKey(file) === null)).toHaveLength(1);
    }
  });
});

describe('the body types the routes read', () => {
  it('refuses with 415 a form sent to a JSON route beside the image forms, and a text body anywhere', async () => {
    const post = await t.createPost(owner);
    const before = await fingerprint(t);
    const form = (fields: Record<string, string>) => ({
      body: Object.entries(fields)
        .map(
          ([name, value]) =>
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('')
        .concat(`--${BOUNDARY}--\r\n`),
      type: formType(BOUNDARY),
    });
    // Each would change something if it were read.
    const refused = [
      { method: 'POST', path: 'rooms/update', ...form({ title: room.title, newTitle: 'Renamed' }) },
      { method: 'POST', path: 'u/update', ...form({ bio: 'Changed by a form' }) },
      { method: 'DELETE', path: 'posts/delete', ...form({ id: post.id }) },
      {
        method: 'POST',
        path: 'rooms/update',
        body: JSON.stringify({ title: room.title, newTitle: 'Renamed' }),
        type: 'text/plain',
      },
      { method: 'POST', path: 'u/markallasread', body: 'hello', type: 'text/plain; charset=utf-8' },
    ] as const;
    for (const { method, path, body, type } of refused) {
      const res = await owner.client.send(method, path, body, { headers: { 'content-type': type } });
      expectError(res, 415, SERVER_MESSAGES.unsupportedMediaType);
    }
    expect(await fingerprint(t)).toEqual(before);
    // The same rename as JSON is taken.
    const renamed = await owner.client.post('rooms/update', {
      title: room.title,
      newTitle: `R${randomUsername()}`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});
