import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH } from '../../../src/domain/messages.ts';
import { renderApp, testUser } from '../support/shell.tsx';

const alreadyLoggedIn = { kind: 'blank', text: AUTH.alreadyLoggedIn } as const;

describe('guest-only pages', () => {
  it.each([
    ['/signin', 'Sign In'],
    ['/signup', 'Sign Up'],
    ['/resetpassword', 'Reset password'],
  ])('send a signed-in visitor of %s home with a notice', async (path, title) => {
    const { router, platform, settled } = renderApp(path, { user: testUser });
    await settled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(platform.notify).toHaveBeenCalledWith(alreadyLoggedIn);
    expect(platform.navigate).toHaveBeenCalledExactlyOnceWith({ to: '/', replace: true });
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: title })).toBeNull());
  });

  it('show the page to a signed-out visitor', async () => {
    const { router, platform } = renderApp('/signin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(platform.notify).not.toHaveBeenCalled();
    expect(platform.navigate).not.toHaveBeenCalled();
  });

  it('wait for the session restore before showing anything', async () => {
    const { session } = renderApp('/signin', { restorePending: true });
    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeTruthy();
    expect(session.getSnapshot().hasTag('settling')).toBe(true);
    expect(screen.queryByRole('heading', { level: 1, name: 'Sign In' })).toBeNull();
    expect(screen.queryByLabelText('Username / Email')).toBeNull();
  });

  it('do not bounce a visitor who signs in on the page', async () => {
    const { router, platform, session, settled } = renderApp('/signin', {
      calls: { loadUser: async () => testUser },
    });
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    // An auth flow hands the session its user; the page stays until the flow navigates.
    act(() => session.send({ type: 'session.login', email: testUser.email }));
    await settled();
    expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(router.state.location.pathname).toBe('/signin');
    expect(platform.notify).not.toHaveBeenCalledWith(alreadyLoggedIn);
    expect(platform.navigate).not.toHaveBeenCalled();
  });
});
