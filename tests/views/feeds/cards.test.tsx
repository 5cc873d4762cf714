import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DIALOG, LISTS, POLLS, POSTS } from '../../../src/domain/messages.ts';
import { makePoll, makePost, minutesAgo } from '../../support/feedFakes.ts';
import { fakeFeedApi } from '../support/feeds.tsx';
import { createTestSession, renderFeeds, testUser } from '../support/shell.tsx';

// The post page opened by a click loads its post with the live service: keep it from the network.
vi.mock('../../../src/services/api/posts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/services/api/posts.ts')>()),
  fetchPost: () => new Promise(() => {}),
}));

const card = (title: string) => screen.getByRole('article', { name: title });
const signedIn = () => createTestSession({ user: testUser });

describe('post votes', () => {
  it('toggles up, then off, then down, with the counts moving at once', async () => {
    const api = fakeFeedApi({ homePosts: [[makePost('p1')]] });
    const { user } = renderFeeds('/', api, { session: signedIn() });
    await screen.findByText('Post p1');
    const post = card('Post p1');
    const up = within(post).getByRole('button', { name: /Upvote/ });
    const down = within(post).getByRole('button', { name: /Downvote/ });

    await user.click(up);
    expect(up.getAttribute('aria-pressed')).toBe('true');
    expect(up.getAttribute('aria-label')).toBe('Upvote (1)');
    await waitFor(() => expect(api.vote).toHaveBeenLastCalledWith({ postId: 'p1', commentId: null, val: 1 }));

    await user.click(up);
    await waitFor(() => expect(up.getAttribute('aria-pressed')).toBe('false'));
    expect(up.getAttribute('aria-label')).toBe('Upvote (0)');
    await waitFor(() => expect(api.vote).toHaveBeenLastCalledWith({ postId: 'p1', commentId: null, val: 0 }));

    await user.click(down);
    await waitFor(() => expect(down.getAttribute('aria-pressed')).toBe('true'));
    expect(down.getAttribute('aria-label')).toBe('Downvote (1)');
    await waitFor(() =>
      expect(api.vote).toHaveBeenLastCalledWith({ postId: 'p1', commentId: null, val: -1 }),
    );
  });

  it('puts the vote back silently when the server fails', async () => {
    const api = fakeFeedApi({ homePosts: [[makePost('p1')]] });
    api.vote.mockRejectedValueOnce({ status: 500, message: 'down' });
    const { user } = renderFeeds('/', api, { session: signedIn() });
    await screen.findByText('Post p1');
    const up = within(card('Post p1')).getByRole('button', { name: /Upvote/ });
    await user.click(up);
    await waitFor(() => expect(api.log).toHaveBeenCalled());
    expect(up.getAttribute('aria-pressed')).toBe('false');
    expect(api.notify).not.toHaveBeenCalled();
  });

  it("tells visitors 'Sign In First' and sends nothing", async () => {
    const session = createTestSession();
    const api = fakeFeedApi({ homePosts: [[makePost('p1')]] });
    const { user } = renderFeeds('/', api, { session });
    await session.settled();
    await screen.findByText('Post p1');
    await user.click(within(card('Post p1')).getByRole('button', { name: /Upvote/ }));
    expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: POSTS.signInFirst });
    expect(api.vote).not.toHaveBeenCalled();
  });
});

describe('poll votes', () => {
  it('moves the vote to a new choice and highlights it', async () => {
    const api = fakeFeedApi({ homePolls: [[makePoll('q1')]] });
    const { user } = renderFeeds('/', api, { session: signedIn() });
    await screen.findByText('Poll q1?');
    const poll = card('Poll q1?');
    expect(within(poll).getByText(POLLS.totalVotes(3))).toBeTruthy();
    expect(within(poll).getByRole('button', { name: 'Yes, 33.33%' })).toBeTruthy();

    await user.click(within(poll).getByRole('button', { name: /^Yes/ }));
    expect(within(poll).getByRole('button', { name: 'Yes, 50.00%' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(poll).getByText(POLLS.totalVotes(4))).toBeTruthy();
    await waitFor(() => expect(api.votePoll).toHaveBeenCalledWith('q1-a'));

    await user.click(within(poll).getByRole('button', { name: /^No/ }));
    await waitFor(() => expect(api.votePoll).toHaveBeenLastCalledWith('q1-b'));
    expect(within(poll).getByRole('button', { name: /^Yes/ }).getAttribute('aria-pressed')).toBe('false');
    expect(within(poll).getByRole('button', { name: /^No/ }).getAttribute('aria-pressed')).toBe('true');
    expect(within(poll).getByText(POLLS.totalVotes(4))).toBeTruthy();
  });

  it("tells visitors 'Login to vote'", async () => {
    const session = createTestSession();
    const api = fakeFeedApi({ homePolls: [[makePoll('q1')]] });
    const { user } = renderFeeds('/', api, { session });
    await session.settled();
    await screen.findByText('Poll q1?');
    await user.click(within(card('Poll q1?')).getByRole('button', { name: /^Yes/ }));
    expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: POLLS.loginToVote });
    expect(api.votePoll).not.toHaveBeenCalled();
  });

  it('opens the poll page from its question', async () => {
    renderFeeds('/', fakeFeedApi({ homePolls: [[makePoll('q1')]] }));
    const link = await screen.findByRole('link', { name: 'Poll q1?' });
    expect(link.getAttribute('href')).toBe('/poll/q1');
  });
});

