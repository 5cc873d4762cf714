/**
 * Stored images with their smaller copies (src/domain/images.ts names them): written with the
 * original at upload, made from the original on the first request for an older upload, and removed
 * with it.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  IMAGE_VARIANTS,
  type ImageVariant,
  PICTURE_SIDES,
  POST_IMAGE_WIDTHS,
  parseVariantKey,
  variantKey,
} from '../../src/domain/images.ts';
import { POSTS } from '../../src/domain/messages.ts';
import { httpError } from './errors.ts';
import { type ImageProblem, ImageRejected, reencodeImage, renderVariant } from './images.ts';
import { isStorageKey, type Storage, type StoredFile } from './storage.ts';

/** What an image is shown as decides which copies are made at upload; banners are CSS backgrounds. */
export type ImageUse = 'post' | 'picture' | 'banner';

const VARIANTS_AT_UPLOAD: Record<ImageUse, readonly ImageVariant[]> = {
  post: POST_IMAGE_WIDTHS.map((size) => ({ kind: 'width', size })),
  picture: PICTURE_SIDES.map((size) => ({ kind: 'square', size })),
  banner: [],
};

const IMAGE_ERRORS: Record<ImageProblem, [number, string]> = {
  unreadable: [400, POSTS.imageUnreadable],
  notRaster: [400, POSTS.imageOnly],
  tooLarge: [413, POSTS.imageTooLarge],
};

async function reencodeOrReject(image: Buffer): Promise<Buffer> {
  try {
    return (await reencodeImage(image)).data;
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    const [status, msg] = IMAGE_ERRORS[error.problem];
    throw httpError(status, msg);
  }
}

/**
 * An uploaded image, re-encoded (a 400 or 413 naming the problem when it is refused) and stored under
 * <folder>/<uuid>.webp with the copies its use needs; answers its key.
 */
export async function storeUpload(
  storage: Storage,
  folder: 'posts' | 'rooms' | 'users',
  image: Buffer,
  use: ImageUse,
): Promise<string> {
  const data = await reencodeOrReject(image);
  const key = `${folder}/${randomUUID()}.webp`;
  await storeImage(storage, key, data, use);
  return key;
}

/** Stores a re-encoded image under `key` with the copies its use needs; nothing stays if a write fails. */
async function storeImage(storage: Storage, key: string, data: Buffer, use: ImageUse): Promise<void> {
  const files: [string, Buffer][] = [[key, data]];
  // One at a time: the server has few cores and other requests to answer.
  for (const variant of VARIANTS_AT_UPLOAD[use]) {
    files.push([variantKey(key, variant), await renderVariant(data, variant)]);
  }
  try {
    await Promise.all(files.map(([name, bytes]) => storage.put(name, bytes)));
  } catch (error) {
    await Promise.allSettled(files.map(([name]) => storage.delete(name)));
    throw error;
  }
}

/** Removes an original and every copy of it; a missing one is not an error. */
export async function deleteImage(storage: Storage, key: string): Promise<void> {
  const keys = [key, ...IMAGE_VARIANTS.map((variant) => variantKey(key, variant))];
  await Promise.all(keys.map((name) => storage.delete(name)));
}

/** Copies being made, per storage and key: concurrent first requests wait for the same one. */
const making = new WeakMap<Storage, Map<string, Promise<Buffer | null>>>();

/**
 * The stored file under `key`; for a known variant of an original that has none yet (uploads older
 * than variants), the copy is made from the original, stored for next time, and served.
 */
export async function readImage(
  storage: Storage,
  key: string,
  log: FastifyBaseLogger,
): Promise<StoredFile | null> {
  const stored = await storage.get(key);
  if (stored) return stored;
  const asked = parseVariantKey(key);
  if (!asked || !isStorageKey(key) || !isStorageKey(asked.original)) return null;
  const pending = making.get(storage) ?? new Map<string, Promise<Buffer | null>>();
  making.set(storage, pending);
  let made = pending.get(key);
  if (!made) {
    made = makeVariant(storage, key, asked.original, asked.variant, log).finally(() => pending.delete(key));
    pending.set(key, made);
  }
  const data = await made;
  return data && { stream: Readable.from([data]), size: data.length, contentType: 'image/webp' };
}

async function makeVariant(
  storage: Storage,
  key: string,
  originalKey: string,
  variant: ImageVariant,
  log: FastifyBaseLogger,
): Promise<Buffer | null> {
  const original = await storage.get(originalKey);
  if (!original) return null;
  let data: Buffer;
  try {
    data = await renderVariant(Buffer.concat(await original.stream.toArray()), variant);
  } catch (error) {
    log.warn({ err: error, key: originalKey }, 'a stored image could not be resized');
    return null;
  }
  try {
    // Storages write whole files (renamed into place, or one S3 object): a concurrent reader, or
    // another server making the same copy, never sees half of one.
    await storage.put(key, data);
  } catch (error) {
    log.error({ err: error }, 'could not store an image copy');
  }
  return data;
}
