/**
 * Which page's actor is on screen, for the right column (spec §2 Layout: room info on room pages,
 * profile info on profile pages). A page registers its actor while it is mounted; the right column
 * reads it and shows that page's info card from the same actor, so both always agree.
 */
import { useEffect, useSyncExternalStore } from 'react';

export interface ShownPage<T> {
  /** Registers the page's actor while the calling component is mounted. */
  useShow: (actor: T) => void;
  /** The page's actor on screen, if any. */
  useShown: () => T | null;
}

export function shownPage<T>(): ShownPage<T> {
  let shown: T | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const set = (next: T | null) => {
    shown = next;
    for (const listener of listeners) listener();
  };
  return {
    useShow: (actor: T) => {
      useEffect(() => {
        set(actor);
        return () => {
          if (shown === actor) set(null);
        };
      }, [actor]);
    },
    useShown: () =>
      useSyncExternalStore(
        subscribe,
        () => shown,
        () => null,
      ),
  };
}