describe('deleting', () => {
  const mine = makePost('mine', { userId: testUser.userID, createdAt: minutesAgo(1) });
  const theirs = makePost('theirs', { createdAt: minutesAgo(2) });

  it('shows the menu with Delete only on the author’s posts', async () => {
    renderFeeds('/', fakeFeedApi({ homePosts: [[mine, theirs]] }), { session: signedIn() });
    await screen.findByText('Post mine');
    await waitFor(() =>
      expect(within(card('Post mine')).getByRole('button', { name: 'Post menu' })).toBeTruthy(),
    );
    expect(within(card('Post theirs')).queryByRole('button', { name: 'Post menu' })).toBeNull();
  });

  it("asks first: 'Cancle' keeps the post, 'Confirm' deletes it and it leaves the list", async () => {
    const api = fakeFeedApi({ homePosts: [[mine, theirs]] });
    const { user } = renderFeeds('/', api, { session: signedIn() });
    await screen.findByText('Post mine');
    const openDelete = async () => {
      await user.click(await within(card('Post mine')).findByRole('button', { name: 'Post menu' }));
      await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
      return screen.getByRole('dialog');
    };

    let dialog = await openDelete();
    expect(within(dialog).getByText(POSTS.deleteConfirm)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: DIALOG.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.deleteItem).not.toHaveBeenCalled();

    dialog = await openDelete();
    await user.click(within(dialog).getByRole('button', { name: DIALOG.confirm }));
    await waitFor(() => expect(screen.queryByText('Post mine')).toBeNull());
    expect(api.deleteItem).toHaveBeenCalledWith({ kind: 'post', id: 'mine' });
    expect(api.notify).toHaveBeenCalledWith({ kind: 'success', text: POSTS.deleted });
    expect(screen.getByText('Post theirs')).toBeTruthy();
  });

  it("shows the server's message when a post cannot be deleted", async () => {
    const api = fakeFeedApi({ homePosts: [[mine]] });
    api.deleteItem.mockRejectedValueOnce({ status: 403, message: POSTS.notAuthor });
    const { user } = renderFeeds('/', api, { session: signedIn() });
    await user.click(
      await within(await screen.findByRole('article')).findByRole('button', { name: 'Post menu' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: DIALOG.confirm }));
    await waitFor(() => expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: POSTS.notAuthor }));
    expect(screen.getByText('Post mine')).toBeTruthy();
  });

  it("deletes the owner's poll with 'Poll Deleted!'; others see Share only", async () => {
    const minePoll = makePoll('q1', { userId: testUser.userID });
    const api = fakeFeedApi({ homePolls: [[minePoll, makePoll('q2', { createdAt: minutesAgo(9) })]] });
    const { user } = renderFeeds('/', api, { session: signedIn() });
    await screen.findByText('Poll q2?');
    await user.click(within(card('Poll q2?')).getByRole('button', { name: 'Poll menu' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Share']);
    await user.click(within(card('Poll q1?')).getByRole('button', { name: 'Poll menu' }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Share', 'Delete']),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: DIALOG.confirm }));
    await waitFor(() => expect(screen.queryByText('Poll q1?')).toBeNull());
    expect(api.notify).toHaveBeenCalledWith({ kind: 'success', text: POLLS.deleted });
  });
});

describe('post card', () => {
  it('links the author, the topic and the comments, and opens the post when clicked', async () => {
    const post = makePost('p1', { commentCount: 4, topic: 'sports' });
    const { user, router } = renderFeeds('/', fakeFeedApi({ homePosts: [[post]] }));
    await screen.findByText('Post p1');
    const article = card('Post p1');
    expect(within(article).getByRole('link', { name: 'q/sports' }).getAttribute('href')).toBe('/q/sports');
    expect(within(article).getByRole('link', { name: 'u/brave_fox' }).getAttribute('href')).toBe(
      '/u/brave_fox',
    );
    expect(within(article).getByRole('link', { name: '4 comments' }).getAttribute('href')).toBe('/post/p1');
    expect(within(article).getByText(/ago$/)).toBeTruthy();
    await user.click(within(article).getByText('Body of p1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/p1'));
  });

  it('shows the end message only once a short page arrived', async () => {
    renderFeeds('/popular', fakeFeedApi({ popular: [[makePost('p1')]] }));
    expect(await screen.findByText(LISTS.end)).toBeTruthy();
  });
});
