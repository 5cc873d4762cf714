import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREENS } from '../../../src/domain/messages.ts';
import { PROFILE, PROFILE_PAGE } from '../../../src/domain/peopleMessages.ts';
import { makeProfile } from '../../support/profileFakes.ts';
import { testUser } from '../support/shell.tsx';
import { fakeProfileApi, renderProfilePage } from './profileFakes.tsx';

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
const countIn = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling?.textContent;
/** The profile's name, once loaded (the first render also loads the page's code: a longer wait). */
const profileHeading = (name: string) => screen.findByRole('heading', { name, level: 1 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a profile seen by another user', () => {
  it('shows the header: names, quoted bio, Codeforces rank in its tier, the stats button', async () => {
    const api = fakeProfileApi({ profiles: [fox] });
    await renderProfilePage('/u/brave_fox', api);
    expect(await profileHeading('brave_fox')).toBeTruthy();
    expect(api.loadProfile).toHaveBeenCalledWith('brave_fox');
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
    const api = fakeProfileApi({ profiles: [fox] });
    await renderProfilePage('/u/brave_fox', api);
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
    const api = fakeProfileApi({ profiles: [quiet] });
    await renderProfilePage('/u/brave_fox', api);
    await profileHeading('brave_fox');
    expect(screen.queryByTitle(PROFILE_PAGE.codeforcesRank)).toBeNull();
    expect(screen.queryByRole('button', { name: PROFILE_PAGE.statsButton })).toBeNull();
  });

  it('shows the counts and the cake day in the right column', async () => {
    const api = fakeProfileApi({ profiles: [fox] });
    await renderProfilePage('/u/brave_fox', api);
    await profileHeading('brave_fox');
    const [card] = infoCards();
    if (!card) throw new Error('no info card');
    expect(countIn(card, PROFILE_PAGE.posts)).toBe('4');
    expect(countIn(card, PROFILE_PAGE.comments)).toBe('9');
    expect(countIn(card, PROFILE_PAGE.upvotes)).toBe('2');
    expect(countIn(card, PROFILE_PAGE.polls)).toBe('1');
    const cakeDay = within(card).getByText(PROFILE.cakeDay).nextElementSibling;
    expect(cakeDay?.getAttribute('datetime')).toBe('2024-09-15');
    expect(cakeDay?.textContent).toBe('Sep 15, 2024');
    expect(screen.queryByRole('heading', { name: 'HOT-TOPICS', hidden: true })).toBeNull();
  });

  it('opens the info card from the About button on narrow screens', async () => {
    const api = fakeProfileApi({ profiles: [fox] });
    const { user } = await renderProfilePage('/u/brave_fox', api);
    await profileHeading('brave_fox');
    expect(infoCards()).toHaveLength(1);
    const about = screen.getByRole('button', { name: PROFILE_PAGE.about });
    await user.click(about);
    expect(about.getAttribute('aria-expanded')).toBe('true');
    expect(infoCards()).toHaveLength(2);
    await user.click(about);
    expect(infoCards()).toHaveLength(1);
  });

  it('shares the profile: without a share sheet the link is copied and the alert says so', async () => {
    const api = fakeProfileApi({ profiles: [fox] });
    const { user } = await renderProfilePage('/u/brave_fox', api);
    // after user-event set up its own clipboard
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    await profileHeading('brave_fox');
    const [card] = infoCards();
    if (!card) throw new Error('no info card');
    await user.click(within(card).getByRole('button', { name: 'Share', hidden: true }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(PROFILE.linkCopied));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/u/brave_fox`);
  });
});

describe('the owner’s profile', () => {
  it('is recognised whatever the letter case of the address', async () => {
    const api = fakeProfileApi({ profiles: [me] });
    await renderProfilePage('/u/QUIET_Otter', api);
    await profileHeading('quiet_otter');
    expect(screen.getByRole('button', { name: PROFILE_PAGE.changeAvatar })).toBeTruthy();
    expect(screen.getByRole('button', { name: PROFILE_PAGE.changeBanner })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: PROFILE_PAGE.tabs }));
    expect(tabs.getByRole('link', { name: PROFILE_PAGE.upvoted })).toBeTruthy();
  });

  it('has the Edit row leading to the settings', async () => {
    const api = fakeProfileApi({ profiles: [me] });
    const { user, router } = await renderProfilePage('/u/quiet_otter', api);
    await profileHeading('quiet_otter');
    await user.click(screen.getByRole('button', { name: PROFILE_PAGE.about }));
    const edit = screen.getByRole('link', { name: `Edit: ${PROFILE.editTitle}, ${PROFILE.editSubtitle}` });
    expect(edit.textContent).toContain(PROFILE.editTitle);
    expect(edit.textContent).toContain(PROFILE.editSubtitle);
    await user.click(edit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/'));
  });

  it('changes the avatar: the page and the signed-in user show it, with the spec’s toast', async () => {
    const api = fakeProfileApi({ profiles: [me] });
    const { user, session } = await renderProfilePage('/u/quiet_otter', api);
    await profileHeading('quiet_otter');
    await user.click(screen.getByRole('button', { name: PROFILE_PAGE.changeAvatar }));
    const dialog = within(screen.getByRole('dialog', { name: PROFILE_PAGE.changeAvatar }));
    const file = new File([new Uint8Array(8)], 'me.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText('Choose an image'), file);
    expect(await dialog.findByAltText('Preview of the chosen image')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.upload).toHaveBeenCalledWith('avatar', file);
    expect(api.notify).toHaveBeenCalledWith({ kind: 'success', text: PROFILE.avatarUpdated });
    expect(screen.getByAltText('u/quiet_otter avatar').getAttribute('src')).toBe(
      '/uploads/users/new-dp.webp',
    );
    expect(session.actor.getSnapshot().context.user?.dp).toBe('/uploads/users/new-dp.webp');
  });

  it('says the avatar could not be updated on a 403, and keeps the dialog open', async () => {
    const api = fakeProfileApi({ profiles: [me] });
    api.upload.mockRejectedValueOnce({ status: 403, message: 'Forbidden' });
    const { user, session } = await renderProfilePage('/u/quiet_otter', api);
    await profileHeading('quiet_otter');
    await user.click(screen.getByRole('button', { name: PROFILE_PAGE.changeAvatar }));
    const dialog = within(screen.getByRole('dialog', { name: PROFILE_PAGE.changeAvatar }));
    await user.upload(
      dialog.getByLabelText('Choose an image'),
      new File([new Uint8Array(8)], 'me.png', { type: 'image/png' }),
    );
    await dialog.findByAltText('Preview of the chosen image');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: PROFILE.avatarFailed }),
    );
    expect(screen.getByRole('dialog', { name: PROFILE_PAGE.changeAvatar })).toBeTruthy();
    expect(session.actor.getSnapshot().context.user?.dp).toBeNull();
  });

  it("changes the banner with 'Banner updated!' after an 'Error uploading image!'", async () => {
    const api = fakeProfileApi({ profiles: [me] });
    api.upload.mockRejectedValueOnce({ status: 500, message: 'boom' });
    const { user, session } = await renderProfilePage('/u/quiet_otter', api);
    await profileHeading('quiet_otter');
    await user.click(screen.getByRole('button', { name: PROFILE_PAGE.changeBanner }));
    const dialog = within(screen.getByRole('dialog', { name: PROFILE_PAGE.changeBanner }));
    await user.upload(
      dialog.getByLabelText('Choose an image'),
      new File([new Uint8Array(8)], 'bg.png', { type: 'image/png' }),
    );
    await dialog.findByAltText('Preview of the chosen image');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: PROFILE.bannerFailed }),
    );
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.notify).toHaveBeenLastCalledWith({ kind: 'success', text: PROFILE.bannerUpdated });
    expect(session.actor.getSnapshot().context.user?.bgImg).toBe('/uploads/users/new-bg.webp');
  });
});

describe('a profile that cannot be shown', () => {
  it('shows the 404 screen for an unknown user', async () => {
    const api = fakeProfileApi({ profiles: [] });
    await renderProfilePage('/u/nobody', api);
    expect(await screen.findByRole('heading', { name: SCREENS.notFoundTitle })).toBeTruthy();
    expect(api.overview).not.toHaveBeenCalled();
  });

  it('says it could not load the profile and offers a retry', async () => {
    const api = fakeProfileApi({ profiles: { status: 0, message: 'Network Error' } });
    const { user } = await renderProfilePage('/u/brave_fox', api);
    expect(await screen.findByRole('heading', { name: PROFILE.loadFailed })).toBeTruthy();
    expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: PROFILE.loadFailed });
    api.loadProfile.mockResolvedValueOnce(fox);
    await user.click(screen.getByRole('button', { name: PROFILE_PAGE.tryAgain }));
    expect(await profileHeading('brave_fox')).toBeTruthy();
  });

  it('sends a bare profile address to its overview tab', async () => {
    const api = fakeProfileApi({ profiles: [fox] });
    const { router } = await renderProfilePage('/u/brave_fox', api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/brave_fox/overview'));
  });
});
