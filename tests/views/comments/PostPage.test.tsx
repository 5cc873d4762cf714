import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../src/domain/entities.ts';
import { AUTH, COMMENTS, DIALOG, POSTS, ROOMS, SCREENS } from '../../../src/domain/messages.ts';
import type { CreateCommentBody } from '../../../src/domain/postValidation.ts';
import { COMMENT_NOTICE_ID } from '../../../src/machines/commentComposer.machine.ts';
import type { PostWithComments } from '../../../src/machines/postDetail.machine.ts';
import { applyVote, type VoteCall } from '../../../src/machines/postVote.machine.ts';
import { ApiError } from '../../../src/services/http.ts';
import { postId, testComment, testPost } from '../../support/createFakes.ts';
import { makeRoomRef } from '../../support/feedFakes.ts';
import { renderApp, testUser } from '../support/shell.tsx';

const top = testComment({ id: 'top', body: 'First!' });
const reply = testComment({
  id: 'reply',
  parentId: 'top',
  body: 'A reply',
  user: { username: 'calm_owl', dp: null },
});
const deep = testComment({
  id: 'deep',
  parentId: 'reply',
  body: 'Deeper still',
  user: { username: 'deep_diver', dp: null },
});
const lone = testComment({ id: 'lone', body: 'Lonely comment', user: { username: 'lone_wolf', dp: null } });

interface Setup {
  comments?: Comment[];
  signedIn?: boolean;
  /** The server's answer to `posts/getapost`. */
  load?: () => Promise<PostWithComments>;
  path?: string;
  /** Whether the session is still valid when the notifications are next asked for. */
  sessionAlive?: () => boolean;
}

/**
 * The post page at `path` on the app's system, the server answering the post, new comments (written
 * by the signed-in quiet_otter), deletions and votes; once the session has settled and its own toast
 * ('Loggin Session Restored') is out of the way.
 */
async function setup({
  comments = [top, reply, deep, lone],
  signedIn = true,
  load = async () => ({ ...testPost({ commentCount: comments.length }), comments }),
  path = `/post/${postId}`,
  sessionAlive = () => true,
}: Setup = {}) {
  let written = 0;
  const view = renderApp(path, {
    user: signedIn ? testUser : null,
    calls: {
      fetchPost: load,
      createComment: async (body: CreateCommentBody) => {
        written += 1;
        return testComment({
          id: `new-${written}`,
          parentId: body.commentId ?? null,
          body: body.content,
          user: { username: testUser.username, dp: null },
        });
      },
      deleteComment: async (_id: string) => ({ msg: COMMENTS.deleted }),
      deletePost: async (_id: string) => ({ msg: 'Post deleted' }),
      votePost: async (call: VoteCall) => applyVote({ upvotes: 0, downvotes: 0, myVote: 0 }, call.val),
      fetchNotifications: async () => {
        if (sessionAlive()) return [];
        throw new ApiError(401, 'Please sign in first.');
      },
    },
  });
  await view.settled();
  view.platform.notify.mockClear();
  const notices = () => view.platform.notify.mock.calls.map(([notice]) => notice);
  const created = () => view.api.createComment.mock.calls.map(([body]) => body);
  return { ...view, notices, created };
}

