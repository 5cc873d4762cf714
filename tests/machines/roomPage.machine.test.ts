import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import type { Room } from '../../src/domain/entities.ts';
import type { MaskFlags } from '../../src/domain/safety.ts';
import { type LoadedRoom, roomPageMachine } from '../../src/machines/roomPage.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import { makeRoom } from '../support/feedFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { watchRecorder } from '../support/machineLive.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof roomPageMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const creator = 'creator-1';
const other = 'user-2';

/** The room the page shows: its creator and one member, a post and a poll. */
const chessRoom = (overrides: Partial<Room> = {}) =>
  makeRoom('Chess', { CreatorId: creator, _count: { posts: 1, polls: 1, members: 2 }, ...overrides });

const publicRoom = chessRoom();
const privateRoom = chessRoom({ privateRoom: true });
const basics = (room: Room) => ({
  id: room.id,
  title: room.title,
  img: room.img,
  bgImg: room.bgImg,
  privateRoom: room.privateRoom,
  CreatorId: room.CreatorId,
});

const answers: Record<string, LoadedRoom> = {
  joinedPublic: {
    access: 'open',
    room: publicRoom,
    joined: true,
    requested: false,
    invited: false,
    masked: false,
    maskedForOthers: false,
  },
  joinedPrivate: {
    access: 'open',
    room: privateRoom,
    joined: true,
    requested: false,
    invited: false,
    masked: false,
    maskedForOthers: false,
  },
  notJoined: {
    access: 'open',
    room: publicRoom,
    joined: false,
    requested: false,
    invited: false,
    masked: false,
    maskedForOthers: false,
  },
  forbidden: {
    access: 'forbidden',
    room: basics(privateRoom),
    requested: false,
    invited: false,
    masked: false,
    maskedForOthers: false,
  },
  forbiddenRequested: {
    access: 'forbidden',
    room: basics(privateRoom),
    requested: true,
    invited: false,
    masked: false,
    maskedForOthers: false,
  },
  forbiddenInvited: {
    access: 'forbidden',
    room: basics(privateRoom),
    requested: false,
    invited: true,
    masked: false,
    maskedForOthers: false,
  },
  maskedNotJoined: {
    access: 'open',
    room: publicRoom,
    joined: false,
    requested: false,
    invited: false,
    masked: true,
    maskedForOthers: false,
  },
  maskedForOthers: {
    access: 'open',
    room: publicRoom,
    joined: true,
    requested: false,
    invited: false,
    masked: false,
    maskedForOthers: true,
  },
};
const unmasked: MaskFlags = { masked: false, maskedForOthers: false };
const maskOf = (answer: LoadedRoom): MaskFlags => ({
  masked: answer.masked,
  maskedForOthers: answer.maskedForOthers,
});

const afterJoin = chessRoom({ _count: { posts: 1, polls: 1, members: 3 } });
const renamed = chessRoom({ title: 'Chess2' });
const withIcon = chessRoom({ img: '/uploads/rooms/icon.webp' });

const offline = apiError(0, 'Network Error');

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      ...Object.values(answers).map((answer) => done('loadRoom', answer)),
      failure('loadRoom', apiError(404, 'Room not found')),
      failure('loadRoom', apiError(400, 'title: *Name cannot include spaces.')),
      failure('loadRoom', offline),
      failure('loadRoom', apiError(410, 'Removed by moderators: Hate')),
      { type: 'room.reload' },
      { type: 'room.visit', title: 'Other' },
      { type: 'room.visit', title: 'CHESS' },
      { type: 'viewer.change', viewerId: null },
      { type: 'viewer.change', viewerId: creator },
      { type: 'room.joined', room: afterJoin },
      { type: 'room.left' },
      { type: 'room.requested' },
      { type: 'room.requestCancelled' },
      { type: 'room.renamed', room: renamed },
      { type: 'image.saved', result: withIcon },
      { type: 'item.deleted', kind: 'post', id: 'post-1' },
      { type: 'item.deleted', kind: 'poll', id: 'poll-1' },
      { type: 'member.removed' },
      { type: 'live.reload' },
      { type: 'rooms.mine', ids: [privateRoom.id] },
      { type: 'rooms.mine', ids: ['id-Other'] },
      { type: 'request.answered', roomId: privateRoom.id },
      { type: 'request.answered', roomId: 'id-Other' },
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/** What tells states apart: who looks, which room (its privacy decides where leaving goes), its counts and mask. */
const serializeState = ({ value, context }: Snapshot) =>
  JSON.stringify([value, context.viewerId, context.basics, context.room?._count ?? null, context.mask]);

