import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_FIRST_PAGE } from '../../../src/services/api/homeFeed.ts';
import { postPageKey } from '../../../src/services/api/posts.ts';
import {
  prefetch,
  prefetchesSettled,
  takeIfArrived,
  takePrefetched,
} from '../../../src/services/prefetch.ts';
import { screenDataOf } from '../../../src/views/app/screenData.ts';

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
