/**
 * Tells a page which items left one of its lists without a reload (a post or poll deleted from its
 * card), so that the page's counts follow (spec §4 Post deletion: the room's and the profile's counts).
 */
import { useEffect } from 'react';
import type { FeedItem } from '../../machines/pagedList.machine.ts';
import type { PagedListActorRef } from './FeedList.tsx';

export function useListRemovals(list: PagedListActorRef, onRemoved: (removed: FeedItem[]) => void): void {
  useEffect(() => {
    let before = list.getSnapshot();
    const subscription = list.subscribe((after) => {
      // The same state with fewer items: removed, not cleared by a refresh.
      if (after.matches(before.value) && after.context.items.length < before.context.items.length) {
        const kept = new Set(after.context.items.map((item) => item.id));
        const removed = before.context.items.filter((item) => !kept.has(item.id));
        if (removed.length > 0) onRemoved(removed);
      }
      before = after;
    });
    return () => subscription.unsubscribe();
  }, [list, onRemoved]);
}
