/**
 * What a simulated student sends (campusCrowd.ts): the requests of opening the app, and the actions
 * of a visit, drawn at random. The app open is what the built SPA sends on `/` for a signed-in
 * student, recorded once in headless Chromium (src/system/screenData.ts, session.machine.ts,
 * roomLists.machine.ts), in its three waves:
 *   0. GET /                         the page (its preload links name the first feed page)
 *   1. GET  /api/posts/getPost?offset=0&limit=15       the home feed's first page of posts,
 *      GET  /api/poll/getallpolls?offset=0&limit=15    and of polls (preloaded),
 *      POST /api/auth/refreshsignin                    the silent session restore,
 *           then GET /api/u/{email}                    the user, once the session is restored,
 *           then GET /api/u/notification               the notifications,
 *                GET /api/rooms/getAllRoom/{userId}    the side bar's own and joined rooms,
 *                GET /api/rooms/notJoinedRoom          and its public rooms not joined.
 * The feed and the session chain run side by side. The SPA also opens the event stream
 * (GET /api/events) after the user loads; the crowd does not hold streams (the live section measures
 * them), so its students poll notifications every 30 s, as the SPA does while it has no stream.
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

/** The app open, wave by wave: calls of one inner list go together. */
export const APP_OPEN = {
  page: get('/'),
  feed: homePage(0),
  restore: { method: 'POST', path: '/api/auth/refreshsignin' } satisfies CampusCall,
  user: (who: BenchAccount) => get(`/api/u/${q(who.email)}`),
  sideBar: (who: BenchAccount) => [
    get('/api/u/notification'),
    get(`/api/rooms/getAllRoom/${q(who.id)}`),
    get('/api/rooms/notJoinedRoom'),
  ],
};

export const NOTIFICATIONS = get('/api/u/notification');

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
