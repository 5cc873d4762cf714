import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/**
 * React Router 7's package exports name only its development build, warnings and all
 * (remix-run/react-router#12532, #14102); the browser gets its production build, which it also ships.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/** Server test files that exercise no database: object storage (s3rver), the HTTP layer's refusals
 * and encodings, the OpenAPI document, the SPA's files and zod's code generation. */
const DATABASE_FREE_SERVER_TESTS = [
  'tests/server/s3Storage.test.ts',
  'tests/server/spa.test.ts',
  'tests/server/openapi.test.ts',
  'tests/server/errorShape.test.ts',
  'tests/server/textRefusal.test.ts',
  'tests/server/zodJit.test.ts',
];

export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' }), precompress()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
    ],
  },
  server: { port: 5173, proxy: { '/api': apiTarget, '/uploads': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // .vite/manifest.json: the server names a lazily loaded screen's scripts in its index.html.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger files for the first load (docs/decisions.md "First load"): everything the entry
        // needs in one chunk, and the feed's cards (home, topics, popular, rooms, profiles) in another.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              name: 'feed',
              test: /[\\/]src[\\/]views[\\/](components[\\/](FeedList|PostCard|PollCard)|pages[\\/]PageStack)\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
          // Prints each chart's states and transitions taken when the run ends.
          globalSetup: ['tests/support/machineCoverageReport.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          include: ['tests/views/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/support/views.setup.ts'],
          // Whole-app renders in happy-dom: generous on a loaded 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // *.postgres.test.ts need a real PostgreSQL: collected only under DATABASE_URL (scripts/with-postgres).
          // Under it, the files that test no database are left to the PGlite run (CI runs both).
          exclude: process.env.DATABASE_URL
            ? DATABASE_FREE_SERVER_TESTS
            : ['tests/server/**/*.postgres.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/pgliteImage.ts'],
          // Each file builds its own app; the modules (Fastify, Drizzle, PGlite) load once per worker.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/pgliteImage.ts'],
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'fault',
          // Stops and restarts the PostgreSQL of scripts/with-postgres: collected only under DATABASE_URL.
          include: process.env.DATABASE_URL ? ['tests/fault/**/*.test.ts'] : [],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      // The browser journeys, in a desktop window and again in a 375 px phone window. The phone run
      // leaves out what no width changes: the CSP and 404 contract, the inspector, and the moderation
      // journey's five browsers (its screens are in the accessibility crawl at both widths).
      ...[
        { name: 'e2e', viewport: '1280x800', exclude: [] },
        {
          name: 'e2e-narrow',
          viewport: '375x812',
          exclude: [
            'tests/e2e/contract.test.ts',
            'tests/e2e/inspect.test.ts',
            'tests/e2e/moderation.test.ts',
            // Live updates do not depend on the window's width; the 1280 px pass runs them.
            'tests/e2e/live.test.ts',
            // Form journeys whose every screen the accessibility crawl opens at 375 px, signed out
            // and in; the phone's own paths (the drawer, posting, rooms) keep their journeys here.
            'tests/e2e/accounts.test.ts',
            'tests/e2e/people.test.ts',
            // Its member already works on a 375 px phone beside the owner's desktop.
            'tests/e2e/roomOwner.test.ts',
            // An appeal's rules do not depend on the width: the bell's panel opens at 375 px in the
            // posts and rooms journeys, and /mod and /mod/log are in the accessibility crawl.
            'tests/e2e/appeals.test.ts',
          ],
        },
      ].map(({ name, viewport, exclude }) => ({
        extends: true as const,
        test: {
          name,
          include: ['tests/e2e/**/*.test.ts'],
          exclude,
          environment: 'node' as const,
          env: { E2E_VIEWPORT: viewport },
          globalSetup: ['tests/support/pgliteTemplate.ts'],
          setupFiles: ['tests/support/e2e.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      })),
    ],
  },
});
