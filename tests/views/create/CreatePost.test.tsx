import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/domain/constants.ts';
import { IMAGE_ALT_MAX } from '../../../src/domain/images.ts';
import { POLLS, POSTS } from '../../../src/domain/messages.ts';
import { POSTING_NOTICE_ID } from '../../../src/machines/createPost.machine.ts';
import { ApiError } from '../../../src/services/http.ts';
import { FORMATTING } from '../../../src/views/components/markdown/WriteOrPreview.tsx';
import { imageFile, testRoom } from '../../support/createFakes.ts';
import { button, byLabel, notices, renderCreate } from '../../support/createScreens.tsx';

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
const renderPostTab = (options: { signedIn?: boolean } = {}) => renderCreate('/create/post', options);
type View = Awaited<ReturnType<typeof renderPostTab>>;

/** The modal as the room page opens it: router state `{ room }`. */
async function openInRoom(router: View['router'], path = '/create/post') {
  await act(() => router.navigate(path, { state: { room: testRoom } }));
  await screen.findByText('q/chess_club');
}

/** Images wait to be prepared until the test says. */
function holdImages(platform: View['platform']) {
  const preparing = deferred<File>();
  platform.prepareImage.mockImplementation(() => preparing.promise);
  return preparing;
}

async function fillValidPost(user: View['user']) {
  await user.selectOptions(byLabel('Topic'), 'dsa');
  await user.type(byLabel(/^Title/), 'Graphs');
  await user.type(byLabel('Description'), 'BFS or DFS?');
}

