import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MODERATION_TEXT } from '../../../src/domain/moderationMessages.ts';
import {
  type LogEntry,
  MODERATION_PAGE,
  type QueueItem,
  REPORT_REASONS,
  SAFETY,
} from '../../../src/domain/safety.ts';
import { ApiError } from '../../../src/services/http.ts';
import { minutesAgo } from '../../support/feedFakes.ts';
import { renderApp, testUser } from '../support/shell.tsx';

const moderator = { ...testUser, moderator: true };

const queued = (id: string, overrides: Partial<QueueItem> = {}): QueueItem => ({
  kind: 'post',
  id,
  label: `Selling answers ${id}`,
  href: `/post/${id}`,
  author: 'loud_crow',
  reporters: 3,
  reasons: [
    { reason: 'spam', count: 2 },
    { reason: 'other', count: 1 },
  ],
  notes: ['posted in every room'],
  reportedText: null,
  firstReportedAt: minutesAgo(90),
  masked: true,
  proposal: null,
  ...overrides,
});

const proposal = (mine: boolean): QueueItem['proposal'] => ({
  rule: 'spam',
  ruleText: REPORT_REASONS.spam,
  mine,
  proposedAt: minutesAgo(10),
});

/** An item's card in the queue, by its label. */
const itemCard = (label: string) => {
  const link = screen.getByRole('link', { name: label });
  const card = link.closest('li');
  if (!card) throw new Error(`no card for ${label}`);
  return within(card);
};

