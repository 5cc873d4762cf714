/**
 * Sharing a link (spec §8 Share): the device's share sheet when there is one, else the link is copied
 * to the clipboard and an alert says so.
 */
import { POSTS } from '../domain/messages.ts';

export interface ShareRequest {
  /** Path inside the app, e.g. /post/{id}. */
  path: string;
  /** The share text, e.g. POSTS.share(username). */
  text: string;
  /** The alert shown after copying, e.g. POSTS.linkCopied. */
  copied?: string;
}

export async function share({ path, text, copied = POSTS.linkCopied }: ShareRequest): Promise<void> {
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
  } catch {
    // Without clipboard access the alert still shows the link.
    window.alert(`${copied}\n${url}`);
    return;
  }
  window.alert(copied);
}

/** The share of a post or poll by its author. */
export const sharePost = (path: string, username: string) => share({ path, text: POSTS.share(username) });
