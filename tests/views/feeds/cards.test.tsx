import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, DIALOG, LISTS, POLLS, POSTS } from '../../../src/domain/messages.ts';
import { ApiError } from '../../../src/services/http.ts';
import { makePoll, makePost, minutesAgo } from '../../support/feedFakes.ts';
import { testUser } from '../support/shell.tsx';
import { renderFeeds } from './feedServer.ts';

const card = (title: string) => screen.getByRole('article', { name: title });
const signedIn = { user: testUser };

describe('post votes', () => {
  it('wait while the session is still being restored: no one is told to sign in before it is known', async () => {
    renderFeeds(
      '/',
      { homePosts: [[makePost('p1')]], homePolls: [[makePoll('q1')]] },
      { restorePending: true },
    );
    await screen.findByText('Post p1');
    const votes = within(card('Post p1')).getAllByRole('button', { name: /vote/ });
    const options = within(card('Poll q1?')).getAllByRole('button', { name: /%$/ });
    for (const button of [...votes, ...options]) expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('are open once the session is known, to visitors too', async () => {
    const { settled } = renderFeeds('/', { homePosts: [[makePost('p1')]] });
    await screen.findByText('Post p1');
    await settled();
    const up = within(card('Post p1')).getByRole('button', { name: /Upvote/ });
    await waitFor(() => expect((up as HTMLButtonElement).disabled).toBe(false));
  });

  it('toggles up, then off, then down, with the counts moving at once', async () => {
    const { api, user } = renderFeeds('/', { homePosts: [[makePost('p1')]] }, signedIn);
    await screen.findByText('Post p1');
    const post = card('Post p1');
    const up = within(post).getByRole('button', { name: /Upvote/ });
    const down = within(post).getByRole('button', { name: /Downvote/ });

    await user.click(up);
    expect(up.getAttribute('aria-pressed')).toBe('true');
    expect(up.getAttribute('aria-label')).toBe('Upvote (1)');
    await waitFor(() =>
      expect(api.votePost).toHaveBeenLastCalledWith({ postId: 'p1', commentId: null, val: 1 }),
    );

    await user.click(up);
    await waitFor(() => expect(up.getAttribute('aria-pressed')).toBe('false'));
    expect(up.getAttribute('aria-label')).toBe('Upvote (0)');
    await waitFor(() =>
      expect(api.votePost).toHaveBeenLastCalledWith({ postId: 'p1', commentId: null, val: 0 }),
    );

    await user.click(down);
    await waitFor(() => expect(down.getAttribute('aria-pressed')).toBe('true'));
    expect(down.getAttribute('aria-label')).toBe('Downvote (1)');
    await waitFor(() =>
      expect(api.votePost).toHaveBeenLastCalledWith({ postId: 'p1', commentId: null, val: -1 }),
    );
    expect(api.votePost).toHaveBeenCalledTimes(3);
  });

  it('puts the vote back silently when the server fails', async () => {
    const failure = new ApiError(500, 'down');
    const { api, platform, settled, user } = renderFeeds(
      '/',
      { homePosts: [[makePost('p1')]] },
      {
        ...signedIn,
        calls: {
          votePost: async () => {
            throw failure;
          },
        },
      },
    );
    await settled();
    platform.notify.mockClear(); // 'Loggin Session Restored'
    await screen.findByText('Post p1');
    const up = within(card('Post p1')).getByRole('button', { name: /Upvote/ });
    await user.click(up);
    await waitFor(() => expect(platform.log).toHaveBeenCalledWith('vote failed', failure));
    expect(api.votePost).toHaveBeenCalledTimes(1);
    expect(up.getAttribute('aria-pressed')).toBe('false');
    expect(up.getAttribute('aria-label')).toBe('Upvote (0)');
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it("tells visitors 'Sign In First' and sends nothing", async () => {
    const { api, platform, settled, user } = renderFeeds('/', { homePosts: [[makePost('p1')]] });
    await settled();
    await screen.findByText('Post p1');
    await user.click(within(card('Post p1')).getByRole('button', { name: /Upvote/ }));
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: POSTS.signInFirst });
    expect(api.votePost).not.toHaveBeenCalled();
  });

  it('follows the session while shown: a visitor who signs in votes, an expired session is refused again', async () => {
    let sessionAlive = true;
    const { api, platform, session, settled, user } = renderFeeds(
      '/',
      { homePosts: [[makePost('p1')]], homePolls: [[makePoll('q1')]] },
      {
        calls: {
          loadUser: async () => testUser,
          fetchNotifications: async () => {
            if (sessionAlive) return [];
            throw new ApiError(401, 'Please sign in first.');
          },
        },
      },
    );
    await settled();
    await screen.findByText('Post p1');
    const up = () => within(card('Post p1')).getByRole('button', { name: /Upvote/ });
    const yes = () => within(card('Poll q1?')).getByRole('button', { name: /^Yes/ });

    session.send({ type: 'session.login', email: testUser.email });
    await screen.findByRole('link', { name: POSTS.startPost });
    await user.click(up());
    await waitFor(() => expect(api.votePost).toHaveBeenCalledWith({ postId: 'p1', commentId: null, val: 1 }));
    await user.click(yes());
    await waitFor(() => expect(api.votePoll).toHaveBeenCalledWith('q1-a'));
    expect(platform.notify).not.toHaveBeenCalled();

    sessionAlive = false;
    session.send({ type: 'notifications.refresh' });
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: AUTH.sessionExpired }),
    );
    expect(screen.queryByRole('link', { name: POSTS.startPost })).toBeNull();
    await user.click(up());
    await user.click(within(card('Poll q1?')).getByRole('button', { name: /^No/ }));
    expect(platform.notify.mock.calls.map(([notice]) => notice)).toEqual([
      { kind: 'error', text: AUTH.sessionExpired },
      { kind: 'error', text: POSTS.signInFirst },
      { kind: 'error', text: POLLS.loginToVote },
    ]);
    expect(api.votePost).toHaveBeenCalledTimes(1);
    expect(api.votePoll).toHaveBeenCalledTimes(1);
  });
});