const comment = (name: string) => screen.getByRole('article', { name });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('the post page and its comment thread', () => {
  it('shows the post and the top-level comments, replies hidden until asked', async () => {
    const { api, user } = await setup();
    await screen.findByRole('heading', { name: testPost().title });
    expect(api.fetchPost).toHaveBeenCalledExactlyOnceWith(postId);
    expect(screen.getByText('First!')).toBeTruthy();
    expect(screen.getByText('Lonely comment')).toBeTruthy();
    expect(screen.queryByText('A reply')).toBeNull();

    await user.click(button('Show replies (1)'));
    const replies = screen.getByRole('list', { name: 'Replies to u/brave_fox' });
    expect(within(replies).getByText('A reply')).toBeTruthy();
    expect(screen.queryByText('Deeper still')).toBeNull();
    await user.click(within(replies).getByRole('button', { name: 'Show replies (1)' }));
    expect(screen.getByRole('list', { name: 'Replies to u/calm_owl' }).textContent).toContain('Deeper still');

    const hides = screen.getAllByRole('button', { name: 'Hide replies' });
    expect(hides).toHaveLength(2);
    await user.click(hides[1] as HTMLElement);
    expect(screen.queryByText('Deeper still')).toBeNull();
    await user.click(button('Hide replies'));
    expect(screen.queryByText('A reply')).toBeNull();
  });

  it('gives visitors an Add a comment link to /signin and no vote, reply or menu controls', async () => {
    const { router, user } = await setup({ signedIn: false });
    await screen.findByText('First!');
    expect(within(comment('Comment by u/brave_fox')).queryByRole('group', { name: 'Votes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Comment menu' })).toBeNull();
    await user.click(screen.getByRole('link', { name: COMMENTS.addComment }));
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('expands the comment box on click, collapses on Cancel, and adds a comment with its toasts', async () => {
    const { user, notices, created } = await setup();
    await user.click(await screen.findByRole('button', { name: COMMENTS.addComment }));
    const countOnCard = () => Number(screen.getByRole('link', { name: /^\d+ comments$/ }).textContent);
    const before = countOnCard();
    await user.type(screen.getByLabelText('Your comment'), 'Hello there');
    await user.click(button('Cancel'));
    expect(screen.queryByLabelText('Your comment')).toBeNull();

    await user.click(button(COMMENTS.addComment));
    expect((screen.getByLabelText('Your comment') as HTMLTextAreaElement).value).toBe('');
    await user.type(screen.getByLabelText('Your comment'), 'Hello there');
    await user.click(button('Comment'));
    await screen.findByText('Hello there');
    expect(created()).toEqual([{ postId, commentId: null, content: 'Hello there' }]);
    expect(notices()).toEqual([
      { kind: 'loading', text: COMMENTS.adding, id: COMMENT_NOTICE_ID },
      { kind: 'success', text: COMMENTS.added, id: COMMENT_NOTICE_ID },
    ]);
    expect(screen.queryByLabelText('Your comment')).toBeNull();
    expect(countOnCard()).toBe(before + 1);
  });

  it('replies under a comment and shows the reply at once', async () => {
    const { user, created } = await setup();
    const target = await screen.findByRole('article', { name: 'Comment by u/lone_wolf' });
    await user.click(within(target).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Your reply'), 'Not anymore');
    await user.click(within(target).getByRole('button', { name: 'Reply', expanded: true }));
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    await user.click(within(target).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Your reply'), 'Not anymore');
    await user.click(
      within(screen.getByRole('form', { name: 'Reply' })).getByRole('button', { name: 'Reply' }),
    );
    await screen.findByText('Not anymore');
    expect(created()).toEqual([{ postId, commentId: 'lone', content: 'Not anymore' }]);
    expect(button('Hide replies')).toBeTruthy();
  });

  it('closes an open reply box when its writer’s session ends', async () => {
    let alive = true;
    const { session, user, notices, created } = await setup({ sessionAlive: () => alive });
    const target = await screen.findByRole('article', { name: 'Comment by u/lone_wolf' });
    await user.click(within(target).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Your reply'), 'Half written');

    alive = false;
    session.send({ type: 'notifications.refresh' });
    await waitFor(() => expect(screen.queryByLabelText('Your reply')).toBeNull());
    expect(notices()).toEqual([{ kind: 'error', text: AUTH.sessionExpired }]);
    expect(screen.getByRole('link', { name: COMMENTS.addComment })).toBeTruthy();
    expect(created()).toEqual([]);
  });

  it('says Failed to Add Comment, plus Server Issue!! on a 500, and keeps the text', async () => {
    const { api, user, notices } = await setup();
    api.createComment.mockRejectedValueOnce(new ApiError(500, 'server says 500'));
    await user.click(await screen.findByRole('button', { name: COMMENTS.addComment }));
    await user.type(screen.getByLabelText('Your comment'), 'Hello');
    await user.click(button('Comment'));
    await waitFor(() => expect(notices()).toHaveLength(3));
    expect(notices()).toEqual([
      { kind: 'loading', text: COMMENTS.adding, id: COMMENT_NOTICE_ID },
      { kind: 'error', text: COMMENTS.failed, id: COMMENT_NOTICE_ID },
      { kind: 'error', text: COMMENTS.serverIssue },
    ]);
    expect((screen.getByLabelText('Your comment') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('deletes a comment: one with replies stays as [deleted], one without goes; the server msg is the toast', async () => {
    const { api, user, notices } = await setup();
    await screen.findByText('First!');
    await user.click(within(comment('Comment by u/brave_fox')).getByRole('button', { name: 'Comment menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await screen.findByRole('article', { name: 'Deleted comment' });
    expect(screen.getAllByText(COMMENTS.deletedBody).length).toBeGreaterThan(0);
    expect(screen.queryByText('First!')).toBeNull();
    expect(button('Show replies (1)')).toBeTruthy();

    await user.click(within(comment('Comment by u/lone_wolf')).getByRole('button', { name: 'Comment menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Lonely comment')).toBeNull());
    expect(notices()).toEqual([
      { kind: 'success', text: COMMENTS.deleted },
      { kind: 'success', text: COMMENTS.deleted },
    ]);
    expect(api.deleteComment.mock.calls).toEqual([['top'], ['lone']]);

    api.deleteComment.mockRejectedValueOnce(new ApiError(403, 'Only the author can do that'));
    await user.click(button('Show replies (1)'));
    await user.click(within(comment('Comment by u/calm_owl')).getByRole('button', { name: 'Comment menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(notices()).toHaveLength(3));
    expect(notices()[2]).toEqual({ kind: 'error', text: 'Only the author can do that' });
    expect(api.deleteComment).toHaveBeenLastCalledWith('reply');
    expect(screen.getByText('A reply')).toBeTruthy();
  });

  it('shows an address in a comment as a link to it, without the full stop after it', async () => {
    const linked = testComment({
      id: 'linked',
      body: 'Editorial: https://codeforces.com/blog/entry/1.',
      user: { username: 'lone_wolf', dp: null },
    });
    await setup({ comments: [linked] });
    const row = await screen.findByRole('article', { name: 'Comment by u/lone_wolf' });
    const link = within(row).getByRole('link', { name: /^https:\/\/codeforces/ });
    expect(link.getAttribute('href')).toBe('https://codeforces.com/blog/entry/1');
    expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(link.parentElement?.textContent).toBe(
      'Editorial: https://codeforces.com/blog/entry/1 (opens in a new tab).',
    );
  });

  it('votes on a comment with the post vote chart and its commentId', async () => {
    const { api, user } = await setup();
    const lonely = await screen.findByRole('article', { name: 'Comment by u/lone_wolf' });
    await user.click(within(lonely).getByRole('button', { name: 'Upvote (0)' }));
    await waitFor(() =>
      expect(api.votePost).toHaveBeenCalledExactlyOnceWith({ postId, commentId: 'lone', val: 1 }),
    );
    expect(within(lonely).getByRole('button', { name: 'Upvote (1)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('says Post not found for a missing post', async () => {
    await setup({
      load: async () => {
        throw new ApiError(404, POSTS.notFound);
      },
    });
    expect(await screen.findByRole('heading', { name: POSTS.notFound })).toBeTruthy();
  });

  it('goes home once its author deletes the post there', async () => {
    const { api, platform, router, user } = await setup();
    await screen.findByRole('heading', { name: testPost().title });
    await user.click(screen.getByRole('button', { name: 'Post menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: DIALOG.confirm }));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/', replace: true }));
    expect(api.deletePost).toHaveBeenCalledExactlyOnceWith(postId);
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: POSTS.deleted });
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('the post page of a room post', () => {
  const room = makeRoomRef({ id: '5d2e7a10-3b4c-4d5e-8f60-718293a4b5c6' });
  const roomPost = (joined: boolean) => async (): Promise<PostWithComments> => ({
    ...testPost({ topic: null, subCommunity: room.id, room: { ...room, joined }, commentCount: 1 }),
    comments: [lone],
  });
  const roomPostPath = `/post/${room.id}/${postId}`;

  it('opens at /post/{roomId}/{postId} like /post/{postId}, with the room label', async () => {
    const { api } = await setup({ path: roomPostPath, load: roomPost(true) });
    await screen.findByRole('heading', { name: testPost().title });
    expect(api.fetchPost).toHaveBeenCalledExactlyOnceWith(postId);
    expect(screen.getByRole('link', { name: /q\/chess_club/ }).getAttribute('href')).toBe(
      '/room/u9/chess_club',
    );
    expect(screen.getByText('Lonely comment')).toBeTruthy();
  });

  it('shows the 403 screen for a post of a private room the reader has not joined', async () => {
    await setup({
      path: roomPostPath,
      load: async () => {
        throw new ApiError(403, ROOMS.privateRoom);
      },
    });
    expect(await screen.findByRole('heading', { name: SCREENS.forbiddenTitle })).toBeTruthy();
    expect(screen.getByText(SCREENS.forbiddenCode)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("tells a reader who has not joined 'First Join The Room' instead of opening a comment box", async () => {
    const { api, user, notices, created } = await setup({ load: roomPost(false) });
    await user.click(await screen.findByRole('button', { name: COMMENTS.addComment }));
    expect(screen.queryByLabelText('Your comment')).toBeNull();
    const lonely = comment('Comment by u/lone_wolf');
    await user.click(within(lonely).getByRole('button', { name: 'Reply' }));
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    expect(notices()).toEqual([
      { kind: 'error', text: ROOMS.firstJoin },
      { kind: 'error', text: ROOMS.firstJoin },
    ]);
    await user.click(within(lonely).getByRole('button', { name: 'Upvote (0)' }));
    expect(within(lonely).getByRole('button', { name: 'Upvote (0)' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(api.votePost).not.toHaveBeenCalled();
    expect(created()).toEqual([]);
  });

  it('lets a member comment as usual', async () => {
    const { user, created } = await setup({ load: roomPost(true) });
    await user.click(await screen.findByRole('button', { name: COMMENTS.addComment }));
    await user.type(screen.getByLabelText('Your comment'), 'Count me in');
    await user.click(button('Comment'));
    await screen.findByText('Count me in');
    expect(created()).toEqual([{ postId, commentId: null, content: 'Count me in' }]);
  });

  it('goes back to its room once its author deletes the post there', async () => {
    const { api, platform, router, user } = await setup({ path: roomPostPath, load: roomPost(true) });
    await screen.findByRole('heading', { name: testPost().title });
    await user.click(screen.getByRole('button', { name: 'Post menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: DIALOG.confirm }));
    await waitFor(() =>
      expect(platform.navigate).toHaveBeenCalledWith({ to: '/room/u9/chess_club', replace: true }),
    );
    expect(api.deletePost).toHaveBeenCalledExactlyOnceWith(postId);
    expect(router.state.location.pathname).toBe('/room/u9/chess_club');
  });
});
