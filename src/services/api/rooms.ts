/** Rooms (spec §7 Rooms; docs/api.md Rooms). */
import type { z } from 'zod';
import type {
  msgSchema,
  Poll,
  Post,
  pollResponses,
  postResponses,
  Room,
  roomResponses,
} from '../../domain/entities.ts';
import type { RoomLogEntry, RoomMember, roomOwnerResponses } from '../../domain/roomOwnerSchemas.ts';
import type { RoomRemoval } from '../../domain/roomValidation.ts';
import type { MaskFlags } from '../../domain/safety.ts';
import { type ListSort, listSortParams } from '../../domain/sorting.ts';
import { ApiError, request } from '../http.ts';

type Responses = { [K in keyof typeof roomResponses]: z.infer<(typeof roomResponses)[K]> };
type OwnerResponses = {
  [K in keyof typeof roomOwnerResponses]: z.infer<(typeof roomOwnerResponses)[K]>;
};
type Msg = z.infer<typeof msgSchema>;

/**
 * What the room page may show: the whole room to those who may read it, its basics otherwise, with
 * the viewer's pending entry: their own request (`requested`) or the owner's invitation (`invited`).
 */
export type RoomView = MaskFlags &
  (
    | { access: 'open'; room: Room; joined: boolean; requested: boolean; invited: boolean }
    | { access: 'forbidden'; room: Responses['forbidden']['room']; requested: boolean; invited: boolean }
  );

/** The rooms of the side navigation: the user's (owned and joined, newest first) and public ones not joined. */
export interface SideRooms {
  mine: Room[];
  publicNotJoined: Room[];
}

const multipart = { headers: { 'Content-Type': 'multipart/form-data' } };
const enc = encodeURIComponent;

/** `rooms/getAllRoom/{userID}`: owned and joined rooms, newest entry first. */
export const fetchMyRooms = (userId: string): Promise<Room[]> =>
  request((http) => http.get<Responses['list']>(`rooms/getAllRoom/${enc(userId)}`)).then((r) =>
    r.rooms.filter((entry) => entry.joined).map((entry) => entry.room),
  );

/** `rooms/notJoinedRoom`: public rooms the viewer has not joined. */
export const fetchPublicRooms = (): Promise<Room[]> =>
  request((http) => http.get<Responses['publicList']>('rooms/notJoinedRoom')).then((r) => r.rooms);

/** Both lists of the side navigation; visitors get the public rooms only. */
export async function fetchSideRooms(userId: string | null): Promise<SideRooms> {
  const [mine, publicNotJoined] = await Promise.all([
    userId ? fetchMyRooms(userId) : Promise.resolve([]),
    fetchPublicRooms(),
  ]);
  return { mine, publicNotJoined };
}

/** `rooms/titleNameIsUnique ?filter`: whether the name is free, and the text to show. */
export const checkRoomName = (title: string) =>
  request((http) =>
    http.get<Responses['available']>('rooms/titleNameIsUnique', { params: { filter: title } }),
  );

export interface NewRoom {
  title: string;
  desc: string;
  privateRoom: boolean;
  image: File | null;
}

/** `rooms/create`: multipart title, desc, privacy ('true'/'false') and the optional icon. */
export function createRoom({ title, desc, privateRoom, image }: NewRoom) {
  const form = new FormData();
  form.append('title', title);
  if (desc) form.append('desc', desc);
  form.append('privacy', String(privateRoom));
  if (image) form.append('roomImg', image, image.name);
  return request((http) => http.post<Responses['created']>('rooms/create', form, multipart));
}

/** `rooms/showRoom/{title}`: a 403 for a private room not joined still names the room. */
export async function fetchRoom(title: string): Promise<RoomView> {
  try {
    const shown = await request((http) => http.get<Responses['show']>(`rooms/showRoom/${enc(title)}`));
    return { access: 'open', ...shown };
  } catch (error) {
    const forbidden = error instanceof ApiError && error.status === 403 ? error.data : null;
    if (forbidden && typeof forbidden === 'object' && 'room' in forbidden) {
      const { room, requested, invited, masked, maskedForOthers } = forbidden as Responses['forbidden'];
      return { access: 'forbidden', room, requested, invited, masked, maskedForOthers };
    }
    throw error;
  }
}

/** `rooms/join {title}`: a public room at once (or a private one the owner invited the user to). */
export const joinRoom = (title: string) =>
  request((http) => http.post<Responses['room']>('rooms/join', { title }));

