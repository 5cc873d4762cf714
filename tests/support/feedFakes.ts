/** Posts, polls and rooms as the server answers them, for the feed machines' and views' tests. */
import type { Poll, Post, Room, RoomRef } from '../../src/domain/entities.ts';

const base = Date.parse('2025-05-01T12:00:00.000Z');
/** `minutes` before the fixed test moment. */
export const minutesAgo = (minutes: number) => new Date(base - minutes * 60_000).toISOString();

export function makePost(id: string, overrides: Partial<Post> = {}): Post {
  return {
    id,
    title: `Post ${id}`,
    topic: 'dsa',
    body: `Body of ${id}`,
    img: null,
    imgAlt: null,
    createdAt: minutesAgo(1),
    editedAt: null,
    userId: 'author-1',
    user: { username: 'brave_fox', dp: null },
    subCommunity: null,
    room: null,
    commentCount: 0,
    upvotes: 0,
    downvotes: 0,
    myVote: 0,
    masked: false,
    maskedForOthers: false,
    crisisHelp: false,
    ...overrides,
  };
}

export function makePoll(id: string, overrides: Partial<Poll> = {}): Poll {
  return {
    id,
    title: `Poll ${id}?`,
    topic: 'iet',
    subCommunity: null,
    room: null,
    createdAt: minutesAgo(2),
    editedAt: null,
    userId: 'author-2',
    createdBy: { username: 'calm_heron', dp: null },
    options: [
      { id: `${id}-a`, text: 'Yes', votes: 1 },
      { id: `${id}-b`, text: 'No', votes: 2 },
      { id: `${id}-c`, text: 'Maybe', votes: 0 },
    ],
    totalVotes: 3,
    myOptionId: null,
    masked: false,
    maskedForOthers: false,
    crisisHelp: false,
    ...overrides,
  };
}

/** A public room with only its creator in it. */
export function makeRoom(title: string, overrides: Partial<Room> = {}): Room {
  return {
    id: `id-${title}`,
    title,
    desc: null,
    img: null,
    bgImg: null,
    privateRoom: false,
    CreatorId: 'u1',
    createdAt: '2025-01-01T00:00:00.000Z',
    _count: { posts: 0, polls: 0, members: 1 },
    ...overrides,
  };
}

/** The room label of a room item: a public room the viewer joined unless told otherwise. */
export function makeRoomRef(overrides: Partial<RoomRef> = {}): RoomRef {
  return {
    id: 'room-1',
    title: 'chess_club',
    CreatorId: 'u9',
    privateRoom: false,
    joined: true,
    ...overrides,
  };
}

/** A post of a room (no topic), with the room's label as the server sends it. */
export function makeRoomPost(id: string, room: Partial<RoomRef> = {}, overrides: Partial<Post> = {}): Post {
  const ref = makeRoomRef(room);
  return makePost(id, { topic: null, subCommunity: ref.id, room: ref, ...overrides });
}

/** A poll of a room (no topic), with the room's label as the server sends it. */
export function makeRoomPoll(id: string, room: Partial<RoomRef> = {}, overrides: Partial<Poll> = {}): Poll {
  const ref = makeRoomRef(room);
  return makePoll(id, { topic: null, subCommunity: ref.id, room: ref, ...overrides });
}
