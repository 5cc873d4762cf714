/**
 * A comment on its own page, /comment/{id}: the comment as readers see it with the way to its
 * thread; 'Comment not found', the 403 screen, a removal's words, or a retry when it cannot be shown;
 * a masked comment behind 'View anyway'. (A moderator's review of a private room's comment:
 * tests/views/moderation/privateRoomReview.test.tsx.)
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comment, CommentPage } from '../../../src/domain/entities.ts';
import { COMMENTS, ROOMS, SCREENS } from '../../../src/domain/messages.ts';
import { PRIVATE_REVIEW } from '../../../src/domain/roomOwnerMessages.ts';
import { SAFETY } from '../../../src/domain/safety.ts';
import { ApiError } from '../../../src/services/http.ts';
import { READ_THREAD } from '../../../src/views/pages/CommentPage.tsx';
import { postId, testComment } from '../../support/createFakes.ts';
import { renderApp, testUser } from '../support/shell.tsx';

const comment = testComment({
  id: 'c-1',
  body: 'See https://example.com/notes\nand page 2.',
  user: { username: 'calm_owl', dp: null },
});

async function open(fetchComment: () => Promise<CommentPage>, signedIn = true) {
  const view = renderApp(`/comment/${comment.id}`, {
    user: signedIn ? testUser : null,
    calls: { fetchComment },
  });
  await view.settled();
  return view;
}

const answer =
  (overrides: Partial<Comment> = {}) =>
  async () => ({
    comment: { ...comment, ...overrides },
    review: false,
  });

const refused = (status: number, message: string) => async (): Promise<CommentPage> => {
  throw new ApiError(status, message);
};

describe('a comment on its own page', () => {
  it('shows its author, age and whole text, one heading, and the way to its thread', async () => {
    const { api } = await open(answer());
    const card = await screen.findByRole('article', { name: 'Comment by u/calm_owl' });
    expect(api.fetchComment).toHaveBeenCalledWith(comment.id);
    expect(within(card).getByRole('link', { name: 'u/calm_owl' }).getAttribute('href')).toBe('/u/calm_owl');
    expect(card.textContent).toContain('and page 2.');
    expect(
      within(card).getByRole('link', { name: 'https://example.com/notes (opens in a new tab)' }),
    ).toBeTruthy();
    expect(within(card).getByRole('link', { name: READ_THREAD }).getAttribute('href')).toBe(
      `/post/${postId}`,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Comment by u/calm_owl',
    ]);
    await waitFor(() => expect(document.title).toBe('Comment by u/calm_owl · Quad'));
    // Votes, Reply and the menu are the thread's.
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('complementary', { name: PRIVATE_REVIEW.note })).toBeNull();
  });

  it('opens for visitors too', async () => {
    await open(answer(), false);
    expect(await screen.findByRole('link', { name: READ_THREAD })).toBeTruthy();
  });

  it('waits behind View anyway when masked after reports', async () => {
    const { user } = await open(answer({ masked: true }));
    const hidden = await screen.findByRole('heading', { level: 1, name: SAFETY.hiddenAfterReports });
    expect(hidden).toBeTruthy();
    expect(screen.queryByText(/and page 2\./)).toBeNull();
    await waitFor(() => expect(document.title).toBe(`${SAFETY.hiddenAfterReports} · Quad`));
    await user.click(screen.getByRole('button', { name: SAFETY.viewAnyway }));
    expect(await screen.findByRole('article', { name: 'Comment by u/calm_owl' })).toBeTruthy();
    expect(screen.getByText(/and page 2\./)).toBeTruthy();
  });

  it('shows its author the notice that others see it masked', async () => {
    await open(answer({ maskedForOthers: true }));
    const card = await screen.findByRole('article', { name: 'Comment by u/calm_owl' });
    expect(within(card).getByRole('note').textContent).toBe(SAFETY.authorMasked);
  });

  it("says 'Comment not found' for a missing comment, and for a malformed address", async () => {
    await open(refused(404, COMMENTS.notFound));
    expect(await screen.findByRole('heading', { level: 1, name: COMMENTS.notFound })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('link', { name: SCREENS.backHome }).getAttribute('href')).toBe('/');
  });

  it('shows the 403 screen for a comment of a private room the reader has not joined', async () => {
    await open(refused(403, ROOMS.privateRoom));
    expect(await screen.findByRole('heading', { level: 1, name: SCREENS.forbiddenTitle })).toBeTruthy();
    expect(screen.getByText(SCREENS.forbiddenCode)).toBeTruthy();
  });

  it("shows the removal's words for a removed comment", async () => {
    await open(refused(410, ROOMS.removedByOwner));
    expect(await screen.findByRole('heading', { level: 1, name: ROOMS.removedByOwner })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${ROOMS.removedByOwner} · Quad`));
  });

  it('offers Try again when the load fails, and shows the comment once it comes', async () => {
    let calls = 0;
    const { user, api } = await open(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(0, 'Network Error');
      return { comment, review: false };
    });
    expect(await screen.findByRole('heading', { name: 'Could not load this comment' })).toBeTruthy();
    expect(screen.getByText('Network Error')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Comment by u/calm_owl' })).toBeTruthy();
    expect(api.fetchComment).toHaveBeenCalledTimes(2);
  });
});
