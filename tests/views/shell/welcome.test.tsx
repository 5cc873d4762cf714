import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestWelcome, renderApp } from '../support/shell.tsx';

describe('welcome overlay', () => {
  it('greets a first-time visitor and is dismissed by the close button', async () => {
    const welcome = createTestWelcome(false);
    const { user } = renderApp('/', { welcome });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Quad!' });
    expect(dialog.textContent).toMatch(/random username/);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(welcome.rememberVisit).toHaveBeenCalledTimes(1);
  });

  it('is dismissed by a click outside it', async () => {
    const welcome = createTestWelcome(false);
    const { user } = renderApp('/', { welcome });
    await screen.findByRole('dialog');
    await user.click(screen.getByTestId('modal-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(welcome.rememberVisit).toHaveBeenCalledTimes(1);
  });

  it('is dismissed by Escape', async () => {
    const welcome = createTestWelcome(false);
    const { user } = renderApp('/', { welcome });
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays hidden for a returning visitor', async () => {
    renderApp('/', { welcome: createTestWelcome(true) });
    await screen.findByRole('banner');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
