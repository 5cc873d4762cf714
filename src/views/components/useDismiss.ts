/** Closes a popup on Escape and on a pointer press outside it (UI state only, no timers). */
import { type RefObject, useEffect } from 'react';

type Ref = RefObject<HTMLElement | null>;

/**
 * `inside` is the popup, or the popup and its toggle button (a press on the toggle is left to the
 * toggle, which would otherwise reopen what the press just closed).
 */
export function useDismiss(inside: Ref | readonly Ref[], open: boolean, onDismiss: () => void): void {
  useEffect(() => {
    if (!open) return;
    const refs: readonly Ref[] = Array.isArray(inside) ? inside : [inside as Ref];
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (refs.some((ref) => ref.current?.contains(target))) return;
      onDismiss();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [inside, open, onDismiss]);
}
