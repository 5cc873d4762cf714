import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY } from '../../../src/domain/emptyStates.ts';
import { LISTS, POSTS } from '../../../src/domain/messages.ts';
import { PROFILE, PROFILE_PAGE } from '../../../src/domain/peopleMessages.ts';
import { makePoll, makePost, makeRoomPost, minutesAgo } from '../../support/feedFakes.ts';
import { makeProfile, makeProfileComment } from '../../support/profileFakes.ts';
import { testUser } from '../support/shell.tsx';
import { renderProfile } from './profileAnswers.ts';

const fox = makeProfile('brave_fox');
const me = makeProfile('quiet_otter', {
  userID: testUser.userID,
  _count: { posts: 2, comments: 0, upvotes: 1, polls: 0 },
});

/** A full page of 10 posts, newest first, by the given author. */
const fullPage = (prefix: string, userId = fox.userID) =>
  Array.from({ length: 10 }, (_, n) => makePost(`${prefix}${n}`, { userId, createdAt: minutesAgo(n + 1) }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const tabs = () => within(screen.getByRole('navigation', { name: PROFILE_PAGE.tabs }));
/** A list by its label, e.g. 'u/brave_fox overview'. */
const list = (label: string) => screen.findByRole('region', { name: label });
/** A count on the profile's info card (in the right column, hidden in the narrow test window). */
const countOnCard = (label: string, username = 'quiet_otter') => {
  const [info] = screen.getAllByRole('region', { name: `About u/${username}`, hidden: true });
  if (!info) throw new Error('no info card');
  return within(info).getByText(label).nextElementSibling?.textContent;
};

describe('the overview tab', () => {
  it('merges the user’s posts and comments newest first; a comment links to the post it answers', async () => {
    const comment = makeProfileComment('c1', {
      body: 'Try cp-algorithms.',
      createdAt: minutesAgo(1),
      post: { id: 'p9', title: 'Graph resources?', subCommunity: null },
    });
    const roomComment = makeProfileComment('c2', {
      createdAt: minutesAgo(3),
      post: { id: 'p8', title: 'Room question', subCommunity: 'room-1' },
    });
    const { api } = await renderProfile('/u/brave_fox', {
      profiles: [fox],
      overview: [
        [
          { kind: 'comment', comment },
          { kind: 'post', post: makePost('p1', { createdAt: minutesAgo(2) }) },
          { kind: 'comment', comment: roomComment },
        ],
      ],
    });
    const overview = await list('u/brave_fox overview');
    const items = within(overview).getAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-labelledby'))).toEqual([
      'comment-c1-on',
      'post-p1-title',
      'comment-c2-on',
    ]);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Try cp-algorithms.')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Graph resources?' }).getAttribute('href')).toBe('/post/p9');
    expect(first.getByText(/commented on/).textContent).toContain(
      'u/brave_fox commented on Graph resources?',
    );
    const third = within(items[2] as HTMLElement);
    expect(third.getByRole('link', { name: 'Room question' }).getAttribute('href')).toBe('/post/room-1/p8');
    expect(api.fetchUserOverview).toHaveBeenCalledExactlyOnceWith({
      username: 'brave_fox',
      offset: 0,
      limit: 10,
    });
    expect(within(overview).getByText(LISTS.end)).toBeTruthy();
  });

  it('opens the commented post from a comment row', async () => {
    const comment = makeProfileComment('c1', {
      post: { id: 'p9', title: 'Graph resources?', subCommunity: null },
    });
    const { user, router, api } = await renderProfile(
      '/u/brave_fox/overview',
      { profiles: [fox], overview: [[{ kind: 'comment', comment }]] },
      // the post page opened next loads its post
      { calls: { fetchPost: () => new Promise(() => {}) } },
    );
    await user.click(await screen.findByText(comment.body));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/p9'));
    await waitFor(() => expect(api.fetchPost).toHaveBeenCalledWith('p9'));
  });

  it('says when the user has neither posts nor comments; a visitor is offered nothing to do there', async () => {
    await renderProfile('/u/brave_fox/overview', { profiles: [fox] });
    expect(await screen.findByText(PROFILE.emptyOverview)).toBeTruthy();
    expect(screen.queryByText(EMPTY.ownProfile.overview.text)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create a post' })).toBeNull();
  });

  it('asks for the next 10 when the scroll reaches the sentinel, then ends', async () => {
    const observers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const { api } = await renderProfile('/u/brave_fox/overview', {
      profiles: [fox],
      overview: [
        fullPage('a').map((post) => ({ kind: 'post' as const, post })),
        [{ kind: 'comment', comment: makeProfileComment('c9', { createdAt: minutesAgo(99) }) }],
      ],
    });
    await screen.findByText('Post a0');
    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    observers.at(-1)?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(await screen.findByText('Comment c9')).toBeTruthy();
    expect(api.fetchUserOverview).toHaveBeenCalledTimes(2);
    expect(api.fetchUserOverview).toHaveBeenLastCalledWith({ username: 'brave_fox', offset: 10, limit: 10 });
    expect(await screen.findByText(LISTS.end)).toBeTruthy();
  });
});

