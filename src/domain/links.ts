/**
 * The web addresses in text people wrote (post bodies, comments, bios, room descriptions), found so a
 * view can show them as links without ever rendering the text as HTML. Only http and https addresses
 * are links; `javascript:`, `data:` and the like stay text. Punctuation that ends a sentence after an
 * address is not part of it ("see https://x.dev." links https://x.dev), nor a closing bracket that
 * has no opening one inside the address ("(https://x.dev/a)"), while one that does stays
 * ("https://en.wikipedia.org/wiki/Heap_(data_structure)").
 */

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'"*_~]+$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string) => text.split(char).length - 1;

/** The address without what follows it in the sentence. */
function trimEnd(candidate: string): string {
  let address = candidate;
  for (;;) {
    const trimmed = address.replace(TRAILING, '');
    const last = trimmed.at(-1) ?? '';
    const opener = CLOSERS[last];
    if (opener && count(trimmed, last) > count(trimmed, opener)) {
      address = trimmed.slice(0, -1);
      continue;
    }
    return trimmed;
  }
}

/** The address as a link target, or null when it is not a usable http(s) address. */
function hrefOf(address: string): string | null {
  try {
    const url = new URL(address);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** `text` cut into plain parts and links, in order; joined, the parts' texts are `text` again. */
export function findLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimEnd(match[0]);
    const href = hrefOf(address);
    if (!href) continue;
    if (match.index > plainFrom) parts.push({ kind: 'text', text: text.slice(plainFrom, match.index) });
    parts.push({ kind: 'link', text: address, href });
    plainFrom = match.index + address.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}
