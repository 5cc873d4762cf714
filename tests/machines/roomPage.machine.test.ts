import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import type { Room } from '../../src/domain/entities.ts';
import { type LoadedRoom, roomPageMachine } from '../../src/machines/roomPage.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof roomPageMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const creator = 'creator-1';
const other = 'user-2';

function makeRoom(overrides: Partial<Room> = {}): Room {
  return {
    id: 'r1',
    title: 'Chess',
    desc: null,
    img: null,
    bgImg: null,
    privateRoom: false,
    CreatorId: creator,
    createdAt: '2025-01-01T00:00:00.000Z',
    _count: { posts: 1, polls: 1, members: 2 },
    ...overrides,
  };
}

const publicRoom = makeRoom();
const privateRoom = makeRoom({ privateRoom: true });
const basics = (room: Room) => ({
  id: room.id,
  title: room.title,
  img: room.img,
  bgImg: room.bgImg,
  privateRoom: room.privateRoom,
  CreatorId: room.CreatorId,
});

const answers: Record<string, LoadedRoom> = {
  joinedPublic: { access: 'open', room: publicRoom, joined: true, requested: false },
  joinedPrivate: { access: 'open', room: privateRoom, joined: true, requested: false },
  notJoined: { access: 'open', room: publicRoom, joined: false, requested: false },
  forbidden: { access: 'forbidden', room: basics(privateRoom), requested: false },
  forbiddenRequested: { access: 'forbidden', room: basics(privateRoom), requested: true },
};

const afterJoin = makeRoom({ _count: { posts: 1, polls: 1, members: 3 } });
const renamed = makeRoom({ title: 'Chess2' });
const withIcon = makeRoom({ img: '/uploads/rooms/icon.webp' });

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      ...Object.values(answers).map((answer) => done('loadRoom', answer)),
      failure('loadRoom', apiError(404, 'Room not found')),
      failure('loadRoom', apiError(400, 'title: *Name cannot include spaces.')),
      failure('loadRoom', apiError(0, 'Network Error')),
      { type: 'room.reload' },
      { type: 'room.visit', title: 'Other' },
      { type: 'room.visit', title: 'CHESS' },
      { type: 'viewer.change', viewerId: null },
      { type: 'viewer.change', viewerId: creator },
      { type: 'room.joined', room: afterJoin },
      { type: 'room.left' },
      { type: 'room.requested' },
      { type: 'room.renamed', room: renamed },
      { type: 'room.imageChanged', room: withIcon },
      { type: 'room.itemRemoved', kind: 'post' },
      { type: 'room.itemRemoved', kind: 'poll' },
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/**
 * What is compared at every step: who looks and the room's counts (titles, basics and errors are
 * checked by the examples below); keeping it small keeps the paths few.
 */
const selectContext = (context: Snapshot['context']) => ({
  viewerId: context.viewerId,
  counts: context.room?._count ?? null,
});
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, selectContext(snapshot.context)]);

const viewers = [
  { viewerId: creator, who: 'the creator' },
  { viewerId: other, who: 'another user' },
];

const pathsOf = (viewerId: string) =>
  generatePaths(roomPageMachine, {
    events: events as never,
    input: { title: 'Chess', viewerId },
    serializeState: serializeState as never,
    simplePaths: false,
  });

describe.each(viewers)('the room page seen by $who', ({ viewerId }) => {
  const paths = pathsOf(viewerId);
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      await executePath(roomPageMachine, path as MachinePath<Machine>, {
        input: { title: 'Chess', viewerId },
        promiseActors: ['loadRoom'],
        selectContext,
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
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
  it('has every state reached by some path', () => {
    expectEveryStateReached(
      roomPageMachine,
      viewers.flatMap(({ viewerId }) => pathsOf(viewerId)),
    );
  });

  it('makes the creator the owner only when they joined', async () => {
    const joined = startWith(answers.joinedPublic as LoadedRoom, creator);
    await settle();
    expect(joined.actor.getSnapshot().hasTag('owner')).toBe(true);
    const notJoined = startWith(answers.notJoined as LoadedRoom, creator);
    await settle();
    expect(notJoined.actor.getSnapshot().value).toEqual({ open: 'outsider' });
    expect(notJoined.actor.getSnapshot().hasTag('member')).toBe(false);
  });

  it('a member who is not the creator has member controls but not the owner’s', async () => {
    const { actor } = startWith(answers.joinedPublic as LoadedRoom, other);
    await settle();
    expect(actor.getSnapshot().hasTag('member')).toBe(true);
    expect(actor.getSnapshot().hasTag('owner')).toBe(false);
  });

  it('leaving a public room keeps it open with one member less; leaving a private one shows the 403', async () => {
    const open = startWith(answers.joinedPublic as LoadedRoom);
    await settle();
    open.actor.send({ type: 'room.left' });
    expect(open.actor.getSnapshot().value).toEqual({ open: 'outsider' });
    expect(open.actor.getSnapshot().context.room?._count.members).toBe(1);

    const closed = startWith(answers.joinedPrivate as LoadedRoom);
    await settle();
    closed.actor.send({ type: 'room.left' });
    expect(closed.actor.getSnapshot().value).toEqual({ forbidden: 'canRequest' });
    expect(closed.actor.getSnapshot().context.basics?.title).toBe('Chess');
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

  it('treats an unknown room as not found and keeps the message of other failures', async () => {
    const missing = startWith(Object.assign(new Error('Room not found'), { status: 404 }));
    await settle();
    expect(missing.actor.getSnapshot().value).toBe('notFound');
    const broken = startWith(Object.assign(new Error('Network Error'), { status: 0 }));
    await settle();
    expect(broken.actor.getSnapshot().value).toBe('failed');
    expect(broken.actor.getSnapshot().context.error).toBe('Network Error');
  });
});
