/**
 * How the client addresses a room and what travels with it (spec §2 route table, §4 Post/Poll
 * creation): the room page's path, the room a post or poll is created in, and the router state the
 * room page reads on arrival.
 */

/** The room a post or poll is being created in (the room page opens /create/post with `{ room }`). */
export interface CreateRoomContext {
  id: string;
  title: string;
  CreatorId: string;
}

/** The room page's router state: `newPost` reloads its feed, `tab` selects the Post/Poll toggle. */
export interface RoomPageState {
  newPost?: boolean;
  tab?: 'post' | 'poll';
  joined?: boolean;
}

/** The room page's path, `/room/{CreatorId}/{title}`, each part encoded. */
export const roomPath = (room: { CreatorId: string; title: string }): string =>
  `/room/${encodeURIComponent(room.CreatorId)}/${encodeURIComponent(room.title)}`;

/** The post page of a post: `/post/{roomId}/{postId}` in a room, else `/post/{postId}`. */
export const postPath = (post: { id: string; room: { id: string } | null }): string =>
  post.room ? `/post/${encodeURIComponent(post.room.id)}/${post.id}` : `/post/${post.id}`;

/** A comment's own page, `/comment/{id}`: the comment alone, with the way to its thread. */
export const commentPath = (id: string): string => `/comment/${encodeURIComponent(id)}`;

/** Where creating ends (spec §4): the room with `{ newPost }` (and the poll tab after a poll), else home. */
export function afterCreate(
  room: CreateRoomContext | null,
  kind: 'post' | 'poll',
): { to: string; state?: RoomPageState } {
  if (!room) return { to: '/' };
  const state: RoomPageState = kind === 'poll' ? { newPost: true, tab: 'poll' } : { newPost: true };
  return { to: roomPath(room), state };
}
