import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { LIMITS } from '../../../src/domain/constants.ts';
import { POSTS } from '../../../src/domain/messages.ts';
import { createPostMachine, POSTING_NOTICE_ID } from '../../../src/machines/createPost.machine.ts';
import { CreatePostTab } from '../../../src/views/pages/CreatePage.tsx';
import {
  apiError,
  effectSpies,
  imageFile,
  noticesOf,
  testPost,
  testRoom,
} from '../../support/createFakes.ts';
import { button, byLabel, renderRoute } from '../../support/createScreens.tsx';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const roomPage = '/room/u9/chess_club';
/** The modal as the room page opens it: router state `{ room }`. */
async function openInRoom(
  router: Awaited<ReturnType<typeof setup>['rendered']>['router'],
  path = '/create/post',
) {
  await router.navigate(path, { state: { room: testRoom } });
  await screen.findByText('q/chess_club');
}

function setup({ signedIn = true } = {}) {
  const effects = effectSpies();
  const compression = deferred<File>();
  const sent: unknown[] = [];
  let answer: () => Promise<unknown> = async () => ({ msg: POSTS.posted, post: testPost() });
  const machine = createPostMachine.provide({
    actors: {
      compressImage: fromPromise(() => compression.promise),
      createPost: fromPromise(async ({ input }) => {
        sent.push(input);
        return answer() as never;
      }),
    },
    actions: effects,
  });
  const rendered = renderRoute('/create/post', '/create/post', <CreatePostTab machine={machine} />, {
    signedIn,
    extra: [
      { path: roomPage, element: <p>Room page</p> },
      { path: '/create/poll', element: <p>Poll tab</p> },
    ],
  });
  return {
    rendered,
    effects,
    compression,
    sent,
    failWith: (error: unknown) => {
      answer = async () => Promise.reject(error);
    },
  };
}

async function fillValidPost(user: Awaited<ReturnType<typeof setup>['rendered']>['user']) {
  await user.selectOptions(byLabel('Topic'), 'dsa');
  await user.type(byLabel(/^Title/), 'Graphs');
  await user.type(byLabel('Description'), 'BFS or DFS?');
}

