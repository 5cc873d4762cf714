/**
 * What a simulated student sends (campusCrowd.ts): the requests of opening the app, and the actions
 * of a visit, drawn at random. The app open is what the built app sends on `/` for a signed-in
 * student now that the server renders every page (server/render/renderPage.tsx, from
 * server/infra/spa.ts):
 *   GET /                       the page, rendered for the student: the server makes the calls the
 *                               browser used to make (below) in-process, through Fastify's inject,
 *                               and sends their data with the HTML, so the browser asks for none
 *   GET /api/u/notification     the notifications once more, when the event stream opens (the
 *                               catch-up of session.machine.ts)
 * The event stream itself (GET /api/events) the crowd does not hold (the live section measures
 * streams), so its students poll notifications every 30 s, as the app does while it has no stream.
 *
 * UNRENDERED_APP_OPEN is the app open from before: the plain template, which GET /index.html still
 * serves on the same build, then every call from the browser, in three waves:
 *   0. GET  /index.html                                 the page (its preload links name the first feed page)
 *   1. GET  /api/posts/getPost?offset=0&limit=15        the home feed's first page of posts,
 *      GET  /api/poll/getallpolls?offset=0&limit=15     and of polls (preloaded),
 *      POST /api/auth/refreshsignin                     the silent session restore,
 *           then GET /api/u/{email}                     the user, once the session is restored,
 *           then GET /api/u/notification                the notifications,
 *                GET /api/rooms/getAllRoom/{userId}     the side bar's own and joined rooms,
 *                GET /api/rooms/notJoinedRoom           and its public rooms not joined.
 * The feed and the session chain run side by side. The app-open section (appOpen.ts) compares the
 * two opens' server CPU.
 */
import { TOPICS } from '../../src/domain/constants.ts';
import type { BenchAccount, Fixtures } from './fixtures.ts';
import { pickOne } from './fixtures.ts';

export const REQUEST_KINDS = [
  'app open',
  'feed',
  'post',
  'popular',
  'topic',
  'profile',
  'notifications',
  'write',
  'sign-in',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export interface CampusCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** Seconds of thinking between two actions (uniform), and how often the app is polled and reopened. */
export const THINK_SECONDS = [3, 15] as const;
export const NOTIFICATION_POLL_SECONDS = 30;
export const REOPEN_MINUTES = [5, 25] as const;
/** One action in this many writes. */
export const WRITE_ONE_IN = 10;

const HOME_PAGE = 15;
const PAGE = 10;
const q = encodeURIComponent;
const get = (path: string): CampusCall => ({ method: 'GET', path });

const homePage = (page: number): CampusCall[] => [
  get(`/api/posts/getPost?offset=${page * HOME_PAGE}&limit=${HOME_PAGE}`),
  get(`/api/poll/getallpolls?offset=${page * HOME_PAGE}&limit=${HOME_PAGE}`),
];

export const NOTIFICATIONS = get('/api/u/notification');

/** Sends one call; resolves to whether it was answered with a 2xx. */
export type SendCall = (call: CampusCall) => Promise<boolean>;

/** The app open: the rendered page, then the catch-up when the event stream opens. */
export const APP_OPEN = {
  page: get('/'),
  catchUp: NOTIFICATIONS,
  /** Sends it in order; whether every call was answered with a 2xx (it stops at the first that was not). */
  open: async (send: SendCall): Promise<boolean> =>
    (await send(APP_OPEN.page)) && (await send(APP_OPEN.catchUp)),
};

/** The app open before server rendering, wave by wave (see the top of this file). */
export const UNRENDERED_APP_OPEN = {
  page: get('/index.html'),
  feed: homePage(0),
  restore: { method: 'POST', path: '/api/auth/refreshsignin' } satisfies CampusCall,
  user: (who: BenchAccount) => get(`/api/u/${q(who.email)}`),
  sideBar: (who: BenchAccount) => [
    NOTIFICATIONS,
    get(`/api/rooms/getAllRoom/${q(who.id)}`),
    get('/api/rooms/notJoinedRoom'),
  ],
  /** Sends it wave by wave as the browser did; whether every call was answered with a 2xx. */
  open: async (who: BenchAccount, send: SendCall): Promise<boolean> => {
    const o = UNRENDERED_APP_OPEN;
    const sessionChain = async () =>
      (await send(o.restore)) &&
      (await send(o.user(who))) &&
      (await Promise.all(o.sideBar(who).map(send))).every(Boolean);
    return (await send(o.page)) && (await Promise.all([...o.feed.map(send), sessionChain()])).every(Boolean);
  },
};

/** An action of a visit: its kind and its requests, wave by wave (the calls of a wave go together). */
export interface Action {
  kind: RequestKind;
  waves: CampusCall[][];
}

const COMMENT_TEXTS = ['Same here!', 'Does anyone have the notes?', 'This is the way.', 'Totally agree.'];
const vote = () => pickOne([1, -1, 0] as const);

function write(f: Fixtures): CampusCall {
  const roll = Math.random();
  if (roll < 0.5)
    return {
      method: 'POST',
      path: '/api/posts/vote',
      body: { postId: pickOne(f.freshPosts), val: vote(), commentId: null },
    };
  if (roll < 0.75) {
    const parent = Math.random() < 0.5 ? pickOne(f.freshComments) : null;
    return {
      method: 'POST',
      path: '/api/posts/createcomment',
      body: {
        postId: parent?.postId ?? pickOne(f.freshPosts),
        commentId: parent?.id ?? null,
        content: pickOne(COMMENT_TEXTS),
      },
    };
  }
  return { method: 'POST', path: '/api/poll/votepoll', body: { pollOptionId: pickOne(f.freshPollOptions) } };
}

/** Reads, with their shares of the reading actions. */
const READS: { kind: RequestKind; share: number; waves(f: Fixtures): CampusCall[][] }[] = [
  {
    kind: 'feed',
    share: 0.35,
    // Scrolling: page 1, then on to 2 and 3 for some.
    waves: () => [0, 1, 2].slice(0, 1 + Math.floor(Math.random() * 3)).map(homePage),
  },
  { kind: 'post', share: 0.25, waves: (f) => [[get(`/api/posts/getapost?id=${pickOne(f.detailPosts)}`)]] },
  { kind: 'popular', share: 0.1, waves: () => [[get(`/api/posts/popular?page=0&limit=${PAGE}`)]] },
  {
    kind: 'topic',
    share: 0.15,
    waves: () => [[get(`/api/posts/q/hottopic?page=0&limit=${PAGE}&topic=${q(pickOne(TOPICS))}`)]],
  },
  {
    kind: 'profile',
    share: 0.15,
    waves: (f) => [
      [get(`/api/search/getuseroverview?username=${q(pickOne(f.profiles))}&offset=0&limit=${PAGE}`)],
    ],
  },
];

/** The next action of a visit: a write one time in WRITE_ONE_IN, else a read by its share. */
export function nextAction(f: Fixtures): Action {
  if (Math.random() < 1 / WRITE_ONE_IN) return { kind: 'write', waves: [[write(f)]] };
  let roll = Math.random();
  for (const read of READS) {
    roll -= read.share;
    if (roll < 0) return { kind: read.kind, waves: read.waves(f) };
  }
  const last = READS[READS.length - 1] as (typeof READS)[number];
  return { kind: last.kind, waves: last.waves(f) };
}

export const uniform = ([low, high]: readonly [number, number]) => low + Math.random() * (high - low);
