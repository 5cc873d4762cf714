import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AUTH } from '../../../src/domain/messages.ts';
import { AppActorsProvider } from '../../../src/views/app/actors.tsx';
import { GuestOnly } from '../../../src/views/app/GuestOnly.tsx';
import { createTestSession, testAppActors, testUser } from '../support/shell.tsx';

/** The guard with stand-in pages, so the test does not depend on what the auth screens do. */
function renderGuarded(path: string, session: ReturnType<typeof createTestSession>) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Outlet />,
        children: [
          { index: true, element: <p>home feed</p> },
          {
            element: <GuestOnly />,
            children: [
              { path: 'signin', element: <p>sign-in form</p> },
              { path: 'signup', element: <p>sign-up form</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppActorsProvider actors={testAppActors(session)}>
      <RouterProvider router={router} />
    </AppActorsProvider>,
  );
  return router;
}

describe('guest-only pages', () => {
  it.each(['/signin', '/signup'])('send a signed-in visitor of %s home with a notice', async (path) => {
    let navigateTo: (to: string, replace?: boolean) => void = () => {};
    const session = createTestSession({
      user: testUser,
      navigate: ({ to, replace }) => navigateTo(to, replace),
    });
    const router = renderGuarded(path, session);
    navigateTo = (to, replace) => void router.navigate(to, { replace });
    expect(await screen.findByText('home feed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(session.notify).toHaveBeenCalledWith({ kind: 'blank', text: AUTH.alreadyLoggedIn });
    expect(session.navigations).toHaveBeenCalledWith({ to: '/', replace: true });
  });

  it('show the page to a signed-out visitor', async () => {
    const session = createTestSession();
    const router = renderGuarded('/signin', session);
    expect(await screen.findByText('sign-in form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(session.notify).not.toHaveBeenCalled();
  });

  it('wait for the session restore before showing anything', async () => {
    const session = createTestSession({ restorePending: true });
    renderGuarded('/signin', session);
    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeTruthy();
    expect(screen.queryByText('sign-in form')).toBeNull();
  });

  it('do not bounce a visitor who signs in on the page', async () => {
    const session = createTestSession({ user: null });
    const router = renderGuarded('/signin', session);
    await screen.findByText('sign-in form');
    // An auth flow hands the session its user; the page stays until the flow navigates.
    session.actor.send({ type: 'session.login', email: testUser.email });
    await waitFor(() => expect(session.actor.getSnapshot().hasTag('busy')).toBe(false));
    expect(router.state.location.pathname).toBe('/signin');
    expect(session.notify).not.toHaveBeenCalled();
  });
});
