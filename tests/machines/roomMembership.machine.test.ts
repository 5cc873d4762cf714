import { describe, it } from 'vitest';
import { type AnyEventObject, createActor, createMachine, type EventFrom, type SnapshotFrom } from 'xstate';
import { POSTS, ROOMS } from '../../src/domain/messages.ts';
import { LEAVING_NOTICE_ID, roomMembershipMachine } from '../../src/machines/roomMembership.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import { makeRoom } from '../support/feedFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof roomMembershipMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const room = makeRoom('Chess');

const refused = apiError(403, ROOMS.privateRoom);

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'member.join' },
      { type: 'member.request' },
      { type: 'request.cancel' },
      { type: 'member.leave' },
      { type: 'leave.cancel' },
      { type: 'leave.confirm' },
      { type: 'room.delete' },
      { type: 'delete.cancel' },
      { type: 'delete.confirm' },
      done('joinRoom', { msg: ROOMS.joined, room }),
      failure('joinRoom', refused),
      done('requestToJoin', { msg: ROOMS.requestSent }),
      failure('requestToJoin', apiError(409, ROOMS.alreadyMember)),
      done('cancelRequest', { msg: ROOMS.requestCancelled }),
      failure('cancelRequest', apiError(404, ROOMS.noOwnRequest)),
      done('leaveRoom', { msg: ROOMS.left }),
      failure('leaveRoom', apiError(404, ROOMS.notMember)),
      done('deleteRoom', { msg: ROOMS.deleted }),
      failure('deleteRoom', apiError(403, ROOMS.notOwner)),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/** The room page: it is sent what changed. */
const page = createActor(createMachine({}), { id: 'roomPage' });

const viewers = [
  { username: 'quiet_otter' as string | null, page, who: 'a signed-in user on the room page' },
  { username: null, page: null, who: 'a visitor (no page to tell)' },
];
type Viewer = (typeof viewers)[number];

const inputOf = ({ username, page }: Viewer) => ({
  room: { id: room.id, title: room.title },
  username,
  page,
});
const pathsOf = (viewer: Viewer) => generatePaths(roomMembershipMachine, { events, input: inputOf(viewer) });

const idle: ExpectedStep = { value: 'idle', tags: [] };
const roomsChanged = { type: 'roomsChanged' };

/**
 * Spec §4 Membership, §6, §8 Join / Leave: visitors are asked to sign in; joining and requesting go at
 * once, leaving and deleting after a confirmation; the server's msg is toasted, the room lists are
 * refreshed and the room page is sent what changed. Issue 33: a waiting request is withdrawn at once;
 * when that is refused (the owner answered meanwhile) the page loads the room again.
 */
const expectStep =
  ({ username, page }: Viewer) =>
  (event: Event): ExpectedStep => {
    const toPage = (told: AnyEventObject) => (page ? [{ to: 'roomPage', event: told }] : []);
    const e = event as unknown as { type: string; output: { msg: string }; error: { message: string } };
    switch (e.type) {
      case 'xstate.init':
        return idle;
      case 'member.join':
        return username === null
          ? { effects: [notify('error', POSTS.signInFirst)] }
          : {
              value: 'joining',
              tags: ['busy'],
              calls: [{ actor: 'joinRoom', input: { title: room.title } }],
            };
      case 'member.request':
        return username === null
          ? { effects: [notify('error', POSTS.signInFirst)] }
          : {
              value: 'requesting',
              tags: ['busy'],
              calls: [{ actor: 'requestToJoin', input: { username, title: room.title } }],
            };
      case 'request.cancel':
        return username === null
          ? { effects: [notify('error', POSTS.signInFirst)] }
          : {
              value: 'cancellingRequest',
              tags: ['busy'],
              calls: [{ actor: 'cancelRequest', input: { roomId: room.id } }],
            };
      case 'xstate.done.actor.cancelRequest':
        return {
          ...idle,
          effects: [notify('success', ROOMS.requestCancelled)],
          sent: toPage({ type: 'room.requestCancelled' }),
        };
      case 'xstate.error.actor.cancelRequest':
        return {
          ...idle,
          effects: [notify('error', ROOMS.noOwnRequest)],
          sent: toPage({ type: 'room.reload' }),
        };
      case 'member.leave':
        return { value: 'confirmingLeave', tags: ['confirming'] };
      case 'room.delete':
        return { value: 'confirmingDelete', tags: ['confirming'] };
      case 'leave.cancel':
      case 'delete.cancel':
        return idle;
      case 'leave.confirm':
        return {
          value: 'leaving',
          tags: ['confirming', 'busy'],
          effects: [notify('loading', ROOMS.processing, LEAVING_NOTICE_ID)],
          calls: [{ actor: 'leaveRoom', input: { roomId: room.id } }],
        };
      case 'delete.confirm':
        return {
          value: 'deleting',
          tags: ['confirming', 'busy'],
          calls: [{ actor: 'deleteRoom', input: { title: room.title } }],
        };
      case 'xstate.done.actor.joinRoom':
        return {
          ...idle,
          effects: [notify('success', e.output.msg), roomsChanged],
          sent: toPage({ type: 'room.joined', room }),
        };
      case 'xstate.error.actor.joinRoom':
        // a refused join also sends the viewer home
        return { ...idle, effects: [notify('error', e.error.message), navigate('/')] };
      case 'xstate.done.actor.requestToJoin':
        return {
          ...idle,
          effects: [notify('success', ROOMS.requestSent)],
          sent: toPage({ type: 'room.requested' }),
        };
      case 'xstate.done.actor.leaveRoom':
        return {
          ...idle,
          effects: [notify('success', e.output.msg, LEAVING_NOTICE_ID), roomsChanged],
          sent: toPage({ type: 'room.left' }),
        };
      case 'xstate.error.actor.leaveRoom':
        return { ...idle, effects: [notify('error', e.error.message, LEAVING_NOTICE_ID)] };
      case 'xstate.done.actor.deleteRoom':
        return {
          value: 'deleted',
          tags: [],
          effects: [notify('success', e.output.msg), roomsChanged, navigate('/', { replace: true })],
        };
      default:
        return { ...idle, effects: [notify('error', e.error.message)] };
    }
  };

describe.each(viewers)('room membership for $who', (viewer) => {
  it.each(pathsOf(viewer).map((path) => [describePath(path), path] as const))(
    'joins, requests, leaves and deletes with the spec’s toasts and refreshes, and tells the page: %s',
    async (_, path) => {
      await executePath(roomMembershipMachine, path, {
        input: inputOf(viewer),
        promiseActors: ['joinRoom', 'requestToJoin', 'cancelRequest', 'leaveRoom', 'deleteRoom'],
        effects: ['notify', 'navigate', 'roomsChanged'],
        expectStep: expectStep(viewer),
      });
    },
  );
});

describe('room membership chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, roomMembershipMachine, viewers.flatMap(pathsOf));
  });
});
