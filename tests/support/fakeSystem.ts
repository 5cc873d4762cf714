/**
 * The app's own factory, `createQuadSystem`, on a fake API and a fake platform: what every view test
 * renders. Each API call is a spy; lists answer empty, the session restore 401 (a visitor), and any
 * other call not given fails loudly, so a test names every call it relies on.
 */
import { vi } from 'vitest';
import { publicConfigSchema } from '../../src/domain/publicConfig.ts';
import { ApiError } from '../../src/services/http.ts';
import type { QuadApi } from '../../src/system/api.ts';
import type { EventStreamHandlers, Platform } from '../../src/system/platform.ts';
import { createQuadSystem } from '../../src/system/quadSystem.ts';

type Fn = (...args: never[]) => unknown;
export type FakeApi = { [K in keyof QuadApi]: QuadApi[K] & ReturnType<typeof vi.fn> };

const empty = async () => [];

/** The quiet answers of a signed-out visit with nothing in it. */
const quiet: Partial<Record<keyof QuadApi, Fn>> = {
  restoreSession: async () => {
    throw new ApiError(401, 'Please sign in first.');
  },
  fetchNotifications: empty,
  fetchAppeals: empty,
  fetchSideRooms: async () => ({ mine: [], publicNotJoined: [] }),
  fetchHomePage: async () => [[], []],
  fetchPopularPosts: empty,
  fetchTopicPosts: empty,
  fetchTopicPolls: empty,
  fetchUserOverview: empty,
  fetchUserPosts: empty,
  fetchUserPolls: empty,
  fetchUserComments: empty,
  fetchUserUpvotes: empty,
  fetchRoomPosts: empty,
  fetchRoomPolls: empty,
  search: async () => ({ users: [], rooms: [] }),
  searchNames: async () => ({ users: [], rooms: [] }),
  searchPosts: empty,
  searchComments: empty,
  memberCandidates: async () => [],
  onRateLimited: () => () => undefined,
  fetchBlockedUsers: empty,
};

const apiNames = [
  'generateUsernames',
  'signUp',
  'signIn',
  'verifyOtp',
  'resendOtp',
  'requestPasswordReset',
  'updatePassword',
  'restoreSession',
  'loadUser',
  'logOut',
  'fetchNotifications',
  'markNotificationRead',
  'markAllNotificationsRead',
  'search',
  'searchNames',
  'searchPosts',
  'searchComments',
  'memberCandidates',
  'fetchHomePage',
  'fetchPopularPosts',
  'fetchTopicPosts',
  'fetchTopicPolls',
  'fetchPost',
  'votePost',
  'deletePost',
  'fetchPoll',
  'fetchPollAccess',
  'votePoll',
  'deletePoll',
  'createPost',
  'createPoll',
  'fetchComment',
  'createComment',
  'deleteComment',
  'editPost',
  'editPoll',
  'editComment',
  'fetchProfile',
  'fetchUserOverview',
  'fetchUserPosts',
  'fetchUserPolls',
  'fetchUserComments',
  'fetchUserUpvotes',
  'fetchLcStats',
  'uploadAvatar',
  'uploadBanner',
  'updateDetails',
  'addLeetCode',
  'addCodeforces',
  'setLeetCodeVisibility',
  'setCommentSort',
  'setCodeforcesVisibility',
  'deleteAccount',
  'fetchSideRooms',
  'checkRoomName',
  'createRoom',
  'fetchRoom',
  'joinRoom',
  'requestToJoin',
  'leaveRoom',
  'deleteRoom',
  'renameRoom',
  'acceptJoinRequest',
  'declineJoinRequest',
  'cancelJoinRequest',
  'updateRoomImage',
  'fetchRoomPosts',
  'fetchRoomPolls',
  'removeFromRoom',
  'fetchRoomMembers',
  'fetchRoomLog',
  // moderation and crisis help
  'fetchModerationQueue',
  'dismissReports',
  'proposeRemoval',
  'confirmRemoval',
  'fetchModerationLog',
  'fetchCrisisResources',
  'onRateLimited',
  // appeals
  'sendAppeal',
  'fetchAppeals',
  'decideAppeal',
  // safety: reports, blocks and hides
  'sendReport',
  'blockUser',
  'unblockUser',
  'fetchBlockedUsers',
  'hideItem',
  'unhideItem',
] as const satisfies readonly (keyof QuadApi)[];

