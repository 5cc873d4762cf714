/**
 * Issue 33 "Sort": the 'Sort by' control above a post's comments and above a topic's posts. The
 * thread loads again in the chosen order (kept for the signed-in student); a list starts again from
 * its first page, and the address carries its order.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../src/domain/entities.ts';
import type { CommentSort } from '../../../src/domain/sorting.ts';
import { postId, testComment, testPost } from '../../support/createFakes.ts';
import { makePost } from '../../support/feedFakes.ts';
import { makeUser } from '../../support/users.ts';
import { renderFeeds } from '../feeds/feedServer.ts';
import { renderApp, testUser } from '../support/shell.tsx';

const older = testComment({ id: 'older', body: 'Older, one up' });
const newer = testComment({ id: 'newer', body: 'Newer, ten up' });
/** The server's thread in each order (only two comments: New and Top agree here). */
const threads: Record<CommentSort, Comment[]> = {
  old: [older, newer],
  best: [newer, older],
  top: [newer, older],
  new: [newer, older],
};

function renderPost(path: string, user = testUser) {
  const view = renderApp(path, {
    user,
    calls: {
      fetchPost: async (_id: string, sort: CommentSort = 'old') => ({
        ...testPost({ commentCount: 2 }),
        comments: threads[sort],
      }),
      setCommentSort: async (sort: CommentSort) => ({
        msg: 'Details Updated',
        user: { ...user, commentSort: sort },
      }),
    },
  });
  return view;
}

const shownBodies = () =>
  screen
    .getAllByRole('article')
    .map((article) => within(article).queryByText(/one up|ten up/)?.textContent)
    .filter(Boolean);

describe("the thread's 'Sort by' control", () => {
  it('starts in the spec order, Old, and loads the thread again in the chosen order, kept for the student', async () => {
    const { api, user } = renderPost(`/post/${postId}`);
    const select = await screen.findByRole('combobox', { name: 'Sort by' });
    expect((select as HTMLSelectElement).value).toBe('old');
    expect(shownBodies()).toEqual(['Older, one up', 'Newer, ten up']);
    expect(api.fetchPost).toHaveBeenCalledExactlyOnceWith(postId);

    await user.selectOptions(select, 'Best');
    await waitFor(() => expect(shownBodies()).toEqual(['Newer, ten up', 'Older, one up']));
    expect(api.fetchPost).toHaveBeenLastCalledWith(postId, 'best');
    expect(api.setCommentSort).toHaveBeenCalledExactlyOnceWith('best');
    expect((select as HTMLSelectElement).value).toBe('best');
  });

  it("opens a post in the student's kept order, and in the address's when it names one", async () => {
    const kept = makeUser({ commentSort: 'top' });
    const first = renderPost(`/post/${postId}`, kept);
    expect(((await screen.findByRole('combobox', { name: 'Sort by' })) as HTMLSelectElement).value).toBe(
      'top',
    );
    expect(first.api.fetchPost).toHaveBeenCalledWith(postId, 'top');
    first.unmount();

    const second = renderPost(`/post/${postId}?sort=new`, kept);
    expect(((await screen.findByRole('combobox', { name: 'Sort by' })) as HTMLSelectElement).value).toBe(
      'new',
    );
    expect(second.api.fetchPost).toHaveBeenCalledWith(postId, 'new');
  });

  it("keeps a visitor's choice for the page only", async () => {
    const { api, user } = renderPost(`/post/${postId}`, null as never);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'New');
    await waitFor(() => expect(api.fetchPost).toHaveBeenLastCalledWith(postId, 'new'));
    expect(api.setCommentSort).not.toHaveBeenCalled();
  });
});

describe("a topic's 'Sort by' control", () => {
  it('asks Top of the week from the first page again and puts it in the address', async () => {
    const { api, user, router } = renderFeeds('/q/dsa', {
      topicPosts: [[makePost('p1')], [makePost('p2')]],
    });
    expect(await screen.findByText('Post p1')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect((select as HTMLSelectElement).value).toBe('new');

    await user.selectOptions(select, 'Top: this week');
    expect(await screen.findByText('Post p2')).toBeTruthy();
    expect(screen.queryByText('Post p1')).toBeNull();
    expect(api.fetchTopicPosts).toHaveBeenLastCalledWith({
      topic: 'dsa',
      page: 0,
      limit: 10,
      sort: { sort: 'top', t: 'week' },
    });
    expect(router.state.location.search).toBe('?sort=top&t=week');
  });

  it('starts in the order the address names', async () => {
    const { api } = renderFeeds('/q/dsa?sort=top&t=day', { topicPosts: [[makePost('p1')]] });
    expect(await screen.findByText('Post p1')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('top-day');
    expect(api.fetchTopicPosts).toHaveBeenCalledExactlyOnceWith({
      topic: 'dsa',
      page: 0,
      limit: 10,
      sort: { sort: 'top', t: 'day' },
    });
  });
});
