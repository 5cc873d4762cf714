import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROFILE, SETTINGS, STATS } from '../../../src/domain/peopleMessages.ts';
import { fakeSettingsApi, renderSettingsPage, testUser } from './settingsFakes.tsx';

const main = () => within(screen.getByRole('main'));
const section = (name: string) => within(main().getByRole('region', { name }));
const button = (name: string) => main().getByRole('button', { name }) as HTMLButtonElement;
const details = () => section(SETTINGS.detailsTitle);
const field = (label: string) => main().getByLabelText(label) as HTMLInputElement;
/** The bio's label also holds its counter. */
const bioField = () => main().getByLabelText(SETTINGS.bio, { exact: false }) as HTMLTextAreaElement;
const description = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

const withBio = { ...testUser, about: 'Early riser' };

describe('the settings page', () => {
  it('shows the user’s details, the password hint, and Save and Cancel waiting for a change', async () => {
    const api = fakeSettingsApi(withBio);
    await renderSettingsPage(api, { user: withBio });
    expect(await main().findByRole('heading', { name: SETTINGS.title, level: 1 })).toBeTruthy();
    expect(field(SETTINGS.username).value).toBe(testUser.username);
    expect(field(SETTINGS.username).readOnly).toBe(true);
    expect(bioField().value).toBe('Early riser');
    expect(details().getByText('11/300')).toBeTruthy();
    expect(details().getByText(SETTINGS.passwordHint)).toBeTruthy();
    expect(button(SETTINGS.save).disabled).toBe(true);
    expect(button(SETTINGS.cancel).disabled).toBe(true);
  });

  it('saves a generated username: Details Updated, and the session user has it', async () => {
    const api = fakeSettingsApi();
    const { user, session } = await renderSettingsPage(api);
    await waitFor(() => expect(button(SETTINGS.generateLabel).disabled).toBe(false));
    await user.click(button(SETTINGS.generateLabel));
    expect(field(SETTINGS.username).value).toBe('brave_fox');
    expect(button(SETTINGS.save).disabled).toBe(false);

    await user.click(button(SETTINGS.save));
    await waitFor(() => expect(api.notify).toHaveBeenCalledWith({ kind: 'success', text: SETTINGS.updated }));
    expect(api.saveDetails).toHaveBeenCalledWith({ username: 'brave_fox', password: null, bio: null });
    expect(session.actor.getSnapshot().context.user?.username).toBe('brave_fox');
    expect(field(SETTINGS.username).value).toBe('brave_fox');
    expect(button(SETTINGS.save).disabled).toBe(true);
  });

  it('refuses a weak password with Invalid Password and sends nothing until the next edit', async () => {
    const api = fakeSettingsApi();
    const { user } = await renderSettingsPage(api);
    await user.type(await main().findByLabelText(SETTINGS.password), 'password1');
    await user.click(button(SETTINGS.save));
    expect(details().getByText(SETTINGS.invalidPassword)).toBeTruthy();
    expect(button(SETTINGS.save).disabled).toBe(true);
    expect(api.saveDetails).not.toHaveBeenCalled();

    await user.type(field(SETTINGS.password), '!');
    expect(details().queryByText(SETTINGS.invalidPassword)).toBeNull();
    await user.click(button(SETTINGS.save));
    await waitFor(() =>
      expect(api.saveDetails).toHaveBeenCalledWith({ username: null, password: 'password1!', bio: null }),
    );
  });

  it('puts the saved bio back on Cancel', async () => {
    const api = fakeSettingsApi(withBio);
    const { user } = await renderSettingsPage(api, { user: withBio });
    const bio = await main().findByLabelText(SETTINGS.bio, { exact: false });
    await user.clear(bio);
    await user.type(bio, 'Night owl');
    expect(details().getByText('9/300')).toBeTruthy();
    await user.click(button(SETTINGS.cancel));
    expect(bioField().value).toBe('Early riser');
    expect(button(SETTINGS.save).disabled).toBe(true);
  });

  it('toasts Unknown Error!!Try Again Later when saving fails, and keeps the change', async () => {
    const api = fakeSettingsApi();
    api.saveDetails.mockRejectedValueOnce({ status: 500, message: 'down' });
    const { user } = await renderSettingsPage(api);
    await user.type(await main().findByLabelText(SETTINGS.bio, { exact: false }), 'Night owl');
    await user.click(button(SETTINGS.save));
    await waitFor(() =>
      expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: SETTINGS.updateFailed }),
    );
    expect(bioField().value).toBe('Night owl');
    expect(button(SETTINGS.save).disabled).toBe(false);
  });

  it('shows a username taken meanwhile under the username', async () => {
    const api = fakeSettingsApi();
    api.saveDetails.mockRejectedValueOnce({ status: 409, message: SETTINGS.usernameTaken('brave_fox') });
    const { user } = await renderSettingsPage(api);
    await waitFor(() => expect(button(SETTINGS.generateLabel).disabled).toBe(false));
    await user.click(button(SETTINGS.generateLabel));
    await user.click(button(SETTINGS.save));
    expect(await details().findByText(SETTINGS.usernameTaken('brave_fox'))).toBeTruthy();
    expect(api.notify).not.toHaveBeenCalledWith({ kind: 'error', text: SETTINGS.updateFailed });
  });
});