const viewers = [
  { viewerId: creator, who: 'the creator' },
  { viewerId: other, who: 'another user' },
];

const pathsOf = (viewerId: string) =>
  generatePaths(roomPageMachine, {
    events,
    input: { title: 'Chess', viewerId },
    serializeState,
  });

const openTo = (room: Room, mask: MaskFlags) => ({ room, basics: basics(room), error: null, mask });

/**
 * Spec §2 Room page, §4 Membership, §6 Private room: the room loads for whoever looks (its owner is the
 * creator who joined), a private room is forbidden until joined, another room or viewer loads again,
 * and joining, leaving, requesting and the owner's edits move what the page shows. Issue 33: a waiting
 * request can be withdrawn (Send Request again), and an invitation accepted, which opens the room. Issue 20: the live
 * stream watches the room by its id while it is open; `live.reload` loads it again.
 */
function roomOracle(viewerAtStart: string) {
  let title = 'Chess';
  let viewerId: string | null = viewerAtStart;
  const notWatched = { watching: [] };
  const loading = (): ExpectedStep => ({
    value: 'loading',
    tags: ['busy'],
    calls: [{ actor: 'loadRoom', input: { title } }],
    system: notWatched,
  });
  const open = (room: Room, joined: boolean, mask: MaskFlags): ExpectedStep => {
    const watched = { shown: openTo(room, mask), system: { watching: [`room:${room.id}`] } };
    if (!joined) return { value: { open: 'outsider' }, tags: [], ...watched };
    return room.CreatorId === viewerId
      ? { value: { open: 'owner' }, tags: ['member', 'owner'], ...watched }
      : { value: { open: 'member' }, tags: ['member'], ...watched };
  };
  return (event: Event, before: Snapshot): ExpectedStep => {
    const { room, mask } = before.context;
    const e = event as unknown as {
      type: string;
      output: LoadedRoom;
      error: { status: number; message: string };
      title: string;
      viewerId: string | null;
      room: Room;
      result: Room;
      kind: 'post' | 'poll';
    };
    switch (e.type) {
      case 'xstate.init':
        return { ...loading(), shown: { room: null, basics: null, error: null, mask: unmasked } };
      case 'xstate.done.actor.loadRoom': {
        const answer = e.output;
        if (answer.access === 'forbidden') {
          return {
            value: { forbidden: answer.requested ? 'requested' : answer.invited ? 'invited' : 'canRequest' },
            tags: [],
            shown: { room: null, basics: answer.room, error: null, mask: maskOf(answer) },
            system: notWatched,
          };
        }
        return open(answer.room, answer.joined, maskOf(answer));
      }
      case 'xstate.error.actor.loadRoom':
        if (e.error.status === 410) {
          // removed by moderators: the server's message is the page
          return {
            value: 'removed',
            tags: [],
            shown: { ...selectShown(before.context), error: e.error.message },
          };
        }
        return [404, 400].includes(e.error.status)
          ? { value: 'notFound', tags: [] }
          : { value: 'failed', tags: [], shown: { ...selectShown(before.context), error: e.error.message } };
      case 'room.reload':
      case 'live.reload':
        return loading();
      case 'rooms.mine':
        // invited, the viewer joined from elsewhere (the notification): the room is loaded again
        expect(before.matches({ forbidden: 'invited' })).toBe(true);
        return loading();
      case 'request.answered':
        // the owner answered the waiting request: the room is loaded again, and shows the answer
        expect(before.matches({ forbidden: 'requested' })).toBe(true);
        return loading();
      case 'room.visit':
        title = e.title;
        return loading();
      case 'viewer.change':
        viewerId = e.viewerId;
        return loading();
      case 'room.joined':
        return open(e.room, true, mask);
      case 'room.left':
        // a private room is no longer readable; a public one has one member less
        return room?.privateRoom
          ? {
              value: { forbidden: 'canRequest' },
              tags: [],
              shown: { room: null, basics: basics(room), error: null, mask },
              system: notWatched,
            }
          : {
              value: { open: 'outsider' },
              tags: [],
              shown:
                room &&
                openTo({ ...room, _count: { ...room._count, members: room._count.members - 1 } }, mask),
            };
      case 'room.requested':
        return { value: { forbidden: 'requested' } };
      case 'room.requestCancelled':
        // the request withdrawn: Send Request again
        return { value: { forbidden: 'canRequest' } };
      case 'room.renamed':
        title = e.room.title;
        return { shown: openTo(e.room, mask) };
      case 'image.saved':
        return { shown: openTo(e.result, mask) };
      case 'member.removed':
        // the owner removed a member: one member less
        return {
          shown:
            room &&
            openTo(
              { ...room, _count: { ...room._count, members: Math.max(0, room._count.members - 1) } },
              mask,
            ),
        };
      default: {
        const key = e.kind === 'post' ? 'posts' : 'polls';
        return {
          shown: room && {
            ...openTo(room, mask),
            room: { ...room, _count: { ...room._count, [key]: room._count[key] - 1 } },
          },
        };
      }
    }
  };
}

