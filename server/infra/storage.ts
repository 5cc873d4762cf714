/**
 * Where uploaded files live, behind one small interface: on disk under DATA_DIR/uploads by default,
 * or an S3-compatible bucket (infra/s3Storage.ts, same keys). Keys are relative paths such as
 * `posts/<uuid>.webp`; the public URL of a key is `/uploads/<key>`.
 */
import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

export const UPLOADS_PREFIX = '/uploads/';

export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
}

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** null when the key is malformed or nothing is stored under it. */
  get(key: string): Promise<StoredFile | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Rejects, with a message that says what is wrong (never a secret), when files could not be stored
   * now: a missing or forbidden bucket, an unreachable endpoint, a folder that is not writable.
   */
  check?(): Promise<void>;
  /** Releases connections, when the storage holds any. */
  close?(): void;
}

/** Lower-case segments of letters, digits and dashes, one dot before the extension: no traversal. */
const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp' };

export const isStorageKey = (key: string) => KEY.test(key);
export const publicUrl = (key: string) => `${UPLOADS_PREFIX}${key}`;
/** The key of a public URL this storage handed out, or null for anything else. */
export function keyOfUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const key = url.slice(UPLOADS_PREFIX.length);
  return isStorageKey(key) ? key : null;
}

/** The type a key is served with (from its extension), or null for one this storage never writes. */
export function contentTypeOf(key: string): string | null {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? null;
}

/** The folder is created by the first upload: until then its nearest existing parent must be writable. */
async function checkWritable(folder: string): Promise<void> {
  try {
    await access(folder, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && dirname(folder) !== folder) return checkWritable(dirname(folder));
    throw new Error(`the uploads folder is not writable (${code})`);
  }
}

export function createDiskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error('invalid storage key');
    return join(root, key);
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const partial = `${path}.${randomUUID()}.part`;
      await writeFile(partial, data, { mode: 0o644 });
      await rename(partial, path);
    },
    async get(key) {
      const contentType = contentTypeOf(key);
      if (!isStorageKey(key) || !contentType) return null;
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { stream: createReadStream(path), size: info.size, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    check: () => checkWritable(root),
  };
}
