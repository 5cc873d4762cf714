import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EDITS } from '../../../src/domain/editText.ts';
import { POSTS } from '../../../src/domain/messages.ts';
import { ApiError } from '../../../src/services/http.ts';
import { postId, testComment, testPost } from '../../support/createFakes.ts';
import { renderApp, testUser } from '../support/shell.tsx';

const editedAt = new Date(Date.now() - 60_000).toISOString();
const mine = testComment({
  id: 'mine',
  body: 'My first thougth',
  userId: testUser.userID,
  user: { username: testUser.username, dp: null },
});
const theirs = testComment({ id: 'theirs', body: 'Their words' });

/** The post page of quiet_otter's own post, the server taking edits as sent. */
async function setup(editPost = async (id: string, body: string) => ({ ...testPost(), id, body, editedAt })) {
  const view = renderApp(`/post/${postId}`, {
    user: testUser,
    calls: {
      fetchPost: async () => ({
        ...testPost({ userId: testUser.userID, commentCount: 2 }),
        comments: [mine, theirs],
      }),
      editPost,
      editComment: async (id: string, body: string) => ({ ...mine, id, body, editedAt }),
    },
  });
  await view.settled();
  await screen.findByRole('heading', { name: testPost().title });
  return view;
}

const post = () => screen.getByRole('article', { name: testPost().title });
const comment = (name: string) => screen.getByRole('article', { name });

describe('editing in place', () => {
  it('lets the author change the post’s body with Save, then shows it edited', async () => {
    const { api, platform, user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Post menu' }));
    await user.click(await screen.findByRole('menuitem', { name: EDITS.edit }));
    const box = screen.getByRole('textbox', { name: EDITS.label.post });
    expect((box as HTMLTextAreaElement).value).toBe(testPost().body);
    await user.clear(box);
    await user.paste('Opens at 8, not 9 <img src=x onerror=alert(1)>');
    await user.click(screen.getByRole('button', { name: EDITS.save }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: EDITS.label.post })).toBeNull());
    expect(api.editPost).toHaveBeenCalledExactlyOnceWith(
      postId,
      'Opens at 8, not 9 <img src=x onerror=alert(1)>',
    );
    // what was written stays text: no element comes of it
    expect(within(post()).getByText('Opens at 8, not 9 <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(post().querySelector('img[src="x"]')).toBeNull();
    expect(within(post()).getByText(/^edited/).textContent).toBe('edited 1 minute ago');
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: EDITS.saved });
  });

  it('keeps Save off while the body is empty, says why, and Cancel leaves the body as it was', async () => {
    const { api, user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Post menu' }));
    await user.click(await screen.findByRole('menuitem', { name: EDITS.edit }));
    await user.clear(screen.getByRole('textbox', { name: EDITS.label.post }));
    await user.click(screen.getByRole('button', { name: EDITS.save }));
    expect(screen.getByText(POSTS.descriptionEmpty)).toBeTruthy();
    expect((screen.getByRole('button', { name: EDITS.save }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: EDITS.cancel }));
    expect(within(post()).getByText(testPost().body)).toBeTruthy();
    expect(within(post()).queryByText(/^edited/)).toBeNull();
    expect(api.editPost).not.toHaveBeenCalled();
  });

  it('keeps the box open with the server’s refusal', async () => {
    const { user } = await setup(async () => {
      throw new ApiError(403, POSTS.notAuthor);
    });
    await user.click(screen.getByRole('button', { name: 'Post menu' }));
    await user.click(await screen.findByRole('menuitem', { name: EDITS.edit }));
    await user.type(screen.getByRole('textbox', { name: EDITS.label.post }), ' more');
    await user.click(screen.getByRole('button', { name: EDITS.save }));
    expect(await screen.findByText(POSTS.notAuthor)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: EDITS.label.post })).toBeTruthy();
  });

  it('offers Edit on one’s own comment only, and shows the comment edited', async () => {
    const { api, user } = await setup();
    await user.click(within(comment('Comment by u/brave_fox')).getByRole('button', { name: 'Comment menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: EDITS.edit })).toBeNull();
    await user.keyboard('{Escape}');
    const own = `Comment by u/${testUser.username}`;
    await user.click(within(comment(own)).getByRole('button', { name: 'Comment menu' }));
    await user.click(await screen.findByRole('menuitem', { name: EDITS.edit }));
    const box = screen.getByRole('textbox', { name: EDITS.label.comment });
    await user.clear(box);
    await user.type(box, 'My first thought');
    await user.click(screen.getByRole('button', { name: EDITS.save }));
    await waitFor(() => expect(within(comment(own)).getByText('My first thought')).toBeTruthy());
    expect(api.editComment).toHaveBeenCalledExactlyOnceWith('mine', 'My first thought');
    expect(within(comment(own)).getByText(/^edited/)).toBeTruthy();
  });
});
