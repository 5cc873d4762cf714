/**
 * The create modal as the app shows it: its routes on its own actor system (renderApp), signed in or
 * not, with the create calls answering like the server. A test makes one fail with
 * `api.createPost.mockRejectedValueOnce(...)` and holds an image back with `platform.prepareImage`.
 */
import { screen } from '@testing-library/react';
import { POLLS, POSTS } from '../../src/domain/messages.ts';
import { renderApp, testUser } from '../views/support/shell.tsx';
import { testPost } from './createFakes.ts';
import type { FakePlatform } from './fakeSystem.ts';

/** Renders the app at `path` (a /create tab) and waits for the modal once the session has settled. */
export async function renderCreate(path: string, { signedIn = true } = {}) {
  const view = renderApp(path, {
    user: signedIn ? testUser : null,
    calls: {
      createPost: async () => ({ msg: POSTS.posted, post: testPost() }),
      createPoll: async () => ({ msg: POLLS.created, poll: {} }),
      // The room page a post in a room returns to loads its room forever: only the path matters here.
      fetchRoom: () => new Promise(() => {}),
    },
  });
  await view.settled();
  await screen.findByRole('dialog', { name: 'Create' });
  // The session's own notice ('restored') is not the modal's.
  view.platform.notify.mockClear();
  return view;
}

/** The notices shown since the modal opened, in order. */
export const notices = (platform: FakePlatform) => platform.notify.mock.calls.map(([notice]) => notice);

export const byLabel = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