describe('poll votes', () => {
  it('moves the vote to a new choice and highlights it', async () => {
    const { api, user } = renderFeeds('/', { homePolls: [[makePoll('q1')]] }, signedIn);
    await screen.findByText('Poll q1?');
    const poll = card('Poll q1?');
    expect(within(poll).getByText(POLLS.totalVotes(3))).toBeTruthy();
    expect(within(poll).getByRole('button', { name: 'Yes 33.33%' })).toBeTruthy();

    await user.click(within(poll).getByRole('button', { name: /^Yes/ }));
    expect(within(poll).getByRole('button', { name: 'Yes 50.00%' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(poll).getByText(POLLS.totalVotes(4))).toBeTruthy();
    await waitFor(() => expect(api.votePoll).toHaveBeenCalledWith('q1-a'));

    await user.click(within(poll).getByRole('button', { name: /^No/ }));
    await waitFor(() => expect(api.votePoll).toHaveBeenLastCalledWith('q1-b'));
    expect(within(poll).getByRole('button', { name: /^Yes/ }).getAttribute('aria-pressed')).toBe('false');
    expect(within(poll).getByRole('button', { name: /^No/ }).getAttribute('aria-pressed')).toBe('true');
    expect(within(poll).getByText(POLLS.totalVotes(4))).toBeTruthy();
    expect(api.votePoll).toHaveBeenCalledTimes(2);
  });

  it("tells visitors 'Login to vote'", async () => {
    const { api, platform, settled, user } = renderFeeds('/', { homePolls: [[makePoll('q1')]] });
    await settled();
    await screen.findByText('Poll q1?');
    await user.click(within(card('Poll q1?')).getByRole('button', { name: /^Yes/ }));
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: POLLS.loginToVote });
    expect(api.votePoll).not.toHaveBeenCalled();
  });

  it('opens the poll page from its question', async () => {
    renderFeeds('/', { homePolls: [[makePoll('q1')]] });
    const link = await screen.findByRole('link', { name: 'Poll q1?' });
    expect(link.getAttribute('href')).toBe('/poll/q1');
  });
});