const selectShown = ({ room, basics, error, mask }: Snapshot['context']) => ({ room, basics, error, mask });

describe.each(viewers)('the room page seen by $who', ({ viewerId }) => {
  it.each(pathsOf(viewerId).map((path) => [describePath(path), path] as const))(
    'loads the room for whoever looks and follows membership and edits: %s',
    async (_, path) => {
      const live = watchRecorder();
      await executePath(roomPageMachine, path, {
        input: { title: 'Chess', viewerId },
        promiseActors: ['loadRoom'],
        provide: { actors: { watchLive: live.watchLive } },
        system: live.watched,
        shown: selectShown,
        expectStep: roomOracle(viewerId),
      });
    },
  );
});

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function startWith(answer: LoadedRoom | Error, viewerId: string | null = other) {
  const titles: string[] = [];
  const actor = createActor(
    roomPageMachine.provide({
      actors: {
        loadRoom: fromPromise(async ({ input }: { input: { title: string } }) => {
          titles.push(input.title);
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
    { input: { title: 'Chess', viewerId } },
  ).start();
  return { actor, titles };
}

describe('room page chart', () => {
  // The paths of every viewer through masks, membership and the owner's removals: seconds on a busy machine.
  it('takes every state and every transition', { timeout: 60_000 }, ({ task }) => {
    expectChartCovered(
      task,
      roomPageMachine,
      viewers.flatMap(({ viewerId }) => pathsOf(viewerId)),
    );
  });

  it('does not reload for the same room under another letter case, nor for a rename’s new address', async () => {
    const { actor, titles } = startWith(answers.joinedPublic as LoadedRoom, creator);
    await settle();
    actor.send({ type: 'room.visit', title: 'chess' });
    actor.send({ type: 'room.renamed', room: renamed });
    actor.send({ type: 'room.visit', title: 'Chess2' });
    await settle();
    expect(titles).toEqual(['Chess']);
    expect(actor.getSnapshot().context.room?.title).toBe('Chess2');
    actor.send({ type: 'room.visit', title: 'Go' });
    await settle();
    expect(titles).toEqual(['Chess', 'Go']);
  });
});