describe('coding handles', () => {
  it('adds a LeetCode handle, then shows it on the profile with the toggle', async () => {
    const api = fakeSettingsApi();
    const { user, session } = await renderSettingsPage(api);
    const leetcode = await main().findByRole('form', { name: SETTINGS.leetcode });
    const toggle = main().getByRole('switch', { name: SETTINGS.showLeetcode }) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    expect(description(toggle)).toBe(SETTINGS.linkFirst);

    await user.type(within(leetcode).getByLabelText(SETTINGS.handleLabel(SETTINGS.leetcode)), 'ada_codes');
    await user.click(within(leetcode).getByRole('button', { name: SETTINGS.add }));
    expect(await main().findByText(SETTINGS.linkedAs('ada_codes'))).toBeTruthy();
    expect(api.link).toHaveBeenCalledWith('leetcode', 'ada_codes');
    expect(within(leetcode).getByRole('button', { name: SETTINGS.update })).toBeTruthy();
    expect(session.actor.getSnapshot().context.user?.leetcode).toBe('ada_codes');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(description(toggle)).toBeUndefined();
    await waitFor(() => expect(api.setVisibility).toHaveBeenCalledWith('leetcode', true));
    expect(session.actor.getSnapshot().context.user?.showLC).toBe(true);
  });

  it('shows Invalid username under a LeetCode handle LeetCode does not know', async () => {
    const api = fakeSettingsApi();
    api.link.mockRejectedValueOnce({ status: 404, message: STATS.invalidUsername });
    const { user } = await renderSettingsPage(api);
    const leetcode = await main().findByRole('form', { name: SETTINGS.leetcode });
    await user.type(
      within(leetcode).getByLabelText(SETTINGS.handleLabel(SETTINGS.leetcode)),
      'nobody{enter}',
    );
    expect(await within(leetcode).findByText(STATS.invalidUsername)).toBeTruthy();
    expect(api.notify).not.toHaveBeenCalled();
  });

  it('toasts Server Issue when the coding site fails', async () => {
    const api = fakeSettingsApi();
    api.link.mockRejectedValueOnce({ status: 504, message: STATS.serverIssue });
    const { user } = await renderSettingsPage(api);
    const codeforces = await main().findByRole('form', { name: SETTINGS.codeforces });
    await user.type(within(codeforces).getByLabelText(SETTINGS.handleLabel(SETTINGS.codeforces)), 'tourist');
    await user.click(within(codeforces).getByRole('button', { name: SETTINGS.add }));
    await waitFor(() => expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: STATS.serverIssue }));
    expect(main().getAllByText(SETTINGS.notLinked)).toHaveLength(2);
  });

  it('shows the Codeforces rank and flips its toggle back when saving it fails', async () => {
    const ranked = { ...testUser, codeforces: 'pupil', showCf: true };
    const api = fakeSettingsApi(ranked);
    api.setVisibility.mockRejectedValueOnce({ status: 500, message: 'down' });
    const { user, session } = await renderSettingsPage(api, { user: ranked });
    expect(await main().findByText(SETTINGS.rank('pupil'))).toBeTruthy();
    const toggle = main().getByRole('switch', { name: SETTINGS.showCodeforces });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    await waitFor(() => expect(api.setVisibility).toHaveBeenCalledWith('codeforces', false));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(session.actor.getSnapshot().context.user?.showCf).toBe(true);

    const codeforces = main().getByRole('form', { name: SETTINGS.codeforces });
    await user.type(within(codeforces).getByLabelText(SETTINGS.handleLabel(SETTINGS.codeforces)), 'tourist');
    await user.click(within(codeforces).getByRole('button', { name: SETTINGS.update }));
    expect(await main().findByText(SETTINGS.rank('expert'))).toBeTruthy();
    expect(session.actor.getSnapshot().context.user?.codeforces).toBe('expert');
  });
});

