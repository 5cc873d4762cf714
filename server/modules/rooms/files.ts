/**
 * Removing uploads (post images, room and user pictures): best-effort, with their smaller copies
 * (infra/imageStore.ts).
 */
import type { AppContext } from '../../context.ts';
import { deleteImage } from '../../infra/imageStore.ts';
import { keyOfUrl } from '../../infra/storage.ts';

/** A file left behind costs disk, never correctness: log and go on. */
export async function removeUpload(ctx: AppContext, key: string): Promise<void> {
  try {
    await deleteImage(ctx.storage, key);
  } catch (error) {
    ctx.log.error({ err: { type: (error as Error).name } }, 'could not remove an upload');
  }
}

/** Removes the stored file behind a public URL this storage handed out (anything else: nothing). */
export async function removeUploadUrl(ctx: AppContext, url: string | null): Promise<void> {
  const key = url ? keyOfUrl(url) : null;
  if (key) await removeUpload(ctx, key);
}
