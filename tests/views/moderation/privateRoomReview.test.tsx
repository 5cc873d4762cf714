/**
 * A moderator opening a reported item of a private room they have not joined (docs/moderation.md
 * "Private rooms"): the server answers the item alone (a post without its thread, `room.joined`
 * false; a comment with `review` true); the page says why it is shown, and offers no vote, comment
 * box, Share or way into the thread.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMENTS } from '../../../src/domain/messages.ts';
import { PRIVATE_REVIEW } from '../../../src/domain/roomOwnerMessages.ts';
import { READ_THREAD } from '../../../src/views/pages/CommentPage.tsx';
import { postId, testComment, testPost } from '../../support/createFakes.ts';
import { makeRoomPoll, makeRoomRef } from '../../support/feedFakes.ts';
import { makeUser } from '../../support/users.ts';
import { renderApp } from '../support/shell.tsx';

const moderator = makeUser({ userID: 'mod-1', username: 'fair_judge', moderator: true });
const closedRoom = makeRoomRef({ privateRoom: true, joined: false, CreatorId: 'creator-9' });

describe('a moderator reviewing a reported item of a private room', () => {
  it('reads the post alone, read-only, under a note saying why, with one heading', async () => {
    const post = { ...testPost({ topic: null, room: closedRoom, commentCount: 4 }), comments: [] };
    const view = renderApp(`/post/${closedRoom.id}/${postId}`, {
      user: moderator,
      calls: { fetchPost: async () => post },
    });
    await view.settled();
    const note = await screen.findByRole('complementary', { name: PRIVATE_REVIEW.note });
    expect(note.textContent).toContain(PRIVATE_REVIEW.detail);
    expect(within(note).getByRole('link', { name: PRIVATE_REVIEW.backToQueue }).getAttribute('href')).toBe(
      '/mod',
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([post.title]);
    const card = screen.getByRole('article', { name: post.title });
    expect(within(card).queryByRole('button', { name: /^Upvote/ })).toBeNull();
    expect(within(card).queryByRole('link', { name: /comments$/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: COMMENTS.addComment })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Comments' })).toBeNull();
  });

  it('reads the poll with its results and options that cannot be voted', async () => {
    const poll = makeRoomPoll('q1', { privateRoom: true, joined: false, CreatorId: 'creator-9' });
    const view = renderApp('/poll/q1', {
      user: moderator,
      calls: { fetchPollAccess: async () => true, fetchPoll: async () => poll },
    });
    await view.settled();
    expect(await screen.findByRole('complementary', { name: PRIVATE_REVIEW.note })).toBeTruthy();
    const options = within(screen.getByRole('list', { name: 'Options' })).getAllByRole('button');
    expect(options.length).toBeGreaterThan(1);
    for (const option of options) expect((option as HTMLButtonElement).disabled).toBe(true);
    await view.user.click(options[0] as HTMLElement);
    expect(view.api.votePoll).not.toHaveBeenCalled();
  });

  it('reads the comment alone, read-only, under the note, with no way into its thread', async () => {
    const comment = testComment({
      id: 'c-9',
      body: 'Nobody wants you here',
      user: { username: 'rude_yak', dp: null },
    });
    const view = renderApp('/comment/c-9', {
      user: moderator,
      calls: { fetchComment: async () => ({ comment, review: true }) },
    });
    await view.settled();
    const note = await screen.findByRole('complementary', { name: PRIVATE_REVIEW.note });
    expect(within(note).getByRole('link', { name: PRIVATE_REVIEW.backToQueue }).getAttribute('href')).toBe(
      '/mod',
    );
    const card = screen.getByRole('article', { name: 'Comment by u/rude_yak' });
    expect(card.textContent).toContain('Nobody wants you here');
    expect(within(card).getByRole('link', { name: 'u/rude_yak' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Comment by u/rude_yak',
    ]);
    expect(screen.queryByRole('link', { name: READ_THREAD })).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Comment menu' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Upvote/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('shows no note to a member of the room', async () => {
    const post = { ...testPost({ topic: null, room: { ...closedRoom, joined: true } }), comments: [] };
    const view = renderApp(`/post/${closedRoom.id}/${postId}`, {
      user: moderator,
      calls: { fetchPost: async () => post },
    });
    await view.settled();
    await screen.findByRole('heading', { name: post.title, level: 1 });
    expect(screen.queryByRole('complementary', { name: PRIVATE_REVIEW.note })).toBeNull();
    expect(screen.getByRole('button', { name: COMMENTS.addComment })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Upvote/ })).toBeTruthy();
  });
});
