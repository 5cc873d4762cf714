/**
 * The room-name field of the Create Room and rename forms (spec §4 Room name availability, §5 Room
 * name): one home for its states, shared by createRoom.machine.ts and renameRoom.machine.ts.
 *
 * The name is cut at 25 characters (the counter reads n/25). Each `name.change` classifies it at once:
 * `empty`, `tooShort` ('*Required length is 3'), `hasSpaces` ('*Name cannot include spaces.'), or
 * `waiting`: the server check (`checkRoomName`) starts once typing has stopped for the named delay
 * ROOM_NAME_CHECK (500 ms). A newer keystroke re-enters `waiting`, which cancels the pending delay or
 * the running check. The check ends `available` ('Room name is available'), `notAvailable` (the
 * server's 'Sorry {name} is not available') or `checkFailed` (a failed call never claims the name is free).
 * The rename form also has `unchanged`: the room's current name, which needs no check.
 *
 * A machine using the field spreads `roomNameSetup` (the `checkRoomName` actor, the `nameIs` and
 * `nameIsFree` guards, the ROOM_NAME_CHECK delay) into its `setup`, and declares the actions `setName`
 * (params `{ value }`), `setNameCheck` (params `RoomNameCheck | null`) and `log`; its context holds
 * `name` (the typed value) and `nameCheck` (the server's answer, or null). The rename form also
 * declares a `nameIsUnchanged` guard (params `{ value }`). A form that sends the name ends a failed
 * send with `nameSendFailure`, which also needs the `notify` action and the `failedWith` guard.
 *
 * Every state of the field carries one `name.*` tag; views read the field with `roomNameStatus` and
 * `roomNameLine` and never need to know where the field sits in a chart.
 */
import { fromPromise } from 'xstate';
import { DELAYS, LIMITS } from '../domain/constants.ts';
import { ROOM_FORMS, ROOMS } from '../domain/messages.ts';
import { roomNameProblem } from '../domain/roomValidation.ts';
import { notProvided } from './effects.ts';
import { failed, serverText } from './failure.ts';
import { sayServer } from './notices.ts';

/** The server's answer: `msg` true when the name is free, and the text to show. */
export interface RoomNameCheck {
  msg: boolean;
  text: string;
}

export type RoomNameEvent = { type: 'name.change'; value: string };

/** What the name is before the server is asked. */
export type RoomNameKind = 'empty' | 'tooShort' | 'hasSpaces' | 'valid';

export const ROOM_NAME_STATUSES = [
  'empty',
  'tooShort',
  'hasSpaces',
  'unchanged',
  'waiting',
  'checking',
  'available',
  'notAvailable',
  'checkFailed',
] as const;
export type RoomNameStatus = (typeof ROOM_NAME_STATUSES)[number];

/** The tag of a field state: `name.available`, ... */
export type RoomNameTag<S extends RoomNameStatus = RoomNameStatus> = `name.${S}`;
/** The tags of a new room's field: it is never `unchanged`. */
export type NewRoomNameTag = RoomNameTag<Exclude<RoomNameStatus, 'unchanged'>>;

export const roomNameTag = <S extends RoomNameStatus>(status: S): RoomNameTag<S> => `name.${status}`;

/** The name as kept: at most 25 characters (typing stops at the limit). */
export const cutRoomName = (value: string) => value.slice(0, LIMITS.roomNameMax);

/** The name as sent to the server. */
export const roomNameToSend = (value: string) => value.trim();

export function roomNameKind(value: string): RoomNameKind {
  if (value.length === 0) return 'empty';
  const problem = roomNameProblem(value);
  if (problem === null) return 'valid';
  if (problem === ROOMS.nameSpaces) return 'hasSpaces';
  // the name is cut at the maximum, so the only other rule it can break is the minimum
  return 'tooShort';
}

/** The guards, delay and actor placeholder of the field, to spread into `setup`. */
export const roomNameSetup = {
  guards: {
    nameIs: (_: unknown, params: { value: string; kind: RoomNameKind }) =>
      roomNameKind(params.value) === params.kind,
    nameIsFree: (_: unknown, params: RoomNameCheck) => params.msg === true,
  },
  delays: { ROOM_NAME_CHECK: DELAYS.ROOM_NAME_CHECK },
  actors: {
    /** The app provides the real call. */
    checkRoomName: fromPromise<RoomNameCheck, { name: string }>(async () =>
      notProvided('roomName', 'checkRoomName'),
    ),
  },
} as const;

const changedName = ({ event }: { event: { value: string } }) => ({ value: cutRoomName(event.value) });
const setName = { type: 'setName' as const, params: changedName };
const kindIs = (kind: RoomNameKind) => ({
  type: 'nameIs' as const,
  params: ({ event }: { event: { value: string } }) => ({ value: cutRoomName(event.value), kind }),
});
const checked = {
  type: 'setNameCheck' as const,
  params: ({ event }: { event: { output: RoomNameCheck } }) => event.output,
};

const field = <S extends RoomNameStatus>(status: S) => ({ tags: [roomNameTag(status)] });

