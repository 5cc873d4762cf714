import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectPublicConfig } from '../../server/infra/spa.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

const SCRIPT = 'console.log("quad")';
const INDEX = `<!doctype html><html><head><meta name="quad-config" content="{}" /></head><body>Quad</body></html>`;

let staticDir: string;
let t: TestApp;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'quad-spa-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(join(staticDir, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(staticDir, 'assets', 'app-1234.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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

  it('keeps /api answers in JSON', async () => {
    const res = await t.client().get('/api/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: AUTH.notFound });
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
    } finally {
      await bare.close();
    }
  });
});
