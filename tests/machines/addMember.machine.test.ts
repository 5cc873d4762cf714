import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { DELAYS } from '../../src/domain/constants.ts';
import { ROOMS } from '../../src/domain/messages.ts';
import { addMemberMachine, type PersonSuggestion } from '../../src/machines/addMember.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

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
const offline = apiError(0, 'Network Error');

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'query.change', value: ' quiet ' },
      { type: 'query.change', value: '  ' },
      { type: 'suggestion.pick', username: 'quiet_owl' },
      { type: 'suggestion.pick', username: 'somebody_else' },
      { type: 'form.submit' },
      after('DEBOUNCE', 'addMember.debouncing'),
      done('searchPeople', people),
      done('searchPeople', []),
      failure('searchPeople', offline),
      done('requestToJoin', { msg: ROOMS.requestSent }),
      failure('requestToJoin', refused),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const paths = generatePaths(addMemberMachine, { events, input });

/**
 * Spec §5 Add member, §8: people are searched 500 ms after typing stops (a failure only logged), one is
 * picked from the matches, then invited.
 */
function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const { query, suggestions, picked } = before.context;
  const e = event as unknown as { type: string; value: string; username: string; output: PersonSuggestion[] };
  switch (e.type) {
    case 'xstate.init':
      return { value: 'empty', tags: [], shown: { query: '', suggestions: [], picked: null } };
    case 'query.change':
      // a new query forgets the matches and the pick of the old one
      return {
        value: e.value.trim() === '' ? 'empty' : 'debouncing',
        tags: [],
        shown: { query: e.value, suggestions: [], picked: null },
      };
    case 'xstate.after.DEBOUNCE.addMember.debouncing':
      return {
        value: 'searching',
        tags: ['busy'],
        // among the people not in this room yet
        calls: [{ actor: 'searchPeople', input: { key: query.trim(), title: input.title } }],
      };
    case 'xstate.done.actor.searchPeople':
      return e.output.length > 0
        ? { value: 'suggesting', tags: [], shown: { query, suggestions: e.output, picked } }
        : { value: 'noMatches', tags: [] };
    case 'xstate.error.actor.searchPeople':
      return { value: 'failed', tags: [], effects: [log('add member: search failed', offline)] };
    case 'suggestion.pick':
      return { value: 'picked', tags: [], shown: { query: e.username, suggestions, picked: e.username } };
    case 'form.submit':
      return {
        value: 'sending',
        tags: ['busy'],
        calls: [{ actor: 'requestToJoin', input: { username: picked, title: input.title } }],
      };
    case 'xstate.done.actor.requestToJoin':
      return { value: 'sent', tags: [], effects: [notify('success', ROOMS.requestSent)] };
    default:
      return { value: 'picked', tags: [], effects: [notify('error', refused.message)] };
  }
}

describe('adding a member', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'searches after typing stops, offers matches and invites the picked one: %s',
    async (_, path) => {
      await executePath(addMemberMachine, path, {
        input,
        promiseActors: ['searchPeople', 'requestToJoin'],
        effects: ['notify', 'log'],
        shown: ({ query, suggestions, picked }) => ({ query, suggestions, picked }),
        expectStep,
      });
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
        searchPeople: fromPromise(async ({ input }: { input: { key: string; title: string } }) => {
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
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, addMemberMachine, paths);
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
