import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { TOAST_DURATIONS } from '../../../src/domain/constants.ts';
import { POSTS, SCREENS } from '../../../src/domain/messages.ts';
import { PROFILE, PROFILE_PAGE } from '../../../src/domain/peopleMessages.ts';
import { SAFETY } from '../../../src/domain/safety.ts';
import { SHARE_NOTICE_ID, share } from '../../../src/services/share.ts';
import { makeProfile } from '../../support/profileFakes.ts';
import { testUser } from '../support/shell.tsx';
import { NEW_AVATAR, NEW_BANNER, refusal, renderProfile } from './profileAnswers.ts';

const fox = makeProfile('brave_fox', {
  bio: 'Graphs, chai and long walks.',
  codeforces: 'candidate master',
  showCf: true,
  leetcode: 'fox_codes',
  showLC: true,
  _count: { posts: 4, comments: 9, upvotes: 2, polls: 1 },
});
const me = makeProfile('quiet_otter', { userID: testUser.userID });

/** The info card: in the right column (hidden in the narrow test window) or the About popup. */
const infoCards = () => screen.getAllByRole('region', { name: /^About u\//, hidden: true });
/** The info card in the right column's slot, where the page puts it. */
const rightColumnCard = () => {
  const slot = document.querySelector<HTMLElement>('aside [data-slot]');
  if (!slot) throw new Error('no right column');
  return within(slot).getByRole('region', { name: /^About u\//, hidden: true });
};
const countIn = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling?.textContent;
/** A window wide enough for the right column (the test window is 1024 px wide: no right column). */
function onWideScreen() {
  const { happyDOM } = window as unknown as {
    happyDOM: { setViewport(size: { width: number; height: number }): void };
  };
  happyDOM.setViewport({ width: 1400, height: 900 });
  onTestFinished(() => happyDOM.setViewport({ width: 1024, height: 768 }));
}

/** The profile's name, once loaded (the first render also loads the page's code: a longer wait). */
const profileHeading = (name: string) => screen.findByRole('heading', { name, level: 1 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a profile seen by another user', () => {
  it('shows the header: names, quoted bio, Codeforces rank in its tier, the stats button', async () => {
    const { api } = await renderProfile('/u/brave_fox', { profiles: [fox] });
    expect(await profileHeading('brave_fox')).toBeTruthy();
    expect(api.fetchProfile).toHaveBeenCalledWith('brave_fox');
    expect(screen.getByText('u/brave_fox', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('“Graphs, chai and long walks.”')).toBeTruthy();
    const rank = screen.getByTitle(PROFILE_PAGE.codeforcesRank);
    expect(rank.textContent).toBe(`${PROFILE_PAGE.codeforcesRank}: candidate master`);
    expect(rank.getAttribute('data-tier')).toBe('candidate master');
    expect(screen.getByRole('button', { name: PROFILE_PAGE.statsButton })).toBeTruthy();
    expect(screen.getByTestId('profile-banner')).toBeTruthy();
    expect(screen.getByAltText('u/brave_fox avatar').getAttribute('src')).toBe('/default-avatar.svg');
  });

  it('has no owner controls and no Upvoted tab', async () => {
    await renderProfile('/u/brave_fox', { profiles: [fox] });
    await profileHeading('brave_fox');
    expect(screen.queryByRole('button', { name: PROFILE_PAGE.changeAvatar })).toBeNull();
    expect(screen.queryByRole('button', { name: PROFILE_PAGE.changeBanner })).toBeNull();
    expect(screen.queryByRole('link', { name: /Customise your profile/, hidden: true })).toBeNull();
    const tabs = within(screen.getByRole('navigation', { name: PROFILE_PAGE.tabs }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual([
      PROFILE_PAGE.overview,
      PROFILE_PAGE.posts,
      PROFILE_PAGE.commented,
    ]);
  });

  it('hides the rank and the stats button when the owner hides them', async () => {
    const quiet = makeProfile('brave_fox', {
      codeforces: null,
      showCf: false,
      leetcode: null,
      showLC: false,
    });
    await renderProfile('/u/brave_fox', { profiles: [quiet] });
    await profileHeading('brave_fox');
    expect(screen.queryByTitle(PROFILE_PAGE.codeforcesRank)).toBeNull();
    expect(screen.queryByRole('button', { name: PROFILE_PAGE.statsButton })).toBeNull();
  });

  it('shows the counts and the cake day in the right column', async () => {
    onWideScreen();
    await renderProfile('/u/brave_fox', { profiles: [fox] });
    await profileHeading('brave_fox');
    const card = rightColumnCard();
    expect(screen.getByRole('region', { name: 'About u/brave_fox' })).toBe(card);
    expect(countIn(card, PROFILE_PAGE.posts)).toBe('4');
    expect(countIn(card, PROFILE_PAGE.comments)).toBe('9');
    expect(countIn(card, PROFILE_PAGE.upvotes)).toBe('2');
    expect(countIn(card, PROFILE_PAGE.polls)).toBe('1');
    const cakeDay = within(card).getByText(PROFILE.cakeDay).nextElementSibling;
    expect(cakeDay?.getAttribute('datetime')).toBe('2024-09-15');
    expect(cakeDay?.textContent).toBe('Sep 15, 2024');
    // The right column shows the profile instead of the topics.
    expect(screen.getByRole('heading', { name: 'HOT-TOPICS', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'HOT-TOPICS' })).toBeNull();
  });

  it('opens the info card from the About button on narrow screens', async () => {
    const { user } = await renderProfile('/u/brave_fox', { profiles: [fox] });
    await profileHeading('brave_fox');
    expect(infoCards()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: PROFILE_PAGE.about }));
    // The popover loads on the first press and its own button replaces the plain one.
    const popover = await screen.findByRole('dialog', { name: PROFILE_PAGE.about });
    const about = screen.getByRole('button', { name: PROFILE_PAGE.about, expanded: true });
    expect(infoCards()).toHaveLength(2);
    expect(popover.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(infoCards()).toHaveLength(1);
    expect(document.activeElement).toBe(about);
    await user.click(about);
    expect(infoCards()).toHaveLength(2);
    await user.click(about);
    expect(infoCards()).toHaveLength(1);
  });

  it('shares the profile: without a share sheet the link is copied and a toast says so', async () => {
    const { user, platform } = await renderProfile('/u/brave_fox', { profiles: [fox] });
    // the browser's own sharing, as the app's platform shares
    platform.share.mockImplementation((request) => share(request, platform.notify));
    // after user-event set up its own clipboard
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await profileHeading('brave_fox');
    await user.click(within(rightColumnCard()).getByRole('button', { name: 'Share', hidden: true }));
    expect(platform.share).toHaveBeenCalledExactlyOnceWith({
      path: '/u/brave_fox',
      text: PROFILE_PAGE.shareText('brave_fox'),
      copied: PROFILE.linkCopied,
    });
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({
        kind: 'success',
        text: PROFILE.linkCopied,
        id: SHARE_NOTICE_ID,
      }),
    );
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/u/brave_fox`);
  });

  it('shows the link to copy by hand when the clipboard may not be written', async () => {
    const { user, platform } = await renderProfile('/u/brave_fox', { profiles: [fox] });
    platform.share.mockImplementation((request) => share(request, platform.notify));
    const writeText = vi.fn(async (_text: string) => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await profileHeading('brave_fox');
    await user.click(within(rightColumnCard()).getByRole('button', { name: 'Share', hidden: true }));
    const link = `${window.location.origin}/u/brave_fox`;
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({
        kind: 'blank',
        text: POSTS.copyLink(link),
        id: SHARE_NOTICE_ID,
        duration: TOAST_DURATIONS.linkToCopy,
      }),
    );
    expect(platform.notify).not.toHaveBeenCalledWith(expect.objectContaining({ text: PROFILE.linkCopied }));
  });
});

describe('the owner’s profile', () => {
  it('is recognised whatever the letter case of the address', async () => {
    await renderProfile('/u/QUIET_Otter', { profiles: [me] });
    await profileHeading('quiet_otter');
    expect(screen.getByRole('button', { name: PROFILE_PAGE.changeAvatar })).toBeTruthy();
    expect(screen.getByRole('button', { name: PROFILE_PAGE.changeBanner })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: PROFILE_PAGE.tabs }));
    expect(tabs.getByRole('link', { name: PROFILE_PAGE.upvoted })).toBeTruthy();
  });

  it('loses the owner’s controls when the owner logs out', async () => {
    const { session } = await renderProfile('/u/quiet_otter', { profiles: [me] });
    await profileHeading('quiet_otter');
    expect(screen.getByRole('button', { name: PROFILE_PAGE.changeAvatar })).toBeTruthy();
    session.send({ type: 'session.end' });
    await waitFor(() => expect(screen.queryByRole('button', { name: PROFILE_PAGE.changeAvatar })).toBeNull());
    expect(await profileHeading('quiet_otter')).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: PROFILE_PAGE.tabs }));
    expect(tabs.queryByRole('link', { name: PROFILE_PAGE.upvoted })).toBeNull();
  });

  it('has the Edit row leading to the settings', async () => {
    const { user, router } = await renderProfile('/u/quiet_otter', { profiles: [me] });
    await profileHeading('quiet_otter');
    await user.click(screen.getByRole('button', { name: PROFILE_PAGE.about }));
    const edit = await screen.findByRole('link', {
      // Its name is what it shows (WCAG 2.5.3).
      name: `${PROFILE.editTitle} ${PROFILE.editSubtitle} Edit`,
    });
    expect(edit.textContent).toContain(PROFILE.editTitle);
    expect(edit.textContent).toContain(PROFILE.editSubtitle);
    await user.click(edit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/'));
  });

  it('changes the avatar: the page and the signed-in user show it, with the spec’s toast', async () => {
    const { user, api, platform, session } = await renderProfile('/u/quiet_otter', { profiles: [me] });
    await profileHeading('quiet_otter');
    await user.click(screen.getByRole('button', { name: PROFILE_PAGE.changeAvatar }));
    const dialog = within(await screen.findByRole('dialog', { name: PROFILE_PAGE.changeAvatar }));
    const file = new File([new Uint8Array(8)], 'me.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText('Choose an image'), file);
    expect(await dialog.findByAltText('Preview of the chosen image')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(platform.prepareImage).toHaveBeenCalledWith(file);
    expect(api.uploadAvatar).toHaveBeenCalledExactlyOnceWith(file);
    expect(api.uploadBanner).not.toHaveBeenCalled();
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: PROFILE.avatarUpdated });
    expect(screen.getByAltText('u/quiet_otter avatar').getAttribute('src')).toBe(NEW_AVATAR);
    expect(session.getSnapshot().context.user?.dp).toBe(NEW_AVATAR);
  });

  it('says the avatar could not be updated on a 403, and keeps the dialog open', async () => {
    const { user, api, platform, session } = await renderProfile('/u/quiet_otter', { profiles: [me] });
    api.uploadAvatar.mockRejectedValueOnce(refusal(403, 'Forbidden'));
    await profileHeading('quiet_otter');
    await user.click(screen.getByRole('button', { name: PROFILE_PAGE.changeAvatar }));
    const dialog = within(await screen.findByRole('dialog', { name: PROFILE_PAGE.changeAvatar }));
    await user.upload(
      dialog.getByLabelText('Choose an image'),
      new File([new Uint8Array(8)], 'me.png', { type: 'image/png' }),
    );
    await dialog.findByAltText('Preview of the chosen image');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: PROFILE.avatarFailed }),
    );
    expect(screen.getByRole('dialog', { name: PROFILE_PAGE.changeAvatar })).toBeTruthy();
    expect(session.getSnapshot().context.user?.dp).toBeNull();
  });

  it("changes the banner with 'Banner updated!' after an 'Error uploading image!'", async () => {
    const { user, api, platform, session } = await renderProfile('/u/quiet_otter', { profiles: [me] });
    api.uploadBanner.mockRejectedValueOnce(refusal(500, 'boom'));
    await profileHeading('quiet_otter');
    await user.click(screen.getByRole('button', { name: PROFILE_PAGE.changeBanner }));
    const dialog = within(await screen.findByRole('dialog', { name: PROFILE_PAGE.changeBanner }));
    await user.upload(
      dialog.getByLabelText('Choose an image'),
      new File([new Uint8Array(8)], 'bg.png', { type: 'image/png' }),
    );
    await dialog.findByAltText('Preview of the chosen image');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: PROFILE.bannerFailed }),
    );
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(platform.notify).toHaveBeenLastCalledWith({ kind: 'success', text: PROFILE.bannerUpdated });
    expect(api.uploadBanner).toHaveBeenCalledTimes(2);
    expect(session.getSnapshot().context.user?.bgImg).toBe(NEW_BANNER);
  });
});

describe('a profile that cannot be shown', () => {
  it('shows the 404 screen for an unknown user', async () => {
    const { api } = await renderProfile('/u/nobody', { profiles: [] });
    expect(await screen.findByRole('heading', { name: SCREENS.notFoundTitle })).toBeTruthy();
    expect(api.fetchProfile).toHaveBeenCalledWith('nobody');
    expect(api.fetchUserOverview).not.toHaveBeenCalled();
  });

  it('says it could not load the profile and offers a retry', async () => {
    const { user, api, platform } = await renderProfile('/u/brave_fox', {
      profiles: refusal(0, 'Network Error'),
    });
    expect(await screen.findByRole('heading', { name: PROFILE.loadFailed })).toBeTruthy();
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: PROFILE.loadFailed });
    api.fetchProfile.mockResolvedValueOnce(fox);
    await user.click(screen.getByRole('button', { name: PROFILE_PAGE.tryAgain }));
    expect(await profileHeading('brave_fox')).toBeTruthy();
  });

  it('sends a bare profile address to its overview tab', async () => {
    const { router } = await renderProfile('/u/brave_fox', { profiles: [fox] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/brave_fox/overview'));
  });
});

describe('an account masked after reports', () => {
  it('waits behind Hidden after reports until View anyway', async () => {
    const masked = makeProfile('loud_crow', { masked: true });
    const { user } = await renderProfile('/u/loud_crow', { profiles: [masked] });
    const hidden = await screen.findByRole('heading', { name: SAFETY.hiddenAfterReports, level: 1 });
    expect(hidden.closest('section')?.getAttribute('aria-label')).toBe('Profile hidden after reports');
    expect(screen.queryByRole('heading', { name: 'loud_crow', level: 1 })).toBeNull();
    expect(screen.queryAllByRole('region', { name: /^About u\//, hidden: true })).toEqual([]);
    await user.click(screen.getByRole('button', { name: SAFETY.viewAnyway }));
    expect(await profileHeading('loud_crow')).toBeTruthy();
    expect(screen.queryByText(SAFETY.authorMasked)).toBeNull();
  });

  it('shows the account itself its profile in full, with the notice', async () => {
    const own = makeProfile('quiet_otter', { userID: testUser.userID, maskedForOthers: true });
    await renderProfile('/u/quiet_otter', { profiles: [own] });
    expect(await profileHeading('quiet_otter')).toBeTruthy();
    expect(screen.getByText(SAFETY.authorMasked)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SAFETY.viewAnyway })).toBeNull();
  });
});
