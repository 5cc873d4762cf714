/**
 * Rendering the create modal and the post page the way their view tests need it: on a memory router,
 * with a real session machine (signed in or not) and real charts on fake services.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Tally } from '../../src/domain/entities.ts';
import { postVoteMachine, type VoteCall } from '../../src/machines/postVote.machine.ts';
import { AppActorsProvider } from '../../src/views/app/actors.tsx';
import { FeedMachinesProvider } from '../../src/views/app/feedMachines.tsx';
import { liveFeedMachines } from '../../src/views/app/live/posts.ts';
import { createTestSession, createTestWelcome, testAppActors, testUser } from '../views/support/shell.tsx';

interface Options {
  signedIn?: boolean;
  /** Other routes of the test app, e.g. where a link leads. */
  extra?: { path: string; element: ReactElement }[];
}

/** Fake vote calls for the comment votes (the other charts of the feed are not used here). */
export function fakeFeedMachines() {
  const vote = vi.fn(async (_call: VoteCall): Promise<Tally> => ({ upvotes: 1, downvotes: 0, myVote: 1 }));
  const machines = {
    ...liveFeedMachines,
    postVote: postVoteMachine.provide({
      actors: { vote: fromPromise(({ input }: { input: VoteCall }) => vote(input)) },
    }),
  };
  return { machines, vote };
}

export async function renderRoute(
  path: string,
  pattern: string,
  element: ReactElement,
  options: Options = {},
) {
  const session = createTestSession({ user: options.signedIn === false ? null : testUser });
  await session.settled();
  const welcome = createTestWelcome(true);
  const actors = testAppActors(session, { welcome: welcome.actor });
  const feed = fakeFeedMachines();
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/', element: <p>Home page</p> },
      { path: '/signin', element: <p>Sign in page</p> },
      ...(options.extra ?? []),
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppActorsProvider actors={actors}>
      <FeedMachinesProvider machines={feed.machines}>
        <RouterProvider router={router} />
      </FeedMachinesProvider>
    </AppActorsProvider>,
  );
  return { ...view, user, router, session, feed };
}

export const byLabel = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
