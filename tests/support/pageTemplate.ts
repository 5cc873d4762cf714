/**
 * A built SPA's index.html as the server fills it (the public config's meta tag, the title, the root
 * element, an entry script), in a folder of its own: a test app given it as STATIC_DIR renders every
 * screen on the server (server/render) as the real build would.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PAGE_TEMPLATE =
  '<!doctype html><html lang="en"><head><meta name="quad-config" content="{}" /><title>Quad</title>' +
  '<script type="module" crossorigin src="/assets/app-1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** A STATIC_DIR holding the page template; `remove` deletes it. */
export function pageTemplateDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'quad-pages-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), PAGE_TEMPLATE);
  writeFileSync(join(dir, 'assets', 'app-1.js'), '');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The first screen's data a rendered page embeds, parsed. */
export function embeddedFirstScreen(html: string): unknown {
  const json = /<script id="quad-first-screen" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  return json === undefined ? null : JSON.parse(json);
}

/** The page's visible text, roughly: the root element's markup without tags, styles or the embedded data. */
export function renderedText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="quad-first-screen"'));
  return root
    .replace(/<style[^>]*>[^<]*<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
