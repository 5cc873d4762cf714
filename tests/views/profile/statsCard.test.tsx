import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROFILE_PAGE, STATS } from '../../../src/domain/peopleMessages.ts';
import { lcStats, makeProfile } from '../../support/profileFakes.ts';
import { type ProfileAnswers, refusal, renderProfile } from './profileAnswers.ts';

const coder = makeProfile('brave_fox', { leetcode: 'fox_codes', showLC: true });

async function openStats(answers: Omit<ProfileAnswers, 'profiles'> = {}) {
  const view = await renderProfile('/u/brave_fox', { profiles: [coder], ...answers });
  await view.user.click(await screen.findByRole('button', { name: PROFILE_PAGE.statsButton }));
  const dialog = within(await screen.findByRole('dialog', { name: PROFILE_PAGE.statsTitle('fox_codes') }));
  return { ...view, dialog };
}

/** The number shown over a figure's label. */
const figure = (dialog: ReturnType<typeof within>, label: string) =>
  dialog.getByText(label).nextElementSibling?.textContent;

describe('the LeetCode stats popup', () => {
  it('fetches the stats of the shown handle when it opens, then shows them', async () => {
    const { api, dialog } = await openStats();
    expect(api.fetchLcStats).toHaveBeenCalledExactlyOnceWith('fox_codes');
    await dialog.findByRole('region', { name: 'LeetCode stats' });
    expect(figure(dialog, PROFILE_PAGE.ranking)).toBe('254,321');
    expect(figure(dialog, PROFILE_PAGE.contribution)).toBe('120');
    const levels = dialog.getAllByRole('listitem').map((item) => item.textContent);
    expect(levels).toEqual(['Easy80 / 800', 'Medium45 / 1,600', 'Hard5 / 700']);
    const ring = dialog.getByTitle(PROFILE_PAGE.showAcceptance);
    expect(ring.textContent).toBe(`${lcStats.totalSolved}/3,100${PROFILE_PAGE.solved}`);
  });

  it('shows a skeleton while the stats load', async () => {
    const { user, api } = await renderProfile('/u/brave_fox', { profiles: [coder] });
    let answer: (stats: typeof lcStats) => void = () => {};
    api.fetchLcStats.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await user.click(await screen.findByRole('button', { name: PROFILE_PAGE.statsButton }));
    expect(screen.getByRole('status', { name: 'Loading stats' })).toBeTruthy();
    answer(lcStats);
    expect(await screen.findByRole('region', { name: 'LeetCode stats' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading stats' })).toBeNull();
  });

  it('switches the ring’s centre to the acceptance rate while hovered, and back', async () => {
    const { user, dialog } = await openStats();
    const ring = await dialog.findByTitle(PROFILE_PAGE.showAcceptance);
    await user.hover(ring);
    expect(ring.textContent).toBe(`61.47%${PROFILE_PAGE.acceptance}`);
    // Off the ring onto the dialog's Close (the page under a modal dialog takes no pointer).
    await user.hover(dialog.getByRole('button', { name: 'Close' }));
    expect(ring.textContent).toContain(PROFILE_PAGE.solved);
  });

  it('says User not found! for a handle LeetCode does not know, and why', async () => {
    const { dialog } = await openStats({ stats: refusal(404, STATS.userNotFound) });
    expect((await dialog.findByRole('alert')).textContent).toBe(
      STATS.userNotFound + STATS.reasonNotFound('fox_codes'),
    );
    expect(dialog.queryByRole('button', { name: PROFILE_PAGE.tryAgain })).toBeNull();
  });

  it.each([
    [502, STATS.reasonUnreachable('LeetCode')],
    [504, STATS.reasonUnreachable('LeetCode')],
    [500, STATS.reasonFailed],
    [0, STATS.reasonFailed],
  ])('says Server Issue after a %i with the reason, and tries again on request', async (status, reason) => {
    const { api, user, dialog } = await openStats({ stats: refusal(status, STATS.serverIssue) });
    expect((await dialog.findByRole('alert')).textContent).toBe(STATS.serverIssue + reason);
    api.fetchLcStats.mockResolvedValueOnce(lcStats);
    await user.click(dialog.getByRole('button', { name: PROFILE_PAGE.tryAgain }));
    expect(await dialog.findByRole('region', { name: 'LeetCode stats' })).toBeTruthy();
    expect(api.fetchLcStats).toHaveBeenCalledTimes(2);
    expect(api.fetchLcStats).toHaveBeenLastCalledWith('fox_codes');
  });

  it('says Server Issue while LeetCode rate-limits, to come back later, without a retry that would fail too', async () => {
    const { dialog } = await openStats({ stats: refusal(503, STATS.serverIssue) });
    expect((await dialog.findByRole('alert')).textContent).toBe(
      STATS.serverIssue + STATS.reasonRateLimited('LeetCode'),
    );
    expect(dialog.queryByRole('button', { name: PROFILE_PAGE.tryAgain })).toBeNull();
  });

  it('closes with its close button', async () => {
    const { user, dialog } = await openStats();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
