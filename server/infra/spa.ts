/**
 * Serves the built SPA (STATIC_DIR) from the API's own origin: hashed assets with a long cache (their
 * brotli or gzip copies, made at build time, when the browser accepts them), robots.txt, and the
 * screens of the route table (src/domain/spaRoutes.ts) rendered on the server for the viewer
 * (server/render), in index.html with the public config written into its meta tag; any other non-API
 * GET gets the app's 404 screen with status 404, and /api JSON 404s. The page names the scripts of
 * the screen it shows (preloads.ts). A render that fails sends index.html alone: the app then starts
 * in the browser as before. Pages go out compressed when the browser accepts it (htmlEncoding.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH } from '../../src/domain/messages.ts';
import type { PublicConfig } from '../../src/domain/publicConfig.ts';
import { robotsTxt, type SpaRoute, spaRouteOf } from '../../src/domain/spaRoutes.ts';
import { FIRST_SCREEN_ELEMENT_ID } from '../../src/system/firstScreen.ts';
import { type RenderedPage, renderPage, VISITED_COOKIE } from '../render/renderPage.tsx';
import { visitorPages } from '../render/visitorPages.ts';
import { EncodedPage, pageEncodingFor } from './htmlEncoding.ts';
import { escapeAttribute, readManifest, screenScripts, withModulePreloads } from './preloads.ts';
import { SESSION_COOKIE } from './session.ts';

const CONFIG_META = '<meta name="quad-config" content="{}" />';

/** index.html with the public runtime configuration (read by src/services/config.ts). */
export function injectPublicConfig(html: string, publicConfig: Partial<PublicConfig>): string {
  const content = escapeAttribute(JSON.stringify(publicConfig));
  return html.replace(CONFIG_META, `<meta name="quad-config" content="${content}" />`);
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** JSON inside a script element: nothing in it may close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page template with the rendered screen, its title and the snapshots its actors start from. */
export function withRenderedScreen(html: string, page: RenderedPage): string {
  const titled = page.title
    ? html.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`)
    : html;
  return titled.replace(
    ROOT_ELEMENT,
    `<div id="root">${page.html}</div><script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">${scriptJson(page.firstScreen)}</script>`,
  );
}

const NOT_BUILT =
  "Quad's server is running, but the web app is not built yet.\n" +
  'Run `npm run build` (or `npm start`, which builds it when missing) and reload this page.\n';

export async function installSpa(
  app: FastifyInstance,
  options: { staticDir: string; publicConfig: PublicConfig; visitorPageTtlMs: number },
): Promise<void> {
  const indexPath = join(options.staticDir, 'index.html');
  const built = existsSync(indexPath);
  const indexHtml = built ? injectPublicConfig(readFileSync(indexPath, 'utf8'), options.publicConfig) : null;

  const manifest = built ? readManifest(options.staticDir) : null;
  const indexPage = indexHtml === null ? null : new EncodedPage(indexHtml);
  /** index.html with the scripts of each lazily loaded screen, made once a screen. */
  const screenPages = new Map<string, EncodedPage>();
  const pageOf = (route: SpaRoute | undefined): EncodedPage | null => {
    if (indexHtml === null || manifest === null || !route?.screen) return indexPage;
    const { screen } = route;
    const page =
      screenPages.get(screen) ??
      new EncodedPage(withModulePreloads(indexHtml, screenScripts(manifest, screen, indexHtml)));
    screenPages.set(screen, page);
    return page;
  };

  /** The page compressed as the browser accepts, and said so (caches keep one copy per encoding). */
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, page: EncodedPage) => {
    const encoding = pageEncodingFor(request.headers['accept-encoding']);
    reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(page.body(encoding));
  };

  const sendIndex = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 404 = 200,
    page = indexPage,
  ) =>
    page === null
      ? reply.code(status).type('text/plain; charset=utf-8').send(NOT_BUILT)
      : sendHtml(request, reply.code(status).header('cache-control', 'no-cache'), page);

  const visitors = visitorPages(options.visitorPageTtlMs);
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 404,
    page: EncodedPage,
    signedIn: boolean,
  ) =>
    sendHtml(
      request,
      // A signed-in viewer's page is theirs alone: no cache keeps it.
      reply.code(status).header('cache-control', signedIn ? 'private, no-store' : 'no-cache'),
      page,
    );

  /** The screen at the request's address, rendered for its viewer. */
  const sendScreen = async (request: FastifyRequest, reply: FastifyReply, status: 200 | 404) => {
    const template = pageOf(spaRouteOf(request.url.split('?')[0] ?? ''));
    if (template === null || request.method !== 'GET' || !template.html.includes(ROOT_ELEMENT)) {
      return sendIndex(request, reply, status, template);
    }
    const signedIn = request.cookies[SESSION_COOKIE] !== undefined;
    const visited = request.cookies[VISITED_COOKIE] !== undefined;
    const cached = signedIn ? null : visitors.get(request.url, visited);
    if (cached) return sendPage(request, reply, status, cached, false);
    let page: RenderedPage;
    try {
      page = await renderPage(app, request, { url: request.url, config: options.publicConfig });
    } catch (error) {
      request.log.error({ err: error }, 'render: the page was not rendered; the browser renders it');
      return sendIndex(request, reply, status, template);
    }
    if (page.sessionCookie) reply.header('set-cookie', page.sessionCookie);
    if (page.redirect) return reply.redirect(page.redirect, 302);
    const rendered = new EncodedPage(withRenderedScreen(template.html, page));
    if (!signedIn) visitors.set(request.url, visited, rendered);
    return sendPage(request, reply, status, rendered, signedIn);
  };

  const robots = robotsTxt();
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(robots),
  );
  if (built) {
    // An empty segment ('/room//x') is no screen's address and no file's: @fastify/static would answer
    // 403 JSON for it, so it gets the app's 404 screen before reaching the files.
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.includes('//') && !path.startsWith('/api/')) return reply.callNotFound();
    });
    app.get('/', { schema: { hide: true } }, (request, reply) => sendScreen(request, reply, 200));
    app.get('/index.html', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
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

  // A form of a page posted without JavaScript (src/views/components/NeedsJavaScript.tsx): the page
  // again, which says the form needs it; what was typed is dropped.
  const pageAgain = (request: FastifyRequest, reply: FastifyReply) => reply.redirect(request.url, 303);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      const route = spaRouteOf(request.url.split('?')[0] ?? '');
      return sendScreen(request, reply, route ? 200 : 404);
    }
    if (!isApi && !isAsset && request.method === 'POST' && spaRouteOf(request.url.split('?')[0] ?? '')) {
      return pageAgain(request, reply);
    }
    return reply.code(404).send({ msg: AUTH.notFound });
  });
}
