/**
 * Votes on room posts and polls follow the viewer's membership (spec §5). On the room's own page the
 * cards follow the page's chart (its `member` tag): a card shown before Join votes once the viewer has
 * joined, and refuses again once they leave, whatever `room.joined` the item was fetched with. Elsewhere
 * (the home feed) a room item keeps its own `room.joined`, whatever the room page last visited said.
 * Everything is driven and read through the screen; the server's answers are roomAnswers.ts and
 * feedServer.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Poll, Post } from '../../../src/domain/entities.ts';
import { DIALOG, POLLS, ROOM_PAGE, ROOMS } from '../../../src/domain/messages.ts';
import type { LoadedRoom } from '../../../src/machines/roomPage.machine.ts';
import type { FakePlatform } from '../../support/fakeSystem.ts';
import { makeRoom, makeRoomPoll, makeRoomPost } from '../../support/feedFakes.ts';
import { feedCalls } from '../feeds/feedServer.ts';
import { renderApp, testUser } from '../support/shell.tsx';
import { roomCalls, shown } from './roomAnswers.ts';

const chess = makeRoom('Chess', { CreatorId: 'creator-9', _count: { posts: 1, polls: 1, members: 2 } });
const chessLabel = { id: chess.id, title: 'Chess', CreatorId: 'creator-9' };
const chessPage = '/room/creator-9/Chess';
/** A post and a poll of Chess, as fetched by a viewer who had (or had not) joined it. */
const chessPost = (joined: boolean) => makeRoomPost('p1', { ...chessLabel, joined });
const chessPoll = (joined: boolean) => makeRoomPoll('q1', { ...chessLabel, joined });
/** A post and a poll of another room, Go, for the home feed. */
const goLabel = { id: 'id-Go', title: 'Go', CreatorId: 'creator-7' };
const goPost = (joined: boolean) => makeRoomPost('g1', { ...goLabel, joined });
const goPoll = (joined: boolean) => makeRoomPoll('g2', { ...goLabel, joined });

interface Answers {
  /** What `fetchRoom` says of Chess. */
  room: LoadedRoom;
  /** The room's post and poll lists, one page each time the list is shown. */
  posts?: Post[][];
  polls?: Poll[][];
  /** The home feed's first page. */
  homePosts?: Post[];
  homePolls?: Poll[];
}

/** The app at `path` for the signed-in `testUser`, the rooms and feed calls answering as the server does. */
async function renderSignedIn(path: string, answers: Answers) {
  const polls = [...(answers.polls ?? []).flat(), ...(answers.homePolls ?? [])];
  const view = renderApp(path, {
    user: testUser,
    calls: {
      // votePoll moves the vote on the server's copy of the poll (feedServer.ts); votePost keeps
      // each post's tally (roomAnswers.ts).
      ...feedCalls({ homePosts: [answers.homePosts ?? []], homePolls: [answers.homePolls ?? []], polls }),
      ...roomCalls({ room: answers.room, posts: answers.posts, polls: answers.polls }),
    },
  });
  await view.settled();
  return view;
}

/** The texts of the error toasts so far (the session's and the membership's toasts left out). */
const errors = (platform: FakePlatform) =>
  platform.notify.mock.calls.map(([notice]) => notice).flatMap((n) => (n.kind === 'error' ? [n.text] : []));

const main = () => within(screen.getByRole('main'));
const findPost = (title: string) => screen.findByRole('article', { name: title });
const findPoll = (title: string) => screen.findByRole('article', { name: title });

/** The vote buttons' names, e.g. ['Upvote (1)', 'Downvote (0)'], and which is pressed. */
const voteState = (card: HTMLElement) =>
  within(within(card).getByRole('group', { name: 'Votes' }))
    .getAllByRole('button')
    .map(
      (button) =>
        `${button.getAttribute('aria-label')}${button.getAttribute('aria-pressed') === 'true' ? ' pressed' : ''}`,
    );
