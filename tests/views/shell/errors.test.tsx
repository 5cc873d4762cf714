import { act, render, screen, waitFor } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCREENS } from '../../../src/domain/messages.ts';
import { ApiError } from '../../../src/services/http.ts';
import { App } from '../../../src/views/app/App.tsx';
import { ScreenFrame } from '../../../src/views/app/ScreenFrame.tsx';
import { AppShell } from '../../../src/views/layout/AppShell.tsx';
import { fakeApi, fakePlatform, fakeSystem } from '../../support/fakeSystem.ts';
import { renderApp } from '../support/shell.tsx';

function Broken(): never {
  throw new Error('kaboom');
}

/** The app's shell and screen frame as the route table has them, with `screenElement` at / and a healthy screen at /other. */
const shellWith = (screenElement: ReactElement): RouteObject[] => {
  const screens: RouteObject[] = [
    {
      element: <ScreenFrame />,
      children: [
        { index: true, element: screenElement },
        { path: 'other', element: <p>other screen</p> },
      ],
    },
  ];
  return [{ path: '/', element: <AppShell screens={screens} />, children: screens }];
};

beforeEach(() => {
  // React and the router report caught render errors on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('failure screens', () => {
  it('shows "Some Technical Error" when rendering fails outside the routes', () => {
    // The app root on its system, where starting the system itself fails (reading the visit throws).
    const platform = fakePlatform();
    platform.visits.seenBefore.mockImplementation(() => {
      throw new Error('storage is gone');
    });
    const { system } = fakeSystem(fakeApi(), platform);
    render(
      <App system={system} history={createMemoryHistory({ initialEntries: ['/about/'], v5Compat: true })} />,
    );
    expect(screen.getByRole('heading', { name: SCREENS.technicalError })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    // It is that failure the boundary caught.
    expect(console.error).toHaveBeenCalledWith(
      'Render failure',
      expect.objectContaining({ message: 'storage is gone' }),
      expect.anything(),
    );
  });

  it('shows the router fallback with the message of an error thrown by a screen, inside the shell', async () => {
    renderApp('/', { routes: shellWith(<Broken />) });
    expect(await screen.findByRole('heading', { name: SCREENS.routerFallback })).toBeTruthy();
    expect(screen.getByText('kaboom')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('gives the next screen its chance: moving to another path clears the failure', async () => {
    const { router } = renderApp('/', { routes: shellWith(<Broken />) });
    expect(await screen.findByRole('heading', { name: SCREENS.routerFallback })).toBeTruthy();
    await act(() => router.navigate('/other'));
    expect(await screen.findByText('other screen')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: SCREENS.routerFallback })).toBeNull();
  });

  it('loads the page again once when its code is gone after a deploy, then shows the error', async () => {
    const staleChunk = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/RoomPage-old.js'));
    sessionStorage.clear();
    const StalePage = lazy(staleChunk);
    const first = renderApp('/', { routes: shellWith(<StalePage />) });
    await waitFor(() => expect(sessionStorage.getItem('quad.reloadedForNewVersion')).toBe('1'));
    expect(screen.queryByRole('heading', { name: SCREENS.routerFallback })).toBeNull();
    first.unmount();
    const StaleAgain = lazy(staleChunk);
    renderApp('/', { routes: shellWith(<StaleAgain />) });
    expect(await screen.findByRole('heading', { name: SCREENS.routerFallback })).toBeTruthy();
    sessionStorage.clear();
  });

  it('shows the 403 screen for a post the reader may not see', async () => {
    const { api } = renderApp('/post/p1', {
      calls: {
        fetchPost: async () => {
          throw new ApiError(403, 'Join the room first');
        },
      },
    });
    expect(await screen.findByRole('heading', { name: SCREENS.forbiddenTitle })).toBeTruthy();
    expect(screen.getByText(SCREENS.forbiddenCode)).toBeTruthy();
    expect(api.fetchPost).toHaveBeenCalledWith('p1');
  });
});