/** `rooms/addUserinRoom/{username} {title}`: an invitation (the owner's, or a member's of a public room), or a request to join. */
export const requestToJoin = (username: string, title: string) =>
  request((http) => http.post<Msg>(`rooms/addUserinRoom/${enc(username)}`, { title }));

/** `rooms/cancelJoiningRequest {title}`: the viewer withdraws their pending request (title: the room's id or title). */
export const cancelJoinRequest = (title: string) =>
  request((http) => http.post<Msg>('rooms/cancelJoiningRequest', { title }));

/** `rooms/leave/{roomId}`: also withdraws a pending request. */
export const leaveRoom = (roomId: string) => request((http) => http.post<Msg>(`rooms/leave/${enc(roomId)}`));

/** `rooms/delete {title}`: the owner deletes the room and everything in it. */
export const deleteRoom = (title: string) =>
  request((http) => http.delete<Msg>('rooms/delete', { data: { title } }));

/** `rooms/update {title,newTitle}`: the owner renames the room. */
export const renameRoom = (title: string, newTitle: string) =>
  request((http) => http.post<Responses['updated']>('rooms/update', { title, newTitle })).then(
    (r) => r.updatedRoom,
  );

/** `rooms/acceptJoiningRequest {title, fromUser}`: the owner accepts a request from the notifications. */
export const acceptJoinRequest = (title: string, fromUser: string) =>
  request((http) => http.post<Responses['room']>('rooms/acceptJoiningRequest', { title, fromUser }));

/** `rooms/declineJoiningRequest {title, fromUser}`: the owner declines a request from the notifications. */
export const declineJoinRequest = (title: string, fromUser: string) =>
  request((http) => http.post<Msg>('rooms/declineJoiningRequest', { title, fromUser }));

/** `rooms/updatebgImg` (background) or `rooms/updatedp` (icon): the room as updated. */
export function updateRoomImage(title: string, kind: 'background' | 'icon', image: File): Promise<Room> {
  const form = new FormData();
  form.append('title', title);
  form.append(kind === 'background' ? 'bgImg' : 'roomImg', image, image.name);
  const path = kind === 'background' ? 'rooms/updatebgImg' : 'rooms/updatedp';
  return request((http) => http.post<Responses['updated']>(path, form, multipart)).then((r) => r.updatedRoom);
}

/** `posts/getPost ?title&offset&limit=10`: a room's posts, newest first. */
export const fetchRoomPosts = ({
  title,
  offset,
  limit,
  sort = null,
}: {
  title: string;
  offset: number;
  limit: number;
  sort?: ListSort | null;
}) =>
  request((http) =>
    http.get<z.infer<typeof postResponses.posts>>('posts/getPost', {
      params: { title, offset, limit, ...listSortParams(sort) },
    }),
  ).then((r): Post[] => r.posts);

/** `poll/getallpolls ?offset&limit=10&subCommunity`: a room's polls, newest first. */
export const fetchRoomPolls = ({
  roomId,
  offset,
  limit,
}: {
  roomId: string;
  offset: number;
  limit: number;
}) =>
  request((http) =>
    http.get<z.infer<typeof pollResponses.polls>>('poll/getallpolls', {
      params: { offset, limit, subCommunity: roomId },
    }),
  ).then((r): Poll[] => r.polls);

/** `rooms/removeItem {kind,id}` or `rooms/removeMember {title,username}`: the owner removes from their room. */
export const removeFromRoom = (target: RoomRemoval) =>
  request((http) =>
    target.kind === 'member'
      ? http.post<Msg>('rooms/removeMember', { title: target.title, username: target.username })
      : http.post<Msg>('rooms/removeItem', { kind: target.kind, id: target.id }),
  );

interface RoomPage {
  title: string;
  offset: number;
  limit: number;
}

/** `rooms/members/{title} ?offset&limit`: the joined members, the owner first (for the owner). */
export const fetchRoomMembers = ({ title, offset, limit }: RoomPage): Promise<RoomMember[]> =>
  request((http) =>
    http.get<OwnerResponses['members']>(`rooms/members/${enc(title)}`, { params: { offset, limit } }),
  ).then((r) => r.members);

/** `rooms/log/{title} ?offset&limit`: the owner's removals, newest first (for the members). */
export const fetchRoomLog = ({ title, offset, limit }: RoomPage): Promise<RoomLogEntry[]> =>
  request((http) =>
    http.get<OwnerResponses['log']>(`rooms/log/${enc(title)}`, { params: { offset, limit } }),
  ).then((r) => r.items);
