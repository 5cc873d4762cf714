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
import { type DetailsUpdate, detailsUpdate, settingsMachine } from '../../src/machines/settings.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, pathsPerFailure } from '../support/createFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  type MachinePath,
} from '../support/machinePaths.ts';
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
  { type: 'field.change', field: 'bio', value: 'Night owl' },
  { type: 'field.change', field: 'bio', value: '' },
  { type: 'field.change', field: 'password', value: 'short' },
  { type: 'field.change', field: 'password', value: 'Str0ng!pass' },
  { type: 'username.fill', username: 'brave_fox' },
  { type: 'username.generate' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  done('saveDetails', updated),
  failure('saveDetails', failed),
  { type: 'picture.saved', field: 'dp', user: withPictures },
];

function serialize(snapshot: Snapshot, event?: { type: string }) {
  const cause = event?.type.startsWith('xstate.') ? event : null;
  return JSON.stringify([snapshot.value, snapshot.context, cause]);
}

const scenarios = pathsPerFailure(settingsMachine, failures, eventsOf, serialize, input);

/** A stand-in for the suggestions child that remembers what it was asked. */
function suggestionsChild() {
  const heard: string[] = [];
  const logic = fromCallback(({ receive }) => {
    receive((event) => heard.push(event.type));
  });
  return { heard, logic: logic as unknown as AnyActorLogic };
}

/** The refusals shown under a field instead of a toast (docs/decisions.md, Settings (client)). */
const inline = (error: { status: number; message: string }) =>
  error.status === 409 || (error.status === 400 && /^(username|password|bio): /.test(error.message));

function expectedEffects(path: MachinePath<Machine>) {
  const notify: unknown[] = [];
  const userChanged: unknown[] = [];
  let generated = 0;
  for (const step of path.steps) {
    const event = step.event as { type: string; error?: { status: number; message: string } };
    if (event.type === 'xstate.done.actor.saveDetails') {
      userChanged.push({ username: updated.username, about: updated.about });
      notify.push({ kind: 'success', text: SETTINGS.updated });
    }
    if (event.type === 'xstate.error.actor.saveDetails' && event.error && !inline(event.error)) {
      notify.push({ kind: 'error', text: SETTINGS.updateFailed });
    }
    if (event.type === 'picture.saved') userChanged.push({ dp: withPictures.dp });
    if (event.type === 'username.generate') generated += 1;
  }
  return { notify, userChanged, generated };
}

describe.each(scenarios)(
  'settings form when saving fails with $failed.status $failed.message',
  ({ paths }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'follows the chart, tells the session and toasts as the spec says: %s',
      async (_, path) => {
        const effects = { notify: vi.fn(), userChanged: vi.fn() };
        const child = suggestionsChild();
        await executePath(settingsMachine, path, {
          input,
          promiseActors: ['saveDetails'],
          provide: { actions: effects, actors: { usernameSuggestions: child.logic } } as never,
          onStep: (actual, expected) => {
            expect(actual.tags).toEqual(expected.tags);
            // Save only after a change (spec §2); a clean form shows the saved details
            expect(actual.can({ type: 'form.submit' })).toBe(actual.hasTag('dirty'));
            if (actual.matches('clean')) {
              expect(actual.context.fields).toEqual({ ...actual.context.saved, password: '' });
            }
          },
        });
        const want = expectedEffects(path);
        expect(effects.notify.mock.calls.map(([, notice]) => notice)).toEqual(want.notify);
        expect(effects.userChanged.mock.calls.map(([, patch]) => patch)).toEqual(want.userChanged);
        expect(child.heard).toEqual(Array(want.generated).fill('username.refresh'));
      },
    );
  },
);

describe('settings form', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(
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
          usernameSuggestions: suggestionsChild().logic as never,
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

  it.each([
    ['a generated username', { type: 'username.fill', username: 'brave_fox' }],
    ['an edited bio', { type: 'field.change', field: 'bio', value: 'Hi' }],
    ['a typed password', { type: 'field.change', field: 'password', value: 'x' }],
  ] as const)('is dirty after %s', (_, event) => {
    const { actor } = form();
    actor.send(event);
    expect(actor.getSnapshot().hasTag('dirty')).toBe(true);
  });

  it('sends only what changed, the rest as null, then shows the saved details', async () => {
    const { actor, sent, effects } = form();
    actor.send({ type: 'username.fill', username: 'brave_fox' });
    actor.send({ type: 'field.change', field: 'bio', value: '  Night owl ' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(sent).toEqual([{ username: 'brave_fox', password: null, bio: 'Night owl' }]);
    expect(actor.getSnapshot().value).toBe('clean');
    expect(actor.getSnapshot().context.fields).toEqual({
      username: 'brave_fox',
      bio: 'Night owl',
      password: '',
    });
    expect(effects.notify).toHaveBeenCalledWith(expect.anything(), {
      kind: 'success',
      text: SETTINGS.updated,
    });
  });

  it('sends a new password that follows the rule', async () => {
    const { actor, sent } = form();
    actor.send({ type: 'field.change', field: 'password', value: 'Str0ng!pass' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(sent).toEqual([{ username: null, password: 'Str0ng!pass', bio: null }]);
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

  it('sends nothing when every field is empty or as saved', () => {
    const { actor, sent } = form();
    actor.send({ type: 'field.change', field: 'bio', value: '' });
    actor.send({ type: 'field.change', field: 'password', value: '' });
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().value).toBe('clean');
    expect(detailsUpdate(actor.getSnapshot().context)).toEqual({ username: null, password: null, bio: null });
  });

  it('cuts the bio at 300 characters', () => {
    const { actor } = form();
    actor.send({ type: 'field.change', field: 'bio', value: 'b'.repeat(320) });
    expect(actor.getSnapshot().context.fields.bio).toHaveLength(300);
  });

  it('puts the saved details back on Cancel', () => {
    const { actor } = form();
    actor.send({ type: 'username.fill', username: 'brave_fox' });
    actor.send({ type: 'field.change', field: 'password', value: 'abc' });
    actor.send({ type: 'form.cancel' });
    expect(actor.getSnapshot().value).toBe('clean');
    expect(actor.getSnapshot().context.fields).toEqual({
      username: 'quiet_otter',
      bio: 'Early riser',
      password: '',
    });
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

  it('toasts Unknown Error!!Try Again Later for any other failure and keeps the changes', async () => {
    const { actor, effects } = form(() => Promise.reject(apiError(0, 'Network Error')));
    actor.send({ type: 'field.change', field: 'bio', value: 'Night owl' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(effects.notify).toHaveBeenCalledWith(expect.anything(), {
      kind: 'error',
      text: SETTINGS.updateFailed,
    });
    expect(actor.getSnapshot().context.fields.bio).toBe('Night owl');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
  });

  it('patches the session user with a saved picture', () => {
    const { actor, effects } = form();
    actor.send({ type: 'picture.saved', field: 'bgImg', user: withPictures });
    expect(effects.userChanged).toHaveBeenCalledWith(expect.anything(), { bgImg: withPictures.bgImg });
  });
});
