import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetch, takePrefetched } from '../../../src/services/prefetch.ts';

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

  it('asks the server when nothing was prefetched', async () => {
    await expect(takePrefetched('topic', async () => 'fresh')).resolves.toBe('fresh');
  });
});
