/**
 * The side navigation as a drawer on narrow screens (UI state only): it is open on the page where it
 * was opened, so any navigation closes it; opening moves focus to its first link, and closing it
 * while focus is inside gives focus back to the top bar's toggle.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

export function useNavDrawer() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  // Another page: closed, and not open again on coming back (state adjusted while rendering).
  if (openOn !== null && openOn !== pathname) setOpenOn(null);
  const open = openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLElement>(null);

  const toggle = useCallback(() => setOpenOn((was) => (was === pathname ? null : pathname)), [pathname]);
  const close = useCallback(() => {
    if (drawerRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
    setOpenOn(null);
  }, []);

  useEffect(() => {
    if (open) drawerRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [open]);

  return { open, toggle, close, toggleRef, drawerRef };
}

export type NavDrawer = ReturnType<typeof useNavDrawer>;