describe('profile pictures', () => {
  const image = () => new File([new Uint8Array(8)], 'me.png', { type: 'image/png' });

  it('changes the avatar in a dialog: Profile Picture Updated !, and the new picture is shown', async () => {
    const api = fakeSettingsApi();
    const { user, session } = await renderSettingsPage(api);
    await user.click(await main().findByRole('button', { name: SETTINGS.changeAvatar }));
    const dialog = within(screen.getByRole('dialog', { name: SETTINGS.changeAvatar }));
    const file = image();
    await user.upload(dialog.getByLabelText('Choose an image'), file);
    expect(await dialog.findByAltText('Preview of the chosen image')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.upload).toHaveBeenCalledWith('dp', file);
    expect(api.notify).toHaveBeenCalledWith({ kind: 'success', text: PROFILE.avatarUpdated });
    expect(session.actor.getSnapshot().context.user?.dp).toBe('/uploads/users/new-dp.webp');
    expect(main().getByAltText(SETTINGS.avatar).getAttribute('src')).toBe('/uploads/users/new-dp.webp');
  });

  it('says Error uploading image! when the banner fails, and closes on Cancel', async () => {
    const api = fakeSettingsApi();
    api.upload.mockRejectedValueOnce({ status: 500, message: 'down' });
    const { user, session } = await renderSettingsPage(api);
    await user.click(await main().findByRole('button', { name: SETTINGS.changeBanner }));
    const dialog = within(screen.getByRole('dialog', { name: SETTINGS.changeBanner }));
    await user.upload(dialog.getByLabelText('Choose an image'), image());
    await dialog.findByAltText('Preview of the chosen image');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: PROFILE.bannerFailed }),
    );
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(session.actor.getSnapshot().context.user?.bgImg).toBeNull();
  });
});

describe('deleting the account', () => {
  it('asks for a second click after the warning, then deletes, signs out and goes home', async () => {
    const api = fakeSettingsApi();
    const { user, router, session } = await renderSettingsPage(api);
    const remove = await main().findByRole('button', { name: SETTINGS.deleteAccount });
    expect(main().queryByText(SETTINGS.deleteWarning)).toBeNull();
    await user.click(remove);
    expect(main().getByRole('alert').textContent).toBe(SETTINGS.deleteWarning);
    expect(api.deleteAccount).not.toHaveBeenCalled();

    await user.click(button(SETTINGS.deleteConfirm));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.deleteAccount).toHaveBeenCalledTimes(1);
    expect(api.notify).toHaveBeenCalledWith({ kind: 'success', text: SETTINGS.accountDeleted });
    expect(session.actor.getSnapshot().context.user).toBeNull();
  });

  it('can be disarmed, and says Server Issue and Try Again Later when deleting fails', async () => {
    const api = fakeSettingsApi();
    api.deleteAccount.mockRejectedValueOnce({ status: 500, message: 'down' });
    const { user, session } = await renderSettingsPage(api);
    await user.click(await main().findByRole('button', { name: SETTINGS.deleteAccount }));
    await user.click(button(SETTINGS.keepAccount));
    expect(main().queryByText(SETTINGS.deleteWarning)).toBeNull();

    await user.click(button(SETTINGS.deleteAccount));
    await user.click(button(SETTINGS.deleteConfirm));
    expect(await main().findByText(SETTINGS.tryLater)).toBeTruthy();
    expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: SETTINGS.deleteFailed });
    expect(button(SETTINGS.deleteAccount)).toBeTruthy();
    expect(session.actor.getSnapshot().context.user?.userID).toBe(testUser.userID);
  });
});

describe('visitors', () => {
  it('are asked to sign in', async () => {
    const api = fakeSettingsApi();
    await renderSettingsPage(api, { user: null });
    expect(await main().findByRole('heading', { name: SETTINGS.signInTitle })).toBeTruthy();
    expect(main().getByRole('link', { name: SETTINGS.signIn }).getAttribute('href')).toBe('/signin');
    expect(main().queryByRole('form')).toBeNull();
  });

  it('see a placeholder while the session is being restored', async () => {
    const api = fakeSettingsApi();
    await renderSettingsPage(api, { restorePending: true });
    expect(await screen.findByRole('status', { name: 'Loading settings' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: SETTINGS.signInTitle })).toBeNull();
  });
});
