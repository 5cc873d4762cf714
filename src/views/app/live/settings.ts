/**
 * The settings page's machines joined to the real API, image preparation, toasts, router and the
 * session actor: the details form, the two coding handles, the avatar and banner dialogs and the
 * account deletion. The session actor is the one the views were given (`useSessionActor`), so a
 * test's session hears the changes as the app's does. Views get these through
 * `SettingsMachinesProvider` (pages/settings/settingsMachines.tsx).
 */
import { fromPromise } from 'xstate';
import { accountDeletionMachine } from '../../../machines/accountDeletion.machine.ts';
import { codingHandleMachine, type HandleKind } from '../../../machines/codingHandle.machine.ts';
import { imageChangeMachine } from '../../../machines/imageChange.machine.ts';
import {
  type DetailsUpdate,
  type PictureField,
  settingsMachine,
  settingsUsernameSuggestions,
  type UserPatch,
} from '../../../machines/settings.machine.ts';
import { generateUsernames } from '../../../services/api/auth.ts';
import { uploadAvatar, uploadBanner } from '../../../services/api/profiles.ts';
import {
  addCodeforces,
  addLeetCode,
  deleteAccount,
  setCodeforcesVisibility,
  setLeetCodeVisibility,
  updateDetails,
} from '../../../services/api/settings.ts';
import { prepareImage } from '../../../services/images.ts';
import type { SessionActorRef } from '../actors.tsx';
import { effectActions } from '../effects.ts';

const { notify, navigate, log } = effectActions;
const patchUser = (session: SessionActorRef) => (_: unknown, patch: UserPatch) =>
  session.send({ type: 'user.patch', patch });

/** Per site: linking a handle (answering what the user now has) and showing it on the profile. */
const sites = {
  leetcode: {
    link: (handle: string) => addLeetCode(handle).then((r) => ({ linked: r.leetcode })),
    setVisibility: setLeetCodeVisibility,
  },
  codeforces: {
    link: (handle: string) => addCodeforces(handle).then((r) => ({ linked: r.codeforces })),
    setVisibility: setCodeforcesVisibility,
  },
};

const uploads: Record<PictureField, (image: File) => Promise<unknown>> = {
  dp: uploadAvatar,
  bgImg: uploadBanner,
};

export const liveSettingsMachines = {
  /** The details form; generated usernames come from `auth/generateusername`. */
  settings: (session: SessionActorRef) =>
    settingsMachine.provide({
      actors: {
        usernameSuggestions: settingsUsernameSuggestions.provide({
          actors: { generateUsernames: fromPromise(() => generateUsernames()) },
          actions: { notify },
        }),
        saveDetails: fromPromise(({ input }: { input: DetailsUpdate }) => updateDetails(input)),
      },
      actions: { notify, userChanged: patchUser(session) },
    }),
  /** One coding handle with its show-on-profile toggle. */
  codingHandle: (session: SessionActorRef, kind: HandleKind) =>
    codingHandleMachine.provide({
      actors: {
        link: fromPromise(({ input }: { input: { handle: string } }) => sites[kind].link(input.handle)),
        setVisibility: fromPromise<unknown, { shown: boolean }>(({ input }) =>
          sites[kind].setVisibility(input.shown),
        ),
      },
      actions: { notify, log, userChanged: patchUser(session) },
    }),
  /** The avatar (`dp`) or banner (`bgImg`) dialog: the image prepared, then uploaded. */
  picture: (field: PictureField) =>
    imageChangeMachine.provide({
      actors: {
        compressImage: fromPromise(({ input }: { input: { file: File } }) => prepareImage(input.file)),
        upload: fromPromise<unknown, { file: File }>(({ input }) => uploads[field](input.file)),
      },
      actions: { notify, log },
    }),
  /** Two-click deletion; the session is forgotten once the account is gone. */
  accountDeletion: (session: SessionActorRef) =>
    accountDeletionMachine.provide({
      actors: { deleteAccount: fromPromise<unknown>(() => deleteAccount()) },
      actions: { notify, navigate, endSession: () => session.send({ type: 'session.end' }) },
    }),
};

export type SettingsMachines = typeof liveSettingsMachines;
