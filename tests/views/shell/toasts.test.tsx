import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showNotice } from '../../../src/views/app/effects.ts';
import { ToastArea } from '../../../src/views/app/ToastArea.tsx';
import { dismissToast } from '../../../src/views/app/toasts.ts';

describe('the toast area', () => {
  it('stays empty until the first notice, then shows the notices in order and replaces by id', async () => {
    const { container } = render(<ToastArea />);
    expect(container.innerHTML).toBe('');
    showNotice({ kind: 'loading', text: 'Logging out...', id: 'logout' });
    showNotice({ kind: 'error', text: 'Sign In First' });
    expect(await screen.findByText('Sign In First')).toBeTruthy();
    expect(screen.getByText('Logging out...')).toBeTruthy();

    showNotice({ kind: 'success', text: 'Logged out', id: 'logout' });
    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(screen.queryByText('Logging out...')).toBeNull();

    dismissToast('logout');
    await waitFor(() => expect(screen.queryByText('Logged out')).toBeNull());
  });
});
