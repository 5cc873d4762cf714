/**
 * Creating a poll (spec §2 Create modal, §4 Poll creation, §5): a topic, a question cut at 150
 * characters, and options starting with 2, at most 7, of which only the third on can be removed. At 7
 * `option.add` is not taken: the view reads `can({ type: 'option.add' })`, disables 'Add option' and
 * says 'Options_Limit_Reached' beside it, so there is no toast to cover the buttons. The two first options are required; later blank ones are dropped
 * before sending. Success resets the form and goes home.
 *
 * In a room (input `room`, spec §2 Create modal, §4 Poll creation) there is no topic: the poll is sent
 * with subCommunity = the room's id, and success goes back to the room with `{ newPost: true, tab:
 * 'poll' }`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { LIMITS } from '../domain/constants.ts';
import type { Poll } from '../domain/entities.ts';
import { POLLS } from '../domain/messages.ts';
import type { CreateRoomContext } from '../domain/roomRoutes.ts';
import { type RoomPollBody, roomPollBodySchema } from '../domain/roomValidation.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';
import { errorsByField, formStates, sendOutcome, setField, withoutError } from './forms.ts';

export type PollField = 'topic' | 'title';
export type PollErrors = Partial<Record<PollField | 'options', string>>;

export interface CreatePollContext {
  topic: string;
  title: string;
  options: string[];
  errors: PollErrors;
  /** The room the poll is created in (no topic then); null for a topic poll. */
  room: CreateRoomContext | null;
}

export interface CreatePollInput {
  room: CreateRoomContext | null;
}

/** What `poll/createpoll` is sent: a topic, or (in a room) the room's id as subCommunity. */
export type NewPollBody = RoomPollBody;

export type CreatePollEvent =
  | { type: 'field.change'; field: PollField; value: string }
  | { type: 'option.change'; index: number; value: string }
  | { type: 'option.add' }
  | { type: 'option.remove'; index: number }
  | { type: 'form.submit' };

const emptyForm = (): Omit<CreatePollContext, 'room'> => ({
  topic: '',
  title: '',
  options: Array.from({ length: LIMITS.pollOptionsInitial }, () => ''),
  errors: {},
});

/** What is sent: trimmed texts, blank options dropped; the topic, or in a room the room's id. */
export function pollBodyOf(context: CreatePollContext): NewPollBody {
  const options = context.options.map((option) => option.trim()).filter(Boolean);
  const title = context.title.trim();
  if (context.room) return { title, options, topic: null, subCommunity: context.room.id };
  return { title, options, topic: (context.topic || null) as NewPollBody['topic'] };
}

/** The server's own rule (a topic unless in a room), plus the two options that cannot be removed. */
export function pollFormIssues(context: CreatePollContext): PollErrors {
  const errors = errorsByField<PollField | 'options'>(
    roomPollBodySchema.safeParse(pollBodyOf(context)).error?.issues,
  );
  // The options that cannot be removed must be filled in.
  if (context.options.slice(0, LIMITS.pollOptionsInitial).some((option) => !option.trim())) {
    errors.options = POLLS.optionRequired;
  }
  return errors;
}

/** Only the third option on has a remove button. */
export const isRemovable = (index: number) => index >= LIMITS.pollOptionsInitial;

/** What editing does in `editing` and `invalid`; from `invalid` an edit goes back to `editing`. */
const edits = (back?: 'editing') =>
  ({
    'field.change': { target: back, actions: setField },
    'option.change': {
      guard: {
        type: 'isOption',
        params: ({ event }: { event: { index: number } }) => ({ index: event.index }),
      },
      target: back,
      actions: {
        type: 'setOption',
        params: ({ event }: { event: { index: number; value: string } }) => event,
      },
    },
    'option.add': { guard: 'roomForOption', target: back, actions: 'addOption' },
    'option.remove': {
      guard: {
        type: 'removable',
        params: ({ event }: { event: { index: number } }) => ({ index: event.index }),
      },
      target: back,
      actions: {
        type: 'removeOption',
        params: ({ event }: { event: { index: number } }) => ({ index: event.index }),
      },
    },
  }) as const;

export const createPollMachine = setup({
  types: {
    context: {} as CreatePollContext,
    events: {} as CreatePollEvent,
    input: {} as CreatePollInput,
    tags: {} as 'busy' | 'invalid',
  },
  actors: {
    createPoll: fromPromise<{ msg: string; poll: Poll }, NewPollBody>(async () =>
      notProvided('createPoll', 'createPoll'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    navigate: (_, _params: Navigation) => noEffect(),
    setField: assign(({ context }, params: { field: PollField; value: string }) => ({
      [params.field]: params.field === 'title' ? params.value.slice(0, LIMITS.pollQuestion) : params.value,
      errors: withoutError(context.errors, params.field),
    })),
    setOption: assign(({ context }, params: { index: number; value: string }) => ({
      options: context.options.map((option, index) => (index === params.index ? params.value : option)),
      errors: withoutError(context.errors, 'options'),
    })),
    addOption: assign(({ context }) => ({ options: [...context.options, ''] })),
    removeOption: assign(({ context }, params: { index: number }) => ({
      options: context.options.filter((_, index) => index !== params.index),
    })),
    showFormErrors: assign({ errors: ({ context }) => pollFormIssues(context) }),
    clearForm: assign(emptyForm),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(pollFormIssues(context)).length === 0,
    roomForOption: ({ context }) => context.options.length < LIMITS.pollOptionsMax,
    removable: ({ context }, params: { index: number }) =>
      isRemovable(params.index) && params.index < context.options.length,
    isOption: ({ context }, params: { index: number }) =>
      params.index >= 0 && params.index < context.options.length,
  },
}).createMachine({
  id: 'createPoll',
  context: ({ input }) => ({ ...emptyForm(), room: input.room }),
  initial: 'editing',
  states: {
    ...formStates(edits, 'formIsValid', 'creating', 'showFormErrors'),
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createPoll',
        src: 'createPoll',
        input: ({ context }) => pollBodyOf(context),
        ...sendOutcome('poll', { done: POLLS.created, failed: POLLS.createFailed }),
      },
    },
  },
});