describe('deleting', () => {
  const mine = makePost('mine', { userId: testUser.userID, createdAt: minutesAgo(1) });
  const theirs = makePost('theirs', { createdAt: minutesAgo(2) });

  it('shows Edit and Delete only on the author’s posts; others’ posts offer Report, Hide and Block', async () => {
    const { user } = renderFeeds('/', { homePosts: [[mine, theirs]] }, signedIn);
    await screen.findByText('Post mine');
    const menuOf = async (title: string) => {
      await user.click(await within(card(title)).findByRole('button', { name: 'Post menu' }));
      const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
      await user.keyboard('{Escape}');
      return items;
    };
    expect(await menuOf('Post mine')).toEqual(['Edit', 'Delete']);
    expect(await menuOf('Post theirs')).toEqual(['Report', 'Hide', 'Block u/brave_fox']);
  });

  it("asks first: 'Cancle' keeps the post, 'Confirm' deletes it and it leaves the list", async () => {
    const { api, platform, user } = renderFeeds('/', { homePosts: [[mine, theirs]] }, signedIn);
    await screen.findByText('Post mine');
    const openDelete = async () => {
      await user.click(await within(card('Post mine')).findByRole('button', { name: 'Post menu' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      return screen.findByRole('dialog');
    };

    let dialog = await openDelete();
    expect(within(dialog).getByText(POSTS.deleteConfirm)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: DIALOG.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus is back on the ⋯ button the dialog was opened from.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(card('Post mine')).getByRole('button', { name: 'Post menu' }),
      ),
    );
    expect(api.deletePost).not.toHaveBeenCalled();

    dialog = await openDelete();
    await user.click(within(dialog).getByRole('button', { name: DIALOG.confirm }));
    await waitFor(() => expect(screen.queryByText('Post mine')).toBeNull());
    expect(api.deletePost).toHaveBeenCalledExactlyOnceWith('mine');
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: POSTS.deleted });
    expect(screen.getByText('Post theirs')).toBeTruthy();
    // In a list the page stays where it is.
    expect(platform.navigate).not.toHaveBeenCalled();
  });

  it("shows the server's message when a post cannot be deleted", async () => {
    const { platform, user } = renderFeeds(
      '/',
      { homePosts: [[mine]] },
      {
        ...signedIn,
        calls: {
          deletePost: async () => {
            throw new ApiError(403, POSTS.notAuthor);
          },
        },
      },
    );
    await user.click(
      await within(await screen.findByRole('article')).findByRole('button', { name: 'Post menu' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: DIALOG.confirm }));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: POSTS.notAuthor }),
    );
    expect(screen.getByText('Post mine')).toBeTruthy();
  });

  it("deletes the owner's poll with 'Poll Deleted!'; others see Share only", async () => {
    const minePoll = makePoll('q1', { userId: testUser.userID });
    const { api, platform, user } = renderFeeds(
      '/',
      { homePolls: [[minePoll, makePoll('q2', { createdAt: minutesAgo(9) })]] },
      signedIn,
    );
    await screen.findByText('Poll q2?');
    await user.click(within(card('Poll q2?')).getByRole('button', { name: 'Poll menu' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Share',
      'Report',
      'Hide',
      'Block u/calm_heron',
    ]);
    await user.keyboard('{Escape}');
    await user.click(within(card('Poll q1?')).getByRole('button', { name: 'Poll menu' }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Share', 'Delete']),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: DIALOG.confirm }));
    await waitFor(() => expect(screen.queryByText('Poll q1?')).toBeNull());
    expect(api.deletePoll).toHaveBeenCalledExactlyOnceWith('q1');
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: POLLS.deleted });
    expect(screen.getByText('Poll q2?')).toBeTruthy();
  });
});

describe('post card', () => {
  it('links the author, the topic and the comments, and opens the post when clicked', async () => {
    const post = makePost('p1', { commentCount: 4, topic: 'sports' });
    const { api, router, user } = renderFeeds('/', { homePosts: [[post]] });
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
    await waitFor(() => expect(api.fetchPost).toHaveBeenCalledWith('p1'));
  });

  it('shows the addresses in a body as safe links that open in a new tab, and nothing else as a link', async () => {
    const body = 'Read https://cp-algorithms.com/graph/dfs.html. Not javascript:alert(1) nor <b>bold</b>';
    const { router, user } = renderFeeds('/', { homePosts: [[makePost('p1', { body })]] });
    await screen.findByText('Post p1');
    const article = card('Post p1');
    const link = within(article).getByRole('link', { name: /^https:\/\/cp-algorithms/ });
    expect(link.getAttribute('href')).toBe('https://cp-algorithms.com/graph/dfs.html');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(link.textContent).toBe('https://cp-algorithms.com/graph/dfs.html (opens in a new tab)');
    // the rest is text, the markup shown as typed
    const paragraph = link.parentElement as HTMLElement;
    expect(paragraph.querySelectorAll('a, b')).toHaveLength(1);
    expect(paragraph.textContent).toContain('Not javascript:alert(1) nor <b>bold</b>');
    // a click on the link is the link's, not the card's
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(router.state.location.pathname).toBe('/');
  });

  it('shares a post or a poll through the device: its path and the share text', async () => {
    const { platform, settled, user } = renderFeeds(
      '/',
      { homePosts: [[makePost('p1')]], homePolls: [[makePoll('q1')]] },
      signedIn,
    );
    await settled();
    platform.notify.mockClear(); // 'Loggin Session Restored'
    await screen.findByText('Post p1');
    await user.click(within(card('Post p1')).getByRole('button', { name: 'Share' }));
    expect(platform.share).toHaveBeenCalledExactlyOnceWith({
      path: '/post/p1',
      text: POSTS.share('brave_fox'),
    });
    await user.click(within(card('Poll q1?')).getByRole('button', { name: 'Poll menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share' }));
    expect(platform.share).toHaveBeenLastCalledWith({ path: '/poll/q1', text: POSTS.share('calm_heron') });
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('shows the end message only once a short page arrived', async () => {
    renderFeeds('/popular', { popular: [[makePost('p1')]] });
    expect(await screen.findByText(LISTS.end)).toBeTruthy();
  });
});
