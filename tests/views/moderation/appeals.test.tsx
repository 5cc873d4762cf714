import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppealItem } from '../../../src/domain/appealSchemas.ts';
import { APPEALS } from '../../../src/domain/appeals.ts';
import { REPORT_REASONS } from '../../../src/domain/safety.ts';
import { minutesAgo } from '../../support/feedFakes.ts';
import { renderApp, testNotification, testUser } from '../support/shell.tsx';

const moderator = { ...testUser, moderator: true };

const appealed = (id: string, mayDecide: boolean): AppealItem => ({
  kind: 'post',
  id,
  label: `Exam tips ${id}`,
  ruleText: REPORT_REASONS.spam,
  text: 'It was study advice, not spam.',
  createdAt: minutesAgo(30),
  mayDecide,
});

const appealsList = () => within(screen.getByRole('list', { name: APPEALS.heading }));
const cardOf = (label: string) => {
  const card = appealsList().getByText(label).closest('li');
  if (!card) throw new Error(`no card for ${label}`);
  return within(card);
};

describe('/mod, the appeals waiting', () => {
  it('restores an appeal with the author’s words, and says so', async () => {
    const decideAppeal = vi.fn(async () => ({ msg: APPEALS.restoredMsg }));
    const { user } = renderApp('/mod', {
      user: moderator,
      calls: {
        fetchModerationQueue: async () => [],
        fetchAppeals: async () => [appealed('p1', true)],
        decideAppeal,
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: APPEALS.heading })).toBeTruthy();
    await screen.findByRole('list', { name: APPEALS.heading });
    const card = cardOf('Exam tips p1');
    expect(card.getByText('It was study advice, not spam.')).toBeTruthy();
    expect(card.getByText('Removed by moderators: Spam')).toBeTruthy();
    await user.click(card.getByRole('button', { name: APPEALS.restore }));
    expect(decideAppeal).toHaveBeenCalledWith({ kind: 'post', id: 'p1', outcome: 'restored' });
    expect((await card.findByRole('status')).textContent).toBe(APPEALS.restoredMsg);
  });

  it('keeps Restore and Uphold disabled for a moderator who took part, with the reason', async () => {
    renderApp('/mod', {
      user: moderator,
      calls: { fetchModerationQueue: async () => [], fetchAppeals: async () => [appealed('p2', false)] },
    });
    await screen.findByRole('list', { name: APPEALS.heading });
    const card = cardOf('Exam tips p2');
    for (const name of [APPEALS.restore, APPEALS.uphold]) {
      const button = card.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(card.getByText(APPEALS.tookPartNote)).toBeTruthy();
  });

  it('says when no appeal waits', async () => {
    renderApp('/mod', {
      user: moderator,
      calls: { fetchModerationQueue: async () => [], fetchAppeals: async () => [] },
    });
    expect(await screen.findByText(APPEALS.empty)).toBeTruthy();
  });
});

describe('/mod/log', () => {
  it('shows restored or upheld beside a removal that was appealed', async () => {
    renderApp('/mod/log', {
      calls: {
        fetchModerationLog: async () => [
          { kind: 'post', ruleText: 'Spam', removedAt: minutesAgo(5), appeal: 'restored' },
          { kind: 'poll', ruleText: 'Hate', removedAt: minutesAgo(9), appeal: 'upheld' },
          { kind: 'room', ruleText: 'Spam', removedAt: minutesAgo(20), appeal: null },
        ],
      },
    });
    const rows = within(await screen.findByRole('list', { name: 'Removals' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Removed by moderators: SpamAppeal: restored'),
      expect.stringContaining('Removed by moderators: HateAppeal: upheld'),
      expect.not.stringContaining('Appeal:'),
    ]);
  });
});

describe('the author’s appeal, from the removal notice', () => {
  const removal = testNotification({
    id: 'n1',
    kind: 'removal',
    postId: 'p9',
    title: 'Removed by moderators: Spam',
    body: 'My exam tips',
    fromUser: null,
    user2: null,
  });

  it('asks for words, sends them and says a moderator will answer, in place of Appeal', async () => {
    const sendAppeal = vi.fn(async () => ({ msg: APPEALS.sent }));
    const { user } = renderApp('/', { user: testUser, notifications: [removal], calls: { sendAppeal } });
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    await user.click(await panel.findByRole('button', { name: `${APPEALS.action}: My exam tips` }));
    const form = within(panel.getByRole('form', { name: APPEALS.formTitle }));
    await user.click(form.getByRole('button', { name: APPEALS.send }));
    expect(form.getByRole('alert').textContent).toBe(APPEALS.textRequired);
    expect(sendAppeal).not.toHaveBeenCalled();
    await user.type(form.getByRole('textbox', { name: APPEALS.textLabel }), 'Only study advice.');
    await user.click(form.getByRole('button', { name: APPEALS.send }));
    expect(sendAppeal).toHaveBeenCalledWith({ kind: 'post', id: 'p9', text: 'Only study advice.' });
    expect(await panel.findByText(APPEALS.sent)).toBeTruthy();
    // Closed and opened again, the notice still says so: the session's copy is appealed now, as the
    // server's list will be after a reload.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    const again = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    expect(await again.findByText(APPEALS.sent)).toBeTruthy();
    expect(again.queryByRole('button', { name: /^Appeal/ })).toBeNull();
  });

  it.each([
    ['pending', APPEALS.sent],
    ['restored', 'Appeal answered: restored'],
    ['upheld', 'Appeal answered: upheld'],
  ] as const)('says how an appeal that is %s stands, and offers no Appeal', async (appeal, text) => {
    const { user } = renderApp('/', { user: testUser, notifications: [{ ...removal, appeal }] });
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    expect(await panel.findByText(text)).toBeTruthy();
    expect(panel.queryByRole('button', { name: /^Appeal/ })).toBeNull();
  });
});
