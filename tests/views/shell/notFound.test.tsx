import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../../src/domain/messages.ts';
import { renderApp } from '../support/shell.tsx';

describe('unknown paths', () => {
  it.each(['/nope', '/q/cooking', '/u/someone/settings', '/create/story'])(
    '%s shows the 404 screen with a link back home',
    async (path) => {
      const { user, router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: SCREENS.notFoundTitle })).toBeTruthy();
      expect(screen.getByText(SCREENS.notFoundBody)).toBeTruthy();
      await user.click(screen.getByRole('link', { name: SCREENS.backHome }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );
});
