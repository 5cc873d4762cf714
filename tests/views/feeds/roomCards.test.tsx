/**
 * Posts and polls of rooms in the feeds (spec §2 Post card, Poll card; §5): the room label, the room
 * post's path, Share hidden for private rooms, and 'First Join The Room' ('First Join Room' for polls)
 * when a viewer who has not joined votes, opens the comments or shares.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { POLLS, POSTS, ROOMS } from '../../../src/domain/messages.ts';
import { sharePost } from '../../../src/services/share.ts';
import { FeedMachinesProvider } from '../../../src/views/app/feedMachines.tsx';
import { PollCard } from '../../../src/views/components/PollCard.tsx';
import { PostCard } from '../../../src/views/components/PostCard.tsx';
import { RoomMembershipProvider } from '../../../src/views/components/roomMembership.tsx';
import { makePost, makeRoomPoll, makeRoomPost } from '../../support/feedFakes.ts';
import { type FakeFeedApi, fakeFeedApi, fakeFeedMachines } from '../support/feeds.tsx';
import { createTestSession, renderApp, renderFeeds, testUser } from '../support/shell.tsx';

// The post page opened by a click loads its post with the live service: keep it from the network.
vi.mock('../../../src/services/api/posts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/services/api/posts.ts')>()),
  fetchPost: () => new Promise(() => {}),
}));
vi.mock('../../../src/services/share.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/services/share.ts')>()),
  sharePost: vi.fn(async () => {}),
}));

const card = (title: string) => screen.getByRole('article', { name: title });
const signedIn = () => createTestSession({ user: testUser });
const firstJoin = { kind: 'error', text: ROOMS.firstJoin };

describe('a room post', () => {
  it('shows q/{room} linking the room in place of a topic, and opens /post/{roomId}/{postId}', async () => {
    const post = makeRoomPost('p1', {}, { commentCount: 2 });
    const { user, router } = renderFeeds('/', fakeFeedApi({ homePosts: [[post]] }), { session: signedIn() });
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
  });

  it('encodes the room path', async () => {
    const post = makeRoomPost('p1', { title: 'Café', CreatorId: 'a/b' });
    renderFeeds('/', fakeFeedApi({ homePosts: [[post]] }), { session: signedIn() });
    const label = await screen.findByRole('link', { name: /q\/Café/ });
    expect(label.getAttribute('href')).toBe('/room/a%2Fb/Caf%C3%A9');
  });

  it('hides Share for a private room, members included', async () => {
    const post = makeRoomPost('p1', { privateRoom: true, joined: true });
    renderFeeds('/', fakeFeedApi({ homePosts: [[post, makePost('p2', { createdAt: post.createdAt })]] }), {
      session: signedIn(),
    });
    await screen.findByText('Post p1');
    expect(within(card('Post p1')).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(card('Post p2')).getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it("tells a viewer who has not joined 'First Join The Room' on vote, open, comments and Share", async () => {
    const api = fakeFeedApi({ homePosts: [[makeRoomPost('p1', { joined: false })]] });
    const { user, router } = renderFeeds('/', api, { session: signedIn() });
    await screen.findByText('Post p1');
    const article = card('Post p1');

    await user.click(within(article).getByRole('button', { name: /Upvote/ }));
    expect(api.notify).toHaveBeenLastCalledWith(firstJoin);
    expect(api.vote).not.toHaveBeenCalled();
    expect(
      within(article)
        .getByRole('button', { name: /Upvote/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');

    await user.click(within(article).getByText('Body of p1'));
    await user.click(within(article).getByRole('link', { name: '0 comments' }));
    await user.click(within(article).getByRole('link', { name: 'Post p1' }));
    await user.click(within(article).getByRole('button', { name: 'Share' }));
    expect(api.notify).toHaveBeenCalledTimes(5);
    expect(api.notify.mock.calls.every(([notice]) => notice.text === ROOMS.firstJoin)).toBe(true);
    expect(router.state.location.pathname).toBe('/');
    expect(sharePost).not.toHaveBeenCalled();
  });

  it('asks a visitor to sign in before anything about the room', async () => {
    const session = createTestSession();
    const api = fakeFeedApi({ homePosts: [[makeRoomPost('p1', { joined: false })]] });
    const { user } = renderFeeds('/', api, { session });
    await session.settled();
    await screen.findByText('Post p1');
    await user.click(within(card('Post p1')).getByRole('button', { name: /Downvote/ }));
    expect(api.notify.mock.calls.map(([notice]) => notice)).toEqual([
      { kind: 'error', text: POSTS.signInFirst },
    ]);
  });
});

describe('a room poll', () => {
  it("shows the room label; a viewer who has not joined gets 'First Join Room' on vote and Share", async () => {
    const api = fakeFeedApi({ homePolls: [[makeRoomPoll('q1', { joined: false })]] });
    const { user } = renderFeeds('/', api, { session: signedIn() });
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
    await user.click(screen.getByRole('menuitem', { name: 'Share' }));
    expect(api.notify.mock.calls.map(([notice]) => notice)).toEqual([
      { kind: 'error', text: ROOMS.firstJoinPoll },
      { kind: 'error', text: ROOMS.firstJoinPoll },
    ]);
    expect(sharePost).not.toHaveBeenCalled();
  });

  it('lets a member vote, and has no Share for a private room', async () => {
    const api = fakeFeedApi({ homePolls: [[makeRoomPoll('q1', { privateRoom: true })]] });
    const { user } = renderFeeds('/', api, { session: signedIn() });
    await screen.findByText('Poll q1?');
    const poll = card('Poll q1?');
    await user.click(within(poll).getByRole('button', { name: /^Yes/ }));
    await waitFor(() => expect(api.votePoll).toHaveBeenCalledWith('q1-a'));
    expect(api.notify).not.toHaveBeenCalledWith({ kind: 'error', text: POLLS.loginToVote });
    // Share was the only item for a viewer who does not own the poll: no menu at all.
    expect(within(poll).queryByRole('button', { name: 'Poll menu' })).toBeNull();
  });
});

/** The cards inside a room page's membership provider, with a Join/Leave switch standing for the page. */
function renderInRoom(api: FakeFeedApi, startJoined: boolean) {
  function Room() {
    const [joined, setJoined] = useState(startJoined);
    return (
      <RoomMembershipProvider roomId="room-1" joined={joined}>
        <button type="button" onClick={() => setJoined(!joined)}>
          {joined ? 'Leave' : 'Join'}
        </button>
        <PostCard post={makeRoomPost('p1', { joined: !startJoined })} />
        <PollCard poll={makeRoomPoll('q1', { joined: !startJoined })} />
        <PostCard post={makeRoomPost('p2', { id: 'room-2', title: 'other', joined: false })} />
      </RoomMembershipProvider>
    );
  }
  return renderApp('/', {
    session: signedIn(),
    routes: [
      {
        element: (
          <FeedMachinesProvider machines={fakeFeedMachines(api)}>
            <Outlet />
          </FeedMachinesProvider>
        ),
        children: [{ path: '/', element: <Room /> }],
      },
    ],
  });
}

