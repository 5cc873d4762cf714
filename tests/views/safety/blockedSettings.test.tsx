import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAFETY } from '../../../src/domain/safety.ts';
import { settingsCalls } from '../settings/settingsAnswers.ts';
import { renderApp, testUser } from '../support/shell.tsx';

const blockedSection = () => within(screen.getByRole('region', { name: 'Blocked people' }));

function renderSettingsWith(blocked: { username: string; dp: string | null }[]) {
  return renderApp('/setting', {
    user: testUser,
    calls: {
      ...settingsCalls(testUser),
      fetchBlockedUsers: async () => blocked,
      unblockUser: async () => ({ msg: 'unblocked' }),
    },
  });
}

describe('settings: blocked people', () => {
  it('lists them, and Unblock takes one off the list with a toast', async () => {
    const view = renderSettingsWith([
      { username: 'brave_fox', dp: null },
      { username: 'calm_heron', dp: null },
    ]);
    expect(await screen.findByText('u/brave_fox')).toBeTruthy();
    await view.user.click(blockedSection().getByRole('button', { name: 'Unblock u/brave_fox' }));
    await waitFor(() => expect(screen.queryByText('u/brave_fox')).toBeNull());
    expect(blockedSection().getByText('u/calm_heron')).toBeTruthy();
    expect(view.api.unblockUser).toHaveBeenCalledExactlyOnceWith('brave_fox');
    expect(view.platform.notify).toHaveBeenCalledWith({
      kind: 'success',
      text: SAFETY.unblocked('brave_fox'),
    });
  });

  it('says so when nobody is blocked', async () => {
    renderSettingsWith([]);
    expect(await screen.findByText(SAFETY.noBlockedUsers)).toBeTruthy();
  });
});
