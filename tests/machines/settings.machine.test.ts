import { describe, expect, it, vi } from 'vitest';
import {
  type AnyActorLogic,
  createActor,
  type EventFrom,
  fromCallback,
  fromPromise,
  type SnapshotFrom,
} from 'xstate';
import type { UserInfo } from '../../src/domain/entities.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { SETTINGS } from '../../src/domain/peopleMessages.ts';
import {
  asksCurrentPassword,
  type DetailsUpdate,
  type SettingsContext,
  settingsMachine,
  settingsUsernameSuggestions,
} from '../../src/machines/settings.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError } from '../support/createFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';
import { makeUser } from '../support/users.ts';

type Machine = typeof settingsMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const user = makeUser({ about: 'Early riser' });
const input = { username: user.username, bio: user.about };
const updated: UserInfo = { ...user, username: 'brave_fox', about: 'Night owl' };
const withPictures: UserInfo = { ...user, dp: '/uploads/users/dp.webp', bgImg: '/uploads/users/bg.webp' };

const failures = [
  apiError(409, SETTINGS.usernameTaken('brave_fox')),
  apiError(403, SETTINGS.currentPasswordWrong),
  apiError(425, AUTH.signinThrottled),
  apiError(400, `bio: ${SETTINGS.bioLong}`),
  apiError(400, SETTINGS.nothingToUpdate),
  apiError(500, 'Something went wrong on our side. Try again.'),
];

