/**
 * Sharing a link (spec §8 Share): the device's share sheet when there is one, else the link is copied
 * to the clipboard and a toast says so ('Post link copied to clipboard'). Where the page may not write
 * the clipboard (an insecure origin, a denied permission) the toast shows the link itself to copy by
 * hand, never a blocking `alert()`.
 */
import { TOAST_DURATIONS } from '../domain/constants.ts';
import { POSTS } from '../domain/messages.ts';
import type { Notice } from '../machines/effects.ts';

export interface ShareRequest {
  /** Path inside the app, e.g. /post/{id}. */
  path: string;
  /** The share text, e.g. POSTS.share(username). */
  text: string;
  /** The toast shown after copying, e.g. POSTS.linkCopied. */
  copied?: string;
}

/** One toast for sharing: sharing again replaces it instead of stacking. */
export const SHARE_NOTICE_ID = 'share';

export async function share(
  { path, text, copied = POSTS.linkCopied }: ShareRequest,
  notify: (notice: Notice) => void,
): Promise<void> {
  const url = new URL(path, window.location.origin).toString();
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'Quad', text, url });
      return;
    } catch (error) {
      // The user closing the sheet is not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify({ kind: 'success', text: copied, id: SHARE_NOTICE_ID });
  } catch {
    notify({
      kind: 'blank',
      text: POSTS.copyLink(url),
      id: SHARE_NOTICE_ID,
      duration: TOAST_DURATIONS.linkToCopy,
    });
  }
}
