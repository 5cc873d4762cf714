import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { DELAYS } from '../../src/domain/constants.ts';
import { ROOMS } from '../../src/domain/messages.ts';
import { addMemberMachine, type PersonSuggestion } from '../../src/machines/addMember.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof addMemberMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure, after } = syntheticEvents<Event>();
const input = { title: 'Chess' };
const people: PersonSuggestion[] = [
  { username: 'quiet_otter', dp: null },
  { username: 'quiet_owl', dp: '/uploads/avatars/owl.webp' },
];
const refused = apiError(409, ROOMS.alreadyMember);

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'query.change', value: 'quiet' },
      { type: 'query.change', value: '  ' },
      { type: 'suggestion.pick', username: 'quiet_owl' },
      { type: 'suggestion.pick', username: 'somebody_else' },
      { type: 'form.submit' },
      after('DEBOUNCE', 'addMember.debouncing'),
      done('searchPeople', people),
      done('searchPeople', []),
      failure('searchPeople', apiError(0, 'Network Error')),
      done('requestToJoin', { msg: ROOMS.requestSent }),
      failure('requestToJoin', refused),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const paths = generatePaths(addMemberMachine, { events: events as never, input, simplePaths: false });

/** Spec §8 Add member (toasts) and §8 search failures (only logged), read along a path. */
function expectedEffects(path: MachinePath<Machine>) {
  const notify: unknown[] = [];
  let logs = 0;
  for (const step of path.steps) {
    const event = step.event as { type: string; error?: { message: string } };
    if (event.type === 'xstate.done.actor.requestToJoin')
      notify.push({ kind: 'success', text: ROOMS.requestSent });
    if (event.type === 'xstate.error.actor.requestToJoin')
      notify.push({ kind: 'error', text: event.error?.message });
    if (event.type === 'xstate.error.actor.searchPeople') logs += 1;
  }
  return { notify, logs };
}

describe('adding a member', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart with the spec’s toasts: %s',
    async (_, path) => {
      const notify = vi.fn();
      const log = vi.fn();
      await executePath(addMemberMachine, path as MachinePath<Machine>, {
        input,
        promiseActors: ['searchPeople', 'requestToJoin'],
        provide: { actions: { notify, log } },
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
      });
      const want = expectedEffects(path as MachinePath<Machine>);
      expect(notify.mock.calls.map(([, notice]) => notice)).toEqual(want.notify);
      expect(log).toHaveBeenCalledTimes(want.logs);
    },
  );
});

function startSearching(found: PersonSuggestion[] = people) {
  const clock = new SimulatedClock();
  const keys: string[] = [];
  const sent = vi.fn(
    async (_input: { username: string; title: string }): Promise<{ msg: string }> => ({
      msg: ROOMS.requestSent,
    }),
  );
  const actor = createActor(
    addMemberMachine.provide({
      actors: {
        searchPeople: fromPromise(async ({ input }: { input: { key: string } }) => {
          keys.push(input.key);
          return found;
        }),
        requestToJoin: fromPromise(({ input }: { input: { username: string; title: string } }) =>
          sent(input),
        ),
      },
    }),
    { input, clock },
  ).start();
  return { actor, clock, keys, sent };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('add member chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(addMemberMachine, paths);
  });

  it('searches 500 ms after typing stops, with the trimmed text', async () => {
    const { actor, clock, keys } = startSearching();
    actor.send({ type: 'query.change', value: 'qu' });
    clock.increment(DELAYS.DEBOUNCE - 100);
    actor.send({ type: 'query.change', value: ' quiet ' });
    clock.increment(DELAYS.DEBOUNCE - 1);
    expect(keys).toEqual([]);
    clock.increment(1);
    await settle();
    expect(keys).toEqual(['quiet']);
    expect(actor.getSnapshot().value).toBe('suggesting');
    expect(actor.getSnapshot().context.suggestions).toEqual(people);
  });

  it('says when nobody matches', async () => {
    const { actor, clock } = startSearching([]);
    actor.send({ type: 'query.change', value: 'zzz' });
    clock.increment(DELAYS.DEBOUNCE);
    await settle();
    expect(actor.getSnapshot().value).toBe('noMatches');
  });

  it('refuses to send until a suggestion is picked, then invites the picked user', async () => {
    const { actor, clock, sent } = startSearching();
    actor.send({ type: 'query.change', value: 'quiet' });
    clock.increment(DELAYS.DEBOUNCE);
    await settle();
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'suggestion.pick', username: 'quiet_owl' });
    expect(actor.getSnapshot().context.query).toBe('quiet_owl');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
    actor.send({ type: 'form.submit' });
    await settle();
    expect(sent).toHaveBeenCalledWith({ username: 'quiet_owl', title: 'Chess' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('forgets the pick when the text changes again', async () => {
    const { actor, clock } = startSearching();
    actor.send({ type: 'query.change', value: 'quiet' });
    clock.increment(DELAYS.DEBOUNCE);
    await settle();
    actor.send({ type: 'suggestion.pick', username: 'quiet_otter' });
    actor.send({ type: 'query.change', value: 'quiet_ot' });
    expect(actor.getSnapshot().context.picked).toBeNull();
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
  });
});
