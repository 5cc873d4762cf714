import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import { LIMITS } from '../../src/domain/constants.ts';
import { POLLS } from '../../src/domain/messages.ts';
import { createPollMachine, pollBodyOf, pollFormIssues } from '../../src/machines/createPoll.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import {
  apiError,
  effectSpies,
  navigationsOf,
  noticesOf,
  pathsPerFailure,
  pushSendOutcome,
  runPath,
  testRoom,
} from '../support/createFakes.ts';
import { describePath, expectEveryStateReached, type MachinePath } from '../support/machinePaths.ts';

type Machine = typeof createPollMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const failures = [apiError(400, POLLS.optionsLimit), apiError(0, '')];
const created = { msg: POLLS.created, poll: {} as never };

const eventsOf = (failed: (typeof failures)[number]): Event[] => [
  { type: 'field.change', field: 'topic', value: 'sports' },
  { type: 'field.change', field: 'title', value: 'Best ground?' },
  { type: 'option.change', index: 0, value: 'North' },
  { type: 'option.change', index: 1, value: 'South' },
  { type: 'option.add' },
  { type: 'option.remove', index: 1 },
  { type: 'option.remove', index: 2 },
  { type: 'form.submit' },
  done('createPoll', created),
  failure('createPoll', failed),
];

function serialize(snapshot: Snapshot, event?: { type: string }) {
  const { topic, title, options, errors } = snapshot.context;
  const cause = event?.type.startsWith('xstate.') ? event.type : null;
  return JSON.stringify([snapshot.value, topic, title, options, Object.keys(errors), cause]);
}

/** In a room the topic selector is not shown: no topic is ever chosen. */
const inRoomEventsOf = (failed: (typeof failures)[number]) =>
  eventsOf(failed).filter((event) => !(event.type === 'field.change' && event.field === 'topic'));

const places = [
  { where: 'outside a room', input: { room: null } },
  { where: 'in a room', input: { room: testRoom } },
];
const scenarios = places.flatMap(({ where, input }) =>
  pathsPerFailure(createPollMachine, failures, input.room ? inRoomEventsOf : eventsOf, serialize, input).map(
    (scenario) => ({
      ...scenario,
      where,
      input,
    }),
  ),
);
const paths = scenarios.flatMap((scenario) => scenario.paths);

/** Spec §4 Poll creation and §5, read along a path. */
function expectedEffects(path: MachinePath<Machine>, room: typeof testRoom | null) {
  const notify: unknown[] = [];
  const navigate: unknown[] = [];
  path.steps.forEach((step, index) => {
    const event = step.event as { type: string; error?: { message: string } };
    const before = path.steps[index - 1]?.state;
    if (event.type === 'option.add' && before?.context.options.length === LIMITS.pollOptionsMax) {
      notify.push({ kind: 'error', text: POLLS.optionsLimit });
    }
    pushSendOutcome(
      { notify, navigate },
      event,
      'createPoll',
      { done: POLLS.created, failed: POLLS.createFailed },
      undefined,
      room ? { to: '/room/u9/chess_club', state: { newPost: true, tab: 'poll' } } : { to: '/' },
    );
  });
  return { notify, navigate };
}

describe.each(scenarios)(
  'creating a poll $where when the server fails with $failed.status',
  ({ paths, input }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'follows the chart with the spec’s toasts and redirect: %s',
      async (_, path) => {
        const spies = await runPath(createPollMachine, path, { input, promiseActors: ['createPoll'] });
        const want = expectedEffects(path, input.room);
        expect(noticesOf(spies)).toEqual(want.notify);
        expect(navigationsOf(spies)).toEqual(want.navigate);
      },
    );
  },
);

describe('create poll chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(createPollMachine, paths);
  });

  it('starts with 2 options, adds up to 7, then says Options_Limit_Reached', () => {
    const spies = effectSpies();
    const actor = createActor(createPollMachine.provide({ actions: spies }), {
      input: { room: null },
    }).start();
    expect(actor.getSnapshot().context.options).toEqual(['', '']);
    for (let i = 0; i < 6; i += 1) actor.send({ type: 'option.add' });
    expect(actor.getSnapshot().context.options).toHaveLength(LIMITS.pollOptionsMax);
    expect(noticesOf(spies)).toEqual([{ kind: 'error', text: POLLS.optionsLimit }]);
  });

  it('removes only the third option on', () => {
    const actor = createActor(createPollMachine, { input: { room: null } }).start();
    actor.send({ type: 'option.add' });
    actor.send({ type: 'option.change', index: 2, value: 'third' });
    expect(actor.getSnapshot().can({ type: 'option.remove', index: 0 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'option.remove', index: 1 })).toBe(false);
    actor.send({ type: 'option.remove', index: 2 });
    expect(actor.getSnapshot().context.options).toEqual(['', '']);
  });

  it('cuts the question at 150 characters', () => {
    const actor = createActor(createPollMachine, { input: { room: null } }).start();
    actor.send({ type: 'field.change', field: 'title', value: 'q'.repeat(200) });
    expect(actor.getSnapshot().context.title).toHaveLength(LIMITS.pollQuestion);
  });

  it('requires the question, the topic and the two first options; drops later blank ones', () => {
    const empty = { topic: '', title: ' ', options: ['a', ' '], errors: {}, room: null };
    expect(pollFormIssues(empty)).toEqual({
      title: POLLS.questionRequired,
      topic: '*Select a Topic',
      options: POLLS.optionRequired,
    });
    const filled = {
      topic: 'dsa',
      title: ' Q ',
      options: [' a ', 'b', '', '  ', 'c'],
      errors: {},
      room: null,
    };
    expect(pollFormIssues(filled)).toEqual({});
    expect(pollBodyOf(filled)).toEqual({ title: 'Q', topic: 'dsa', options: ['a', 'b', 'c'] });
  });

  it('in a room: no topic is asked for, and the room goes as subCommunity', () => {
    const inRoom = { topic: '', title: 'Q', options: ['a', 'b'], errors: {}, room: testRoom };
    expect(pollFormIssues(inRoom)).toEqual({});
    expect(pollBodyOf(inRoom)).toEqual({
      title: 'Q',
      topic: null,
      options: ['a', 'b'],
      subCommunity: testRoom.id,
    });
    // a topic chosen before is not sent in a room
    expect(pollBodyOf({ ...inRoom, topic: 'dsa' }).topic).toBeNull();
  });
});
