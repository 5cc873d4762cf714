/**
 * Hostile uploads on every route that takes an image: text named like a photo, an image with a script
 * glued on (a polyglot), SVG, a decompression bomb, a 50 MB body, a JSON body where a form belongs and
 * the wrong field. Each is refused with 4xx and nothing is stored, or (the polyglot) re-encoded so that
 * nothing but pixels survives. The server stays healthy.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '../../src/domain/entities.ts';
import { jpeg, pngBomb } from '../support/fixtures/images.ts';
import {
  type Account,
  type FormFile,
  type MultipartForm,
  randomUsername,
  setupTestApp,
} from '../support/testApp.ts';

const t = setupTestApp();
let owner: Account;
let room: Room;

beforeAll(async () => {
  owner = await t.signUpAndVerify();
  room = await t.createRoom(owner);
});

interface UploadRoute {
  path: string;
  field: string;
  /** The text fields of a valid request, made fresh per request. */
  fields: () => MultipartForm;
  ok: number;
}

const UPLOADS: UploadRoute[] = [
  {
    path: 'posts/postWithImg',
    field: 'postImg',
    fields: () => ({ title: 'Hi', topic: 'dsa', body: 'Hello' }),
    ok: 201,
  },
  {
    path: 'rooms/create',
    field: 'roomImg',
    fields: () => ({ title: `R${randomUsername()}`, privacy: 'false' }),
    ok: 201,
  },
  { path: 'rooms/updatebgImg', field: 'bgImg', fields: () => ({ title: room.title }), ok: 200 },
  { path: 'rooms/updatedp', field: 'roomImg', fields: () => ({ title: room.title }), ok: 200 },
  { path: 'u/uploadImg', field: 'profileImg', fields: () => ({}), ok: 202 },
  { path: 'u/updatebg', field: 'bgImg', fields: () => ({}), ok: 200 },
];

const SCRIPT = '<script>alert(document.cookie)</script>';
const file = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): FormFile => ({
  data,
  filename,
  contentType,
});

/** Every stored file, under the uploads folder. */
function storedFiles(): string[] {
  const root = join(t.dataDir, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe.each(UPLOADS)('$path', (route) => {
  const send = (upload: FormFile, field = route.field) =>
    owner.client.postForm(route.path, { ...route.fields(), [field]: upload });

  it('refuses hostile files with 4xx and stores nothing', async () => {
    const before = storedFiles();
    const hostile: [string, FormFile, string?][] = [
      ['text named .jpg', file(Buffer.from('just some text, not a photo'))],
      ['HTML named .png', file(Buffer.from(`<html>${SCRIPT}</html>`), 'x.png', 'image/png')],
      [
        'SVG with a script',
        file(
          Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`),
          'x.svg',
          'image/svg+xml',
        ),
      ],
      ['a decompression bomb', file(pngBomb(), 'bomb.png', 'image/png')],
      ['an image in another field', file(await jpeg()), 'evil'],
    ];
    for (const [name, upload, field] of hostile) {
      const res = await send(upload, field);
      expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.json().msg, name).toEqual(expect.any(String));
    }
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a 50 MB body with 413', async () => {
    const res = await send(file(Buffer.alloc(50 * 1024 * 1024, 0xff)));
    expect(res.statusCode).toBe(413);
  });

  it('refuses JSON where a form belongs with 415', async () => {
    const res = await owner.client.post(route.path, {
      ...route.fields(),
      [route.field]: 'data:image/png;base64,AAAA',
    });
    expect(res.statusCode).toBe(415);
  });

  it('keeps only the pixels of a polyglot: the glued-on script is gone', async () => {
    const polyglot = Buffer.concat([await jpeg(), Buffer.from(SCRIPT)]);
    const res = await send(file(polyglot, 'x.html', 'text/html'));
    expect(res.statusCode, res.body).toBe(route.ok);
    const url = /"(\/uploads\/[^"]+)"/.exec(res.body)?.[1] ?? '';
    const stored = await owner.client.get(url);
    expect(stored.headers['content-type']).toBe('image/webp');
    expect(stored.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(stored.rawPayload).metadata()).format).toBe('webp');
  });
});

describe('after the attacks', () => {
  it('the server still answers', async () => {
    expect((await t.client().get('health/ready')).statusCode).toBe(200);
  });
});
