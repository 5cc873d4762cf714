import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH } from '../../../src/domain/messages.ts';
import { PROFILE, SETTINGS, STATS } from '../../../src/domain/peopleMessages.ts';
import {
  CODEFORCES_RANK,
  GENERATED,
  NEW_AVATAR,
  refusal,
  renderSettings,
  testUser,
} from './settingsAnswers.ts';

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
    await renderSettings({ user: withBio });
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
    const { user, api, platform, session } = await renderSettings();
    await waitFor(() => expect(button(SETTINGS.generateLabel).disabled).toBe(false));
    expect(api.generateUsernames).toHaveBeenCalledTimes(1);
    await user.click(button(SETTINGS.generateLabel));
    expect(field(SETTINGS.username).value).toBe(GENERATED[0]);
    expect(button(SETTINGS.save).disabled).toBe(false);

    await user.click(button(SETTINGS.save));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: SETTINGS.updated }),
    );
    expect(api.updateDetails).toHaveBeenCalledExactlyOnceWith({
      username: 'brave_fox',
      password: null,
      currentPassword: null,
      bio: null,
    });
    expect(session.getSnapshot().context.user?.username).toBe('brave_fox');
    expect(field(SETTINGS.username).value).toBe('brave_fox');
    expect(button(SETTINGS.save).disabled).toBe(true);
  });

  it('refuses a weak password with Invalid Password and sends nothing until the next edit', async () => {
    const { user, api } = await renderSettings();
    await user.type(await main().findByLabelText(SETTINGS.password), 'password1');
    await user.click(button(SETTINGS.save));
    expect(details().getByText(SETTINGS.invalidPassword)).toBeTruthy();
    expect(button(SETTINGS.save).disabled).toBe(true);
    expect(api.updateDetails).not.toHaveBeenCalled();

    await user.type(field(SETTINGS.password), '!');
    expect(details().queryByText(SETTINGS.invalidPassword)).toBeNull();
    await user.type(field(SETTINGS.currentPassword), 'Str0ng!pass');
    await user.click(button(SETTINGS.save));
    await waitFor(() =>
      expect(api.updateDetails).toHaveBeenCalledExactlyOnceWith({
        username: null,
        password: 'password1!',
        currentPassword: 'Str0ng!pass',
        bio: null,
      }),
    );
  });

  it('asks for the current password only with a new one, and refuses to send without it', async () => {
    const { user, api } = await renderSettings();
    await main().findByLabelText(SETTINGS.password);
    expect(main().queryByLabelText(SETTINGS.currentPassword)).toBeNull();
    await user.type(field(SETTINGS.password), 'N3w!pass9');
    const current = field(SETTINGS.currentPassword);
    expect(current.type).toBe('password');
    expect(current.autocomplete).toBe('current-password');
    expect(details().getByText(SETTINGS.currentPasswordHint)).toBeTruthy();
    await user.click(button(SETTINGS.save));
    expect(description(current)).toContain(SETTINGS.currentPasswordRequired);
    expect(api.updateDetails).not.toHaveBeenCalled();
    await user.clear(field(SETTINGS.password));
    expect(main().queryByLabelText(SETTINGS.currentPassword)).toBeNull();
  });

  it('shows a wrong current password under its field, and the throttle’s answer too', async () => {
    const { user, api, platform } = await renderSettings();
    api.updateDetails
      .mockRejectedValueOnce(refusal(403, SETTINGS.currentPasswordWrong))
      .mockRejectedValueOnce(refusal(425, AUTH.signinThrottled));
    await user.type(await main().findByLabelText(SETTINGS.password), 'N3w!pass9');
    await user.type(field(SETTINGS.currentPassword), 'Wr0ng!pass');
    await user.click(button(SETTINGS.save));
    expect(await details().findByText(SETTINGS.currentPasswordWrong)).toBeTruthy();
    expect(button(SETTINGS.save).disabled).toBe(true);
    await user.type(field(SETTINGS.currentPassword), '2');
    await user.click(button(SETTINGS.save));
    expect(await details().findByText(AUTH.signinThrottled)).toBeTruthy();
    expect(platform.notify).not.toHaveBeenCalledWith(expect.objectContaining({ kind: 'error' }));
  });

  it('clears the bio by its own control and says so until saved', async () => {
    const { user, api, session } = await renderSettings({ user: withBio });
    await user.click(await main().findByRole('button', { name: SETTINGS.clearBio }));
    expect(bioField().value).toBe('');
    expect(details().getByRole('status').textContent).toBe(SETTINGS.bioCleared);
    expect(main().queryByRole('button', { name: SETTINGS.clearBio })).toBeNull();
    await user.click(button(SETTINGS.save));
    await waitFor(() =>
      expect(api.updateDetails).toHaveBeenCalledExactlyOnceWith({
        username: null,
        password: null,
        currentPassword: null,
        bio: null,
        clearBio: true,
      }),
    );
    await waitFor(() => expect(session.getSnapshot().context.user?.about).toBeNull());
    expect(details().queryByText(SETTINGS.bioCleared)).toBeNull();
    expect(main().queryByRole('button', { name: SETTINGS.clearBio })).toBeNull();
  });

  it('offers no Clear bio without a bio', async () => {
    await renderSettings();
    await main().findByLabelText(SETTINGS.password);
    expect(main().queryByRole('button', { name: SETTINGS.clearBio })).toBeNull();
  });

  it('puts the saved bio back on Cancel', async () => {
    const { user, api } = await renderSettings({ user: withBio });
    const bio = await main().findByLabelText(SETTINGS.bio, { exact: false });
    await user.clear(bio);
    await user.type(bio, 'Night owl');
    expect(details().getByText('9/300')).toBeTruthy();
    await user.click(button(SETTINGS.cancel));
    expect(bioField().value).toBe('Early riser');
    expect(button(SETTINGS.save).disabled).toBe(true);
    expect(api.updateDetails).not.toHaveBeenCalled();
  });

  it('toasts Unknown Error!!Try Again Later when saving fails, and keeps the change', async () => {
    const { user, api, platform, session } = await renderSettings();
    api.updateDetails.mockRejectedValueOnce(refusal(500, 'down'));
    await user.type(await main().findByLabelText(SETTINGS.bio, { exact: false }), 'Night owl');
    await user.click(button(SETTINGS.save));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: SETTINGS.updateFailed }),
    );
    expect(api.updateDetails).toHaveBeenCalledExactlyOnceWith({
      username: null,
      password: null,
      currentPassword: null,
      bio: 'Night owl',
    });
    expect(bioField().value).toBe('Night owl');
    expect(button(SETTINGS.save).disabled).toBe(false);
    expect(session.getSnapshot().context.user?.about).toBeNull();
  });

  it('shows a username taken meanwhile under the username', async () => {
    const { user, api, platform } = await renderSettings();
    api.updateDetails.mockRejectedValueOnce(refusal(409, SETTINGS.usernameTaken('brave_fox')));
    await waitFor(() => expect(button(SETTINGS.generateLabel).disabled).toBe(false));
    await user.click(button(SETTINGS.generateLabel));
    await user.click(button(SETTINGS.save));
    expect(await details().findByText(SETTINGS.usernameTaken('brave_fox'))).toBeTruthy();
    expect(platform.notify).not.toHaveBeenCalledWith({ kind: 'error', text: SETTINGS.updateFailed });
  });
});

