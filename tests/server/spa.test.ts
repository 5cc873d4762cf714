import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICO_SIZES } from '../../scripts/favicon.ts';
import { injectPublicConfig } from '../../server/infra/spa.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { SPA_ROUTES } from '../../src/domain/spaRoutes.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

const SCRIPT = 'console.log("quad")';
const INDEX =
  '<!doctype html><html><head><meta name="quad-config" content="{}" />' +
  '<script type="module" crossorigin src="/assets/app-1234.js"></script></head><body>Quad</body></html>';
const PUBLIC_DIR = join(import.meta.dirname, '../../public');

/**
 * Vite's build manifest as this build writes it (the entry merged into the 'app' chunk has no entry
 * record): the post page shares a chunk with the entry and has one of its own.
 */
const MANIFEST = {
  '_app-1234.js': { file: 'assets/app-1234.js', name: 'app', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-1.js' },
  'src/views/pages/PostPage.tsx': {
    file: 'assets/PostPage-1.js',
    isDynamicEntry: true,
    imports: ['_app-1234.js', '_shared.js', '_comments.js'],
  },
  '_comments.js': { file: 'assets/comments-1.js', imports: ['_shared.js'] },
};

/** A path of each screen of the route table, its parameters filled in. */
const screenPaths = SPA_ROUTES.map(({ pattern }) => pattern.replace(/:[A-Za-z]+/g, 'x1'));

let staticDir: string;
let t: TestApp;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'quad-spa-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(join(staticDir, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(staticDir, 'assets', 'app-1234.js.gz'), gzipSync(SCRIPT));
  mkdirSync(join(staticDir, '.vite'));
  writeFileSync(join(staticDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  // The icons of public/, which the build copies into dist/.
  for (const icon of ['favicon.svg', 'favicon.ico'])
    copyFileSync(join(PUBLIC_DIR, icon), join(staticDir, icon));
  t = await createTestApp({
    STATIC_DIR: staticDir,
    COLLEGE_DOMAIN: 'college.edu',
    CREATOR_1_NAME: 'Asha Verma',
    CREATOR_1_URL: 'https://example.org/asha',
    CREATOR_2_NAME: 'Ravi Kumar',
  });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it("names a lazily loaded screen's scripts beyond the entry's as modulepreloads; / and 404s have none", async () => {
    const modulePreloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" href="([^"]*)" crossorigin \/>/g)].map((m) => m[1]);
    for (const url of ['/post/x1', '/post/r1/x1/', '/POST/x1?ref=share'])
      expect(modulePreloads((await t.client().get(url)).body)).toEqual([
        '/assets/PostPage-1.js',
        '/assets/comments-1.js',
      ]);
    for (const url of ['/', '/signup', '/no/such/screen'])
      expect(modulePreloads((await t.client().get(url)).body)).toEqual([]);
    const manifest = await t.client().get('/.vite/manifest.json');
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toContain('PostPage');
  });

  it.each(['/', '/index.html', '/signup', '/u/Velmaro42/overview', '/room/abc/def?x=1'])(
    'GET %s → index.html with the public config, not cached',
    async (url) => {
      const res = await t.client().get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const meta = res.body.match(/<meta name="quad-config" content="([^"]*)" \/>/)?.[1] ?? '';
      expect(JSON.parse(meta.replaceAll('&quot;', '"'))).toEqual({
        collegeDomain: 'college.edu',
        creators: [
          { name: 'Asha Verma', url: 'https://example.org/asha' },
          { name: 'Ravi Kumar', url: null },
        ],
      });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      // zod runs without code generation (src/domain/zodSetup.ts): no script may be evaluated from text.
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
      expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
      // Stately Inspect's window, opened by the app with ?inspect, stays connected to it.
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    },
  );

  it('serves hashed assets with a long cache and other files with no-cache', async () => {
    const asset = await t.client().get('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await t.client().get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await t.client().get('/assets/missing.js')).statusCode).toBe(404);
  });

  it('sends the build-time brotli or gzip copy of an asset to a browser that accepts it', async () => {
    const fetchAs = (encoding: string) =>
      t.client().get('/assets/app-1234.js', { headers: { 'accept-encoding': encoding } });
    const br = await fetchAs('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await fetchAs('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await fetchAs('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a page compressed as the browser accepts: brotli, else gzip, else plain', async () => {
    const fetchAs = (encoding: string) =>
      t.client().get('/popular', { headers: { 'accept-encoding': encoding } });
    const plain = await fetchAs('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<meta name="quad-config"');
    const br = await fetchAs('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await fetchAs('gzip, deflate, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it.each(screenPaths.flatMap((path) => (path === '/' ? [path] : [path, `${path}/`, path.toUpperCase()])))(
    'GET %s, a screen of the route table → 200 with the app',
    async (url) => {
      const res = await t.client().get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<meta name="quad-config" content="{&quot;collegeDomain');
    },
  );

  it.each([
    '/sitemap.xml',
    '/favicon.png',
    '/nonsense',
    '/nonsense/',
    '/signin/more',
    '/u',
    '/u/Velmaro42/overview/more',
    '/u/Velmaro42/drafts',
    '/q/cooking',
    '/post',
    '/post/a/b/c',
    '/create/room',
    '/room/abc',
    '/room/abc/def/ghi',
    '/settings',
    '/wp-login.php?x=1',
    '/room//x',
    '/u//overview',
    '//x',
    '/post//',
  ])('GET %s, no screen of the route table → 404 with the app, which draws its 404 screen', async (url) => {
    const res = await t.client().get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<meta name="quad-config" content="{&quot;collegeDomain');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers HEAD as GET: 200 for a screen, 404 for a stray path', async () => {
    expect((await t.client().send('HEAD', '/popular', undefined)).statusCode).toBe(200);
    expect((await t.client().send('HEAD', '/nonsense', undefined)).statusCode).toBe(404);
  });

  it('serves robots.txt: public screens open, the API and the signed-in screens closed', async () => {
    const res = await t.client().get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    const closed = [
      '/api/',
      '/create',
      '/comment/',
      '/setting',
      '/test',
      '/resetpassword',
      '/varifyaccount',
      '/mod',
      // Search results: endless pages of what the crawlable screens already hold.
      '/search',
    ];
    for (const path of closed) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toHaveLength(closed.length);
  });

  it('serves the logo as favicon: SVG, and an ICO of 16, 32 and 48 px for browsers that ask for it', async () => {
    const svg = await t.client().get('/favicon.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toBe(readFileSync(join(PUBLIC_DIR, 'logo.svg'), 'utf8'));

    const ico = await t.client().get('/favicon.ico');
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect(ico.headers['cache-control']).toBe('no-cache');
    const file = ico.rawPayload;
    expect([file.readUInt16LE(0), file.readUInt16LE(2), file.readUInt16LE(4)]).toEqual([
      0,
      1,
      ICO_SIZES.length,
    ]);
    const sizes = await Promise.all(
      ICO_SIZES.map(async (_, i) => {
        const entry = 6 + 16 * i;
        const start = file.readUInt32LE(entry + 12);
        const png = file.subarray(start, start + file.readUInt32LE(entry + 8));
        const { width, height, format } = await sharp(png).metadata();
        expect(format).toBe('png');
        expect([file[entry], file[entry + 1]]).toEqual([width, height]);
        return width;
      }),
    );
    expect(sizes).toEqual([...ICO_SIZES]);
  });

  it('keeps /api answers in JSON', async () => {
    const res = await t.client().get('/api/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: AUTH.notFound });
    for (const url of ['/api', '/api/nonsense/deeper', '/api/docs/nonsense.txt']) {
      const other = await t.client().get(url);
      expect(other.statusCode).toBe(404);
      expect(other.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('escapes the config for an HTML attribute', () => {
    const html = injectPublicConfig(INDEX, { collegeDomain: `a"b<c>&'d` });
    expect(html).toContain(
      'content="{&quot;collegeDomain&quot;:&quot;a\\&quot;b&lt;c&gt;&amp;&#39;d&quot;}"',
    );
  });
});

describe('without a built SPA', () => {
  it('answers non-API GETs with a hint to run npm run build', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.client().get('/signin');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('npm run build');
      expect((await bare.client().get('/nonsense')).statusCode).toBe(404);
      expect((await bare.client().get('/robots.txt')).body).toContain('Disallow: /api/');
    } finally {
      await bare.close();
    }
  });
});
