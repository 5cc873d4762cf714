/**
 * Which room page is on screen, for the right column (spec §2 Layout: room info on room pages). The
 * room page registers its actor while it is mounted; the right column reads it and shows that room's
 * info card from the same actor, so both always agree.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { RoomPageActorRef } from './roomPageMachines.tsx';

let shown: RoomPageActorRef | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(next: RoomPageActorRef | null) {
  shown = next;
  for (const listener of listeners) listener();
}

/** Registers the room page's actor while the calling component is mounted. */
export function useShowRoom(page: RoomPageActorRef): void {
  useEffect(() => {
    set(page);
    return () => {
      if (shown === page) set(null);
    };
  }, [page]);
}

/** The room page on screen, if any. */
export const useShownRoom = (): RoomPageActorRef | null =>
  useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