describe('/mod, the moderation queue', () => {
  it('shows each reported item with its kind, author, reporters, reasons, notes and mask, and links the log', async () => {
    renderApp('/mod', { user: moderator, calls: { fetchModerationQueue: async () => [queued('p1')] } });
    expect(await screen.findByRole('heading', { level: 1, name: MODERATION_TEXT.queueTitle })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Moderation queue · Quad'));
    const card = itemCard('Selling answers p1');
    expect(card.getByRole('link', { name: 'Selling answers p1' }).getAttribute('href')).toBe('/post/p1');
    expect(card.getByText('Post')).toBeTruthy();
    expect(card.getByText('by u/loud_crow')).toBeTruthy();
    expect(card.getByText('3 people reported it')).toBeTruthy();
    expect(card.getByText('Spam × 2')).toBeTruthy();
    expect(card.getByText('Other × 1')).toBeTruthy();
    expect(card.getByText('“posted in every room”')).toBeTruthy();
    expect(card.getByText(MODERATION_TEXT.maskedNow)).toBeTruthy();
    expect(screen.getByRole('link', { name: MODERATION_TEXT.logLink }).getAttribute('href')).toBe('/mod/log');
  });

  it('proposes a removal under a rule; "other" needs the moderator’s words', async () => {
    const { user, api, platform } = renderApp('/mod', {
      user: moderator,
      calls: {
        fetchModerationQueue: async () => [queued('p1')],
        proposeRemoval: async () => ({ msg: SAFETY.proposed }),
      },
    });
    await screen.findByRole('link', { name: 'Selling answers p1' });
    await user.click(itemCard('Selling answers p1').getByRole('button', { name: MODERATION_TEXT.propose }));
    const send = screen.getByRole('button', { name: MODERATION_TEXT.submitProposal }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: REPORT_REASONS.other }));
    expect(send.disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: MODERATION_TEXT.ruleNote }), 'Exam leak');
    expect(send.disabled).toBe(false);
    await user.click(send);
    await waitFor(() =>
      expect(api.proposeRemoval).toHaveBeenCalledExactlyOnceWith({
        kind: 'post',
        id: 'p1',
        rule: 'other',
        note: 'Exam leak',
      }),
    );
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: SAFETY.proposed }),
    );
    const card = itemCard('Selling answers p1');
    expect(card.getByText('You proposed removal: Exam leak')).toBeTruthy();
    expect(card.getByText(MODERATION_TEXT.waiting)).toBeTruthy();
    expect((card.getByRole('button', { name: MODERATION_TEXT.confirm }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('keeps Confirm disabled on one’s own proposal, waiting for a second moderator', async () => {
    renderApp('/mod', {
      user: moderator,
      calls: { fetchModerationQueue: async () => [queued('p1', { proposal: proposal(true) })] },
    });
    await screen.findByRole('link', { name: 'Selling answers p1' });
    const card = itemCard('Selling answers p1');
    const confirm = card.getByRole('button', { name: MODERATION_TEXT.confirm }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(card.getByText(MODERATION_TEXT.waiting)).toBeTruthy();
  });

  it('confirms another moderator’s proposal: the item leaves the queue', async () => {
    const { user, api, platform } = renderApp('/mod', {
      user: moderator,
      calls: {
        fetchModerationQueue: async () => [queued('p1', { proposal: proposal(false) }), queued('p2')],
        confirmRemoval: async () => ({ msg: SAFETY.confirmed }),
      },
    });
    await screen.findByRole('link', { name: 'Selling answers p1' });
    const card = itemCard('Selling answers p1');
    expect(card.getByText('Removal proposed: Spam')).toBeTruthy();
    expect(card.queryByText(MODERATION_TEXT.waiting)).toBeNull();
    await user.click(card.getByRole('button', { name: MODERATION_TEXT.confirm }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Selling answers p1' })).toBeNull());
    expect(api.confirmRemoval).toHaveBeenCalledExactlyOnceWith({ kind: 'post', id: 'p1' });
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: SAFETY.confirmed });
    expect(screen.getByRole('link', { name: 'Selling answers p2' })).toBeTruthy();
  });

  it('dismisses the reports: the item leaves; a refusal shows the server’s message', async () => {
    let refuse = false;
    const { user, api, platform } = renderApp('/mod', {
      user: moderator,
      calls: {
        fetchModerationQueue: async () => [queued('p1'), queued('p2')],
        dismissReports: async () => {
          if (refuse) throw new ApiError(404, SAFETY.nothingToModerate);
          return { msg: SAFETY.dismissed };
        },
      },
    });
    await screen.findByRole('link', { name: 'Selling answers p1' });
    await user.click(itemCard('Selling answers p1').getByRole('button', { name: MODERATION_TEXT.dismiss }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Selling answers p1' })).toBeNull());
    expect(api.dismissReports).toHaveBeenCalledWith({ kind: 'post', id: 'p1' });
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: SAFETY.dismissed });
    refuse = true;
    await user.click(itemCard('Selling answers p2').getByRole('button', { name: MODERATION_TEXT.dismiss }));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: SAFETY.nothingToModerate }),
    );
    expect(screen.getByRole('link', { name: 'Selling answers p2' })).toBeTruthy();
  });

  it('loads more after the items shown, and says when nothing waits', async () => {
    const first = Array.from({ length: MODERATION_PAGE }, (_, i) => queued(`a${i}`));
    const { user, api } = renderApp('/mod', {
      user: moderator,
      calls: {
        fetchModerationQueue: async (offset: number) => (offset === 0 ? first : [queued('last')]),
      },
    });
    await screen.findByRole('link', { name: 'Selling answers a0' });
    await user.click(screen.getByRole('button', { name: MODERATION_TEXT.loadMore }));
    expect(await screen.findByRole('link', { name: 'Selling answers last' })).toBeTruthy();
    expect(api.fetchModerationQueue).toHaveBeenLastCalledWith(MODERATION_PAGE);
    expect(screen.queryByRole('button', { name: MODERATION_TEXT.loadMore })).toBeNull();
  });

  it('says the queue is empty', async () => {
    renderApp('/mod', { user: moderator, calls: { fetchModerationQueue: async () => [] } });
    expect(await screen.findByText(SAFETY.queueEmpty)).toBeTruthy();
  });

  it('is the 403 screen for a member who is not a moderator, and asks a visitor to sign in', async () => {
    const { api, unmount } = renderApp('/mod', { user: testUser });
    expect(await screen.findByText(SAFETY.notModerator)).toBeTruthy();
    expect(api.fetchModerationQueue).not.toHaveBeenCalled();
    unmount();
    renderApp('/mod');
    expect(await screen.findByRole('heading', { level: 1, name: MODERATION_TEXT.signInTitle })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: MODERATION_TEXT.signIn }).getAttribute('href')).toBe('/signin');
  });
});

describe('/mod/log, the public moderation log', () => {
  const removal = (rule: string, minutes: number, appeal: LogEntry['appeal'] = null): LogEntry => ({
    kind: 'comment',
    ruleText: rule,
    removedAt: minutesAgo(minutes),
    appeal,
  });

  it('lists every removal with its time, kind and rule, to anyone, and never who', async () => {
    renderApp('/mod/log', {
      calls: {
        fetchModerationLog: async () => [removal('Hate', 5), { ...removal('Spam', 60), kind: 'room' }],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: MODERATION_TEXT.logTitle })).toBeTruthy();
    const list = within(await screen.findByRole('list', { name: 'Removals' }));
    const rows = list.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('CommentRemoved by moderators: Hate'),
      expect.stringContaining('RoomRemoved by moderators: Spam'),
    ]);
    expect((rows[0] as HTMLElement).querySelector('time')?.getAttribute('datetime')).toBe(minutesAgo(5));
    expect(screen.queryByText(/u\//)).toBeNull();
    await waitFor(() => expect(document.title).toBe('Moderation log · Quad'));
  });

  it('says when nothing has been removed', async () => {
    renderApp('/mod/log', { calls: { fetchModerationLog: async () => [] } });
    expect(await screen.findByText(SAFETY.logEmpty)).toBeTruthy();
  });
});
