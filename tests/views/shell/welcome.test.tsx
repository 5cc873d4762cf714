import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakePlatform } from '../../support/fakeSystem.ts';
import { renderApp } from '../support/shell.tsx';

const firstVisit = () => renderApp('/', { platform: fakePlatform({ firstVisit: true }) });

describe('welcome overlay', () => {
  it('greets a first-time visitor and is dismissed by the close button', async () => {
    const { user, platform } = firstVisit();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Quad!' });
    expect(dialog.textContent).toMatch(/random username/);
    expect(platform.visits.remember).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(platform.visits.remember).toHaveBeenCalledTimes(1);
  });

  it('is dismissed by a click outside it', async () => {
    const { user, platform } = firstVisit();
    await screen.findByRole('dialog');
    await user.click(screen.getByTestId('modal-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(platform.visits.remember).toHaveBeenCalledTimes(1);
  });

  it('is dismissed by Escape', async () => {
    const { user, platform } = firstVisit();
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(platform.visits.remember).toHaveBeenCalledTimes(1);
  });

  it('stays hidden for a returning visitor', async () => {
    const { platform } = renderApp('/', { platform: fakePlatform({ firstVisit: false }) });
    await screen.findByRole('banner');
    expect(platform.visits.seenBefore).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
