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
import { SETTINGS } from '../../src/domain/peopleMessages.ts';
import {
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
  apiError(400, `bio: ${SETTINGS.bioLong}`),
  apiError(400, SETTINGS.nothingToUpdate),
  apiError(500, 'Something went wrong on our side. Try again.'),
];

const eventsOf = (failed: { status: number; message: string }): Event[] => [
  { type: 'field.change', field: 'bio', value: ` ${'Night owl '.repeat(31)}` },
  { type: 'field.change', field: 'bio', value: '' },
  { type: 'field.change', field: 'password', value: 'short' },
  { type: 'field.change', field: 'password', value: 'Str0ng!pass' },
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

/** What saving sends (spec §5): each field trimmed, null where it is empty or as saved. */
function updateOf(fields: Fields, saved: { username: string; bio: string }): DetailsUpdate {
  const changed = (value: string, was: string) =>
    value.trim() === '' || value.trim() === was ? null : value.trim();
  return {
    username: changed(fields.username, saved.username),
    password: fields.password === '' ? null : fields.password,
    bio: changed(fields.bio, saved.bio),
  };
}

/** The refusals shown under a field instead of a toast (docs/decisions.md, Settings (client)). */
function refusedField({ status, message }: { status: number; message: string }) {
  if (status === 409) return { username: message };
  const field = ['username', 'password', 'bio'].find((name) => message.startsWith(`${name}: `));
  return status === 400 && field ? { [field]: message.slice(field.length + 2) } : null;
}

/**
 * Spec §2 Settings, §4, §5, §8 Settings update: any change makes the form dirty, Cancel puts the saved
 * details back, Save sends what changed; the session user follows every saved change.
 */
function settingsOracle(failed: { status: number; message: string }) {
  let saved = { username: input.username, bio: input.bio ?? '' };
  const savedFields = (): Fields => ({ ...saved, password: '' });
  return (event: Event, before: Snapshot): ExpectedStep => {
    const { fields } = before.context;
    const edited = (field: keyof Fields, value: string): ExpectedStep => ({
      value: 'dirty',
      tags: ['dirty'],
      shown: { fields: { ...fields, [field]: field === 'bio' ? value.slice(0, 300) : value }, errors: {} },
    });
    const clean: ExpectedStep = { value: 'clean', tags: [], shown: { fields: savedFields(), errors: {} } };
    const e = event as unknown as {
      type: string;
      field: 'bio' | 'password';
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
      case 'username.generate':
        return { sent: [{ to: 'usernameSuggestions', event: { type: 'username.refresh' } }] };
      case 'form.submit': {
        if (fields.password !== '' && fields.password !== 'Str0ng!pass') {
          return {
            value: 'invalid',
            tags: ['invalid'],
            shown: { fields, errors: { password: SETTINGS.invalidPassword } },
          };
        }
        const update = updateOf(fields, saved);
        if (Object.values(update).every((value) => value === null)) return clean;
        return { value: 'saving', tags: ['busy'], calls: [{ actor: 'saveDetails', input: update }] };
      }
      case 'form.cancel':
        return clean;
      case 'xstate.done.actor.saveDetails':
        saved = { username: updated.username, bio: updated.about ?? '' };
        return {
          ...clean,
          shown: { fields: savedFields(), errors: {} },
          effects: [
            { type: 'userChanged', params: { username: updated.username, about: updated.about } },
            notify('success', SETTINGS.updated),
          ],
        };
      case 'xstate.error.actor.saveDetails': {
        const refused = refusedField(failed);
        return refused
          ? { value: 'invalid', tags: ['invalid'], shown: { fields, errors: refused } }
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
          shown: ({ fields, errors }) => ({ fields, errors }),
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
