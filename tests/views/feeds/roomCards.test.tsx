/**
 * Posts and polls of rooms in the feeds (spec §2 Post card, Poll card; §5): the room label, the room
 * post's path, Share hidden for private rooms, and 'First Join The Room' ('First Join Room' for polls)
 * when a viewer who has not joined votes, opens the comments or shares. Outside the room's own page a
 * card trusts the item's `room.joined` flag (the room page's membership: tests/views/rooms).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { POSTS, ROOMS } from '../../../src/domain/messages.ts';
import { makePost, makeRoomPoll, makeRoomPost } from '../../support/feedFakes.ts';
import { testUser } from '../support/shell.tsx';
import { type FeedData, renderFeeds } from './feedServer.ts';

const card = (title: string) => screen.getByRole('article', { name: title });
const firstJoin = { kind: 'error', text: ROOMS.firstJoin };

/** The home feed for a signed-in viewer, once the session's own toast ('Loggin Session Restored') is out of the way. */
async function signedInHome(data: FeedData) {
  const view = renderFeeds('/', data, { user: testUser });
  await view.settled();
  view.platform.notify.mockClear();
  return view;
}

describe('a room post', () => {
  it('shows q/{room} linking the room in place of a topic, and opens /post/{roomId}/{postId}', async () => {
    const post = makeRoomPost('p1', {}, { commentCount: 2 });
    const { api, router, user } = await signedInHome({ homePosts: [[post]] });
    await screen.findByText('Post p1');
    const article = card('Post p1');
    const label = within(article).getByRole('link', { name: /q\/chess_club/ });
    expect(label.getAttribute('href')).toBe('/room/u9/chess_club');
    expect(within(article).queryByRole('link', { name: 'q/dsa' })).toBeNull();
    expect(within(article).getByRole('link', { name: '2 comments' }).getAttribute('href')).toBe(
      '/post/room-1/p1',
    );
    expect(within(article).getByRole('link', { name: 'Post p1' }).getAttribute('href')).toBe(
      '/post/room-1/p1',
    );
    expect(within(article).getByRole('button', { name: 'Share' })).toBeTruthy();
    await user.click(within(article).getByText('Body of p1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/room-1/p1'));
    await waitFor(() => expect(api.fetchPost).toHaveBeenCalledWith('p1'));
  });

  it('encodes the room path', async () => {
    const post = makeRoomPost('p1', { title: 'Café', CreatorId: 'a/b' });
    await signedInHome({ homePosts: [[post]] });
    const label = await screen.findByRole('link', { name: /q\/Café/ });
    expect(label.getAttribute('href')).toBe('/room/a%2Fb/Caf%C3%A9');
  });

  it('hides Share for a private room, members included', async () => {
    const post = makeRoomPost('p1', { privateRoom: true, joined: true });
    await signedInHome({ homePosts: [[post, makePost('p2', { createdAt: post.createdAt })]] });
    await screen.findByText('Post p1');
    expect(within(card('Post p1')).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(card('Post p2')).getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it("tells a viewer who has not joined 'First Join The Room' on vote, open, comments and Share", async () => {
    const { api, platform, router, user } = await signedInHome({
      homePosts: [[makeRoomPost('p1', { joined: false })]],
    });
    await screen.findByText('Post p1');
    const article = card('Post p1');

    await user.click(within(article).getByRole('button', { name: /Upvote/ }));
    expect(platform.notify).toHaveBeenLastCalledWith(firstJoin);
    expect(api.votePost).not.toHaveBeenCalled();
    expect(
      within(article)
        .getByRole('button', { name: /Upvote/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');

    await user.click(within(article).getByText('Body of p1'));
    await user.click(within(article).getByRole('link', { name: '0 comments' }));
    await user.click(within(article).getByRole('link', { name: 'Post p1' }));
    await user.click(within(article).getByRole('button', { name: 'Share' }));
    expect(platform.notify.mock.calls.map(([notice]) => notice)).toEqual(Array(5).fill(firstJoin));
    expect(router.state.location.pathname).toBe('/');
    expect(platform.navigate).not.toHaveBeenCalled();
    expect(api.fetchPost).not.toHaveBeenCalled();
    expect(platform.share).not.toHaveBeenCalled();
  });

  it('lets a member vote and share', async () => {
    const { api, platform, user } = await signedInHome({
      homePosts: [[makeRoomPost('p1', { joined: true })]],
    });
    await screen.findByText('Post p1');
    await user.click(within(card('Post p1')).getByRole('button', { name: /Upvote/ }));
    await waitFor(() => expect(api.votePost).toHaveBeenCalledWith({ postId: 'p1', commentId: null, val: 1 }));
    await user.click(within(card('Post p1')).getByRole('button', { name: 'Share' }));
    expect(platform.share).toHaveBeenCalledWith({ path: '/post/room-1/p1', text: POSTS.share('brave_fox') });
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('asks a visitor to sign in before anything about the room', async () => {
    const { api, platform, settled, user } = renderFeeds('/', {
      homePosts: [[makeRoomPost('p1', { joined: false })]],
    });
    await settled();
    await screen.findByText('Post p1');
    await user.click(within(card('Post p1')).getByRole('button', { name: /Downvote/ }));
    expect(platform.notify.mock.calls.map(([notice]) => notice)).toEqual([
      { kind: 'error', text: POSTS.signInFirst },
    ]);
    expect(api.votePost).not.toHaveBeenCalled();
  });
});

describe('a room poll', () => {
  it("shows the room label; a viewer who has not joined gets 'First Join Room' on vote and Share", async () => {
    const { api, platform, user } = await signedInHome({
      homePolls: [[makeRoomPoll('q1', { joined: false })]],
    });
    await screen.findByText('Poll q1?');
    const poll = card('Poll q1?');
    expect(
      within(poll)
        .getByRole('link', { name: /q\/chess_club/ })
        .getAttribute('href'),
    ).toBe('/room/u9/chess_club');
    await user.click(within(poll).getByRole('button', { name: /^Yes/ }));
    expect(api.votePoll).not.toHaveBeenCalled();
    await user.click(within(poll).getByRole('button', { name: 'Poll menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share' }));
    expect(platform.notify.mock.calls.map(([notice]) => notice)).toEqual([
      { kind: 'error', text: ROOMS.firstJoinPoll },
      { kind: 'error', text: ROOMS.firstJoinPoll },
    ]);
    expect(platform.share).not.toHaveBeenCalled();
  });

  it('lets a member vote, and has no Share for a private room', async () => {
    const { api, platform, user } = await signedInHome({
      homePolls: [[makeRoomPoll('q1', { privateRoom: true })]],
    });
    await screen.findByText('Poll q1?');
    const poll = card('Poll q1?');
    await user.click(within(poll).getByRole('button', { name: /^Yes/ }));
    await waitFor(() => expect(api.votePoll).toHaveBeenCalledWith('q1-a'));
    expect(platform.notify).not.toHaveBeenCalled();
    // A private room's poll has no Share; the menu keeps what a reader may do about it.
    await user.click(within(poll).getByRole('button', { name: 'Poll menu' }));
    await screen.findByRole('menuitem', { name: 'Report' });
    expect(screen.queryByRole('menuitem', { name: 'Share' })).toBeNull();
  });
});