describe('the posts tab', () => {
  it('lists posts by username, and polls by user id behind the Post/Poll toggle', async () => {
    const { user, api } = await renderProfile('/u/brave_fox/posts', {
      profiles: [fox],
      posts: [[makePost('p1')]],
      polls: [[makePoll('q1')]],
    });
    expect(await screen.findByText('Post p1')).toBeTruthy();
    expect(api.fetchUserPosts).toHaveBeenCalledExactlyOnceWith({
      username: 'brave_fox',
      offset: 0,
      limit: 10,
    });
    await user.click(screen.getByRole('tab', { name: 'Poll' }));
    expect(await screen.findByText('Poll q1?')).toBeTruthy();
    expect(api.fetchUserPolls).toHaveBeenCalledExactlyOnceWith({ userId: fox.userID, page: 0, limit: 10 });
  });

  it('offers its owner the next step on an empty tab', async () => {
    const me = makeProfile('quiet_otter', { userID: testUser.userID });
    const { user } = await renderProfile('/u/quiet_otter/posts', { profiles: [me] });
    expect(await screen.findByText(PROFILE.emptyPosts)).toBeTruthy();
    expect(screen.getByText(EMPTY.ownProfile.posts.text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a post' }).getAttribute('href')).toBe('/create/post');
    await user.click(screen.getByRole('tab', { name: 'Poll' }));
    expect(await screen.findByText(LISTS.pollsEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a poll' }).getAttribute('href')).toBe('/create/poll');
  });

  it('says when there are no posts, and no polls', async () => {
    const { user } = await renderProfile('/u/brave_fox/posts', { profiles: [fox] });
    expect(await screen.findByText(PROFILE.emptyPosts)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Poll' }));
    expect(await screen.findByText(LISTS.pollsEmpty)).toBeTruthy();
  });

  it('lowers the post count when the owner deletes a post from the list', async () => {
    const { user, api } = await renderProfile('/u/quiet_otter/posts', {
      profiles: [me],
      posts: [[makePost('p1', { userId: testUser.userID }), makePost('p2', { userId: testUser.userID })]],
    });
    const card = await screen.findByRole('article', { name: 'Post p1' });
    expect(countOnCard(PROFILE_PAGE.posts)).toBe('2');
    await user.click(within(card).getByRole('button', { name: 'Post menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText(POSTS.deleteConfirm)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Post p1' })).toBeNull());
    expect(api.deletePost).toHaveBeenCalledExactlyOnceWith('p1');
    expect(screen.getByRole('article', { name: 'Post p2' })).toBeTruthy();
    await waitFor(() => expect(countOnCard(PROFILE_PAGE.posts)).toBe('1'));
  });

  it('lowers the poll count when the owner deletes a poll from the list', async () => {
    const mine = { ...me, _count: { ...me._count, polls: 1 } };
    const { user, api } = await renderProfile('/u/quiet_otter/posts', {
      profiles: [mine],
      polls: [
        [makePoll('q1', { userId: testUser.userID, createdBy: { username: 'quiet_otter', dp: null } })],
      ],
    });
    await screen.findByRole('navigation', { name: PROFILE_PAGE.tabs });
    await user.click(screen.getByRole('tab', { name: 'Poll' }));
    const card = await screen.findByRole('article', { name: 'Poll q1?' });
    expect(countOnCard(PROFILE_PAGE.polls)).toBe('1');
    await user.click(within(card).getByRole('button', { name: 'Poll menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Poll q1?' })).toBeNull());
    expect(api.deletePoll).toHaveBeenCalledExactlyOnceWith('q1');
    await waitFor(() => expect(countOnCard(PROFILE_PAGE.polls)).toBe('0'));
  });
});

describe('votes on the owner’s profile', () => {
  it('move the owner’s upvote count as they upvote and take it back', async () => {
    const { user, api } = await renderProfile('/u/quiet_otter/overview', {
      profiles: [me],
      overview: [[{ kind: 'post', post: makePost('p1', { userId: testUser.userID }) }]],
    });
    const card = await screen.findByRole('article', { name: 'Post p1' });
    expect(countOnCard(PROFILE_PAGE.upvotes)).toBe('1');
    await user.click(within(card).getByRole('button', { name: /^Upvote/ }));
    await waitFor(() => expect(countOnCard(PROFILE_PAGE.upvotes)).toBe('2'));
    expect(api.votePost).toHaveBeenLastCalledWith({ postId: 'p1', commentId: null, val: 1 });
    await user.click(within(card).getByRole('button', { name: /^Downvote/ }));
    await waitFor(() => expect(countOnCard(PROFILE_PAGE.upvotes)).toBe('1'));
    expect(api.votePost).toHaveBeenLastCalledWith({ postId: 'p1', commentId: null, val: -1 });
  });

  it('leave the count alone on someone else’s profile', async () => {
    const { user, api } = await renderProfile('/u/brave_fox/overview', {
      profiles: [fox],
      overview: [[{ kind: 'post', post: makePost('p1', { userId: fox.userID }) }]],
    });
    const card = await screen.findByRole('article', { name: 'Post p1' });
    expect(countOnCard(PROFILE_PAGE.upvotes, 'brave_fox')).toBe('7');
    await user.click(within(card).getByRole('button', { name: /^Upvote/ }));
    await waitFor(() => expect(api.votePost).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(
        within(card)
          .getByRole('button', { name: /^Upvote/ })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(countOnCard(PROFILE_PAGE.upvotes, 'brave_fox')).toBe('7');
  });
});

describe('the upvoted tab', () => {
  it('lists what the owner upvoted, by their user id, in the server’s order', async () => {
    const older = makePost('old', { createdAt: minutesAgo(50) });
    const newer = makePost('new', { createdAt: minutesAgo(1) });
    const { api } = await renderProfile('/u/quiet_otter/upvoted', {
      profiles: [me],
      upvoted: [[older, newer]],
    });
    const upvoted = await list('u/quiet_otter upvoted');
    await within(upvoted).findByText('Post old');
    expect(
      within(upvoted)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-labelledby')),
    ).toEqual(['post-old-title', 'post-new-title']);
    expect(api.fetchUserUpvotes).toHaveBeenCalledExactlyOnceWith({
      userId: testUser.userID,
      page: 0,
      limit: 10,
    });
  });

  it('says when the owner has upvoted nothing yet', async () => {
    await renderProfile('/u/quiet_otter/upvoted', { profiles: [me] });
    expect(await screen.findByText(PROFILE.emptyUpvotes)).toBeTruthy();
  });

  it('tells others that upvotes are private, and asks the server nothing', async () => {
    const { api } = await renderProfile('/u/brave_fox/upvoted', { profiles: [fox] }, { signedIn: false });
    expect(await screen.findByText(PROFILE.upvotesPrivate)).toBeTruthy();
    expect(tabs().queryByRole('link', { name: PROFILE_PAGE.upvoted })).toBeNull();
    expect(api.fetchUserUpvotes).not.toHaveBeenCalled();
  });
});

describe('the commented tab', () => {
  it('lists the user’s comments by username', async () => {
    const { user, api } = await renderProfile('/u/brave_fox/overview', {
      profiles: [fox],
      comments: [[makeProfileComment('c1'), makeProfileComment('c2')]],
    });
    await screen.findByRole('navigation', { name: PROFILE_PAGE.tabs });
    await user.click(tabs().getByRole('link', { name: PROFILE_PAGE.commented }));
    expect(await screen.findByText('Comment c1')).toBeTruthy();
    expect(screen.getByText('Comment c2')).toBeTruthy();
    expect(api.fetchUserComments).toHaveBeenCalledExactlyOnceWith({
      username: 'brave_fox',
      offset: 0,
      limit: 10,
    });
    expect(tabs().getByRole('link', { name: PROFILE_PAGE.commented }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('says when the user has made no comments yet', async () => {
    await renderProfile('/u/brave_fox/commented', { profiles: [fox] });
    expect(await screen.findByText(PROFILE.emptyComments)).toBeTruthy();
  });
});

describe('a room post on a profile', () => {
  it('keeps the room’s label and address', async () => {
    await renderProfile('/u/brave_fox/posts', { profiles: [fox], posts: [[makeRoomPost('r1')]] });
    const card = await screen.findByRole('article', { name: 'Post r1' });
    expect(within(card).getByRole('link', { name: 'Post r1' }).getAttribute('href')).toBe('/post/room-1/r1');
    expect(within(card).getByRole('link', { name: 'Room q/chess_club' })).toBeTruthy();
  });
});