const upvote = (card: HTMLElement) => within(card).getByRole('button', { name: /^Upvote/ });
const downvote = (card: HTMLElement) => within(card).getByRole('button', { name: /^Downvote/ });

/** The poll's options as shown, e.g. ['Yes 33.33%', ...], with the viewer's choice marked, and the total. */
const pollState = (card: HTMLElement) => ({
  options: within(within(card).getByRole('list', { name: 'Options' }))
    .getAllByRole('button')
    .map(
      (button) => `${button.textContent}${button.getAttribute('aria-pressed') === 'true' ? ' chosen' : ''}`,
    ),
  total: within(card).getByText(/^Total_votes:/).textContent,
});
const option = (card: HTMLElement, text: string) =>
  within(card).getByRole('button', { name: new RegExp(`^${text} `) });

/** makePoll's options: Yes 1, No 2, Maybe 0 of 3. */
const untouchedPoll = {
  options: ['Yes 33.33%', 'No 66.67%', 'Maybe 0.00%'],
  total: POLLS.totalVotes(3),
};
/** The same poll once the viewer voted Maybe. */
const votedMaybe = {
  options: ['Yes 25.00%', 'No 50.00%', 'Maybe 25.00% chosen'],
  total: POLLS.totalVotes(4),
};

type User = Awaited<ReturnType<typeof renderSignedIn>>['user'];

/** Join with the room page's Join button; the member's Post link shows once the server agreed. */
async function join(user: User) {
  await user.click(screen.getByRole('button', { name: ROOM_PAGE.join }));
  await main().findByRole('link', { name: ROOM_PAGE.post });
}

/** Leave with the room menu's Leave and the confirmation; Join shows again once the server agreed. */
async function leave(user: User) {
  await user.click(screen.getByRole('button', { name: 'Room menu' }));
  await user.click(await screen.findByRole('menuitem', { name: ROOM_PAGE.leave }));
  expect(await screen.findByText(ROOMS.leaveConfirm)).toBeTruthy();
  await user.click(await screen.findByRole('button', { name: DIALOG.confirm }));
  await screen.findByRole('button', { name: ROOM_PAGE.join });
  expect(main().queryByRole('link', { name: ROOM_PAGE.post })).toBeNull();
}

/** Show the room's polls with the Post/Poll toggle. */
async function showPolls(user: User) {
  await user.click(screen.getByRole('tab', { name: 'Poll' }));
  return findPoll('Poll q1?');
}

describe('on the room page of a room the viewer has not joined', () => {
  it('a post vote says First Join The Room, a poll vote First Join Room, and nothing is sent', async () => {
    const { user, api, platform } = await renderSignedIn(chessPage, {
      room: shown.notJoined(chess),
      posts: [[chessPost(false)]],
      polls: [[chessPoll(false)]],
    });
    const post = await findPost('Post p1');
    await user.click(upvote(post));
    await user.click(downvote(post));
    expect(errors(platform)).toEqual([ROOMS.firstJoin, ROOMS.firstJoin]);
    expect(voteState(post)).toEqual(['Upvote (0)', 'Downvote (0)']);

    const poll = await showPolls(user);
    await user.click(option(poll, 'Maybe'));
    await user.click(option(poll, 'Yes'));
    expect(errors(platform)).toEqual([
      ROOMS.firstJoin,
      ROOMS.firstJoin,
      ROOMS.firstJoinPoll,
      ROOMS.firstJoinPoll,
    ]);
    expect(pollState(poll)).toEqual(untouchedPoll);
    expect(api.votePost).not.toHaveBeenCalled();
    expect(api.votePoll).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: ROOM_PAGE.join })).toBeTruthy();
  });
});

