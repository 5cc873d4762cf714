import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_PRELOADS } from '../../../server/infra/preloads.ts';
import { SESSION_RESTORE } from '../../../src/services/api/auth.ts';
import { HOME_FIRST_PAGE } from '../../../src/services/api/homeFeed.ts';
import { postPageKey } from '../../../src/services/api/posts.ts';
import { http, type Params, requestPath } from '../../../src/services/http.ts';
import {
  prefetch,
  prefetchesSettled,
  takeIfArrived,
  takePrefetched,
} from '../../../src/services/prefetch.ts';
import { httpApi } from '../../../src/system/api.ts';
import { prefetchScreenData, screenDataOf } from '../../../src/system/screenData.ts';
import { makePoll, makePost } from '../../support/feedFakes.ts';

afterEach(() => vi.useRealTimers());

describe('prefetched first pages', () => {
  it('hands the prefetched answer to the first caller only; later calls ask the server', async () => {
    const early = vi.fn(async () => 'early page');
    const late = vi.fn(async () => 'asked again');
    prefetch('home', early);
    expect(early).toHaveBeenCalledTimes(1);
    await expect(takePrefetched('home', late)).resolves.toBe('early page');
    expect(late).not.toHaveBeenCalled();
    await expect(takePrefetched('home', late)).resolves.toBe('asked again');
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('asks again when the prefetch failed', async () => {
    prefetch('home', () => Promise.reject(new Error('offline')));
    await expect(takePrefetched('home', async () => 'fresh')).resolves.toBe('fresh');
  });

  it('asks again when the prefetched answer is more than ten seconds old', async () => {
    vi.useFakeTimers();
    prefetch('home', async () => 'old page');
    vi.advanceTimersByTime(10_001);
    await expect(takePrefetched('home', async () => 'fresh')).resolves.toBe('fresh');
  });

  it('gives an answer that has come to a first render, once; one still on its way stays for the list', async () => {
    let answer: (page: string) => void = () => undefined;
    prefetch('home', () => new Promise<string>((resolve) => (answer = resolve)));
    expect(takeIfArrived('home')).toBeUndefined();
    answer('early page');
    await Promise.resolve();
    expect(takeIfArrived('home')).toBe('early page');
    expect(takeIfArrived('home')).toBeUndefined();
    await expect(takePrefetched('home', async () => 'asked again')).resolves.toBe('asked again');
  });

  it('lets the first render wait for the prefetches, but never longer than it is allowed to', async () => {
    vi.useFakeTimers();
    let answer: (page: string) => void = () => undefined;
    prefetch('slow', () => new Promise<string>((resolve) => (answer = resolve)));
    let settled = false;
    void prefetchesSettled(150).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    answer('page');
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    takeIfArrived('slow');

    prefetch('never', () => new Promise<string>(() => undefined));
    let gaveUp = false;
    void prefetchesSettled(150).then(() => {
      gaveUp = true;
    });
    await vi.advanceTimersByTimeAsync(150);
    expect(gaveUp).toBe(true);
  });

  it('asks the server when nothing was prefetched', async () => {
    await expect(takePrefetched('topic', async () => 'fresh')).resolves.toBe('fresh');
  });
});

describe('the screen data asked for at startup', () => {
  it('is the home feed on /, drawn by the first render', () => {
    expect(screenDataOf('/')).toMatchObject({ key: HOME_FIRST_PAGE, drawnFirst: true });
  });

  it('is the post on a post page, topic or room, which loads its code after the first render', () => {
    for (const path of ['/post/p1', '/post/p1/', '/post/r1/p1']) {
      expect(screenDataOf(path)).toMatchObject({ key: postPageKey('p1'), drawnFirst: false });
    }
  });

  it('is nothing elsewhere', () => {
    for (const path of ['/popular', '/post', '/post/r1/p1/extra', '/poll/p1', '/u/brave_fox']) {
      expect(screenDataOf(path)).toBeNull();
    }
  });
});

/**
 * The app's API (httpApi) on a fake server behind the HTTP client: what the startup asked for is
 * what the session restore, the home feed's first page and the post page get, without asking the
 * server again.
 */
describe('the startup request through the API', () => {
  const posts = [makePost('p1')];
  const polls = [makePoll('q1')];
  const post = { ...makePost('p7'), comments: [] };
  let requests: { url: string | undefined; params: Params | undefined }[] = [];
  /** While set, the server holds its answers until it is called. */
  let hold: Promise<void> | null = null;
  const original = http.defaults.adapter;

  /** The visitor's session: none (401) unless a test signs them in. */
  let restored: { email: string } | null = null;
  const answerOf = (config: InternalAxiosRequestConfig): unknown => {
    if (config.url === 'auth/refreshsignin') {
      if (restored) return restored;
      throw new AxiosError('Please sign in first.', 'ERR_BAD_REQUEST', config, null, {
        data: { msg: 'Please sign in first.' },
        status: 401,
        statusText: 'Unauthorized',
        headers: {},
        config,
      });
    }
    if (config.url === 'posts/getPost') return { posts };
    if (config.url === 'poll/getallpolls') return { polls };
    if (config.url === 'posts/getapost') return { post };
    throw new Error(`unexpected request ${config.url}`);
  };
  const server: AxiosAdapter = async (config) => {
    requests.push({ url: config.url, params: config.params });
    if (hold) await hold;
    return { data: answerOf(config), status: 200, statusText: 'OK', headers: {}, config };
  };

  beforeEach(() => {
    requests = [];
    hold = null;
    restored = null;
    http.defaults.adapter = server;
  });
  afterEach(() => {
    http.defaults.adapter = original;
    // Nothing prefetched is left for the next test.
    takeIfArrived(HOME_FIRST_PAGE);
    takeIfArrived(postPageKey('p7'));
    takeIfArrived(SESSION_RESTORE);
  });

  const restore = { url: 'auth/refreshsignin', params: undefined };

  const homeRequests = (offset: number) => [
    { url: 'posts/getPost', params: { offset, limit: 15 } },
    { url: 'poll/getallpolls', params: { offset, limit: 15 } },
  ];

  it('on / asks for the first page, and the first render draws that answer once; later the list asks again', async () => {
    await prefetchScreenData('/');
    expect(requests).toEqual([restore, ...homeRequests(0)]);
    expect(httpApi.homeFirstPage()).toEqual([posts, polls]);
    expect(httpApi.homeFirstPage()).toBeUndefined();
    await expect(httpApi.fetchHomePage(0)).resolves.toEqual([posts, polls]);
    expect(requests).toEqual([restore, ...homeRequests(0), ...homeRequests(0)]);
  });

  it("asks on / for exactly what the server's index.html preloads there, so the browser's answers are used", async () => {
    await prefetchScreenData('/');
    expect(requests.filter((r) => r.url !== restore.url).map(requestPath)).toEqual(HOME_PRELOADS);
  });

  it('gives an answer still on its way to the list instead of asking again; later pages always ask', async () => {
    let release: () => void = () => undefined;
    hold = new Promise((resolve) => (release = resolve));
    void prefetchScreenData('/');
    expect(httpApi.homeFirstPage()).toBeUndefined();
    const later = httpApi.fetchHomePage(15);
    const first = httpApi.fetchHomePage(0);
    release();
    await expect(first).resolves.toEqual([posts, polls]);
    await expect(later).resolves.toEqual([posts, polls]);
    expect(requests).toEqual([restore, ...homeRequests(0), ...homeRequests(15)]);
  });

  it('on a post page asks for the post at once, which the page then takes without asking again', async () => {
    await prefetchScreenData('/post/room-1/p7');
    await vi.waitFor(() =>
      expect(requests).toEqual([restore, { url: 'posts/getapost', params: { id: 'p7' } }]),
    );
    await expect(httpApi.fetchPost('p7')).resolves.toEqual(post);
    expect(requests).toHaveLength(2);
    await expect(httpApi.fetchPost('p7')).resolves.toEqual(post);
    expect(requests).toHaveLength(3);
  });

  it('asks for nothing but the session on other screens', async () => {
    await prefetchScreenData('/popular');
    await new Promise((resolve) => setTimeout(resolve, 0)); // a request would have reached the server by now
    expect(requests).toEqual([restore]);
    expect(httpApi.homeFirstPage()).toBeUndefined();
  });

  it('restores the session at startup; the session takes that answer, a refusal too, without asking again', async () => {
    await prefetchScreenData('/popular');
    await expect(httpApi.restoreSession()).rejects.toMatchObject({ status: 401 });
    expect(requests).toEqual([restore]);
    restored = { email: 'ada@ietlucknow.ac.in' };
    await prefetchScreenData('/popular');
    await expect(httpApi.restoreSession()).resolves.toEqual(restored);
    expect(requests).toEqual([restore, restore]);
    // Used up: a later restore asks the server.
    await expect(httpApi.restoreSession()).resolves.toEqual(restored);
    expect(requests).toEqual([restore, restore, restore]);
  });
});
