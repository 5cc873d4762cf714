/**
 * react-hot-toast, loaded with the first notice: a page that shows no toast never downloads it. The
 * toast area (ToastArea in QuadToaster.tsx) mounts once the library is asked for and shows every toast
 * queued so far, in order.
 */
import { useSyncExternalStore } from 'react';

type Toast = typeof import('react-hot-toast')['default'];

let library: Promise<Toast> | null = null;
const listeners = new Set<() => void>();

/** Runs `use` with react-hot-toast's `toast`, loading the library first if needed. */
export function withToast(use: (toast: Toast) => void): void {
  if (!library) {
    library = import('react-hot-toast').then((m) => m.default);
    for (const listener of listeners) listener();
  }
  void library.then(use);
}

/** Dismisses a toast; when the library was never loaded no toast can be on screen. */
export function dismissToast(id: string): void {
  if (library) void library.then((toast) => toast.dismiss(id));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once a toast was asked for: the toast area mounts then. */
export const useToastsWanted = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => library !== null,
    () => false,
  );
