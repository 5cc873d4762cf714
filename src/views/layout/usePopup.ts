/** Open/closed UI state of a button-anchored popup, closed by Escape or an outside press. */
import { type KeyboardEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useDismiss } from '../components/useDismiss.ts';

export function usePopup<Panel extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<Panel>(null);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  const close = useCallback(() => setOpen(false), []);
  /** Escape or an outside press: close and give focus back to the button when it was inside. */
  const dismiss = useCallback(() => {
    if (panelRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    setOpen(false);
  }, []);
  const inside = useMemo(() => [buttonRef, panelRef] as const, []);
  useDismiss(inside, open, dismiss);
  return { open, toggle, close, buttonRef, panelRef };
}

/** Arrow keys move between the items of an open menu (Home/End to the ends). */
export function moveFocusWithArrows(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-menu-item]')];
  if (items.length === 0) return;
  event.preventDefault();
  const current = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowDown'
          ? current >= last
            ? 0
            : current + 1
          : current <= 0
            ? last
            : current - 1;
  items[next]?.focus();
}
