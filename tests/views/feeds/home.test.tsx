import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY } from '../../../src/domain/emptyStates.ts';
import { LISTS, POSTS } from '../../../src/domain/messages.ts';
import { makePoll, makePost, minutesAgo } from '../../support/feedFakes.ts';
import { testUser } from '../support/shell.tsx';
import { renderFeeds } from './feedServer.ts';

const titles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

/** A full page of 15 posts, newest first. */
const fullPage = () => Array.from({ length: 15 }, (_, i) => makePost(`a${i}`, { createdAt: minutesAgo(i) }));

/**
 * jsdom has no IntersectionObserver (the list then never asks for more): a stand-in whose latest
 * observer can be told that the sentinel came into view.
 */
function stubIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    },
  );
  return {
    observed: () => callbacks.length > 0,
    scrollToSentinel: () =>
      callbacks.at(-1)?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('home feed', () => {
  it('mixes posts and polls newest first, then says the end was reached', async () => {
    const { api } = renderFeeds('/', {
      homePosts: [
        [makePost('p1', { createdAt: minutesAgo(1) }), makePost('p2', { createdAt: minutesAgo(30) })],
      ],
      homePolls: [[makePoll('q1', { createdAt: minutesAgo(10) })]],
    });
    expect(await screen.findByText(LISTS.end)).toBeTruthy();
    expect(titles()).toEqual(['Post p1', 'Poll q1?', 'Post p2']);
    expect(api.fetchHomePage).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('says there is nothing to show when both lists are empty, and asks a visitor to sign in', async () => {
    const { settled } = renderFeeds('/');
    await settled();
    expect(await screen.findByText(LISTS.homeEmpty)).toBeTruthy();
    expect(screen.queryByText(LISTS.end)).toBeNull();
    expect(screen.getByText(EMPTY.home(false).text)).toBeTruthy();
    const feed = within(screen.getByRole('region', { name: 'Home feed' }));
    expect(feed.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('offers a signed-in user to create the first post when the feed is empty', async () => {
    renderFeeds('/', {}, { user: testUser });
    await screen.findByText(LISTS.homeEmpty);
    expect(screen.getByText(EMPTY.home(true).text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a post' }).getAttribute('href')).toBe('/create/post');
  });

  it('offers Start a post to signed-in users only, going to /create', async () => {
    renderFeeds('/', {}, { user: testUser });
    const start = await screen.findByRole('link', { name: POSTS.startPost });
    expect(start.getAttribute('href')).toBe('/create');
  });

  it('hides Start a post from visitors', async () => {
    const { settled } = renderFeeds('/');
    await settled();
    await screen.findByText(LISTS.homeEmpty);
    expect(screen.queryByRole('link', { name: POSTS.startPost })).toBeNull();
  });

  it('reloads from the first page on refresh', async () => {
    const { api, user } = renderFeeds('/', {
      homePosts: [[makePost('p1')], [makePost('p9', { title: 'Fresh one' })]],
    });
    await screen.findByText('Post p1');
    await user.click(screen.getByRole('button', { name: 'Refresh the feed' }));
    expect(await screen.findByText('Fresh one')).toBeTruthy();
    expect(screen.queryByText('Post p1')).toBeNull();
    expect(api.fetchHomePage.mock.calls).toEqual([[0], [0]]);
  });

  it('asks the next page when the scroll reaches the sentinel', async () => {
    const observer = stubIntersectionObserver();
    const { api } = renderFeeds('/', {
      homePosts: [fullPage(), [makePost('last', { createdAt: minutesAgo(99) })]],
    });
    await screen.findByText('Post a0');
    await waitFor(() => expect(observer.observed()).toBe(true));
    observer.scrollToSentinel();
    expect(await screen.findByText('Post last')).toBeTruthy();
    expect(api.fetchHomePage.mock.calls).toEqual([[0], [15]]);
    expect(await screen.findByText(LISTS.end)).toBeTruthy();
  });
});