describe('on the room page, after joining with Join', () => {
  it('the post card shown before joining votes: votePost is called and the count moves', async () => {
    const { user, api, platform } = await renderSignedIn(chessPage, {
      room: shown.notJoined(chess),
      // fetched before joining: the item itself still says not joined
      posts: [[chessPost(false)]],
    });
    const post = await findPost('Post p1');
    await user.click(upvote(post));
    expect(errors(platform)).toEqual([ROOMS.firstJoin]);

    await join(user);
    expect(api.joinRoom).toHaveBeenCalledExactlyOnceWith('Chess');
    await user.click(upvote(post));
    expect(voteState(post)).toEqual(['Upvote (1) pressed', 'Downvote (0)']);
    await waitFor(() =>
      expect(api.votePost).toHaveBeenCalledExactlyOnceWith({ postId: 'p1', commentId: null, val: 1 }),
    );
    await user.click(downvote(post));
    await waitFor(() =>
      expect(api.votePost).toHaveBeenLastCalledWith({ postId: 'p1', commentId: null, val: -1 }),
    );
    await waitFor(() => expect(voteState(post)).toEqual(['Upvote (0)', 'Downvote (1) pressed']));
    expect(api.votePost).toHaveBeenCalledTimes(2);
    expect(errors(platform)).toEqual([ROOMS.firstJoin]);
  });

  it('the poll card shown before joining votes: votePoll is called with the option and the shares move', async () => {
    const { user, api, platform } = await renderSignedIn(chessPage, {
      room: shown.notJoined(chess),
      polls: [[chessPoll(false)]],
    });
    const poll = await showPolls(user);
    await user.click(option(poll, 'Maybe'));
    expect(errors(platform)).toEqual([ROOMS.firstJoinPoll]);
    expect(pollState(poll)).toEqual(untouchedPoll);

    await join(user);
    await user.click(option(poll, 'Maybe'));
    await waitFor(() => expect(api.votePoll).toHaveBeenCalledExactlyOnceWith('q1-c'));
    await waitFor(() => expect(pollState(poll)).toEqual(votedMaybe));
    expect(errors(platform)).toEqual([ROOMS.firstJoinPoll]);
  });

  it('a poll list first shown after joining votes too, though its items were fetched as not joined', async () => {
    const { user, api, platform } = await renderSignedIn(chessPage, {
      room: shown.notJoined(chess),
      polls: [[chessPoll(false)]],
    });
    await join(user);
    const poll = await showPolls(user);
    await user.click(option(poll, 'Maybe'));
    await waitFor(() => expect(api.votePoll).toHaveBeenCalledExactlyOnceWith('q1-c'));
    await waitFor(() => expect(pollState(poll)).toEqual(votedMaybe));
    expect(errors(platform)).toEqual([]);
  });
});