/** Every call of the API as a spy: `calls` as given, the quiet answers, else a loud failure. */
export function fakeApi(calls: Partial<{ [K in keyof QuadApi]: Fn }> = {}): FakeApi {
  const entries = apiNames.map((name) => {
    const given = calls[name] ?? quiet[name];
    const implementation =
      given ??
      (async () => {
        throw new Error(`API call ${name} is not faked in this test`);
      });
    return [name, vi.fn(implementation as Fn)];
  });
  return Object.fromEntries(entries) as unknown as FakeApi;
}

type Spy<F extends Fn> = F & ReturnType<typeof vi.fn<F>>;

/** A stream the app opened on the fake platform: the test speaks for the server through it. */
export interface FakeEventStream {
  url: string;
  names: readonly string[];
  closed: boolean;
  /** The server sends event `name` with this id and data (JSON-encoded here). */
  send(name: string, id: string, data: unknown): void;
  /** The stream fails or is cut. */
  fail(): void;
}

/** Streams that record what is opened and closed; each is driven by the test. */
function fakeEventStreams() {
  const streams: FakeEventStream[] = [];
  const open = vi.fn((url: string, names: readonly string[], handlers: EventStreamHandlers) => {
    const stream: FakeEventStream = {
      url,
      names,
      closed: false,
      send: (name, id, data) => {
        if (!stream.closed) handlers.event(name, id, JSON.stringify(data));
      },
      fail: () => {
        if (!stream.closed) handlers.error();
      },
    };
    streams.push(stream);
    return () => {
      stream.closed = true;
    };
  });
  return { streams, open };
}

export interface FakePlatform extends Platform {
  navigate: Spy<Platform['navigate']>;
  notify: Spy<Platform['notify']>;
  dismissNotice: Spy<Platform['dismissNotice']>;
  log: Spy<Platform['log']>;
  share: Spy<Platform['share']>;
  prepareImage: Spy<Platform['prepareImage']>;
  visits: { seenBefore: Spy<() => boolean>; remember: Spy<() => void> };
  openEventStream: Spy<Platform['openEventStream']>;
  /** Every event stream opened, oldest first. */
  eventStreams: FakeEventStream[];
}

/** The browser as spies: toasts, navigation, sharing, event streams; a returning visitor unless `firstVisit`. */
export function fakePlatform(options: { firstVisit?: boolean; config?: Partial<Platform['config']> } = {}) {
  const streams = fakeEventStreams();
  const platform: FakePlatform = {
    navigate: vi.fn<Platform['navigate']>(),
    notify: vi.fn<Platform['notify']>(),
    dismissNotice: vi.fn<Platform['dismissNotice']>(),
    log: vi.fn<Platform['log']>(),
    share: vi.fn<Platform['share']>(async () => undefined),
    prepareImage: vi.fn<Platform['prepareImage']>(async (file) => file),
    visits: { seenBefore: vi.fn(() => !options.firstVisit), remember: vi.fn<() => void>() },
    openEventStream: streams.open,
    eventStreams: streams.streams,
    config: publicConfigSchema.parse(options.config ?? {}),
  };
  return platform;
}

/** The app's system on fakes, as the app builds it on the real API and browser. */
export function fakeSystem(api: FakeApi = fakeApi(), platform: FakePlatform = fakePlatform()) {
  return { api, platform, system: createQuadSystem(api, platform) };
}
