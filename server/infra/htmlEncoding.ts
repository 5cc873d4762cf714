/**
 * Pages go out compressed when the browser accepts it. A rendered page is 50-65 KB of HTML (half of
 * it the screen's styles), about a third of a second on a phone's slow 4G, and 9-20 KB compressed.
 * The fastest settings on purpose: brotli at quality 1 or gzip at level 1 cost the server about
 * 0.5-1 ms a page, while the smallest output would cost several times that (docs/decisions.md
 * "Compressed pages"). The API's JSON is not compressed: its answers are small, and the CPU is the
 * campus's limit.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type PageEncoding = 'br' | 'gzip';

/** The encoding to send for an `Accept-Encoding` header: brotli, else gzip, else none. */
export function pageEncodingFor(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** A page's HTML, with each compressed copy made on first need and kept with it. */
export class EncodedPage {
  private readonly copies = new Map<PageEncoding, Buffer>();

  constructor(readonly html: string) {}

  body(encoding: PageEncoding | null): string | Buffer {
    if (encoding === null) return this.html;
    let copy = this.copies.get(encoding);
    if (!copy) {
      copy =
        encoding === 'br'
          ? brotliCompressSync(this.html, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 1,
                [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(this.html),
              },
            })
          : gzipSync(this.html, { level: 1 });
      this.copies.set(encoding, copy);
    }
    return copy;
  }
}
