import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LISTS, POSTS } from '../../../src/domain/messages.ts';
import { PROFILE, PROFILE_PAGE } from '../../../src/domain/peopleMessages.ts';
import { makePoll, makePost, makeRoomPost, minutesAgo } from '../../support/feedFakes.ts';
import { makeProfile, makeProfileComment } from '../../support/profileFakes.ts';
import { testUser } from '../support/shell.tsx';
import { fakeProfileApi, renderProfilePage } from './profileFakes.tsx';

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
    const api = fakeProfileApi({
      profiles: [fox],
      overview: [
        [
          { kind: 'comment', comment },
          { kind: 'post', post: makePost('p1', { createdAt: minutesAgo(2) }) },
          { kind: 'comment', comment: roomComment },
        ],
      ],
    });
    await renderProfilePage('/u/brave_fox', api);
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
    expect(api.overview).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 10, username: 'brave_fox' });
    expect(within(overview).getByText(LISTS.end)).toBeTruthy();
  });

  it('opens the commented post from a comment row', async () => {
    const comment = makeProfileComment('c1', {
      post: { id: 'p9', title: 'Graph resources?', subCommunity: null },
    });
    const api = fakeProfileApi({ profiles: [fox], overview: [[{ kind: 'comment', comment }]] });
    const { user, router } = await renderProfilePage('/u/brave_fox/overview', api);
    await user.click(await screen.findByText(comment.body));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/p9'));
  });

  it('says when the user has neither posts nor comments', async () => {
    const api = fakeProfileApi({ profiles: [fox] });
    await renderProfilePage('/u/brave_fox/overview', api);
    expect(await screen.findByText(PROFILE.emptyOverview)).toBeTruthy();
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
    const api = fakeProfileApi({
      profiles: [fox],
      overview: [
        fullPage('a').map((post) => ({ kind: 'post' as const, post })),
        [{ kind: 'comment', comment: makeProfileComment('c9', { createdAt: minutesAgo(99) }) }],
      ],
    });
    await renderProfilePage('/u/brave_fox/overview', api);
    await screen.findByText('Post a0');
    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    observers.at(-1)?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(await screen.findByText('Comment c9')).toBeTruthy();
    expect(api.overview).toHaveBeenLastCalledWith({ offset: 10, page: 1, limit: 10, username: 'brave_fox' });
    expect(await screen.findByText(LISTS.end)).toBeTruthy();
  });
});

describe('the posts tab', () => {
  it('lists posts by username, and polls by user id behind the Post/Poll toggle', async () => {
    const api = fakeProfileApi({
      profiles: [fox],
      posts: [[makePost('p1')]],
      polls: [[makePoll('q1')]],
    });
    const { user } = await renderProfilePage('/u/brave_fox/posts', api);
    expect(await screen.findByText('Post p1')).toBeTruthy();
    expect(api.posts).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 10, username: 'brave_fox' });
    await user.click(screen.getByRole('button', { name: 'Poll' }));
    expect(await screen.findByText('Poll q1?')).toBeTruthy();
    expect(api.polls).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 10, userId: fox.userID });
  });

  it('says when there are no posts, and no polls', async () => {
    const api = fakeProfileApi({ profiles: [fox] });
    const { user } = await renderProfilePage('/u/brave_fox/posts', api);
    expect(await screen.findByText(PROFILE.emptyPosts)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Poll' }));
    expect(await screen.findByText(LISTS.pollsEmpty)).toBeTruthy();
  });

  it('lowers the post count when the owner deletes a post from the list', async () => {
    const api = fakeProfileApi({
      profiles: [me],
      posts: [[makePost('p1', { userId: testUser.userID }), makePost('p2', { userId: testUser.userID })]],
    });
    const { user, feeds } = await renderProfilePage('/u/quiet_otter/posts', api);
    const card = await screen.findByRole('article', { name: 'Post p1' });
    await user.click(within(card).getByRole('button', { name: 'Post menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(screen.getByText(POSTS.deleteConfirm)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Post p1' })).toBeNull());
    expect(feeds.deleteItem).toHaveBeenCalledWith({ kind: 'post', id: 'p1' });
    const [info] = screen.getAllByRole('region', { name: 'About u/quiet_otter', hidden: true });
    if (!info) throw new Error('no info card');
    expect(within(info).getByText(PROFILE_PAGE.posts).nextElementSibling?.textContent).toBe('1');
  });
});

