import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DIALOG, LISTS, POLLS } from '../../../src/domain/messages.ts';
import { ApiError } from '../../../src/services/http.ts';
import { makePoll, makePost } from '../../support/feedFakes.ts';
import { testUser } from '../support/shell.tsx';
import { renderFeeds } from './feedServer.ts';

describe('topic page', () => {
  it('shows the banner, icon and q/{topic}, waits before loading, and toggles posts and polls', async () => {
    const { api, user } = renderFeeds('/q/dsa', {
      topicPosts: [[makePost('p1')]],
      topicPolls: [[makePoll('q1')]],
    });
    expect(await screen.findByRole('heading', { name: 'q/dsa', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('topic-banner')).toBeTruthy();
    expect(api.fetchTopicPosts).not.toHaveBeenCalled();
    expect(await screen.findByText('Post p1')).toBeTruthy();
    expect(api.fetchTopicPosts).toHaveBeenCalledExactlyOnceWith({ topic: 'dsa', page: 0, limit: 10 });
    expect(screen.getByRole('tab', { name: 'Post' }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('tab', { name: 'Poll' }));
    expect(await screen.findByText('Poll q1?')).toBeTruthy();
    expect(screen.queryByText('Post p1')).toBeNull();
    expect(api.fetchTopicPolls).toHaveBeenCalledExactlyOnceWith({ topic: 'dsa', offset: 0, limit: 10 });
  });

  it('says when a topic has no polls, with the next step', async () => {
    const { user } = renderFeeds('/q/sports', {}, { user: testUser });
    expect(await screen.findByText(LISTS.noPosts)).toBeTruthy();
    expect(screen.getByText('No posts in q/sports yet. Be the first:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a post' }).getAttribute('href')).toBe('/create/post');
    await user.click(screen.getByRole('tab', { name: 'Poll' }));
    expect(await screen.findByText(LISTS.noPolls)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a poll' }).getAttribute('href')).toBe('/create/poll');
  });
});

describe('popular page', () => {
  it('asks 10 a page in the server’s order', async () => {
    const { api } = renderFeeds('/popular', {
      popular: [[makePost('old', { createdAt: '2024-01-01T00:00:00.000Z' }), makePost('new')]],
    });
    await screen.findByText(LISTS.end);
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Post old',
      'Post new',
    ]);
    expect(api.fetchPopularPosts).toHaveBeenCalledExactlyOnceWith({ page: 0, limit: 10 });
  });
});

describe('poll page', () => {
  it('checks access first, then shows the poll', async () => {
    const { api } = renderFeeds('/poll/q1', { polls: [makePoll('q1')] });
    expect(await screen.findByRole('heading', { name: 'Poll q1?' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Poll q1?' })).toBeNull();
    expect(api.fetchPollAccess).toHaveBeenCalledExactlyOnceWith('q1');
    expect(api.fetchPoll).toHaveBeenCalledExactlyOnceWith('q1');
    expect(api.fetchPollAccess.mock.invocationCallOrder[0]).toBeLessThan(
      api.fetchPoll.mock.invocationCallOrder[0] as number,
    );
  });

  it('goes home when the poll is not accessible, without loading it', async () => {
    const { api, platform, router } = renderFeeds('/poll/q1', { polls: [makePoll('q1')], access: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(platform.navigate).toHaveBeenCalledWith({ to: '/', replace: true });
    expect(api.fetchPoll).not.toHaveBeenCalled();
  });

  it('says when the poll does not exist, on the 404 screen', async () => {
    renderFeeds('/poll/nope');
    expect(await screen.findByRole('heading', { name: POLLS.notFound })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('shows the 404 screen, never the validation text, for an id no poll can have (/poll/abc)', async () => {
    const malformed = async () => {
      throw new ApiError(400, 'id: * must be an id');
    };
    const { api } = renderFeeds('/poll/abc', {}, { calls: { fetchPollAccess: malformed } });
    expect(await screen.findByRole('heading', { name: POLLS.notFound })).toBeTruthy();
    expect(screen.queryByText(/must be an id/)).toBeNull();
    expect(api.fetchPoll).not.toHaveBeenCalled();
  });

  it('shows a friendly empty view on the bare /poll', async () => {
    renderFeeds('/poll');
    expect(await screen.findByRole('heading', { name: 'No poll here' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('goes home once its owner deletes the poll there', async () => {
    const { api, platform, router, user } = renderFeeds(
      '/poll/q1',
      { polls: [makePoll('q1', { userId: testUser.userID })] },
      { user: testUser },
    );
    await screen.findByRole('heading', { name: 'Poll q1?' });
    await user.click(await screen.findByRole('button', { name: 'Poll menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: DIALOG.confirm }));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/', replace: true }));
    expect(api.deletePoll).toHaveBeenCalledExactlyOnceWith('q1');
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: POLLS.deleted });
    expect(router.state.location.pathname).toBe('/');
  });
});