/**
 * How typing classifies the name; re-entering `waiting` restarts the delay, leaving `checking` stops the
 * check. Not `reenter`: that would leave the field's sibling regions too (the icon being compressed).
 */
const nameChanges = [
  { guard: kindIs('empty'), target: '.empty', actions: setName },
  { guard: kindIs('tooShort'), target: '.tooShort', actions: setName },
  { guard: kindIs('hasSpaces'), target: '.hasSpaces', actions: setName },
  { target: '.waiting', actions: setName },
];

const nameStates = {
  empty: field('empty'),
  tooShort: field('tooShort'),
  hasSpaces: field('hasSpaces'),
  waiting: {
    ...field('waiting'),
    entry: { type: 'setNameCheck' as const, params: null },
    after: { ROOM_NAME_CHECK: 'checking' },
  },
  checking: {
    ...field('checking'),
    invoke: {
      id: 'checkRoomName' as const,
      src: 'checkRoomName' as const,
      input: ({ context }: { context: { name: string } }) => ({ name: roomNameToSend(context.name) }),
      onDone: [
        {
          guard: { type: 'nameIsFree' as const, params: checked.params },
          target: 'available',
          actions: checked,
        },
        { target: 'notAvailable', actions: checked },
      ],
      onError: {
        target: 'checkFailed',
        actions: {
          type: 'log' as const,
          params: ({ event }: { event: { error: unknown } }) => ({
            message: 'room name check failed',
            error: event.error,
          }),
        },
      },
    },
  },
  available: field('available'),
  notAvailable: field('notAvailable'),
  checkFailed: field('checkFailed'),
};

/** The field of a new room, as a compound state (put it under a key `name`): it starts `empty`. */
export const roomNameStates = () => ({
  initial: 'empty' as const,
  on: { 'name.change': nameChanges },
  states: nameStates,
});

/**
 * The field of a rename: it starts `unchanged` (the room's current name) and comes back there when
 * that name is typed again (the `nameIsUnchanged` guard the machine declares).
 */
export const renamedRoomNameStates = () => ({
  initial: 'unchanged' as const,
  on: {
    'name.change': [
      {
        guard: { type: 'nameIsUnchanged' as const, params: changedName },
        target: '.unchanged',
        actions: setName,
      },
      ...nameChanges,
    ],
  },
  states: { ...nameStates, unchanged: field('unchanged') },
});

type SendFailure = { context: { name: string }; event: { error: unknown } };

/** The name as the server refused it when it was taken meanwhile: its message, or 'Sorry {name} is not available'. */
const takenText = ({ context, event }: SendFailure) =>
  serverText(event.error, ROOMS.notAvailable(roomNameToSend(context.name)));

/**
 * The `onError` of the call that sends the name (create, rename), its toast replacing the loading one
 * of `noticeId`: a name taken since it was checked (409) puts the field (state id `fieldId`) in
 * `notAvailable`; any other failure goes to `otherwise` with the server's message.
 */
export const nameSendFailure = (fieldId: string, noticeId: string, otherwise: string) => [
  {
    guard: failed(409),
    target: `${fieldId}.notAvailable`,
    actions: [
      {
        type: 'notify' as const,
        params: (failure: SendFailure) => ({
          kind: 'error' as const,
          text: takenText(failure),
          id: noticeId,
        }),
      },
      {
        type: 'setNameCheck' as const,
        params: (failure: SendFailure) => ({ msg: false, text: takenText(failure) }),
      },
    ],
  },
  { target: otherwise, actions: sayServer(ROOM_FORMS.serverIssue, noticeId) },
];

/** Where the field is, read from its tag: one of the statuses the chart's field has. */
export function roomNameStatus<S extends RoomNameStatus>(snapshot: {
  hasTag: (tag: RoomNameTag<S>) => boolean;
}): S {
  // A field without some statuses (a new room is never `unchanged`) has none of their tags.
  const status = ROOM_NAME_STATUSES.find((each) => snapshot.hasTag(roomNameTag(each) as RoomNameTag<S>));
  return (status ?? 'empty') as S;
}

export type RoomNameTone = 'error' | 'success' | 'muted';

/** The line under the field: the rule broken, the check running, or its outcome. */
export function roomNameLine(
  status: RoomNameStatus,
  check: RoomNameCheck | null,
  name: string,
): { text: string; tone: RoomNameTone } | null {
  switch (status) {
    case 'empty':
      return null;
    case 'tooShort':
      return { text: ROOMS.nameShort, tone: 'error' };
    case 'hasSpaces':
      return { text: ROOMS.nameSpaces, tone: 'error' };
    case 'unchanged':
      return { text: ROOM_FORMS.nameUnchanged, tone: 'muted' };
    case 'waiting':
    case 'checking':
      return { text: ROOM_FORMS.nameChecking, tone: 'muted' };
    case 'available':
      return { text: check?.text || ROOMS.available, tone: 'success' };
    case 'notAvailable':
      return { text: check?.text || ROOMS.notAvailable(roomNameToSend(name)), tone: 'error' };
    case 'checkFailed':
      return { text: ROOM_FORMS.nameCheckFailed, tone: 'error' };
  }
}