const eventsOf = (failed: { status: number; message: string }): Event[] => [
  { type: 'field.change', field: 'bio', value: ` ${'Night owl '.repeat(31)}` },
  { type: 'field.change', field: 'bio', value: '' },
  { type: 'field.change', field: 'password', value: 'short' },
  { type: 'field.change', field: 'password', value: 'Str0ng!pass' },
  { type: 'field.change', field: 'password', value: '' },
  { type: 'field.change', field: 'currentPassword', value: 'Old!pass1' },
  { type: 'bio.clear' },
  { type: 'username.fill', username: 'brave_fox' },
  { type: 'username.generate' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  done('saveDetails', updated),
  failure('saveDetails', failed),
  { type: 'image.saved', result: withPictures },
];

const scenarios = failures.map((failed) => ({
  failed,
  paths: generatePaths(settingsMachine, {
    events: (snapshot) => eventsOf(failed).filter((event) => snapshot.can(event)),
    input,
  }),
}));

/** A stand-in for the suggestions child: the test reads what it is sent. */
const silentChild = fromCallback(() => {}) as unknown as AnyActorLogic;

type Fields = SettingsContext['fields'];

/**
 * What saving sends (spec §5): each field trimmed, null where it is empty or as saved; the current
 * password only beside a new one; `clearBio: true` (and no bio) after 'Clear bio'.
 */
function updateOf(fields: Fields, saved: { username: string; bio: string }, cleared: boolean): DetailsUpdate {
  const changed = (value: string, was: string) =>
    value.trim() === '' || value.trim() === was ? null : value.trim();
  const password = fields.password === '' ? null : fields.password;
  return {
    username: changed(fields.username, saved.username),
    password,
    currentPassword: password && fields.currentPassword !== '' ? fields.currentPassword : null,
    bio: cleared ? null : changed(fields.bio, saved.bio),
    ...(cleared ? { clearBio: true as const } : {}),
  };
}

/** The refusals shown under a field instead of a toast (docs/decisions.md, Settings (client)). */
function refusedField({ status, message }: { status: number; message: string }) {
  if (status === 409) return { username: message };
  if (status === 403 || status === 425) return { currentPassword: message };
  const field = ['username', 'password', 'currentPassword', 'bio'].find((name) =>
    message.startsWith(`${name}: `),
  );
  return status === 400 && field ? { [field]: message.slice(field.length + 2) } : null;
}

/**
 * Spec §2 Settings, §4, §5, §8 Settings update: any change makes the form dirty, Cancel puts the saved
 * details back, Save sends what changed; the session user follows every saved change.
 */
function settingsOracle(failed: { status: number; message: string }) {
  let saved = { username: input.username, bio: input.bio ?? '' };
  const savedFields = (): Fields => ({ ...saved, password: '', currentPassword: '' });
  return (event: Event, before: Snapshot): ExpectedStep => {
    const { fields, bioCleared } = before.context;
    const edited = (field: keyof Fields, value: string): ExpectedStep => ({
      value: 'dirty',
      tags: ['dirty'],
      shown: {
        fields: { ...fields, [field]: field === 'bio' ? value.slice(0, 300) : value },
        bioCleared: field === 'bio' ? false : bioCleared,
        errors: {},
      },
    });
    const clean: ExpectedStep = {
      value: 'clean',
      tags: [],
      shown: { fields: savedFields(), bioCleared: false, errors: {} },
    };
    const refused = (errors: Partial<Fields>): ExpectedStep => ({
      value: 'invalid',
      tags: ['invalid'],
      shown: { fields, bioCleared, errors },
    });
    const e = event as unknown as {
      type: string;
      field: 'bio' | 'password' | 'currentPassword';
      value: string;
      username: string;
    };
    switch (e.type) {
      case 'xstate.init':
        return clean;
      case 'field.change':
        return edited(e.field, e.value);
      case 'username.fill':
        return edited('username', e.username);
      case 'bio.clear':
        // only while a saved bio is there to clear (the event is tried only where the chart takes it)
        expect(saved.bio).not.toBe('');
        expect(bioCleared).toBe(false);
        return {
          value: 'dirty',
          tags: ['dirty'],
          shown: { fields: { ...fields, bio: '' }, bioCleared: true, errors: {} },
        };
      case 'username.generate':
        return { sent: [{ to: 'usernameSuggestions', event: { type: 'username.refresh' } }] };
      case 'form.submit': {
        if (fields.password !== '' && fields.password !== 'Str0ng!pass') {
          return refused({ password: SETTINGS.invalidPassword });
        }
        if (fields.password !== '' && fields.currentPassword === '') {
          return refused({ currentPassword: SETTINGS.currentPasswordRequired });
        }
        const update = updateOf(fields, saved, bioCleared);
        if (!update.clearBio && [update.username, update.password, update.bio].every((v) => v === null)) {
          return clean;
        }
        return { value: 'saving', tags: ['busy'], calls: [{ actor: 'saveDetails', input: update }] };
      }
      case 'form.cancel':
        return clean;
      case 'xstate.done.actor.saveDetails':
        saved = { username: updated.username, bio: updated.about ?? '' };
        return {
          ...clean,
          // the fields as now saved
          shown: { fields: savedFields(), bioCleared: false, errors: {} },
          effects: [
            { type: 'userChanged', params: { username: updated.username, about: updated.about } },
            notify('success', SETTINGS.updated),
          ],
        };
      case 'xstate.error.actor.saveDetails': {
        const errors = refusedField(failed);
        return errors
          ? refused(errors)
          : { value: 'dirty', tags: ['dirty'], effects: [notify('error', SETTINGS.updateFailed)] };
      }
      default:
        // a picture dialog saved: the session user gets the pictures the upload answered
        return {
          effects: [{ type: 'userChanged', params: { dp: withPictures.dp, bgImg: withPictures.bgImg } }],
        };
    }
  };
}

describe.each(scenarios)(
  'settings form when saving fails with $failed.status $failed.message',
  ({ failed, paths }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'saves what changed, tells the session and toasts as the spec says: %s',
      async (_, path) => {
        await executePath(settingsMachine, path, {
          input,
          promiseActors: ['saveDetails'],
          provide: { actors: { usernameSuggestions: silentChild } } as never,
          effects: ['notify', 'userChanged'],
          shown: ({ fields, bioCleared, errors }) => ({ fields, bioCleared, errors }),
          expectStep: settingsOracle(failed),
        });
      },
    );
  },
);