describe('inside a room page', () => {
  it("trusts the page's membership over the items' stale flag, for that room only", async () => {
    const api = fakeFeedApi({ polls: [makeRoomPoll('q1')] });
    const { user } = renderInRoom(api, false);
    await screen.findByText('Post p1');
    await user.click(within(card('Post p1')).getByRole('button', { name: /Upvote/ }));
    expect(api.notify).toHaveBeenLastCalledWith(firstJoin);
    expect(api.vote).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Join' }));
    await user.click(within(card('Post p1')).getByRole('button', { name: /Upvote/ }));
    await waitFor(() => expect(api.vote).toHaveBeenCalledWith({ postId: 'p1', commentId: null, val: 1 }));
    await user.click(within(card('Poll q1?')).getByRole('button', { name: /^No/ }));
    await waitFor(() => expect(api.votePoll).toHaveBeenCalledWith('q1-b'));

    // another room's post keeps its own flag
    await user.click(within(card('Post p2')).getByRole('button', { name: /Upvote/ }));
    expect(api.notify).toHaveBeenLastCalledWith(firstJoin);
    expect(api.vote).toHaveBeenCalledTimes(1);
  });

  it('refuses again once the viewer leaves', async () => {
    const api = fakeFeedApi();
    const { user } = renderInRoom(api, true);
    await screen.findByText('Post p1');
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(within(card('Post p1')).getByRole('button', { name: /Upvote/ }));
    await user.click(within(card('Poll q1?')).getByRole('button', { name: /^No/ }));
    expect(api.notify.mock.calls.map(([notice]) => notice.text)).toEqual([
      ROOMS.firstJoin,
      ROOMS.firstJoinPoll,
    ]);
    expect(api.vote).not.toHaveBeenCalled();
    expect(api.votePoll).not.toHaveBeenCalled();
  });
});
