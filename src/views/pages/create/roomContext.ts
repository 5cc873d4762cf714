/**
 * What travels in router state between a room page and the create modal (contract 2 of the rooms
 * client): the room page opens /create/post with `{ room: CreateRoomContext }`; after creating, the
 * modal returns to the room with a `RoomPageState`. Router state is untyped (`unknown`), so both are
 * read through validating helpers that fall back to "nothing" on anything unexpected.
 */

import type { CreateRoomContext, RoomPageState } from '../../../domain/roomRoutes.ts';

export type { CreateRoomContext, RoomPageState } from '../../../domain/roomRoutes.ts';
export { roomPath } from '../../../domain/roomRoutes.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The room carried by `location.state` (`{ room: { id, title, CreatorId } }`), or null. */
export function readCreateRoom(state: unknown): CreateRoomContext | null {
  if (!isRecord(state) || !isRecord(state.room)) return null;
  const { id, title, CreatorId } = state.room;
  return isText(id) && isText(title) && isText(CreatorId) ? { id, title, CreatorId } : null;
}

/** The router state that opens the create modal in a room. */
export const createRoomState = (room: CreateRoomContext): { room: CreateRoomContext } => ({
  room: { id: room.id, title: room.title, CreatorId: room.CreatorId },
});

/** The room page's state from `location.state`, keeping only well-formed fields. */
export function readRoomPageState(state: unknown): RoomPageState {
  if (!isRecord(state)) return {};
  const read: RoomPageState = {};
  if (typeof state.newPost === 'boolean') read.newPost = state.newPost;
  if (state.tab === 'post' || state.tab === 'poll') read.tab = state.tab;
  if (typeof state.joined === 'boolean') read.joined = state.joined;
  return read;
}