describe('settings form', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      settingsMachine,
      scenarios.flatMap((scenario) => scenario.paths),
    );
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  function form(save: (update: DetailsUpdate) => Promise<UserInfo> = async () => updated) {
    const sent: DetailsUpdate[] = [];
    const effects = { notify: vi.fn(), userChanged: vi.fn() };
    const actor = createActor(
      settingsMachine.provide({
        actors: {
          usernameSuggestions: silentChild as never,
          saveDetails: fromPromise(({ input: update }: { input: DetailsUpdate }) => {
            sent.push(update);
            return save(update);
          }),
        },
        actions: effects,
      }),
      { input },
    ).start();
    return { actor, sent, effects };
  }

  it('starts clean with the saved username and bio; Save and Cancel wait for a change', () => {
    const { actor } = form();
    expect(actor.getSnapshot().context.fields).toEqual({
      username: 'quiet_otter',
      bio: 'Early riser',
      password: '',
      currentPassword: '',
    });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'form.cancel' })).toBe(false);
  });

  it('refuses a weak password with Invalid Password, clears the dirty flag and sends nothing', () => {
    const { actor, sent } = form();
    actor.send({ type: 'field.change', field: 'password', value: 'password1' });
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.errors).toEqual({ password: SETTINGS.invalidPassword });
    expect(actor.getSnapshot().hasTag('dirty')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'field.change', field: 'password', value: 'password1!' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
  });

  it('asks for the current password with a new one, and sends them together', async () => {
    const { actor, sent } = form();
    expect(asksCurrentPassword(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'field.change', field: 'password', value: 'N3w{pass}' });
    expect(asksCurrentPassword(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.errors).toEqual({ currentPassword: SETTINGS.currentPasswordRequired });
    actor.send({ type: 'field.change', field: 'currentPassword', value: 'Str0ng!pass' });
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([
      { username: null, password: 'N3w{pass}', currentPassword: 'Str0ng!pass', bio: null },
    ]);
  });

  it('shows a wrong current password under its field, not in a toast', async () => {
    const { actor, effects } = form(() => Promise.reject(apiError(403, SETTINGS.currentPasswordWrong)));
    actor.send({ type: 'field.change', field: 'password', value: 'N3w{pass}' });
    actor.send({ type: 'field.change', field: 'currentPassword', value: 'Wr0ng!pass' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(actor.getSnapshot().context.errors).toEqual({ currentPassword: SETTINGS.currentPasswordWrong });
    expect(effects.notify).not.toHaveBeenCalled();
  });

  it('clears the bio by its own control: the field empties and saving sends clearBio', async () => {
    const { actor, sent } = form(async () => ({ ...user, about: null }));
    actor.send({ type: 'bio.clear' });
    expect(actor.getSnapshot().context.fields.bio).toBe('');
    expect(actor.getSnapshot().can({ type: 'bio.clear' })).toBe(false);
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([
      { username: null, password: null, currentPassword: null, bio: null, clearBio: true },
    ]);
    await settle();
    expect(actor.getSnapshot().context.saved.bio).toBe('');
    expect(actor.getSnapshot().can({ type: 'bio.clear' })).toBe(false);
  });

  it('empties the bio field by hand without clearing: an empty bio is "unchanged" (spec §5)', () => {
    const { actor, sent } = form();
    actor.send({ type: 'field.change', field: 'bio', value: '' });
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.fields.bio).toBe('Early riser');
  });

  it('shows a username taken meanwhile under the field', async () => {
    const { actor, effects } = form(() => Promise.reject(apiError(409, SETTINGS.usernameTaken('brave_fox'))));
    actor.send({ type: 'username.fill', username: 'brave_fox' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(actor.getSnapshot().context.errors).toEqual({ username: SETTINGS.usernameTaken('brave_fox') });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    expect(effects.notify).not.toHaveBeenCalled();
  });

  it('fills the username with the next name its suggestions child hands out on Generate', async () => {
    const suggestions = settingsUsernameSuggestions.provide({
      actors: { generateUsernames: fromPromise(async () => ['amber_fox', 'brisk_lynx', 'calm_heron']) },
    });
    const actor = createActor(settingsMachine.provide({ actors: { usernameSuggestions: suggestions } }), {
      input,
    }).start();
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'username.generate' });
    expect(actor.getSnapshot().context.fields.username).toBe('amber_fox');
    expect(actor.getSnapshot().hasTag('dirty')).toBe(true);
  });
});