describe('the post tab of the create modal', () => {
  it('offers the topics with an empty "Select a Topic" first', async () => {
    await renderPostTab();
    const options = [...(byLabel('Topic') as unknown as HTMLSelectElement).options].map((o) => [
      o.value,
      o.text,
    ]);
    expect(options).toEqual([
      ['', 'Select a Topic'],
      ...['sports', 'dsa', 'iet', 'entertainment', 'lifestyle', 'lucknow'].map((t) => [t, t]),
    ]);
  });

  it('previews the description as it will read, keeps the other fields editable, and posts from the preview', async () => {
    const { user, api } = await renderPostTab();
    await fillValidPost(user);
    await user.type(byLabel('Description'), ' Use `deque`');
    expect(screen.getByText(FORMATTING.hint)).toBeTruthy();
    await user.click(button(FORMATTING.preview));
    const preview = screen.getByRole('region', { name: 'Description preview' });
    expect((await within(preview).findByText('deque')).tagName).toBe('CODE');
    expect(screen.queryByLabelText('Description')).toBeNull();
    await user.type(byLabel(/^Title/), '!');
    await user.click(button(FORMATTING.write));
    expect(byLabel('Description').value).toBe('BFS or DFS? Use `deque`');
    await user.click(button(FORMATTING.preview));
    await user.click(button('Post'));
    await waitFor(() => expect(api.createPost).toHaveBeenCalledTimes(1));
    expect(api.createPost.mock.calls[0]?.[0]).toMatchObject({
      title: 'Graphs!',
      body: 'BFS or DFS? Use `deque`',
    });
  });

  it('counts the title as count/300 and cuts it there', async () => {
    const { user } = await renderPostTab();
    await user.type(byLabel(/^Title/), 'Hello');
    expect(screen.getByText('5/300')).toBeTruthy();
    await user.clear(byLabel(/^Title/));
    await user.click(byLabel(/^Title/));
    await user.paste('x'.repeat(LIMITS.postTitle + 40));
    expect(byLabel(/^Title/).value).toHaveLength(LIMITS.postTitle);
    expect(screen.getByText('300/300')).toBeTruthy();
  });

  it('says the description cannot be empty, keeps Post disabled, and clears it on typing', async () => {
    const { user, api } = await renderPostTab();
    await user.selectOptions(byLabel('Topic'), 'dsa');
    await user.type(byLabel(/^Title/), 'Graphs');
    await user.click(button('Post'));
    expect(screen.getByText(POSTS.descriptionEmpty)).toBeTruthy();
    expect(button('Post').disabled).toBe(true);
    await user.type(byLabel('Description'), 'x');
    expect(screen.queryByText(POSTS.descriptionEmpty)).toBeNull();
    expect(button('Post').disabled).toBe(false);
    expect(api.createPost).not.toHaveBeenCalled();
  });

  it('disables upload and Post while the image is prepared, then previews it', async () => {
    const { user, platform } = await renderPostTab();
    const preparing = holdImages(platform);
    await fillValidPost(user);
    const picked = imageFile('cat.png');
    await user.upload(byLabel('Upload image'), picked);
    expect(platform.prepareImage).toHaveBeenCalledExactlyOnceWith(picked);
    expect(button('Post').disabled).toBe(true);
    expect(byLabel('Preparing image…').disabled).toBe(true);
    preparing.resolve(imageFile('cat-small.png'));
    await waitFor(() => expect(button('Post').disabled).toBe(false));
    expect(screen.getByRole('img', { name: 'Preview of cat-small.png' })).toBeTruthy();
    expect(byLabel('Change image').disabled).toBe(false);
  });

  it('only logs a failed image preparation and stays without an image', async () => {
    const { user, platform } = await renderPostTab();
    const preparing = holdImages(platform);
    await user.upload(byLabel('Upload image'), imageFile('cat.png'));
    preparing.reject(new Error('canvas'));
    await waitFor(() => expect(platform.log).toHaveBeenCalledTimes(1));
    expect(platform.notify).not.toHaveBeenCalled();
    expect(byLabel('Upload image').disabled).toBe(false);
    expect(screen.queryByRole('img', { name: /^Preview of/ })).toBeNull();
  });

  it('posts behind a loading toast, says Successfully Posted!, clears the form and goes home', async () => {
    const { user, api, platform } = await renderPostTab();
    // Hold the navigation so the modal stays to be looked at after posting.
    platform.navigate.mockImplementation(() => {});
    await fillValidPost(user);
    await user.click(button('Post'));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/' }));
    expect(api.createPost).toHaveBeenCalledExactlyOnceWith({
      title: 'Graphs',
      topic: 'dsa',
      body: 'BFS or DFS?',
      image: null,
      imgAlt: '',
      subCommunity: null,
    });
    expect(notices(platform)).toEqual([
      { kind: 'loading', text: POSTS.posting, id: POSTING_NOTICE_ID },
      { kind: 'success', text: POSTS.posted, id: POSTING_NOTICE_ID },
    ]);
    expect(byLabel(/^Title/).value).toBe('');
  });

  it('sends the prepared image, not the picked one', async () => {
    const { user, api, platform } = await renderPostTab();
    const prepared = imageFile('cat-small.png', 16);
    platform.prepareImage.mockResolvedValueOnce(prepared);
    await fillValidPost(user);
    await user.upload(byLabel('Upload image'), imageFile('cat.png'));
    await screen.findByRole('img', { name: 'Preview of cat-small.png' });
    await user.click(button('Post'));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/' }));
    expect(api.createPost).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ image: prepared }));
  });

  it('asks for a description of the chosen image and sends it with the post; removing the image drops it', async () => {
    const { user, api, platform } = await renderPostTab();
    expect(screen.queryByLabelText(/^Image description/)).toBeNull();
    await fillValidPost(user);
    await user.upload(byLabel('Upload image'), imageFile('cat.png'));
    await user.type(await screen.findByLabelText(/^Image description/), 'A cat asleep on a keyboard');
    expect(screen.getByText(`26/${IMAGE_ALT_MAX}`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByLabelText(/^Image description/)).toBeNull();
    await user.upload(byLabel('Upload image'), imageFile('dog.png'));
    expect((await screen.findByLabelText<HTMLInputElement>(/^Image description/)).value).toBe('');
    await user.type(byLabel(/^Image description/), '  A dog in the snow ');
    await user.click(button('Post'));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/' }));
    expect(api.createPost).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ imgAlt: 'A dog in the snow', image: expect.any(File) }),
    );
  });

  it('replaces the loading toast by the server message, or Fails To Post', async () => {
    const { user, api, platform } = await renderPostTab();
    api.createPost.mockRejectedValueOnce(new ApiError(413, POSTS.imageTooLarge));
    await fillValidPost(user);
    await user.click(button('Post'));
    await waitFor(() => expect(notices(platform)).toHaveLength(2));
    expect(notices(platform)[1]).toEqual({ kind: 'error', text: POSTS.imageTooLarge, id: POSTING_NOTICE_ID });
    api.createPost.mockRejectedValueOnce(new Error(''));
    await user.click(button('Post'));
    await waitFor(() => expect(notices(platform)).toHaveLength(4));
    expect(notices(platform)[3]).toEqual({ kind: 'error', text: POSTS.postFailed, id: POSTING_NOTICE_ID });
    expect(platform.navigate).not.toHaveBeenCalled();
    expect(byLabel(/^Title/).value).toBe('Graphs');
  });

  it('closes back home with the close button or Escape', async () => {
    const { user, router } = await renderPostTab();
    await user.click(button('Close'));
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create' })).toBeNull());
    await act(() => router.navigate('/create/post'));
    await screen.findByRole('dialog', { name: 'Create' });
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/');
  });

  it('has the post and poll tabs as links', async () => {
    await renderPostTab();
    const tabs = screen.getByRole('navigation', { name: 'What to create' });
    expect(tabs.querySelector('a[aria-current="page"]')?.textContent).toBe('Post');
    expect(within(tabs).getByRole('link', { name: 'Poll' }).getAttribute('href')).toBe('/create/poll');
  });

  it('asks a visitor to sign in instead of showing the form', async () => {
    await renderPostTab({ signedIn: false });
    const dialog = within(screen.getByRole('dialog', { name: 'Create' }));
    expect(dialog.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(dialog.queryByRole('button', { name: 'Post' })).toBeNull();
  });

  describe('opened from a room', () => {
    it('says where it posts and has no topic selector', async () => {
      const { router } = await renderPostTab();
      await openInRoom(router);
      expect(screen.getByText(/Posting in/).textContent).toBe('Posting in q/chess_club');
      expect(screen.queryByLabelText('Topic')).toBeNull();
    });

    it('posts without a topic to the room and goes back to it with the new-post flag', async () => {
      const { user, api, platform, router } = await renderPostTab();
      await openInRoom(router);
      await user.type(byLabel(/^Title/), 'Opening theory');
      await user.type(byLabel('Description'), 'Sicilian or French?');
      await user.click(button('Post'));
      await waitFor(() => expect(platform.navigate).toHaveBeenCalled());
      expect(api.createPost).toHaveBeenCalledExactlyOnceWith({
        title: 'Opening theory',
        topic: '',
        body: 'Sicilian or French?',
        image: null,
        imgAlt: '',
        subCommunity: testRoom.id,
      });
      expect(platform.navigate).toHaveBeenCalledWith({ to: roomPage, state: { newPost: true } });
      expect(router.state.location.pathname).toBe(roomPage);
      expect(router.state.location.state).toEqual({ newPost: true });
    });

    it('closes back to the room', async () => {
      const { user, router } = await renderPostTab();
      await openInRoom(router);
      await user.click(button('Close'));
      expect(router.state.location.pathname).toBe(roomPage);
      await openInRoom(router);
      await user.keyboard('{Escape}');
      expect(router.state.location.pathname).toBe(roomPage);
    });

    it('keeps the room when switching tabs', async () => {
      const { user, router } = await renderPostTab();
      await openInRoom(router);
      await user.click(screen.getByRole('link', { name: 'Poll' }));
      expect(router.state.location.pathname).toBe('/create/poll');
      expect(router.state.location.state).toEqual({ room: testRoom });
      // The poll form, in the same room.
      expect(await screen.findByRole('button', { name: POLLS.createPoll })).toBeTruthy();
      expect(screen.getByText(/Posting in/).textContent).toBe('Posting in q/chess_club');
      expect(screen.queryByLabelText('Topic')).toBeNull();
    });
  });
});
