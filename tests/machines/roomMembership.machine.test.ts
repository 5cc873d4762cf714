import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import type { Room } from '../../src/domain/entities.ts';
import { POSTS, ROOMS } from '../../src/domain/messages.ts';
import { LEAVING_NOTICE_ID, roomMembershipMachine } from '../../src/machines/roomMembership.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof roomMembershipMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const room: Room = {
  id: 'r1',
  title: 'Chess',
  desc: null,
  img: null,
  bgImg: null,
  privateRoom: false,
  CreatorId: 'creator-1',
  createdAt: '2025-01-01T00:00:00.000Z',
  _count: { posts: 0, polls: 0, members: 2 },
};

const refused = apiError(403, ROOMS.privateRoom);

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'member.join' },
      { type: 'member.request' },
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
      done('leaveRoom', { msg: ROOMS.left }),
      failure('leaveRoom', apiError(404, ROOMS.notMember)),
      done('deleteRoom', { msg: ROOMS.deleted }),
      failure('deleteRoom', apiError(403, ROOMS.notOwner)),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const viewers = [
  { username: 'quiet_otter' as string | null, who: 'a signed-in user' },
  { username: null, who: 'a visitor' },
];

const inputOf = (username: string | null) => ({ room: { id: room.id, title: room.title }, username });
const pathsOf = (username: string | null) =>
  generatePaths(roomMembershipMachine, { events: events as never, input: inputOf(username) });

/** Spec §8 Join / Leave / Add member and §4 Membership, read along a path. */
function expectedEffects(path: MachinePath<Machine>, visitor: boolean) {
  const notify: unknown[] = [];
  const navigate: unknown[] = [];
  const announced: string[] = [];
  let roomsChanged = 0;
  path.steps.forEach((step, index) => {
    const event = step.event as { type: string; output?: { msg: string }; error?: { message: string } };
    const before = path.steps[index - 1]?.state;
    if (visitor && (event.type === 'member.join' || event.type === 'member.request')) {
      notify.push({ kind: 'error', text: POSTS.signInFirst });
    }
    if (step.state.matches('leaving') && !before?.matches('leaving')) {
      notify.push({ kind: 'loading', text: ROOMS.processing, id: LEAVING_NOTICE_ID });
    }
    switch (event.type) {
      case 'xstate.done.actor.joinRoom':
        notify.push({ kind: 'success', text: event.output?.msg });
        roomsChanged += 1;
        announced.push('joined');
        break;
      case 'xstate.error.actor.joinRoom':
        notify.push({ kind: 'error', text: event.error?.message });
        navigate.push({ to: '/' });
        break;
      case 'xstate.done.actor.requestToJoin':
        notify.push({ kind: 'success', text: ROOMS.requestSent });
        announced.push('requested');
        break;
      case 'xstate.error.actor.requestToJoin':
        notify.push({ kind: 'error', text: event.error?.message });
        break;
      case 'xstate.done.actor.leaveRoom':
        notify.push({ kind: 'success', text: event.output?.msg, id: LEAVING_NOTICE_ID });
        roomsChanged += 1;
        announced.push('left');
        break;
      case 'xstate.error.actor.leaveRoom':
        notify.push({ kind: 'error', text: event.error?.message, id: LEAVING_NOTICE_ID });
        break;
      case 'xstate.done.actor.deleteRoom':
        notify.push({ kind: 'success', text: event.output?.msg });
        roomsChanged += 1;
        navigate.push({ to: '/', replace: true });
        break;
      case 'xstate.error.actor.deleteRoom':
        notify.push({ kind: 'error', text: event.error?.message });
        break;
    }
  });
  return { notify, navigate, announced, roomsChanged };
}

describe.each(viewers)('room membership for $who', ({ username }) => {
  const paths = pathsOf(username);
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart with the spec’s toasts, redirects and list refreshes: %s',
    async (_, path) => {
      const notify = vi.fn();
      const navigate = vi.fn();
      const roomsChanged = vi.fn();
      const announced: string[] = [];
      await executePath(roomMembershipMachine, path as MachinePath<Machine>, {
        input: inputOf(username),
        promiseActors: ['joinRoom', 'requestToJoin', 'leaveRoom', 'deleteRoom'],
        provide: {
          actions: {
            notify,
            navigate,
            roomsChanged,
            announceJoined: () => announced.push('joined'),
            announceRequested: () => announced.push('requested'),
            announceLeft: () => announced.push('left'),
          },
        },
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
      });
      const want = expectedEffects(path as MachinePath<Machine>, username === null);
      expect(notify.mock.calls.map(([, notice]) => notice)).toEqual(want.notify);
      expect(navigate.mock.calls.map(([, to]) => to)).toEqual(want.navigate);
      expect(roomsChanged).toHaveBeenCalledTimes(want.roomsChanged);
      expect(announced).toEqual(want.announced);
    },
  );
});

describe('room membership chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(
      roomMembershipMachine,
      viewers.flatMap(({ username }) => pathsOf(username)),
    );
  });

  it('sends nothing for a visitor pressing Join or Send Request', () => {
    const paths = pathsOf(null);
    expect(paths.some((path) => path.state.matches('joining') || path.state.matches('requesting'))).toBe(
      false,
    );
  });

  it('asks before leaving and before deleting, and only then calls the server', () => {
    const paths = pathsOf('quiet_otter');
    const firstTo = (state: string) =>
      paths
        .find((path) => path.state.matches(state))
        ?.steps.map((step) => step.event.type)
        .slice(1);
    expect(firstTo('leaving')).toEqual(['member.leave', 'leave.confirm']);
    expect(firstTo('deleting')).toEqual(['room.delete', 'delete.confirm']);
  });

  it('sends a request under the viewer’s own username and tells the page it joined with the room', async () => {
    const requested = vi.fn(async (_input: { username: string; title: string }) => ({ msg: 'ok' }));
    const actor = createActor(
      roomMembershipMachine.provide({
        actors: {
          requestToJoin: fromPromise(({ input }: { input: { username: string; title: string } }) =>
            requested(input),
          ),
          joinRoom: fromPromise<{ msg: string; room: Room }, { title: string }>(async () => ({
            msg: ROOMS.joined,
            room,
          })),
        },
      }),
      { input: inputOf('quiet_otter') },
    );
    const heard: unknown[] = [];
    actor.on('*', (event) => heard.push(event));
    actor.start();
    actor.send({ type: 'member.request' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'member.join' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requested).toHaveBeenCalledWith({ username: 'quiet_otter', title: 'Chess' });
    expect(heard).toEqual([{ type: 'room.requested' }, { type: 'room.joined', room }]);
  });
});
