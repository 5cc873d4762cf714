/**
 * The first-load JavaScript budget (issue 29): for each screen of the route table, the scripts its
 * page loads before it runs (the entry of dist/index.html, its module preloads, and the screen's own
 * scripts that the server names with the page, server/infra/preloads.ts), gzip-compressed at level 9
 * as the server sends them. Fails when a screen's figure grows more than 5 KB over the one recorded in
 * docs/first-load-budget.json; `--record "<reason>"` writes the new figures with the reason.
 *
 *   npm run budget                       check the build in dist/ against the record
 *   npm run budget -- --record "why"     record the build's figures (commit them with the change)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readManifest, screenScripts } from '../server/infra/preloads.ts';
import { SPA_ROUTES } from '../src/domain/spaRoutes.ts';

const DIST = join(import.meta.dirname, '..', 'dist');
const RECORD = join(import.meta.dirname, '..', 'docs', 'first-load-budget.json');
/** How much a screen's first load may grow before the change must record it. */
const ALLOWED_GROWTH_BYTES = 5 * 1024;

interface BudgetRecord {
  reason: string;
  /** Gzip bytes of each screen's first-load JavaScript, by the screen's first route pattern. */
  screens: Record<string, number>;
}

const gzipOf = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

/** The scripts index.html loads itself: its entry and the modules it preloads. */
function entryScripts(indexHtml: string): string[] {
  const scripts = [...indexHtml.matchAll(/<script [^>]*src="\/([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloads = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  return [...scripts, ...preloads];
}

/** Each screen's first-load gzip bytes, keyed by the first route pattern that shows it. */
export function measureFirstLoads(): Record<string, number> {
  const indexHtml = readFileSync(join(DIST, 'index.html'), 'utf8');
  const manifest = readManifest(DIST);
  if (!manifest) throw new Error('dist/ has no build manifest: run `npm run build` first');
  const entry = entryScripts(indexHtml);
  const figures: Record<string, number> = {};
  const seen = new Set<string>();
  for (const route of SPA_ROUTES) {
    const screen = route.screen ?? 'entry';
    if (seen.has(screen)) continue;
    seen.add(screen);
    const own = route.screen ? screenScripts(manifest, route.screen, indexHtml) : [];
    figures[route.pattern] = [...new Set([...entry, ...own])].reduce((sum, file) => sum + gzipOf(file), 0);
  }
  return figures;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function main(): void {
  const figures = measureFirstLoads();
  const at = process.argv.indexOf('--record');
  if (at >= 0) {
    const reason = process.argv[at + 1];
    if (!reason) throw new Error('--record needs the reason: npm run budget -- --record "why it grew"');
    const record: BudgetRecord = { reason, screens: figures };
    writeFileSync(RECORD, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`budget: recorded ${Object.keys(figures).length} screens in docs/first-load-budget.json`);
    return;
  }
  const record = JSON.parse(readFileSync(RECORD, 'utf8')) as BudgetRecord;
  const over: string[] = [];
  for (const [pattern, bytes] of Object.entries(figures)) {
    const recorded = record.screens[pattern];
    const line = `${pattern.padEnd(28)} ${kb(bytes).padStart(7)} KB gzip (recorded ${recorded === undefined ? '-' : kb(recorded)})`;
    console.log(`budget: ${line}`);
    if (recorded === undefined || bytes > recorded + ALLOWED_GROWTH_BYTES) over.push(line);
  }
  if (over.length > 0) {
    console.error(
      `budget: first-load JavaScript grew by more than ${kb(ALLOWED_GROWTH_BYTES)} KB, or a screen has no figure:\n` +
        `${over.join('\n')}\nMake it smaller, or record the new figures with their reason: ` +
        'npm run budget -- --record "why"',
    );
    process.exit(1);
  }
}

main();
