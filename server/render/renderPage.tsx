/**
 * Renders one screen of the app for one viewer (DESIGN.md §3 "The first screen comes from the
 * server"): the app's actor system on the in-process API (inProcessApi.ts) and the server's platform
 * (serverPlatform.ts); the root actor runs until the session, notifications and side-bar rooms are in,
 * then React's streaming renderer draws the route, waiting (Suspense) for each screen data actor's
 * first data. The page carries the HTML, Emotion's styles beside it, the screen's title and the
 * actors' persisted snapshots, from which the browser starts the same actors (src/main.tsx).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { type AnyActorRef, createActor, type Snapshot } from 'xstate';
import type { PublicConfig } from '../../src/domain/publicConfig.ts';
import type { Notice } from '../../src/machines/effects.ts';
import {
  type FirstScreenData,
  type ServerRender,
  ServerRenderContext,
} from '../../src/system/firstScreen.ts';
import { createQuadSystem, type QuadSystem } from '../../src/system/quadSystem.ts';
import { AppFrame, AppRoutes } from '../../src/views/app/App.tsx';
import { withInProcessApi } from './inProcessApi.ts';
import { renderingPlatform, serverPlatform, withServerPlatform } from './serverPlatform.ts';

/** The cookie that remembers a browser has seen the welcome overlay (browserPlatform.ts sets it). */
export const VISITED_COOKIE = 'quad_visited';

/** The longest a render waits for its actors' data before drawing what it has (skeletons). */
const DATA_WAIT_MS = 3_000;

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  title: string | null;
  /** The snapshots and notices for the browser. */
  firstScreen: FirstScreenData;
  /** Where the route sends the viewer instead (an index route, a machine's navigation). */
  redirect: string | null;
  /** The viewer's renewed session cookie, when a call renewed it. */
  sessionCookie: string | null;
}

/** A ChildActor's internal stop: an actor with a parent refuses `stop()` (see useChildActor.ts). */
type Stoppable = AnyActorRef & { _stop(): void };

const withTimeout = (done: Promise<void>, ms: number) =>
  Promise.race([done, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);

/**
 * The whole screen as HTML once every suspended part (a lazily loaded screen, a data actor) is in,
 * with no inline script to reveal late parts, which the Content-Security-Policy (`script-src 'self'`)
 * would refuse.
 */
async function drawToString(element: React.ReactNode, onError: (error: unknown) => void): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error('render took too long')), DATA_WAIT_MS * 2);
  try {
    // An unbounded chunk size keeps every finished part in place: React outlines larger ones, to be
    // moved in by an inline script, which the Content-Security-Policy would refuse.
    const { prelude } = await prerenderToNodeStream(element, {
      signal: abort.signal,
      onError,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The machines every render runs, built on the first (a chart's `provide` builds its whole state tree,
 * which costs milliseconds a page): each call finds its render through the async context.
 */
let renderSystem: QuadSystem | null = null;

export function renderPage(
  app: FastifyInstance,
  viewer: FastifyRequest,
  options: { url: string; config: PublicConfig },
): Promise<RenderedPage> {
  return withInProcessApi(app, viewer, async (calls) => {
    const platform = serverPlatform({
      config: options.config,
      visited: viewer.cookies[VISITED_COOKIE] !== undefined,
      log: (message, error) => viewer.log.debug({ err: error }, `render: ${message}`),
    });
    return withServerPlatform(platform, async () => {
      renderSystem ??= createQuadSystem(calls.api, renderingPlatform);
      const system = renderSystem;
      const root = createActor(system.app, {
        input: { visited: platform.visits.seenBefore() },
        clock: platform.clock,
      }).start();
      await withTimeout(calls.quiet(), DATA_WAIT_MS);

      const dataActors = new Map<string, { actor: AnyActorRef; ready: Promise<void> | null }>();
      let title: string | null = null;
      let redirect: string | null = null;
      const parts = new Set<string>();
      const render: ServerRender = {
        app: root,
        renderedAt: Date.now(),
        dataActor(key, create) {
          const known = dataActors.get(key);
          if (known) return known;
          const entry = { actor: create(), ready: null as Promise<void> | null };
          entry.actor.start();
          entry.ready = withTimeout(calls.quiet(), DATA_WAIT_MS).then(() => {
            entry.ready = null;
          });
          dataActors.set(key, entry);
          return entry;
        },
        setTitle: (text) => {
          title ??= text;
        },
        redirect: (to) => {
          redirect ??= to;
        },
        drewPart: (name) => {
          parts.add(name);
        },
      };

      try {
        const html = await drawToString(
          // One style cache for the page: each rule is written once, before its first element (without
          // a cache of its own Emotion makes one for every element it draws on the server).
          <CacheProvider value={createCache({ key: 'css' })}>
            <ServerRenderContext.Provider value={render}>
              <AppFrame system={system}>
                <StaticRouter location={options.url}>
                  <AppRoutes />
                </StaticRouter>
              </AppFrame>
            </ServerRenderContext.Provider>
          </CacheProvider>,
          (error) => viewer.log.error({ err: error }, 'render: a screen failed'),
        );
        const screens: Record<string, Snapshot<unknown>> = {};
        for (const [key, { actor }] of dataActors) screens[key] = actor.getPersistedSnapshot();
        const notices: Notice[] = platform.notices;
        return {
          html,
          title,
          firstScreen: {
            app: root.getPersistedSnapshot(),
            screens,
            notices,
            renderedAt: render.renderedAt,
            parts: [...parts],
          },
          redirect: redirect ?? platform.redirect()?.to ?? null,
          sessionCookie: calls.sessionCookie(),
        };
      } finally {
        for (const { actor } of dataActors.values()) (actor as Stoppable)._stop();
        root.stop();
      }
    });
  });
}