describe('the post tab of the create modal', () => {
  it('offers the topics with an empty "Select a Topic" first', async () => {
    await setup().rendered;
    const options = [...(byLabel('Topic') as unknown as HTMLSelectElement).options].map((o) => [
      o.value,
      o.text,
    ]);
    expect(options).toEqual([
      ['', 'Select a Topic'],
      ...['sports', 'dsa', 'iet', 'entertainment', 'lifestyle', 'lucknow'].map((t) => [t, t]),
    ]);
  });

  it('counts the title as count/300 and cuts it there', async () => {
    const { user } = await setup().rendered;
    await user.type(byLabel(/^Title/), 'Hello');
    expect(screen.getByText('5/300')).toBeTruthy();
    await user.clear(byLabel(/^Title/));
    await user.click(byLabel(/^Title/));
    await user.paste('x'.repeat(LIMITS.postTitle + 40));
    expect(byLabel(/^Title/).value).toHaveLength(LIMITS.postTitle);
    expect(screen.getByText('300/300')).toBeTruthy();
  });

  it('says the description cannot be empty, keeps Post disabled, and clears it on typing', async () => {
    const { user } = await setup().rendered;
    await user.selectOptions(byLabel('Topic'), 'dsa');
    await user.type(byLabel(/^Title/), 'Graphs');
    await user.click(button('Post'));
    expect(screen.getByText(POSTS.descriptionEmpty)).toBeTruthy();
    expect(button('Post').disabled).toBe(true);
    await user.type(byLabel('Description'), 'x');
    expect(screen.queryByText(POSTS.descriptionEmpty)).toBeNull();
    expect(button('Post').disabled).toBe(false);
  });

  it('disables upload and Post while the image is compressed, then previews it', async () => {
    const { rendered, compression } = setup();
    const { user } = await rendered;
    await fillValidPost(user);
    await user.upload(byLabel('Upload image'), imageFile('cat.png'));
    expect(button('Post').disabled).toBe(true);
    expect(byLabel('Preparing image…').disabled).toBe(true);
    compression.resolve(imageFile('cat-small.png'));
    await waitFor(() => expect(button('Post').disabled).toBe(false));
    expect(screen.getByRole('img', { name: 'Preview of cat-small.png' })).toBeTruthy();
    expect(byLabel('Change image').disabled).toBe(false);
  });

  it('only logs a failed compression and stays without an image', async () => {
    const { rendered, compression, effects } = setup();
    const { user } = await rendered;
    await user.upload(byLabel('Upload image'), imageFile('cat.png'));
    compression.reject(new Error('canvas'));
    await waitFor(() => expect(effects.log).toHaveBeenCalledTimes(1));
    expect(effects.notify).not.toHaveBeenCalled();
    expect(byLabel('Upload image').disabled).toBe(false);
  });

  it('posts behind a loading toast, says Successfully Posted!, clears the form and goes home', async () => {
    const { rendered, effects, sent } = setup();
    const { user } = await rendered;
    await fillValidPost(user);
    await user.click(button('Post'));
    await waitFor(() => expect(effects.navigate).toHaveBeenCalledWith(expect.anything(), { to: '/' }));
    expect(sent).toEqual([
      { title: 'Graphs', topic: 'dsa', body: 'BFS or DFS?', image: null, subCommunity: null },
    ]);
    expect(noticesOf(effects)).toEqual([
      { kind: 'loading', text: POSTS.posting, id: POSTING_NOTICE_ID },
      { kind: 'success', text: POSTS.posted, id: POSTING_NOTICE_ID },
    ]);
    expect(byLabel(/^Title/).value).toBe('');
  });

  it('replaces the loading toast by the server message, or Fails To Post', async () => {
    const { rendered, effects, failWith } = setup();
    const { user } = await rendered;
    failWith(apiError(413, POSTS.imageTooLarge));
    await fillValidPost(user);
    await user.click(button('Post'));
    await waitFor(() => expect(noticesOf(effects)).toHaveLength(2));
    expect(noticesOf(effects)[1]).toEqual({
      kind: 'error',
      text: POSTS.imageTooLarge,
      id: POSTING_NOTICE_ID,
    });
    failWith(new Error(''));
    await user.click(button('Post'));
    await waitFor(() => expect(noticesOf(effects)).toHaveLength(4));
    expect(noticesOf(effects)[3]).toEqual({ kind: 'error', text: POSTS.postFailed, id: POSTING_NOTICE_ID });
    expect(effects.navigate).not.toHaveBeenCalled();
    expect(byLabel(/^Title/).value).toBe('Graphs');
  });

  it('closes back home with the close button or Escape', async () => {
    const { user, router } = await setup().rendered;
    await user.click(button('Close'));
    expect(router.state.location.pathname).toBe('/');
    await router.navigate('/create/post');
    await screen.findByRole('dialog', { name: 'Create' });
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/');
  });

  it('has the post and poll tabs as links', async () => {
    await setup().rendered;
    const tabs = screen.getByRole('navigation', { name: 'What to create' });
    expect(tabs.querySelector('a[aria-current="page"]')?.textContent).toBe('Post');
    expect(screen.getByRole('link', { name: 'Poll' }).getAttribute('href')).toBe('/create/poll');
  });

  it('asks a visitor to sign in instead of showing the form', async () => {
    await setup({ signedIn: false }).rendered;
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
  });

  describe('opened from a room', () => {
    it('says where it posts and has no topic selector', async () => {
      const { router } = await setup().rendered;
      await openInRoom(router);
      expect(screen.getByText(/Posting in/).textContent).toBe('Posting in q/chess_club');
      expect(screen.queryByLabelText('Topic')).toBeNull();
    });

    it('posts without a topic to the room and goes back to it with the new-post flag', async () => {
      const { rendered, effects, sent } = setup();
      const { user, router } = await rendered;
      await openInRoom(router);
      await user.type(byLabel(/^Title/), 'Opening theory');
      await user.type(byLabel('Description'), 'Sicilian or French?');
      await user.click(button('Post'));
      await waitFor(() => expect(effects.navigate).toHaveBeenCalled());
      expect(sent).toEqual([
        {
          title: 'Opening theory',
          topic: '',
          body: 'Sicilian or French?',
          image: null,
          subCommunity: testRoom.id,
        },
      ]);
      expect(effects.navigate).toHaveBeenCalledWith(expect.anything(), {
        to: roomPage,
        state: { newPost: true },
      });
    });

    it('closes back to the room', async () => {
      const { user, router } = await setup().rendered;
      await openInRoom(router);
      await user.click(button('Close'));
      expect(router.state.location.pathname).toBe(roomPage);
      await openInRoom(router);
      await user.keyboard('{Escape}');
      expect(router.state.location.pathname).toBe(roomPage);
    });

    it('keeps the room when switching tabs', async () => {
      const { user, router } = await setup().rendered;
      await openInRoom(router);
      await user.click(screen.getByRole('link', { name: 'Poll' }));
      expect(router.state.location.pathname).toBe('/create/poll');
      expect(router.state.location.state).toEqual({ room: testRoom });
      expect(screen.getByText('Poll tab')).toBeTruthy();
    });
  });
});
