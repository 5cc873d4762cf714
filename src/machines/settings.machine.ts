/**
 * The settings page's details form (spec §2 Settings, §4 Settings, §5, §8 Settings update): the
 * username (read-only, filled by Generate from the usernameSuggestions child), the bio (cut at
 * BIO_MAX) and a new password. Any change makes the form `dirty`; only then may it be saved, and
 * Cancel puts the saved details back. Saving sends what changed (`u/update`; unchanged or empty
 * fields as null, nothing at all when no field is left). A new password that breaks the rule shows
 * 'Invalid Password' and clears the dirty flag (spec §5), as does a field the server refuses (400
 * naming it, 409 for a username taken meanwhile); any other failure toasts 'Unknown Error!!Try Again
 * Later' and keeps the changes.
 *
 * A new password goes with the current one (`currentPassword`, asked for while a new password is
 * typed: `asksCurrentPassword`); without it the form refuses before sending, and the server's 403
 * (wrong) or 425 (the sign-in throttle) is shown under that field. An empty bio means "unchanged"
 * (spec §5), so removing the bio is its own control: 'bio.clear' (possible while there is a bio)
 * empties the field and makes saving send `clearBio: true`.
 *
 * The session user follows every change through the provided `userChanged`: the details, and the
 * avatar and banner of the user a picture dialog's upload answered ('image.saved', sent by the
 * imageChange chart to its `owner`). Tags: `dirty`, `invalid`, `busy`.
 */
import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import type { UserInfo } from '../domain/entities.ts';
import { SETTINGS } from '../domain/peopleMessages.ts';
import { BIO_MAX, isSettingsPassword } from '../domain/userValidation.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { failureOf, fieldRefusal } from './failure.ts';
import type { SessionEvent } from './session.machine.ts';
import { usernameSuggestionsMachine } from './usernameSuggestions.machine.ts';

/** The fields of the session user a settings change may update. */
export type UserPatch = Extract<SessionEvent, { type: 'user.patch' }>['patch'];

export type DetailsField = 'username' | 'password' | 'currentPassword' | 'bio';
/** The fields a person types into. */
export type TypedField = 'bio' | 'password' | 'currentPassword';
export type Details = Record<DetailsField, string>;
/** What `u/update` is sent: a null field stays as it is; `clearBio` (only ever true) removes the bio. */
export type DetailsUpdate = Record<DetailsField, string | null> & { clearBio?: true };
export type PictureField = 'dp' | 'bgImg';

export interface SettingsInput {
  username: string;
  bio: string | null;
}

export interface SettingsContext {
  /** The username and bio as the server has them. */
  saved: { username: string; bio: string };
  fields: Details;
  /** The bio's own control was used: saving removes the bio (the field is empty meanwhile). */
  bioCleared: boolean;
  errors: Partial<Details>;
}

