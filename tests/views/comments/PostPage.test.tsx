import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Comment } from '../../../src/domain/entities.ts';
import { COMMENTS, POSTS, ROOMS, SCREENS } from '../../../src/domain/messages.ts';
import type { CreateCommentBody } from '../../../src/domain/postValidation.ts';
import { COMMENT_NOTICE_ID, commentComposerMachine } from '../../../src/machines/commentComposer.machine.ts';
import { commentThreadMachine } from '../../../src/machines/commentThread.machine.ts';
import { type PostWithComments, postDetailMachine } from '../../../src/machines/postDetail.machine.ts';
import { PostPage } from '../../../src/views/pages/PostPage.tsx';
import {
  apiError,
  effectSpies,
  noticesOf,
  postId,
  testComment,
  testPost,
} from '../../support/createFakes.ts';
import { button, renderRoute } from '../../support/createScreens.tsx';
import { makeRoomRef } from '../../support/feedFakes.ts';

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

function setup({
  comments = [top, reply, deep, lone] as Comment[],
  signedIn = true,
  load = async (): Promise<PostWithComments> => ({
    ...testPost({ commentCount: comments.length }),
    comments,
  }),
  path = `/post/${postId}`,
  pattern = '/post/:postId',
}: {
  comments?: Comment[];
  signedIn?: boolean;
  load?: () => Promise<PostWithComments>;
  path?: string;
  pattern?: string;
} = {}) {
  const asked: string[] = [];
  const effects = effectSpies();
  const created: unknown[] = [];
  let createAnswer: (body: CreateCommentBody) => Promise<Comment> = async (body) =>
    testComment({
      id: `new-${created.length}`,
      parentId: body.commentId ?? null,
      body: body.content,
      user: { username: 'quiet_otter', dp: null },
    });
  let deleteAnswer: () => Promise<{ msg: string }> = async () => ({ msg: COMMENTS.deleted });
  const machines = {
    postDetail: postDetailMachine.provide({
      actors: {
        fetchPost: fromPromise(({ input }: { input: { id: string } }) => {
          asked.push(input.id);
          return load();
        }),
      },
    }),
    commentThread: commentThreadMachine.provide({
      actors: { deleteComment: fromPromise(() => deleteAnswer()) },
      actions: effects,
    }),
    commentComposer: commentComposerMachine.provide({
      actors: {
        createComment: fromPromise(async ({ input }) => {
          created.push(input);
          return createAnswer(input);
        }),
      },
      actions: effects,
    }),
  };
  const rendered = renderRoute(path, pattern, <PostPage machines={machines} />, { signedIn });
  return {
    rendered,
    asked,
    effects,
    created,
    failCreate: (error: unknown) => {
      createAnswer = async () => Promise.reject(error);
    },
    failDelete: (error: unknown) => {
      deleteAnswer = async () => Promise.reject(error);
    },
  };
}

const comment = (name: string) => screen.getByRole('article', { name });

