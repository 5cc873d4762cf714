/**
 * The screens of spec §2's route table as path patterns: the one list the server reads to tell a
 * screen from a stray path (server/infra/spa.ts answers the app with 200 for a screen and with 404,
 * drawing the app's 404 screen, for anything else) and writes robots.txt from.
 * src/views/app/routes.tsx is the same table with its screens; tests/views/shell/spaRoutes.test.tsx
 * proves that both list the same paths and that react-router and `isSpaRoute` agree on every path.
 */
import { TOPICS } from './constants.ts';

export interface SpaRoute {
  /** react-router syntax: `:name` stands for one non-empty segment. */
  pattern: string;
  /**
   * Whether crawlers may fetch it (robots.txt). Screens with public content may; the screens of a
   * signed-in person (create, settings) and forms or views with nothing to index may not.
   */
  crawl: boolean;
  /**
   * The module of the lazily loaded screen (routes.tsx) drawn there: server/infra/spa.ts has the
   * browser fetch its code with the page instead of after the app starts. None for the home feed,
   * which comes with the entry.
   */
  screen?: string;
}

const page = (name: string) => `src/views/pages/${name}.tsx`;

export const PROFILE_TABS = ['overview', 'posts', 'upvoted', 'commented'] as const;

export const SPA_ROUTES: readonly SpaRoute[] = [
  { pattern: '/', crawl: true },
  { pattern: '/signin', crawl: true, screen: page('auth/SignInPage') },
  { pattern: '/signup', crawl: true, screen: page('auth/SignUpPage') },
  { pattern: '/resetpassword', crawl: false, screen: page('auth/ResetPasswordPage') },
  { pattern: '/varifyaccount', crawl: false, screen: page('auth/VerifyAccountPage') },
  { pattern: '/popular', crawl: true, screen: page('PopularPage') },
  { pattern: '/create', crawl: false, screen: page('CreatePage') },
  { pattern: '/create/post', crawl: false, screen: page('CreatePage') },
  { pattern: '/create/poll', crawl: false, screen: page('CreatePage') },
  { pattern: '/u/:username', crawl: true, screen: page('ProfilePage') },
  ...PROFILE_TABS.map((tab) => ({
    pattern: `/u/:username/${tab}`,
    crawl: true,
    screen: page('ProfilePage'),
  })),
  { pattern: '/post/:postId', crawl: true, screen: page('PostPage') },
  { pattern: '/post/:roomId/:postId', crawl: true, screen: page('PostPage') },
  { pattern: '/poll', crawl: true, screen: page('PollPage') },
  { pattern: '/poll/:id', crawl: true, screen: page('PollPage') },
  // A comment on its own: its thread, on the post's page, is what to index.
  { pattern: '/comment/:id', crawl: false, screen: page('CommentPage') },
  ...TOPICS.map((topic) => ({ pattern: `/q/${topic}`, crawl: true, screen: page('TopicPage') })),
  { pattern: '/room/:CreatorId/:title', crawl: true, screen: page('RoomPage') },
  { pattern: '/search', crawl: false, screen: page('SearchPage') },
  { pattern: '/setting', crawl: false, screen: page('SettingsPage') },
  { pattern: '/about', crawl: true, screen: page('AboutPage') },
  { pattern: '/mod', crawl: false, screen: page('ModerationPage') },
  // The log is public, but a list of removals is nothing to index (and '/mod' closes it by prefix).
  { pattern: '/mod/log', crawl: false, screen: page('ModerationLogPage') },
  { pattern: '/test', crawl: false, screen: page('TestPage') },
];

/** A pattern's segments: a string to equal (lower case), or null for a `:param`. */
const compiled = SPA_ROUTES.map(({ pattern }) =>
  pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? null : segment.toLowerCase())),
);

/** As react-router decodes a path before matching (a malformed escape stays as it is). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route of the table that `pathname` (no query) is a screen of, matched as react-router matches
 * it: static segments ignore case, a parameter is any non-empty segment, trailing slashes are allowed.
 */
export function spaRouteOf(pathname: string): SpaRoute | undefined {
  if (!pathname.startsWith('/')) return undefined;
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1).map(decodeSegment);
  const at = compiled.findIndex(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((expected, i) => {
        const segment = segments[i] ?? '';
        return expected === null ? segment !== '' : segment.toLowerCase() === expected;
      }),
  );
  return SPA_ROUTES[at];
}

/** Whether `pathname` (no query) is a screen of the route table. */
export const isSpaRoute = (pathname: string): boolean => spaRouteOf(pathname) !== undefined;

/** robots.txt: everything may be crawled but the API and the screens marked `crawl: false`. */
export function robotsTxt(): string {
  // A rule is a prefix: a pattern stops before its first parameter ('/comment/:id' → '/comment/').
  const closed = [
    ...new Set(SPA_ROUTES.filter((route) => !route.crawl).map((route) => route.pattern.replace(/:.*$/, ''))),
  ];
  // '/create' already closes '/create/post': robots rules match by prefix.
  const rules = closed.filter(
    (path) => !closed.some((other) => other !== path && path.startsWith(`${other}/`)),
  );
  return [
    '# Quad: the public screens may be crawled; the API and the screens of a signed-in person may not.',
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...rules.map((path) => `Disallow: ${path}`),
    '',
  ].join('\n');
}
