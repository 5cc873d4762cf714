/**
 * What the page asks the browser to fetch along with it, so that a screen loaded lazily
 * (src/views/app/routes.tsx) does not wait for the app to start before its code is on its way: that
 * screen's scripts, read from Vite's build manifest (STATIC_DIR/.vite/manifest.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const escapeAttribute = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const beforeHeadEnd = (html: string, links: string[]) => html.replace('</head>', `${links.join('')}</head>`);

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The build manifest, or null for a build without one. */
export function readManifest(staticDir: string): Manifest | null {
  const path = join(staticDir, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : null;
}

/** The files of the chunk `key` and of every chunk it imports, added to `into`. */
function collect(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, into);
}

/**
 * The scripts the screen module needs beyond those index.html loads anyway: the scripts it names and
 * what they import. (The build's entry chunk is found by name: merged into the 'app' chunk group, it
 * has no entry record in the manifest.)
 */
export function screenScripts(manifest: Manifest, screen: string, indexHtml: string): string[] {
  const named = [...indexHtml.matchAll(/<script [^>]*src="\/([^"]+)"/g)].map((m) => m[1]);
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (named.includes(chunk.file)) collect(manifest, key, entry);
  const files = new Set<string>();
  collect(manifest, screen, files);
  return [...files].filter((file) => !entry.has(file));
}

/** index.html with modulepreload links for `files` (crossorigin, as Vite's own script tags). */
export const withModulePreloads = (html: string, files: string[]): string =>
  beforeHeadEnd(
    html,
    files.map((file) => `<link rel="modulepreload" href="/${escapeAttribute(file)}" crossorigin />`),
  );