describe('the post page and its comment thread', () => {
  it('shows the post and the top-level comments, replies hidden until asked', async () => {
    const { user } = await setup().rendered;
    await screen.findByRole('heading', { name: testPost().title });
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
    const { user, router } = await setup({ signedIn: false }).rendered;
    await screen.findByText('First!');
    expect(within(comment('Comment by u/brave_fox')).queryByRole('group', { name: 'Votes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Comment menu' })).toBeNull();
    await user.click(screen.getByRole('link', { name: COMMENTS.addComment }));
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('expands the comment box on click, collapses on Cancel, and adds a comment with its toasts', async () => {
    const { rendered, effects, created } = setup();
    const { user } = await rendered;
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
    expect(created).toEqual([{ postId, commentId: null, content: 'Hello there' }]);
    expect(noticesOf(effects)).toEqual([
      { kind: 'loading', text: COMMENTS.adding, id: COMMENT_NOTICE_ID },
      { kind: 'success', text: COMMENTS.added, id: COMMENT_NOTICE_ID },
    ]);
    expect(screen.queryByLabelText('Your comment')).toBeNull();
    expect(countOnCard()).toBe(before + 1);
  });

  it('replies under a comment and shows the reply at once', async () => {
    const { rendered, created } = setup();
    const { user } = await rendered;
    const target = await screen.findByRole('article', { name: 'Comment by u/lone_wolf' });
    await user.click(within(target as HTMLElement).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Your reply'), 'Not anymore');
    await user.click(within(target as HTMLElement).getByRole('button', { name: 'Reply', expanded: true }));
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    await user.click(within(target as HTMLElement).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Your reply'), 'Not anymore');
    await user.click(
      within(screen.getByRole('form', { name: 'Reply' })).getByRole('button', { name: 'Reply' }),
    );
    await screen.findByText('Not anymore');
    expect(created).toEqual([{ postId, commentId: 'lone', content: 'Not anymore' }]);
    expect(button('Hide replies')).toBeTruthy();
  });

  it('says Failed to Add Comment, plus Server Issue!! on a 500, and keeps the text', async () => {
    const { rendered, effects, failCreate } = setup();
    const { user } = await rendered;
    failCreate(apiError(500));
    await user.click(await screen.findByRole('button', { name: COMMENTS.addComment }));
    await user.type(screen.getByLabelText('Your comment'), 'Hello');
    await user.click(button('Comment'));
    await waitFor(() => expect(noticesOf(effects)).toHaveLength(3));
    expect(noticesOf(effects).slice(1)).toEqual([
      { kind: 'error', text: COMMENTS.failed, id: COMMENT_NOTICE_ID },
      { kind: 'error', text: COMMENTS.serverIssue },
    ]);
    expect((screen.getByLabelText('Your comment') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('deletes a comment: one with replies stays as [deleted], one without goes; the server msg is the toast', async () => {
    const { rendered, effects, failDelete } = setup();
    const { user } = await rendered;
    await screen.findByText('First!');
    await user.click(within(comment('Comment by u/brave_fox')).getByRole('button', { name: 'Comment menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await screen.findByRole('article', { name: 'Deleted comment' });
    expect(screen.getAllByText(COMMENTS.deletedBody).length).toBeGreaterThan(0);
    expect(screen.queryByText('First!')).toBeNull();
    expect(button('Show replies (1)')).toBeTruthy();

    await user.click(within(comment('Comment by u/lone_wolf')).getByRole('button', { name: 'Comment menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Lonely comment')).toBeNull());
    expect(noticesOf(effects)).toEqual([
      { kind: 'success', text: COMMENTS.deleted },
      { kind: 'success', text: COMMENTS.deleted },
    ]);

    failDelete(apiError(403, 'Only the author can do that'));
    await user.click(button('Show replies (1)'));
    await user.click(within(comment('Comment by u/calm_owl')).getByRole('button', { name: 'Comment menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(noticesOf(effects)).toHaveLength(3));
    expect(noticesOf(effects)[2]).toEqual({ kind: 'error', text: 'Only the author can do that' });
    expect(screen.getByText('A reply')).toBeTruthy();
  });

  it('votes on a comment with the post vote chart and its commentId', async () => {
    const { user, feed } = await setup().rendered;
    const lonely = await screen.findByRole('article', { name: 'Comment by u/lone_wolf' });
    await user.click(within(lonely).getByRole('button', { name: 'Upvote (0)' }));
    await waitFor(() => expect(feed.vote).toHaveBeenCalledWith({ postId, commentId: 'lone', val: 1 }));
    expect(within(lonely).getByRole('button', { name: 'Upvote (1)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('says Post not found for a missing post', async () => {
    await setup({ load: async () => Promise.reject(apiError(404, POSTS.notFound)) }).rendered;
    expect(await screen.findByRole('heading', { name: POSTS.notFound })).toBeTruthy();
  });
});

describe('the post page of a room post', () => {
  const room = makeRoomRef({ id: '5d2e7a10-3b4c-4d5e-8f60-718293a4b5c6' });
  const roomPost = (joined: boolean) => async (): Promise<PostWithComments> => ({
    ...testPost({ topic: null, subCommunity: room.id, room: { ...room, joined }, commentCount: 1 }),
    comments: [lone],
  });

  it('opens at /post/{roomId}/{postId} like /post/{postId}, with the room label', async () => {
    const { rendered, asked } = setup({
      path: `/post/${room.id}/${postId}`,
      pattern: '/post/:roomId/:postId',
      load: roomPost(true),
    });
    await rendered;
    await screen.findByRole('heading', { name: testPost().title });
    expect(asked).toEqual([postId]);
    expect(screen.getByRole('link', { name: /q\/chess_club/ }).getAttribute('href')).toBe(
      '/room/u9/chess_club',
    );
    expect(screen.getByText('Lonely comment')).toBeTruthy();
  });

  it('shows the 403 screen for a post of a private room the reader has not joined', async () => {
    const { rendered } = setup({
      path: `/post/${room.id}/${postId}`,
      pattern: '/post/:roomId/:postId',
      load: async () => Promise.reject(apiError(403, ROOMS.privateRoom)),
    });
    await rendered;
    expect(await screen.findByRole('heading', { name: SCREENS.forbiddenTitle })).toBeTruthy();
    expect(screen.getByText(SCREENS.forbiddenCode)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("tells a reader who has not joined 'First Join The Room' instead of opening a comment box", async () => {
    const { rendered, effects, created } = setup({ load: roomPost(false) });
    const { user, feed } = await rendered;
    await user.click(await screen.findByRole('button', { name: COMMENTS.addComment }));
    expect(screen.queryByLabelText('Your comment')).toBeNull();
    const lonely = comment('Comment by u/lone_wolf');
    await user.click(within(lonely).getByRole('button', { name: 'Reply' }));
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    expect(noticesOf(effects)).toEqual([
      { kind: 'error', text: ROOMS.firstJoin },
      { kind: 'error', text: ROOMS.firstJoin },
    ]);
    await user.click(within(lonely).getByRole('button', { name: 'Upvote (0)' }));
    expect(within(lonely).getByRole('button', { name: 'Upvote (0)' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(feed.vote).not.toHaveBeenCalled();
    expect(created).toEqual([]);
  });

  it('lets a member comment as usual', async () => {
    const { rendered, created } = setup({ load: roomPost(true) });
    const { user } = await rendered;
    await user.click(await screen.findByRole('button', { name: COMMENTS.addComment }));
    await user.type(screen.getByLabelText('Your comment'), 'Count me in');
    await user.click(button('Comment'));
    await screen.findByText('Count me in');
    expect(created).toEqual([{ postId, commentId: null, content: 'Count me in' }]);
  });
});
