import { render, screen, waitFor } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCREENS } from '../../../src/domain/messages.ts';
import { AppErrorBoundary } from '../../../src/views/app/AppErrorBoundary.tsx';
import { ScreenFrame } from '../../../src/views/app/ScreenFrame.tsx';
import { ForbiddenPage } from '../../../src/views/pages/ForbiddenPage.tsx';

function Broken(): never {
  throw new Error('kaboom');
}

beforeEach(() => {
  // React and the router report caught render errors on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('failure screens', () => {
  it('shows "Some Technical Error" when rendering fails outside the routes', () => {
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: SCREENS.technicalError })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  /** `screenElement` at / inside the app's screen frame, and a healthy screen at /other. */
  const renderScreen = (screenElement: ReactElement) =>
    render(
      <RouterProvider
        router={createMemoryRouter([
          {
            element: <ScreenFrame />,
            children: [
              { path: '/', element: screenElement },
              { path: '/other', element: <p>other screen</p> },
            ],
          },
        ])}
      />,
    );

  it('shows the router fallback with the message of an error thrown by a screen', async () => {
    renderScreen(<Broken />);
    expect(await screen.findByRole('heading', { name: SCREENS.routerFallback })).toBeTruthy();
    expect(screen.getByText('kaboom')).toBeTruthy();
  });

  it('gives the next screen its chance: moving to another path clears the failure', async () => {
    const router = createMemoryRouter([
      {
        element: <ScreenFrame />,
        children: [
          { path: '/', element: <Broken /> },
          { path: '/other', element: <p>other screen</p> },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: SCREENS.routerFallback })).toBeTruthy();
    await router.navigate('/other');
    expect(await screen.findByText('other screen')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: SCREENS.routerFallback })).toBeNull();
  });

  it('loads the page again once when its code is gone after a deploy, then shows the error', async () => {
    const staleChunk = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/RoomPage-old.js'));
    sessionStorage.clear();
    const StalePage = lazy(staleChunk);
    const first = renderScreen(<StalePage />);
    await waitFor(() => expect(sessionStorage.getItem('quad.reloadedForNewVersion')).toBe('1'));
    expect(screen.queryByRole('heading', { name: SCREENS.routerFallback })).toBeNull();
    first.unmount();
    const StaleAgain = lazy(staleChunk);
    renderScreen(<StaleAgain />);
    expect(await screen.findByRole('heading', { name: SCREENS.routerFallback })).toBeTruthy();
    sessionStorage.clear();
  });

  it('shows the 403 screen for later issues', () => {
    const router = createMemoryRouter([{ path: '/', Component: ForbiddenPage }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: SCREENS.forbiddenTitle })).toBeTruthy();
    expect(screen.getByText(SCREENS.forbiddenCode)).toBeTruthy();
  });
});
