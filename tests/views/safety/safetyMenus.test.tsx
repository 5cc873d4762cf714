import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DIALOG } from '../../../src/domain/messages.ts';
import { SAFETY } from '../../../src/domain/safety.ts';
import type { Notice } from '../../../src/machines/effects.ts';
import { makePost, minutesAgo } from '../../support/feedFakes.ts';
import { renderFeeds } from '../feeds/feedServer.ts';
import { testUser } from '../support/shell.tsx';

const card = (title: string) => screen.getByRole('article', { name: title });
const signedIn = { user: testUser };
const mine = makePost('mine', { userId: testUser.userID, createdAt: minutesAgo(1) });
const theirs = makePost('theirs', { createdAt: minutesAgo(2) });
const alsoTheirs = makePost('also', { createdAt: minutesAgo(3) });
const someoneElse = makePost('other', {
  userId: 'u9',
  user: { username: 'calm_heron', dp: null },
  createdAt: minutesAgo(4),
});
const crisis = [{ name: 'Campus counselling', phone: '+1 (555) 0100', url: 'https://help.example.edu' }];

type View = ReturnType<typeof renderFeeds>;

async function openMenuItem(view: View, title: string, item: string) {
  await view.user.click(await within(card(title)).findByRole('button', { name: 'Post menu' }));
  await view.user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the ⋯ menu’s safety entries', () => {
  it('are not offered to visitors (reading needs no account, reporting does)', async () => {
    const { settled } = renderFeeds('/', { homePosts: [[theirs]] });
    await screen.findByText('Post theirs');
    await settled();
    expect(within(card('Post theirs')).queryByRole('button', { name: 'Post menu' })).toBeNull();
  });
});

describe('reporting', () => {
  it('needs a reason, asks a note for Other, and sends {kind, id, reason, note}', async () => {
    const view = renderFeeds(
      '/',
      { homePosts: [[mine, theirs]] },
      {
        ...signedIn,
        calls: { sendReport: async () => ({ msg: SAFETY.reportSent }) },
      },
    );
    await screen.findByText('Post theirs');
    await openMenuItem(view, 'Post theirs', 'Report');
    const dialog = await screen.findByRole('dialog', { name: 'Report post' });
    const send = within(dialog).getByRole('button', { name: 'Send report' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const group = within(dialog).getByRole('group', { name: 'Why are you reporting it?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(8);

    await view.user.click(within(group).getByRole('radio', { name: 'Other' }));
    await view.user.click(send);
    expect(within(dialog).getByRole('alert').textContent).toBe(SAFETY.noteRequired);
    expect(view.api.sendReport).not.toHaveBeenCalled();

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Sells exam answers');
    await view.user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.api.sendReport).toHaveBeenCalledExactlyOnceWith({
      kind: 'post',
      id: 'theirs',
      reason: 'other',
      note: 'Sells exam answers',
    });
    expect(view.platform.notify).toHaveBeenCalledWith({ kind: 'success', text: SAFETY.reportSent });
  });

  it('shows the campus crisis resources after a self-harm report, until closed', async () => {
    const view = renderFeeds(
      '/',
      { homePosts: [[theirs]] },
      {
        ...signedIn,
        calls: { sendReport: async () => ({ msg: SAFETY.reportSent, crisis }) },
      },
    );
    await screen.findByText('Post theirs');
    await openMenuItem(view, 'Post theirs', 'Report');
    const dialog = await screen.findByRole('dialog');
    await view.user.click(within(dialog).getByRole('radio', { name: 'Self-harm' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const help = await within(dialog).findByRole('region', { name: SAFETY.crisisTitle });
    expect(within(help).getByText(SAFETY.crisisIntro)).toBeTruthy();
    expect(within(help).getByText('Campus counselling')).toBeTruthy();
    expect(within(help).getByRole('link', { name: '+1 (555) 0100' }).getAttribute('href')).toBe(
      'tel:+15550100',
    );
    expect(within(help).getByRole('link', { name: 'https://help.example.edu' })).toBeTruthy();
    expect(view.api.sendReport).toHaveBeenCalledWith({ kind: 'post', id: 'theirs', reason: 'selfHarm' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog and says the server’s words when the report is refused', async () => {
    const refusal = Object.assign(new Error(SAFETY.writeLimited(12)), { status: 425 });
    const view = renderFeeds(
      '/',
      { homePosts: [[theirs]] },
      {
        ...signedIn,
        calls: {
          sendReport: async () => {
            throw refusal;
          },
        },
      },
    );
    await screen.findByText('Post theirs');
    await openMenuItem(view, 'Post theirs', 'Report');
    const dialog = await screen.findByRole('dialog');
    await view.user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(view.platform.notify).toHaveBeenCalledWith({ kind: 'error', text: SAFETY.writeLimited(12) }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('blocking', () => {
  it('asks first, then drops every post of that person from the list', async () => {
    const view = renderFeeds(
      '/',
      { homePosts: [[theirs, alsoTheirs, someoneElse]] },
      {
        ...signedIn,
        calls: { blockUser: async () => ({ msg: 'blocked' }) },
      },
    );
    await screen.findByText('Post theirs');
    await openMenuItem(view, 'Post theirs', 'Block u/brave_fox');
    const dialog = await screen.findByRole('dialog', { name: SAFETY.blockTitle('brave_fox') });
    expect(within(dialog).getByText(SAFETY.blockConfirm)).toBeTruthy();
    await view.user.click(within(dialog).getByRole('button', { name: DIALOG.confirm }));
    await waitFor(() => expect(screen.queryByText('Post theirs')).toBeNull());
    expect(screen.queryByText('Post also')).toBeNull();
    expect(screen.getByText('Post other')).toBeTruthy();
    expect(view.api.blockUser).toHaveBeenCalledExactlyOnceWith('brave_fox');
    expect(view.platform.notify).toHaveBeenCalledWith({ kind: 'success', text: SAFETY.blocked('brave_fox') });
  });
});

describe('hiding', () => {
  it('takes the card away with Undo in the toast, and Undo brings it back', async () => {
    const view = renderFeeds(
      '/',
      { homePosts: [[theirs, someoneElse]] },
      {
        ...signedIn,
        calls: { hideItem: async () => ({ msg: 'hidden' }), unhideItem: async () => ({ msg: 'shown' }) },
      },
    );
    await screen.findByText('Post theirs');
    await openMenuItem(view, 'Post theirs', 'Hide');
    await waitFor(() => expect(screen.queryByText('Post theirs')).toBeNull());
    expect(view.api.hideItem).toHaveBeenCalledExactlyOnceWith('post', 'theirs');
    const notice = view.platform.notify.mock.calls
      .map(([shown]) => shown as Notice)
      .find((shown) => shown.text === SAFETY.hidden);
    expect(notice?.action?.label).toBe(SAFETY.undo);

    notice?.action?.run();
    expect(await screen.findByText('Post theirs')).toBeTruthy();
    expect(view.api.unhideItem).toHaveBeenCalledExactlyOnceWith('post', 'theirs');
    expect(view.platform.notify).toHaveBeenCalledWith({
      kind: 'success',
      text: SAFETY.unhidden,
      id: 'hide-post-theirs',
    });
  });
});