describe('coding handles', () => {
  it('adds a LeetCode handle, then shows it on the profile with the toggle', async () => {
    const { user, api, session } = await renderSettings();
    const leetcode = await main().findByRole('form', { name: SETTINGS.leetcode });
    const toggle = main().getByRole('switch', { name: SETTINGS.showLeetcode }) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    expect(description(toggle)).toBe(SETTINGS.linkFirst);

    await user.type(within(leetcode).getByLabelText(SETTINGS.handleLabel(SETTINGS.leetcode)), 'ada_codes');
    await user.click(within(leetcode).getByRole('button', { name: SETTINGS.add }));
    expect(await main().findByText(SETTINGS.linkedAs('ada_codes'))).toBeTruthy();
    expect(api.addLeetCode).toHaveBeenCalledExactlyOnceWith('ada_codes');
    expect(api.addCodeforces).not.toHaveBeenCalled();
    expect(within(leetcode).getByRole('button', { name: SETTINGS.update })).toBeTruthy();
    expect(session.getSnapshot().context.user?.leetcode).toBe('ada_codes');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(description(toggle)).toBeUndefined();
    await waitFor(() => expect(api.setLeetCodeVisibility).toHaveBeenCalledExactlyOnceWith(true));
    expect(api.setCodeforcesVisibility).not.toHaveBeenCalled();
    expect(session.getSnapshot().context.user?.showLC).toBe(true);
  });

  it('shows Invalid username under a LeetCode handle LeetCode does not know', async () => {
    const { user, api, platform } = await renderSettings();
    api.addLeetCode.mockRejectedValueOnce(refusal(404, STATS.invalidUsername));
    const leetcode = await main().findByRole('form', { name: SETTINGS.leetcode });
    await user.type(
      within(leetcode).getByLabelText(SETTINGS.handleLabel(SETTINGS.leetcode)),
      'nobody{enter}',
    );
    expect(await within(leetcode).findByText(STATS.invalidUsername)).toBeTruthy();
    expect(api.addLeetCode).toHaveBeenCalledExactlyOnceWith('nobody');
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('toasts Server Issue when the coding site fails, saying it could not be reached', async () => {
    const { user, api, platform } = await renderSettings();
    api.addCodeforces.mockRejectedValueOnce(refusal(504, STATS.serverIssue));
    const codeforces = await main().findByRole('form', { name: SETTINGS.codeforces });
    await user.type(within(codeforces).getByLabelText(SETTINGS.handleLabel(SETTINGS.codeforces)), 'tourist');
    await user.click(within(codeforces).getByRole('button', { name: SETTINGS.add }));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({
        kind: 'error',
        text: `${STATS.serverIssue}: ${STATS.reasonUnreachable('Codeforces')}`,
      }),
    );
    expect(api.addCodeforces).toHaveBeenCalledExactlyOnceWith('tourist');
    expect(main().getAllByText(SETTINGS.notLinked)).toHaveLength(2);
  });

  it('shows the Codeforces rank and flips its toggle back when saving it fails', async () => {
    const ranked = { ...testUser, codeforces: 'pupil', showCf: true };
    const { user, api, session } = await renderSettings({ user: ranked });
    api.setCodeforcesVisibility.mockRejectedValueOnce(refusal(500, 'down'));
    expect(await main().findByText(SETTINGS.rank('pupil'))).toBeTruthy();
    const toggle = main().getByRole('switch', { name: SETTINGS.showCodeforces });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    await waitFor(() => expect(api.setCodeforcesVisibility).toHaveBeenCalledExactlyOnceWith(false));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(session.getSnapshot().context.user?.showCf).toBe(true);

    const codeforces = main().getByRole('form', { name: SETTINGS.codeforces });
    await user.type(within(codeforces).getByLabelText(SETTINGS.handleLabel(SETTINGS.codeforces)), 'tourist');
    await user.click(within(codeforces).getByRole('button', { name: SETTINGS.update }));
    expect(await main().findByText(SETTINGS.rank(CODEFORCES_RANK))).toBeTruthy();
    expect(api.addCodeforces).toHaveBeenCalledExactlyOnceWith('tourist');
    expect(session.getSnapshot().context.user?.codeforces).toBe(CODEFORCES_RANK);
  });
});

describe('profile pictures', () => {
  const image = () => new File([new Uint8Array(8)], 'me.png', { type: 'image/png' });

  it('changes the avatar in a dialog: Profile Picture Updated !, and the new picture is shown', async () => {
    const { user, api, platform, session } = await renderSettings();
    await user.click(await main().findByRole('button', { name: SETTINGS.changeAvatar }));
    const dialog = within(screen.getByRole('dialog', { name: SETTINGS.changeAvatar }));
    const file = image();
    await user.upload(dialog.getByLabelText('Choose an image'), file);
    expect(await dialog.findByAltText('Preview of the chosen image')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(platform.prepareImage).toHaveBeenCalledWith(file);
    expect(api.uploadAvatar).toHaveBeenCalledExactlyOnceWith(file);
    expect(api.uploadBanner).not.toHaveBeenCalled();
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: PROFILE.avatarUpdated });
    expect(session.getSnapshot().context.user?.dp).toBe(NEW_AVATAR);
    expect(main().getByAltText(SETTINGS.avatar).getAttribute('src')).toBe(NEW_AVATAR);
  });

  it('says Error uploading image! when the banner fails, and closes on Cancel', async () => {
    const { user, api, platform, session } = await renderSettings();
    api.uploadBanner.mockRejectedValueOnce(refusal(500, 'down'));
    await user.click(await main().findByRole('button', { name: SETTINGS.changeBanner }));
    const dialog = within(screen.getByRole('dialog', { name: SETTINGS.changeBanner }));
    const file = image();
    await user.upload(dialog.getByLabelText('Choose an image'), file);
    await dialog.findByAltText('Preview of the chosen image');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: PROFILE.bannerFailed }),
    );
    expect(api.uploadBanner).toHaveBeenCalledExactlyOnceWith(file);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(session.getSnapshot().context.user?.bgImg).toBeNull();
  });
});