export type SettingsEvent =
  | { type: 'field.change'; field: TypedField; value: string }
  /** 'Clear bio': the bio goes when the form is saved. */
  | { type: 'bio.clear' }
  | { type: 'username.generate' }
  /** A generated username, from the suggestions child. */
  | { type: 'username.fill'; username: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  /** The avatar or banner dialog saved a picture: the user as the upload answered (imageChange's `owner`). */
  | { type: 'image.saved'; result: UserInfo };

/** The suggestions child: every name it hands out fills the username field. */
export const settingsUsernameSuggestions = usernameSuggestionsMachine.provide({
  actions: {
    fill: sendParent((_, params: { username: string }) => ({
      type: 'username.fill',
      username: params.username,
    })),
  },
});

const savedFields = (saved: SettingsContext['saved']): Details => ({
  ...saved,
  password: '',
  currentPassword: '',
});

/** Whether the form asks for the current password: while a new one is typed. */
export const asksCurrentPassword = (context: SettingsContext): boolean => context.fields.password !== '';
const changed = (value: string, saved: string) => {
  const trimmed = value.trim();
  return trimmed === '' || trimmed === saved ? null : trimmed;
};

/** What saving sends: only the fields that changed, the rest as null (spec §5). */
export function detailsUpdate({ fields, saved, bioCleared }: SettingsContext): DetailsUpdate {
  const password = fields.password === '' ? null : fields.password;
  return {
    username: changed(fields.username, saved.username),
    password,
    currentPassword: password === null || fields.currentPassword === '' ? null : fields.currentPassword,
    bio: bioCleared ? null : changed(fields.bio, saved.bio),
    ...(bioCleared ? { clearBio: true as const } : {}),
  };
}

/** Whether saving would change nothing (spec §5: nothing is sent then). */
const sendsNothing = (update: DetailsUpdate) =>
  update.clearBio !== true && [update.username, update.password, update.bio].every((value) => value === null);

/**
 * A refusal of the server that names a field: 409 is a username taken meanwhile; a wrong current
 * password (403) and the sign-in throttle it counts toward (425) belong to the current password.
 */
function refusedField(error: unknown): { field: DetailsField; message: string } | null {
  const { status, message } = failureOf(error);
  if (status === 409) return { field: 'username', message: message || SETTINGS.updateFailed };
  if (status === 403 && message === SETTINGS.currentPasswordWrong)
    return { field: 'currentPassword', message };
  if (status === 425) return { field: 'currentPassword', message: message || SETTINGS.updateFailed };
  return fieldRefusal(error, ['username', 'password', 'currentPassword', 'bio'] as const);
}

/** What editing does in a state: a change goes to `target` (dirty). Cancel only where there is something to cancel. */
const editsTo = (target?: 'dirty') => ({
  'field.change': {
    target,
    actions: {
      type: 'setField' as const,
      params: ({ event }: { event: { field: TypedField; value: string } }) => event,
    },
  },
  'bio.clear': { target, guard: 'hasBio' as const, actions: 'clearBio' as const },
  'username.fill': {
    target,
    actions: {
      type: 'setField' as const,
      params: ({ event }: { event: { username: string } }) => ({
        field: 'username' as const,
        value: event.username,
      }),
    },
  },
  'username.generate': { actions: 'generate' as const },
});
const cancel = { 'form.cancel': { target: 'clean', actions: 'resetFields' } } as const;

export const settingsMachine = setup({
  types: {
    input: {} as SettingsInput,
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    tags: {} as 'busy' | 'dirty' | 'invalid',
  },
  actors: {
    usernameSuggestions: settingsUsernameSuggestions,
    saveDetails: fromPromise<UserInfo, DetailsUpdate>(async () => notProvided('settings', 'saveDetails')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    /** The session user changed: the app patches it. */
    userChanged: (_, _params: UserPatch) => noEffect(),
    generate: sendTo('usernameSuggestions', { type: 'username.refresh' }),
    setField: assign(({ context }, params: { field: DetailsField; value: string }) => ({
      fields: {
        ...context.fields,
        [params.field]: params.field === 'bio' ? params.value.slice(0, BIO_MAX) : params.value,
      },
      // a bio typed after 'Clear bio' is a new bio
      bioCleared: params.field === 'bio' ? false : context.bioCleared,
      errors: {},
    })),
    clearBio: assign(({ context }) => ({
      fields: { ...context.fields, bio: '' },
      bioCleared: true,
      errors: {},
    })),
    resetFields: assign(({ context }) => ({
      fields: savedFields(context.saved),
      bioCleared: false,
      errors: {},
    })),
    refuse: assign((_, params: { field: DetailsField; message: string }) => ({
      errors: { [params.field]: params.message },
    })),
    setSaved: assign((_, params: { user: UserInfo }) => {
      const saved = { username: params.user.username, bio: params.user.about ?? '' };
      return { saved, fields: savedFields(saved), bioCleared: false, errors: {} };
    }),
  },
  guards: {
    passwordRefused: ({ context }) =>
      context.fields.password !== '' && !isSettingsPassword(context.fields.password),
    currentPasswordMissing: ({ context }) =>
      context.fields.password !== '' && context.fields.currentPassword === '',
    nothingToSend: ({ context }) => sendsNothing(detailsUpdate(context)),
    /** There is a saved bio to clear, not cleared yet. */
    hasBio: ({ context }) => context.saved.bio !== '' && !context.bioCleared,
    isFieldRefusal: (_, params: { error: unknown }) => refusedField(params.error) !== null,
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => {
    const saved = { username: input.username, bio: input.bio ?? '' };
    return { saved, fields: savedFields(saved), bioCleared: false, errors: {} };
  },
  invoke: { id: 'usernameSuggestions', src: 'usernameSuggestions' },
  on: {
    'image.saved': {
      actions: {
        type: 'userChanged',
        params: ({ event }) => ({ dp: event.result.dp, bgImg: event.result.bgImg }),
      },
    },
  },
  initial: 'clean',
  states: {
    clean: { on: editsTo('dirty') },
    dirty: {
      tags: ['dirty'],
      on: {
        ...editsTo(),
        ...cancel,
        'form.submit': [
          {
            guard: 'passwordRefused',
            target: 'invalid',
            actions: { type: 'refuse', params: { field: 'password', message: SETTINGS.invalidPassword } },
          },
          {
            guard: 'currentPasswordMissing',
            target: 'invalid',
            actions: {
              type: 'refuse',
              params: { field: 'currentPassword', message: SETTINGS.currentPasswordRequired },
            },
          },
          { guard: 'nothingToSend', target: 'clean', actions: 'resetFields' },
          { target: 'saving' },
        ],
      },
    },
    invalid: { tags: ['invalid'], on: { ...editsTo('dirty'), ...cancel } },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveDetails',
        src: 'saveDetails',
        input: ({ context }) => detailsUpdate(context),
        onDone: {
          target: 'clean',
          actions: [
            { type: 'setSaved', params: ({ event }) => ({ user: event.output }) },
            {
              type: 'userChanged',
              params: ({ event }) => ({ username: event.output.username, about: event.output.about }),
            },
            { type: 'notify', params: { kind: 'success', text: SETTINGS.updated } },
          ],
        },
        onError: [
          {
            guard: { type: 'isFieldRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: {
              type: 'refuse',
              params: ({ event }) =>
                refusedField(event.error) ?? { field: 'username', message: SETTINGS.updateFailed },
            },
          },
          {
            target: 'dirty',
            actions: { type: 'notify', params: { kind: 'error', text: SETTINGS.updateFailed } },
          },
        ],
      },
    },
  },
});
