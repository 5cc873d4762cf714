/**
 * Serves the built SPA (STATIC_DIR) from the API's own origin: hashed assets with a long cache (their
 * brotli or gzip copies, made at build time, when the browser accepts them), robots.txt, index.html
 * (with the public config written into its meta tag) for the screens of the route table
 * (src/domain/spaRoutes.ts) and, with status 404, for any other non-API GET, where the app draws its
 * 404 screen; JSON 404s under /api. index.html names what the screen asked for needs first (preloads.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH } from '../../src/domain/messages.ts';
import type { PublicConfig } from '../../src/domain/publicConfig.ts';
import { robotsTxt, type SpaRoute, spaRouteOf } from '../../src/domain/spaRoutes.ts';
import {
  escapeAttribute,
  readManifest,
  screenScripts,
  withHomePreloads,
  withModulePreloads,
} from './preloads.ts';

const CONFIG_META = '<meta name="quad-config" content="{}" />';

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

  const homeHtml = indexHtml === null ? null : withHomePreloads(indexHtml);
  const manifest = built ? readManifest(options.staticDir) : null;
  /** index.html with the scripts of each lazily loaded screen, made once a screen. */
  const screenHtml = new Map<string, string>();
  const htmlOf = (route: SpaRoute | undefined): string | null => {
    if (indexHtml === null || manifest === null || !route?.screen) return indexHtml;
    const { screen } = route;
    const html =
      screenHtml.get(screen) ?? withModulePreloads(indexHtml, screenScripts(manifest, screen, indexHtml));
    screenHtml.set(screen, html);
    return html;
  };

  const sendIndex = (reply: FastifyReply, status: 200 | 404 = 200, html = indexHtml) =>
    html === null
      ? reply.code(status).type('text/plain; charset=utf-8').send(NOT_BUILT)
      : reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  const robots = robotsTxt();
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(robots),
  );
  if (built) {
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, 200, homeHtml));
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    await app.register(fastifyStatic, {
      root: options.staticDir,
      index: false,
      // dist/ holds .br and .gz copies of the scripts (scripts/precompress.ts): sent when accepted.
      preCompressed: true,
      // The build manifest (.vite/) is the server's to read, not the web's.
      dotfiles: 'ignore',
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
    if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      const route = spaRouteOf(request.url.split('?')[0] ?? '');
      return sendIndex(reply, route ? 200 : 404, htmlOf(route));
    }
    return reply.code(404).send({ msg: AUTH.notFound });
  });
}