describe('deleting the account', () => {
  it('asks for a second click after the warning, then deletes, signs out and goes home', async () => {
    const { user, api, platform, router, session } = await renderSettings();
    const remove = await main().findByRole('button', { name: SETTINGS.deleteAccount });
    expect(main().queryByText(SETTINGS.deleteWarning)).toBeNull();
    await user.click(remove);
    expect(main().getByRole('alert').textContent).toBe(SETTINGS.deleteWarning);
    expect(api.deleteAccount).not.toHaveBeenCalled();

    await user.click(button(SETTINGS.deleteConfirm));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.deleteAccount).toHaveBeenCalledTimes(1);
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: SETTINGS.accountDeleted });
    expect(platform.navigate).toHaveBeenCalledExactlyOnceWith({ to: '/', replace: true });
    expect(session.getSnapshot().context.user).toBeNull();
  });

  it('can be disarmed, and says Server Issue and Try Again Later when deleting fails', async () => {
    const { user, api, platform, session } = await renderSettings();
    api.deleteAccount.mockRejectedValueOnce(refusal(500, 'down'));
    await user.click(await main().findByRole('button', { name: SETTINGS.deleteAccount }));
    await user.click(button(SETTINGS.keepAccount));
    expect(main().queryByText(SETTINGS.deleteWarning)).toBeNull();
    expect(api.deleteAccount).not.toHaveBeenCalled();

    await user.click(button(SETTINGS.deleteAccount));
    await user.click(button(SETTINGS.deleteConfirm));
    expect(await main().findByText(SETTINGS.tryLater)).toBeTruthy();
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: SETTINGS.deleteFailed });
    expect(button(SETTINGS.deleteAccount)).toBeTruthy();
    expect(session.getSnapshot().context.user?.userID).toBe(testUser.userID);
  });
});

describe('visitors', () => {
  it('are asked to sign in', async () => {
    await renderSettings({ user: null });
    expect(await main().findByRole('heading', { name: SETTINGS.signInTitle })).toBeTruthy();
    expect(main().getByRole('link', { name: SETTINGS.signIn }).getAttribute('href')).toBe('/signin');
    expect(main().queryByRole('form')).toBeNull();
  });

  it('see a placeholder while the session is being restored', async () => {
    await renderSettings({ restorePending: true });
    expect(await screen.findByRole('status', { name: 'Loading settings' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: SETTINGS.signInTitle })).toBeNull();
  });
});
