/**
 * The settings page's machines on the system's API and platform: the details form, the two coding
 * handles, the avatar and banner dialogs and the account deletion. What they change is told to the
 * session actor.
 */
import { fromPromise } from 'xstate';
import { accountDeletionMachine } from '../machines/accountDeletion.machine.ts';
import { codingHandleMachine, type HandleKind } from '../machines/codingHandle.machine.ts';
import { imageChangeMachine } from '../machines/imageChange.machine.ts';
import {
  type DetailsUpdate,
  type PictureField,
  settingsMachine,
  settingsUsernameSuggestions,
  type UserPatch,
} from '../machines/settings.machine.ts';
import { effectsOf, tell } from './effects.ts';
import type { QuadSystem } from './quadSystem.ts';

const userChanged = ({ system }: { system: unknown }, patch: UserPatch) =>
  tell(system, 'session', { type: 'user.patch', patch });

export function settingsMachines({ api, platform }: QuadSystem) {
  const { notify, navigate, log } = effectsOf(platform);
  /** Per site: linking a handle (answering what the user now has) and showing it on the profile. */
  const sites = {
    leetcode: {
      link: (handle: string) => api.addLeetCode(handle).then((r) => ({ linked: r.leetcode })),
      setVisibility: api.setLeetCodeVisibility,
    },
    codeforces: {
      link: (handle: string) => api.addCodeforces(handle).then((r) => ({ linked: r.codeforces })),
      setVisibility: api.setCodeforcesVisibility,
    },
  };
  const uploads: Record<PictureField, (image: File) => Promise<unknown>> = {
    dp: api.uploadAvatar,
    bgImg: api.uploadBanner,
  };
  return {
    /** The details form; generated usernames come from `auth/generateusername`. */
    settings: settingsMachine.provide({
      actors: {
        usernameSuggestions: settingsUsernameSuggestions.provide({
          actors: { generateUsernames: fromPromise(() => api.generateUsernames()) },
          actions: { notify },
        }),
        saveDetails: fromPromise(({ input }: { input: DetailsUpdate }) => api.updateDetails(input)),
      },
      actions: { notify, userChanged },
    }),
    /** One coding handle with its show-on-profile toggle. */
    codingHandle: (kind: HandleKind) =>
      codingHandleMachine.provide({
        actors: {
          link: fromPromise(({ input }: { input: { handle: string } }) => sites[kind].link(input.handle)),
          setVisibility: fromPromise<unknown, { shown: boolean }>(({ input }) =>
            sites[kind].setVisibility(input.shown),
          ),
        },
        actions: { notify, log, userChanged },
      }),
    /** The avatar (`dp`) or banner (`bgImg`) dialog: the image prepared, then uploaded. */
    picture: (field: PictureField) =>
      imageChangeMachine.provide({
        actors: {
          compressImage: fromPromise(({ input }: { input: { file: File } }) =>
            platform.prepareImage(input.file),
          ),
          upload: fromPromise<unknown, { file: File }>(({ input }) => uploads[field](input.file)),
        },
        actions: { notify, log },
      }),
    /** Two-click deletion; the session is forgotten once the account is gone. */
    accountDeletion: accountDeletionMachine.provide({
      actors: { deleteAccount: fromPromise<unknown>(() => api.deleteAccount()) },
      actions: {
        notify,
        navigate,
        endSession: ({ system }) => tell(system, 'session', { type: 'session.end' }),
      },
    }),
  };
}

export type SettingsMachines = ReturnType<typeof settingsMachines>;
