import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LISTS, POSTS } from '../../../src/domain/messages.ts';
import { makePoll, makePost, minutesAgo } from '../../support/feedFakes.ts';
import { fakeFeedApi } from '../support/feeds.tsx';
import { createTestSession, renderFeeds, testUser } from '../support/shell.tsx';

const titles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('home feed', () => {
  it('mixes posts and polls newest first, then says the end was reached', async () => {
    const api = fakeFeedApi({
      homePosts: [
        [makePost('p1', { createdAt: minutesAgo(1) }), makePost('p2', { createdAt: minutesAgo(30) })],
      ],
      homePolls: [[makePoll('q1', { createdAt: minutesAgo(10) })]],
    });
    renderFeeds('/', api);
    expect(await screen.findByText(LISTS.end)).toBeTruthy();
    expect(titles()).toEqual(['Post p1', 'Poll q1?', 'Post p2']);
    expect(api.homePosts).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 15 });
    expect(api.homePolls).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 15 });
  });

  it('draws the first page asked for at startup without asking again, then goes on from page 2', async () => {
    const posts = Array.from({ length: 15 }, (_, i) => makePost(`a${i}`, { createdAt: minutesAgo(i) }));
    const api = fakeFeedApi({ homeFirstPage: [posts, []] });
    renderFeeds('/', api);
    expect(await screen.findByText('Post a0')).toBeTruthy();
    expect(api.homeFirstPage).toHaveBeenCalledTimes(1);
    expect(api.homePosts).not.toHaveBeenCalled();
    expect(await screen.findByText('Post a14')).toBeTruthy();
  });

  it('says there is nothing to show when both lists are empty', async () => {
    renderFeeds('/', fakeFeedApi());
    expect(await screen.findByText(LISTS.homeEmpty)).toBeTruthy();
    expect(screen.queryByText(LISTS.end)).toBeNull();
  });

  it('offers Start a post to signed-in users only, going to /create', async () => {
    const session = createTestSession({ user: testUser });
    renderFeeds('/', fakeFeedApi(), { session });
    const start = await screen.findByRole('link', { name: POSTS.startPost });
    expect(start.getAttribute('href')).toBe('/create');
  });

  it('hides Start a post from visitors', async () => {
    const session = createTestSession();
    renderFeeds('/', fakeFeedApi(), { session });
    await session.settled();
    await screen.findByText(LISTS.homeEmpty);
    expect(screen.queryByRole('link', { name: POSTS.startPost })).toBeNull();
  });

  it('reloads from the first page on refresh', async () => {
    const api = fakeFeedApi({ homePosts: [[makePost('p1')], [makePost('p9', { title: 'Fresh one' })]] });
    const { user } = renderFeeds('/', api);
    await screen.findByText('Post p1');
    await user.click(screen.getByRole('button', { name: 'Refresh the feed' }));
    expect(await screen.findByText('Fresh one')).toBeTruthy();
    expect(screen.queryByText('Post p1')).toBeNull();
    expect(api.homePosts).toHaveBeenLastCalledWith({ offset: 0, page: 0, limit: 15 });
  });

  it('asks the next page when the scroll reaches the sentinel', async () => {
    const observers: { callback: IntersectionObserverCallback }[] = [];
    const Original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback });
      }
      observe() {}
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
    try {
      const page = Array.from({ length: 15 }, (_, i) => makePost(`a${i}`, { createdAt: minutesAgo(i) }));
      const api = fakeFeedApi({ homePosts: [page, [makePost('last', { createdAt: minutesAgo(99) })]] });
      renderFeeds('/', api);
      await screen.findByText('Post a0');
      await waitFor(() => expect(observers.length).toBeGreaterThan(0));
      observers
        .at(-1)
        ?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      expect(await screen.findByText('Post last')).toBeTruthy();
      expect(api.homePosts).toHaveBeenLastCalledWith({ offset: 15, page: 1, limit: 15 });
      expect(await screen.findByText(LISTS.end)).toBeTruthy();
    } finally {
      globalThis.IntersectionObserver = Original;
    }
  });
});
