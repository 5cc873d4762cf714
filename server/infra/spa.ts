/**
 * Serves the built SPA (STATIC_DIR) from the API's own origin: hashed assets with a long cache (their
 * brotli or gzip copies, made at build time, when the browser accepts them), index.html (with the
 * public config written into its meta tag) for every other non-API GET, and JSON 404s under /api.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH } from '../../src/domain/messages.ts';
import type { PublicConfig } from '../../src/domain/publicConfig.ts';

const CONFIG_META = '<meta name="quad-config" content="{}" />';

const escapeAttribute = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** index.html with the public runtime configuration (read by src/services/config.ts). */
export function injectPublicConfig(html: string, publicConfig: Partial<PublicConfig>): string {
  const content = escapeAttribute(JSON.stringify(publicConfig));
  return html.replace(CONFIG_META, `<meta name="quad-config" content="${content}" />`);
}

const NOT_BUILT =
  "Quad's server is running, but the web app is not built yet.\n" +
  'Run `npm run build` (or `npm start`, which builds it when missing) and reload this page.\n';

export async function installSpa(
  app: FastifyInstance,
  options: { staticDir: string; publicConfig: PublicConfig },
): Promise<void> {
  const indexPath = join(options.staticDir, 'index.html');
  const built = existsSync(indexPath);
  const indexHtml = built ? injectPublicConfig(readFileSync(indexPath, 'utf8'), options.publicConfig) : null;

  const sendIndex = (reply: FastifyReply) =>
    indexHtml === null
      ? reply.code(200).type('text/plain; charset=utf-8').send(NOT_BUILT)
      : reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

  if (built) {
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    await app.register(fastifyStatic, {
      root: options.staticDir,
      index: false,
      // dist/ holds .br and .gz copies of the scripts (scripts/precompress.ts): sent when accepted.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        const immutable = path.startsWith(join(options.staticDir, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD'))
      return sendIndex(reply);
    return reply.code(404).send({ msg: AUTH.notFound });
  });
}
