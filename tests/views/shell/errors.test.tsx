import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCREENS } from '../../../src/domain/messages.ts';
import { AppErrorBoundary } from '../../../src/views/app/AppErrorBoundary.tsx';
import { ForbiddenPage } from '../../../src/views/pages/ForbiddenPage.tsx';
import { RouterFallback } from '../../../src/views/pages/RouterFallback.tsx';

function Nothing() {
  return null;
}

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

  it('shows the router fallback with the message of an error thrown by a route', async () => {
    const router = createMemoryRouter([{ path: '/', Component: Broken, errorElement: <RouterFallback /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: SCREENS.routerFallback })).toBeTruthy();
    expect(screen.getByText('kaboom')).toBeTruthy();
  });

  it('loads the page again once when its code is gone after a deploy, then shows the error', async () => {
    const staleChunk = () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/RoomPage-old.js');
    };
    sessionStorage.clear();
    const first = render(
      <RouterProvider
        router={createMemoryRouter([{ path: '/', lazy: staleChunk, errorElement: <RouterFallback /> }])}
      />,
    );
    await waitFor(() => expect(sessionStorage.getItem('quad.reloadedForNewVersion')).toBe('1'));
    expect(screen.queryByRole('heading', { name: SCREENS.routerFallback })).toBeNull();
    first.unmount();
    render(
      <RouterProvider
        router={createMemoryRouter([{ path: '/', lazy: staleChunk, errorElement: <RouterFallback /> }])}
      />,
    );
    expect(await screen.findByRole('heading', { name: SCREENS.routerFallback })).toBeTruthy();
    sessionStorage.clear();
  });

  it('shows the router fallback with the status of an error response', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Response('gone', { status: 410, statusText: 'Gone' });
        },
        Component: Nothing,
        errorElement: <RouterFallback />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: SCREENS.routerFallback })).toBeTruthy();
    expect(screen.getByText('410 Gone')).toBeTruthy();
  });

  it('shows the 403 screen for later issues', () => {
    const router = createMemoryRouter([{ path: '/', Component: ForbiddenPage }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: SCREENS.forbiddenTitle })).toBeTruthy();
    expect(screen.getByText(SCREENS.forbiddenCode)).toBeTruthy();
  });
});
