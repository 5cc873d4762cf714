/**
 * The rooms API's answers for the room views' tests (the room page, the Create Room and rename
 * dialogs, the side navigation's lists), as the server would give them. Tests render the app with
 * `renderApp` on these answers and assert on the fake API's spies and the fake platform.
 */
import type { Poll, Post, Room } from '../../../src/domain/entities.ts';
import { ROOMS } from '../../../src/domain/messages.ts';
import type { PersonSuggestion } from '../../../src/machines/addMember.machine.ts';
import type { LoadedRoom } from '../../../src/machines/roomPage.machine.ts';
import type { SideRooms } from '../../../src/services/api/rooms.ts';
import { ApiError } from '../../../src/services/http.ts';
import type { QuadApi } from '../../../src/system/api.ts';
import { makeRoom } from '../../support/feedFakes.ts';
import { pager, tallyingVotes } from '../support/serverAnswers.ts';
import { renderApp, testUser } from '../support/shell.tsx';

/** What `rooms/showRoom` tells the viewer about a room: a member, an outsider, or the 403 of a private room. */
const unmasked = { masked: false, maskedForOthers: false };

export const shown = {
  joined: (room: Room): LoadedRoom => ({
    access: 'open',
    room,
    joined: true,
    requested: false,
    invited: false,
    ...unmasked,
  }),
  notJoined: (room: Room): LoadedRoom => ({
    access: 'open',
    room,
    joined: false,
    requested: false,
    invited: false,
    ...unmasked,
  }),
  /** Masked after reports: hidden from this viewer behind "View anyway". */
  masked: (room: Room): LoadedRoom => ({
    access: 'open',
    room,
    joined: false,
    requested: false,
    invited: false,
    masked: true,
    maskedForOthers: false,
  }),
  /** Masked after reports, read by its owner: in full, with the notice. */
  maskedForOthers: (room: Room): LoadedRoom => ({
    access: 'open',
    room,
    joined: true,
    requested: false,
    invited: false,
    masked: false,
    maskedForOthers: true,
  }),
  /** The 403 of a private room, with the viewer's waiting request or the owner's invitation to them. */
  forbidden: (room: Room, pending: 'none' | 'requested' | 'invited' = 'none'): LoadedRoom => ({
    ...unmasked,
    access: 'forbidden',
    room: {
      id: room.id,
      title: room.title,
      img: room.img,
      bgImg: room.bgImg,
      privateRoom: room.privateRoom,
      CreatorId: room.CreatorId,
    },
    requested: pending === 'requested',
    invited: pending === 'invited',
  }),
};

export interface RoomAnswers {
  /** What `fetchRoom` answers for any title, or its failure; by default the viewer's own room of that title. */
  room?: LoadedRoom | ApiError;
  /** The room's post and poll pages, served in order (then empty). */
  posts?: Post[][];
  polls?: Poll[][];
  /** Add member's suggestions (people not in the room, as the server answers them). */
  people?: PersonSuggestion[];
  /** Room names the name check says are taken. */
  taken?: string[];
  /** The side navigation's lists, one answer per load (the last one repeats). */
  lists?: SideRooms[];
}

/** The room with `members` members. */
export const withMembers = (room: Room, members: number): Room => ({
  ...room,
  _count: { ...room._count, members },
});

/** The rooms calls answering as the server would for these answers. */
export function roomCalls(answers: RoomAnswers = {}) {
  const loaded = (title: string): LoadedRoom => {
    if (answers.room instanceof ApiError) throw answers.room;
    return answers.room ?? shown.joined(makeRoom(title, { CreatorId: testUser.userID }));
  };
  /** The room as the server keeps it, for the answers that send it back changed. */
  const roomOf = (title: string): Room => {
    const shownRoom = loaded(title);
    return shownRoom.access === 'open' ? shownRoom.room : makeRoom(title, { ...shownRoom.room });
  };
  const lists = [...(answers.lists ?? [{ mine: [], publicNotJoined: [] }])];
  const taken = answers.taken ?? [];
  /** Each post's tally as the server keeps it (every post starts at 0 / 0). */
  return {
    fetchRoom: async (title: string) => loaded(title),
    joinRoom: async (title: string) => {
      const room = roomOf(title);
      return { msg: ROOMS.joined, room: withMembers(room, room._count.members + 1) };
    },
    requestToJoin: async (_username: string, _title: string) => ({ msg: ROOMS.requestSent }),
    cancelJoinRequest: async (_title: string) => ({ msg: ROOMS.requestCancelled }),
    leaveRoom: async (_roomId: string) => ({ msg: ROOMS.left }),
    deleteRoom: async (_title: string) => ({ msg: ROOMS.deleted }),
    memberCandidates: async (_title: string, _key: string) => answers.people ?? [],
    updateRoomImage: async (title: string, kind: 'background' | 'icon', _image: File): Promise<Room> => ({
      ...roomOf(title),
      ...(kind === 'icon' ? { img: '/uploads/rooms/new-icon.webp' } : { bgImg: '/uploads/rooms/bg.webp' }),
    }),
    fetchRoomPosts: pager(answers.posts),
    fetchRoomPolls: pager(answers.polls),
    checkRoomName: async (name: string) =>
      taken.includes(name)
        ? { msg: false, text: ROOMS.notAvailable(name) }
        : { msg: true, text: ROOMS.available },
    createRoom: async (input: { title: string; desc: string; privateRoom: boolean; image: File | null }) => ({
      msg: ROOMS.created,
      newRoom: makeRoom(input.title, { privateRoom: input.privateRoom, desc: input.desc || null }),
    }),
    renameRoom: async (title: string, newTitle: string): Promise<Room> => ({
      ...roomOf(title),
      title: newTitle,
    }),
    votePost: tallyingVotes(),
    deletePost: async (_id: string) => ({ msg: 'Post deleted' }),
    deletePoll: async (_id: string) => ({ msg: 'Poll deleted' }),
    fetchSideRooms: async (_userId: string | null) =>
      (lists.length > 1 ? lists.shift() : lists[0]) ?? { mine: [], publicNotJoined: [] },
  } satisfies Partial<QuadApi>;
}

/**
 * The app at `path` on these rooms answers, signed in as `testUser` unless `signedIn` is false; `state`
 * is the router state the page is arrived at with (e.g. the create modal's tab).
 */
export async function renderRooms(
  path: string,
  answers: RoomAnswers = {},
  options: { signedIn?: boolean; state?: unknown } = {},
) {
  const view = renderApp(path, {
    user: options.signedIn === false ? null : testUser,
    calls: roomCalls(answers),
  });
  await view.settled();
  if (options.state !== undefined) await view.router.navigate(path, { replace: true, state: options.state });
  return view;
}

/** A failure of a rooms call as the HTTP client throws it. */
export const refusal = (status: number, message: string) => new ApiError(status, message);
