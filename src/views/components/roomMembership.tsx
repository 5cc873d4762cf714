/**
 * The page whose lists a card is shown in (a room page, a profile page): the cards' actors tell it
 * what happened (a deletion, the viewer's vote) and, on a room page, follow its membership of the
 * room. Cards read membership through `useRoomJoined(post.room)`: topic items (no room) are open to
 * everyone; a room item carries the viewer's membership as it was when the list was fetched
 * (`room.joined`), and on its own room's page the page's chart knows better once the viewer joins or
 * leaves (its `member` tag).
 */
import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import type { RoomRef } from '../../domain/entities.ts';

interface FeedPage {
  page: AnyActorRef;
  /** The room of a room page, null on other pages. */
  roomId: string | null;
}

const FeedPageContext = createContext<FeedPage | null>(null);

export function FeedPageProvider({
  page,
  roomId = null,
  children,
}: {
  page: AnyActorRef;
  roomId?: string | null;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ page, roomId }), [page, roomId]);
  return <FeedPageContext.Provider value={value}>{children}</FeedPageContext.Provider>;
}

/** The page actor the cards tell what happened, if the cards are in a page's lists. */
export const useFeedPage = (): AnyActorRef | null => useContext(FeedPageContext)?.page ?? null;

/** The room page's actor when the item is shown on its own room's page. */
export function useRoomPageOf(room: RoomRef | null): AnyActorRef | null {
  const feedPage = useContext(FeedPageContext);
  return room !== null && feedPage?.roomId === room.id ? feedPage.page : null;
}

/** True for topic items; for a room item, its room page's word when shown there, else `room.joined`. */
export function useRoomJoined(room: RoomRef | null): boolean {
  const roomPage = useRoomPageOf(room);
  const member = useSelector(roomPage ?? undefined, (snapshot) => snapshot?.hasTag('member'));
  if (room === null) return true;
  return roomPage ? member === true : room.joined;
}
