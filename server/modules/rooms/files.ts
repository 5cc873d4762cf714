/** The files of rooms (icons, backgrounds): re-encoded like post images, removed best-effort. */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { keyOfUrl } from '../../infra/storage.ts';
import { reencodeOrReject } from '../posts/service.ts';

/** Stores the re-encoded image under rooms/<uuid>.webp and returns its key. */
export async function storeRoomImage(ctx: AppContext, image: Buffer): Promise<string> {
  const data = await reencodeOrReject(image);
  const key = `rooms/${randomUUID()}.webp`;
  await ctx.storage.put(key, data);
  return key;
}

/** A file left behind costs disk, never correctness: log and go on. */
export async function removeUpload(ctx: AppContext, key: string): Promise<void> {
  try {
    await ctx.storage.delete(key);
  } catch (error) {
    ctx.log.error({ err: { type: (error as Error).name } }, 'could not remove an upload');
  }
}

/** Removes the stored file behind a public URL this storage handed out (anything else: nothing). */
export async function removeUploadUrl(ctx: AppContext, url: string | null): Promise<void> {
  const key = url ? keyOfUrl(url) : null;
  if (key) await removeUpload(ctx, key);
}
