import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LISTS, POLLS } from '../../../src/domain/messages.ts';
import { makePoll, makePost } from '../../support/feedFakes.ts';
import { fakeFeedApi } from '../support/feeds.tsx';
import { renderFeeds } from '../support/shell.tsx';

describe('topic page', () => {
  it('shows the banner, icon and q/{topic}, waits before loading, and toggles posts and polls', async () => {
    const api = fakeFeedApi({ topicPosts: [[makePost('p1')]], topicPolls: [[makePoll('q1')]] });
    const { user } = renderFeeds('/q/dsa', api);
    expect(await screen.findByRole('heading', { name: 'q/dsa', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('topic-banner')).toBeTruthy();
    expect(api.topicPosts).not.toHaveBeenCalled();
    expect(await screen.findByText('Post p1')).toBeTruthy();
    expect(api.topicPosts).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 10, topic: 'dsa' });
    expect(screen.getByRole('button', { name: 'Post' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Poll' }));
    expect(await screen.findByText('Poll q1?')).toBeTruthy();
    expect(screen.queryByText('Post p1')).toBeNull();
    expect(api.topicPolls).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 10, topic: 'dsa' });
  });

  it('says when a topic has no polls', async () => {
    const { user } = renderFeeds('/q/sports', fakeFeedApi());
    expect(await screen.findByText(LISTS.noPosts)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Poll' }));
    expect(await screen.findByText(LISTS.noPolls)).toBeTruthy();
  });
});

describe('popular page', () => {
  it('asks 10 a page in the server’s order', async () => {
    const api = fakeFeedApi({
      popular: [[makePost('old', { createdAt: '2024-01-01T00:00:00.000Z' }), makePost('new')]],
    });
    renderFeeds('/popular', api);
    await screen.findByText(LISTS.end);
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Post old',
      'Post new',
    ]);
    expect(api.popular).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 10 });
  });
});

describe('poll page', () => {
  it('checks access first, then shows the poll', async () => {
    const api = fakeFeedApi({ polls: [makePoll('q1')] });
    renderFeeds('/poll/q1', api);
    expect(await screen.findByRole('heading', { name: 'Poll q1?' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Poll q1?' })).toBeNull();
    expect(api.access).toHaveBeenCalledWith('q1');
  });

  it('goes home when the poll is not accessible, without loading it', async () => {
    const api = fakeFeedApi({ polls: [makePoll('q1')], access: false });
    const { router } = renderFeeds('/poll/q1', api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.navigate).toHaveBeenCalledWith({ to: '/', replace: true });
    expect(api.poll).not.toHaveBeenCalled();
  });

  it('says when the poll does not exist', async () => {
    renderFeeds('/poll/nope', fakeFeedApi());
    expect(await screen.findByText(POLLS.notFound)).toBeTruthy();
  });

  it('shows a friendly empty view on the bare /poll', async () => {
    renderFeeds('/poll', fakeFeedApi());
    expect(await screen.findByRole('heading', { name: 'No poll here' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });
});
