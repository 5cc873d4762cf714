/**
 * Whether the viewer is a member of the room an item belongs to. Cards read it through
 * `useRoomJoined(post.room)`: topic items (no room) are open to everyone; a room item carries the
 * viewer's membership as it was when the list was fetched (`room.joined`). A room page knows better
 * once the viewer joins or leaves, so it wraps its feeds in `RoomMembershipProvider` and, for that
 * room, the provider's `joined` wins over the stale flag on each item.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { RoomRef } from '../../domain/entities.ts';

interface Membership {
  roomId: string;
  joined: boolean;
  /** An enclosing provider for another room, consulted when the ids differ. */
  outer: Membership | null;
}

const RoomMembershipContext = createContext<Membership | null>(null);

export function RoomMembershipProvider({
  roomId,
  joined,
  children,
}: {
  roomId: string;
  joined: boolean;
  children: ReactNode;
}) {
  const outer = useContext(RoomMembershipContext);
  const value = useMemo(() => ({ roomId, joined, outer }), [roomId, joined, outer]);
  return <RoomMembershipContext.Provider value={value}>{children}</RoomMembershipContext.Provider>;
}

/** Looks the room up in the enclosing providers, innermost first. */
function provided(membership: Membership | null, roomId: string): boolean | undefined {
  for (let at = membership; at !== null; at = at.outer) if (at.roomId === roomId) return at.joined;
  return undefined;
}

/** True for topic items; for a room item, the nearest provider's word for that room, else `room.joined`. */
export function useRoomJoined(room: RoomRef | null): boolean {
  const membership = useContext(RoomMembershipContext);
  if (room === null) return true;
  return provided(membership, room.id) ?? room.joined;
}
