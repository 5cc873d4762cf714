import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import { LIMITS } from '../../src/domain/constants.ts';
import { POLLS, POSTS } from '../../src/domain/messages.ts';
import {
  type CreatePollContext,
  createPollMachine,
  type PollField,
  pollBodyOf,
  pollFormIssues,
} from '../../src/machines/createPoll.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, createModalScenarios, testRoom } from '../support/createFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath } from '../support/machinePaths.ts';

type Machine = typeof createPollMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const failures = [apiError(400, POLLS.optionsLimit), apiError(0, '')];
const created = { msg: POLLS.created, poll: {} as never };

const eventsOf = (failed: (typeof failures)[number]): Event[] => [
  { type: 'field.change', field: 'topic', value: 'sports' },
  { type: 'field.change', field: 'title', value: ' Best ground? ' },
  { type: 'option.change', index: 0, value: 'North' },
  { type: 'option.change', index: 1, value: ' South ' },
  { type: 'option.change', index: 2, value: 'East' },
  { type: 'option.add' },
  { type: 'option.remove', index: 1 },
  { type: 'option.remove', index: 2 },
  { type: 'form.submit' },
  done('createPoll', created),
  failure('createPoll', failed),
];

/** What matters of a state: where it is, which fields and options are filled, which errors show. */
function serialize(snapshot: Snapshot) {
  const { topic, title, options, errors } = snapshot.context;
  const filled = (text: string) => text.trim() !== '';
  return JSON.stringify([
    snapshot.value,
    filled(topic),
    filled(title),
    options.map(filled),
    Object.keys(errors),
  ]);
}

const scenarios = createModalScenarios(createPollMachine, failures, eventsOf, serialize);

const shownOf = ({ topic, title, options, errors }: CreatePollContext) => ({ topic, title, options, errors });
const emptyForm = { topic: '', title: '', options: ['', ''], errors: {} };

/**
 * Spec §2 Create modal, §4 Poll creation, §5: a question cut at 150 characters, 2 to 7 options (only the
 * third on removable), a topic outside a room; blank later options are dropped before sending.
 */
const expectStep =
  (room: typeof testRoom | null, failed: { message: string }) =>
  (event: Event, before: Snapshot): ExpectedStep => {
    const shown = shownOf(before.context);
    const { options: _optionsError, ...otherErrors } = shown.errors;
    const edited = (change: object): ExpectedStep => ({
      value: 'editing',
      tags: [],
      shown: { ...shown, ...change },
    });
    const e = event as unknown as { type: string; field: PollField; value: string; index: number };
    switch (e.type) {
      case 'xstate.init':
        return { value: 'editing', tags: [], shown: emptyForm };
      case 'field.change': {
        const { [e.field]: _edited, ...errors } = shown.errors;
        return edited({ [e.field]: e.field === 'title' ? e.value.slice(0, 150) : e.value, errors });
      }
      case 'option.change':
        return edited({
          options: shown.options.map((option, index) => (index === e.index ? e.value : option)),
          errors: otherErrors,
        });
      case 'option.add':
        return edited({ options: [...shown.options, ''] });
      case 'option.remove':
        return edited({ options: shown.options.filter((_, index) => index !== e.index) });
      case 'form.submit': {
        const filled = shown.options.map((option) => option.trim()).filter(Boolean);
        const issues = {
          ...(shown.title.trim() === '' ? { title: POLLS.questionRequired } : {}),
          ...(!room && shown.topic === '' ? { topic: POSTS.topicRequired } : {}),
          ...(shown.options.slice(0, 2).some((option) => option.trim() === '')
            ? { options: POLLS.optionRequired }
            : {}),
        };
        if (Object.keys(issues).length > 0) {
          return { value: 'invalid', tags: ['invalid'], shown: { ...shown, errors: issues } };
        }
        const body = room
          ? { title: shown.title.trim(), options: filled, topic: null, subCommunity: room.id }
          : { title: shown.title.trim(), options: filled, topic: shown.topic };
        return { value: 'creating', tags: ['busy'], calls: [{ actor: 'createPoll', input: body }] };
      }
      case 'xstate.done.actor.createPoll':
        // back where the modal was opened: the room's poll tab, or home
        return {
          ...edited(emptyForm),
          effects: [
            notify('success', POLLS.created),
            room ? navigate('/room/u9/chess_club', { state: { newPost: true, tab: 'poll' } }) : navigate('/'),
          ],
        };
      default:
        return {
          value: 'editing',
          tags: [],
          effects: [notify('error', failed.message || POLLS.createFailed)],
        };
    }
  };

describe.each(scenarios)(
  'creating a poll $where when the server fails with $failed.status',
  ({ paths, input, failed }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'checks the question, topic and options, then creates the poll: %s',
      async (_, path) => {
        await executePath(createPollMachine, path, {
          input,
          promiseActors: ['createPoll'],
          effects: ['notify', 'navigate'],
          shown: shownOf,
          expectStep: expectStep(input.room, failed),
        });
      },
    );
  },
);

describe('create poll chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      createPollMachine,
      scenarios.flatMap((scenario) => scenario.paths),
    );
  });

  it('takes no seventh-plus option: Add option is refused at 7, with no toast', () => {
    const actor = createActor(createPollMachine, { input: { room: null } }).start();
    for (let i = LIMITS.pollOptionsInitial; i < LIMITS.pollOptionsMax; i += 1) {
      expect(actor.getSnapshot().can({ type: 'option.add' })).toBe(true);
      actor.send({ type: 'option.add' });
    }
    expect(actor.getSnapshot().context.options).toHaveLength(LIMITS.pollOptionsMax);
    expect(actor.getSnapshot().can({ type: 'option.add' })).toBe(false);
    actor.send({ type: 'option.remove', index: 6 });
    expect(actor.getSnapshot().can({ type: 'option.add' })).toBe(true);
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
