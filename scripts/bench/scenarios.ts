/**
 * The benchmark scenarios. Each names the HTTP request a client sends and the service call that the
 * route makes for it, with the same kind of arguments, so the HTTP rate can be compared with the rate
 * of the same SQL through the same driver (raw.ts) in the same run.
 */

import type { Services } from '../../server/routes.ts';
import { TOPICS } from '../../src/domain/constants.ts';
import { activityQuerySchema, searchPageQuerySchema } from '../../src/domain/userValidation.ts';
import { type BenchAccount, type Fixtures, pickOne } from './fixtures.ts';

export interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface Scenario {
  name: string;
  kind: 'read' | 'write';
  http(f: Fixtures): HttpCall;
  /** The service work of that route, for the viewer `who`. */
  raw(s: Services, f: Fixtures, who: BenchAccount): Promise<unknown>;
}

const HOME_PAGE = 15;
const PAGE = 10;
/** Page 20 of the home feed. */
const DEEP_OFFSET = 19 * HOME_PAGE;
/** What people type into the search box: fragments of names. */
const SEARCH_KEYS = [
  'tig',
  'river',
  'com',
  'ma',
  'falc',
  'pixel',
  'lot',
  'emb',
  'nova',
  'ott',
  'raven',
  'chai',
];
/**
 * What people type to find posts and comments: words most of the campus's text holds (the seed's
 * bodies are cut from one paragraph), rarer title words, and a word half typed (a prefix).
 */
const TEXT_SEARCH_KEYS = [
  'library',
  'placement cell',
  'segment tre',
  'hostel mess',
  'tiger',
  'chai',
  'cricket tri',
];
const COMMENT_TEXTS = [
  'Same here!',
  'Does anyone have the notes?',
  'This is the way.',
  'Totally agree with this.',
];

const q = encodeURIComponent;
const vote = () => pickOne([1, -1, 0] as const);

function commentInput(f: Fixtures) {
  const parent = Math.random() < 0.5 ? pickOne(f.freshComments) : null;
  return {
    postId: parent?.postId ?? pickOne(f.freshPosts),
    commentId: parent?.id ?? null,
    content: pickOne(COMMENT_TEXTS),
  };
}

function homeScenarios(offset: number, label: string): Scenario[] {
  return [
    {
      name: `home posts ${label}`,
      kind: 'read',
      http: () => ({ method: 'GET', path: `/api/posts/getPost?offset=${offset}&limit=${HOME_PAGE}` }),
      raw: (s, _f, who) => s.posts.home({ offset, limit: HOME_PAGE }, who.id),
    },
    {
      name: `home polls ${label}`,
      kind: 'read',
      http: () => ({ method: 'GET', path: `/api/poll/getallpolls?offset=${offset}&limit=${HOME_PAGE}` }),
      raw: (s, _f, who) => s.polls.home({ offset, limit: HOME_PAGE }, who.id),
    },
  ];
}

export const SCENARIOS: Scenario[] = [
  ...homeScenarios(0, 'p1'),
  ...homeScenarios(DEEP_OFFSET, 'p20'),
  {
    name: 'post + comment tree',
    kind: 'read',
    http: (f) => ({ method: 'GET', path: `/api/posts/getapost?id=${pickOne(f.detailPosts)}` }),
    raw: async (s, f, who) => {
      const post = await s.posts.one(pickOne(f.detailPosts), who.id);
      return { ...post, comments: await s.comments.forPost(post.id, who.id) };
    },
  },
  {
    name: 'popular',
    kind: 'read',
    http: () => ({ method: 'GET', path: `/api/posts/popular?page=0&limit=${PAGE}` }),
    raw: (s, _f, who) => s.posts.popular({ offset: 0, limit: PAGE }, who.id),
  },
  {
    name: 'topic feed',
    kind: 'read',
    http: () => ({
      method: 'GET',
      path: `/api/posts/q/hottopic?page=0&limit=${PAGE}&topic=${pickOne(TOPICS)}`,
    }),
    raw: (s, _f, who) => s.posts.byTopic(pickOne(TOPICS), { offset: 0, limit: PAGE }, who.id),
  },
  {
    name: 'room feed',
    kind: 'read',
    http: (f) => ({
      method: 'GET',
      path: `/api/posts/getPost?title=${q(pickOne(f.publicRooms).title)}&offset=0&limit=${PAGE}`,
    }),
    raw: (s, f, who) => s.posts.inRoom(pickOne(f.publicRooms).title, { offset: 0, limit: PAGE }, who.id),
  },
  {
    name: 'search',
    kind: 'read',
    http: () => ({ method: 'GET', path: `/api/search/getusers?key=${q(pickOne(SEARCH_KEYS))}` }),
    raw: (s, _f, who) => s.search.find({ key: pickOne(SEARCH_KEYS) }, who.id),
  },
  {
    name: 'search posts',
    kind: 'read',
    http: () => ({ method: 'GET', path: `/api/search/getposts?key=${q(pickOne(TEXT_SEARCH_KEYS))}` }),
    raw: (s, _f, who) =>
      s.fullText.posts(searchPageQuerySchema.parse({ key: pickOne(TEXT_SEARCH_KEYS) }), who.id),
  },
  {
    name: 'search comments',
    kind: 'read',
    http: () => ({ method: 'GET', path: `/api/search/getcomments?key=${q(pickOne(TEXT_SEARCH_KEYS))}` }),
    raw: (s, _f, who) =>
      s.fullText.comments(searchPageQuerySchema.parse({ key: pickOne(TEXT_SEARCH_KEYS) }), who.id),
  },
  {
    name: 'profile overview',
    kind: 'read',
    http: (f) => ({ method: 'GET', path: `/api/search/getuseroverview?username=${q(pickOne(f.profiles))}` }),
    raw: (s, f, who) =>
      s.activity.overview(activityQuerySchema.parse({ username: pickOne(f.profiles) }), who.id),
  },
  {
    name: 'write: post vote',
    kind: 'write',
    http: (f) => ({
      method: 'POST',
      path: '/api/posts/vote',
      body: { postId: pickOne(f.freshPosts), val: vote(), commentId: null },
    }),
    raw: (s, f, who) => s.votes.vote(who.id, { postId: pickOne(f.freshPosts), commentId: null }, vote()),
  },
  {
    name: 'write: comment',
    kind: 'write',
    http: (f) => ({ method: 'POST', path: '/api/posts/createcomment', body: commentInput(f) }),
    raw: (s, f, who) => s.comments.create(who.id, commentInput(f)),
  },
  {
    name: 'write: poll vote',
    kind: 'write',
    http: (f) => ({
      method: 'POST',
      path: '/api/poll/votepoll',
      body: { pollOptionId: pickOne(f.freshPollOptions) },
    }),
    raw: (s, f, who) => s.polls.vote(who.id, pickOne(f.freshPollOptions)),
  },
];