describe('votes on the owner’s profile', () => {
  it('move the owner’s upvote count as they upvote and take it back', async () => {
    const api = fakeProfileApi({
      profiles: [me],
      overview: [[{ kind: 'post', post: makePost('p1', { userId: testUser.userID }) }]],
    });
    const { user } = await renderProfilePage('/u/quiet_otter/overview', api);
    const card = await screen.findByRole('article', { name: 'Post p1' });
    const upvotes = () => {
      const [info] = screen.getAllByRole('region', { name: 'About u/quiet_otter', hidden: true });
      if (!info) throw new Error('no info card');
      return within(info).getByText(PROFILE_PAGE.upvotes).nextElementSibling?.textContent;
    };
    expect(upvotes()).toBe('1');
    await user.click(within(card).getByRole('button', { name: /^Upvote/ }));
    await waitFor(() => expect(upvotes()).toBe('2'));
    await user.click(within(card).getByRole('button', { name: /^Downvote/ }));
    await waitFor(() => expect(upvotes()).toBe('1'));
  });
});

describe('the upvoted tab', () => {
  it('lists what the owner upvoted, by their user id, in the server’s order', async () => {
    const older = makePost('old', { createdAt: minutesAgo(50) });
    const newer = makePost('new', { createdAt: minutesAgo(1) });
    const api = fakeProfileApi({ profiles: [me], upvoted: [[older, newer]] });
    await renderProfilePage('/u/quiet_otter/upvoted', api);
    const upvoted = await list('u/quiet_otter upvoted');
    await within(upvoted).findByText('Post old');
    expect(
      within(upvoted)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-labelledby')),
    ).toEqual(['post-old-title', 'post-new-title']);
    expect(api.upvoted).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 10, userId: testUser.userID });
  });

  it('says when the owner has upvoted nothing yet', async () => {
    const api = fakeProfileApi({ profiles: [me] });
    await renderProfilePage('/u/quiet_otter/upvoted', api);
    expect(await screen.findByText(PROFILE.emptyUpvotes)).toBeTruthy();
  });

  it('tells others that upvotes are private, and asks the server nothing', async () => {
    const api = fakeProfileApi({ profiles: [fox] });
    await renderProfilePage('/u/brave_fox/upvoted', api, { signedIn: false });
    expect(await screen.findByText(PROFILE.upvotesPrivate)).toBeTruthy();
    expect(tabs().queryByRole('link', { name: PROFILE_PAGE.upvoted })).toBeNull();
    expect(api.upvoted).not.toHaveBeenCalled();
  });
});

describe('the commented tab', () => {
  it('lists the user’s comments by username', async () => {
    const api = fakeProfileApi({
      profiles: [fox],
      comments: [[makeProfileComment('c1'), makeProfileComment('c2')]],
    });
    const { user } = await renderProfilePage('/u/brave_fox/overview', api);
    await screen.findByRole('navigation', { name: PROFILE_PAGE.tabs });
    await user.click(tabs().getByRole('link', { name: PROFILE_PAGE.commented }));
    expect(await screen.findByText('Comment c1')).toBeTruthy();
    expect(screen.getByText('Comment c2')).toBeTruthy();
    expect(api.comments).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 10, username: 'brave_fox' });
    expect(tabs().getByRole('link', { name: PROFILE_PAGE.commented }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('says when the user has made no comments yet', async () => {
    const api = fakeProfileApi({ profiles: [fox] });
    await renderProfilePage('/u/brave_fox/commented', api);
    expect(await screen.findByText(PROFILE.emptyComments)).toBeTruthy();
  });
});

describe('a room post on a profile', () => {
  it('keeps the room’s label and address', async () => {
    const api = fakeProfileApi({ profiles: [fox], posts: [[makeRoomPost('r1')]] });
    await renderProfilePage('/u/brave_fox/posts', api);
    const card = await screen.findByRole('article', { name: 'Post r1' });
    expect(within(card).getByRole('link', { name: 'Post r1' }).getAttribute('href')).toBe('/post/room-1/r1');
    expect(within(card).getByRole('link', { name: 'Room q/chess_club' })).toBeTruthy();
  });
});