describe('on the room page, after leaving with the room menu', () => {
  it('the post card refuses again with First Join The Room and sends nothing', async () => {
    const { user, api, platform } = await renderSignedIn(chessPage, {
      room: shown.notJoined(chess),
      posts: [[chessPost(false)]],
    });
    const post = await findPost('Post p1');
    await join(user);
    await user.click(upvote(post));
    await waitFor(() =>
      expect(api.votePost).toHaveBeenCalledExactlyOnceWith({ postId: 'p1', commentId: null, val: 1 }),
    );

    await leave(user);
    expect(api.leaveRoom).toHaveBeenCalledExactlyOnceWith(chess.id);
    await user.click(downvote(post));
    await user.click(upvote(post));
    expect(errors(platform)).toEqual([ROOMS.firstJoin, ROOMS.firstJoin]);
    expect(voteState(post)).toEqual(['Upvote (1) pressed', 'Downvote (0)']);
    expect(api.votePost).toHaveBeenCalledTimes(1);
  });

  it('the poll card refuses again with First Join Room and sends nothing', async () => {
    const { user, api, platform } = await renderSignedIn(chessPage, {
      room: shown.notJoined(chess),
      polls: [[chessPoll(false)]],
    });
    const poll = await showPolls(user);
    await join(user);
    await user.click(option(poll, 'Maybe'));
    await waitFor(() => expect(api.votePoll).toHaveBeenCalledExactlyOnceWith('q1-c'));
    await waitFor(() => expect(pollState(poll)).toEqual(votedMaybe));

    await leave(user);
    await user.click(option(poll, 'Yes'));
    expect(errors(platform)).toEqual([ROOMS.firstJoinPoll]);
    expect(pollState(poll)).toEqual(votedMaybe);
    expect(api.votePoll).toHaveBeenCalledTimes(1);
  });

  it('a member’s items, fetched as joined, are refused once the member leaves', async () => {
    const { user, api, platform } = await renderSignedIn(chessPage, {
      room: shown.joined(chess),
      posts: [[chessPost(true)]],
      polls: [[chessPoll(true)]],
    });
    const post = await findPost('Post p1');
    await user.click(upvote(post));
    await waitFor(() =>
      expect(api.votePost).toHaveBeenCalledExactlyOnceWith({ postId: 'p1', commentId: null, val: 1 }),
    );

    await leave(user);
    await user.click(downvote(post));
    expect(errors(platform)).toEqual([ROOMS.firstJoin]);
    expect(voteState(post)).toEqual(['Upvote (1) pressed', 'Downvote (0)']);

    // The poll list is shown only now, after leaving; its poll still says joined.
    const poll = await showPolls(user);
    await user.click(option(poll, 'Maybe'));
    expect(errors(platform)).toEqual([ROOMS.firstJoin, ROOMS.firstJoinPoll]);
    expect(pollState(poll)).toEqual(untouchedPoll);
    expect(api.votePost).toHaveBeenCalledTimes(1);
    expect(api.votePoll).not.toHaveBeenCalled();
  });
});

describe('a room item elsewhere (the home feed) keeps its own room.joined', () => {
  /** From the room page to the home feed with the top bar's logo. */
  async function goHome(user: User) {
    await user.click(screen.getByRole('link', { name: 'Quad home' }));
    return { post: await findPost('Post g1'), poll: await findPoll('Poll g2?') };
  }

  it('not joined: it refuses, though the viewer just joined the room page they come from', async () => {
    const { user, api, platform, router } = await renderSignedIn(chessPage, {
      room: shown.notJoined(chess),
      homePosts: [goPost(false)],
      homePolls: [goPoll(false)],
    });
    await join(user);
    const { post, poll } = await goHome(user);
    expect(router.state.location.pathname).toBe('/');
    await user.click(upvote(post));
    await user.click(option(poll, 'Maybe'));
    expect(errors(platform)).toEqual([ROOMS.firstJoin, ROOMS.firstJoinPoll]);
    expect(voteState(post)).toEqual(['Upvote (0)', 'Downvote (0)']);
    expect(pollState(poll)).toEqual(untouchedPoll);
    expect(api.votePost).not.toHaveBeenCalled();
    expect(api.votePoll).not.toHaveBeenCalled();
  });

  it('joined: it votes, though the viewer has not joined the room page they come from', async () => {
    const { user, api, platform } = await renderSignedIn(chessPage, {
      room: shown.notJoined(chess),
      posts: [[chessPost(false)]],
      homePosts: [goPost(true)],
      homePolls: [goPoll(true)],
    });
    // On Chess's page the viewer is refused ...
    await user.click(upvote(await findPost('Post p1')));
    expect(errors(platform)).toEqual([ROOMS.firstJoin]);

    // ... but Go's items on the home feed say joined.
    const { post, poll } = await goHome(user);
    await user.click(upvote(post));
    await waitFor(() =>
      expect(api.votePost).toHaveBeenCalledExactlyOnceWith({ postId: 'g1', commentId: null, val: 1 }),
    );
    expect(voteState(post)).toEqual(['Upvote (1) pressed', 'Downvote (0)']);
    await user.click(option(poll, 'Maybe'));
    await waitFor(() => expect(api.votePoll).toHaveBeenCalledExactlyOnceWith('g2-c'));
    await waitFor(() => expect(pollState(poll)).toEqual(votedMaybe));
    expect(errors(platform)).toEqual([ROOMS.firstJoin]);
  });
});
