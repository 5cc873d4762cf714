/**
 * Menus and popovers whose Radix part loads on demand (docs/decisions.md "Radix UI primitives"). The
 * part (Radix with floating-ui) outweighs everything else of a card or the top bar, so the trigger
 * starts as a plain button and the part is imported at the first sign of intent: the pointer over it,
 * focus on it, a press. The part then replaces the plain trigger with its own (see useOnDemand).
 */
import { type RefObject, useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

export interface OnDemand<Part> {
  /** The part when it has loaded, else null. */
  loaded(): Part | null;
  load(): Promise<Part>;
  /** Told once the part has loaded (a trigger waiting for it then swaps). */
  subscribe(listener: () => void): () => void;
}

/** One import shared by every trigger of the part; a failed one is tried again at the next intent. */
export function onDemand<Part>(importPart: () => Promise<Part>): OnDemand<Part> {
  let part: Part | null = null;
  let loading: Promise<Part> | null = null;
  const listeners = new Set<() => void>();
  return {
    loaded: () => part,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      loading ??= importPart().then(
        (loadedPart) => {
          part = loadedPart;
          for (const listener of listeners) listener();
          return loadedPart;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** How the loaded part starts: open when the plain trigger was pressed, its trigger focused when the plain one was. */
export interface OnDemandStart {
  defaultOpen: boolean;
  focusTrigger: boolean;
}

/**
 * The plain trigger swaps for the part's own only between gestures: on a click (or Enter), opening at
 * once, or on keyboard focus. A pointer over it or pressing it only starts the import, so no press
 * ever begins on one button and ends on another. Triggers shown after the part loaded are the part's.
 */
export function useOnDemand<Part>(demand: OnDemand<Part>) {
  // The server renders the plain trigger, as the browser does until the part has loaded.
  const part = useSyncExternalStore(demand.subscribe, demand.loaded, () => null);
  const [loadedFirst] = useState(() => demand.loaded() !== null);
  const [wanted, setWanted] = useState<{ open: boolean } | null>(null);
  const focused = useRef(false);
  const pressing = useRef(false);
  const preload = useCallback(() => {
    // A failed import leaves the plain trigger; the next intent tries again.
    demand.load().catch(() => undefined);
  }, [demand]);
  const triggerProps = {
    onPointerEnter: preload,
    onPointerDown: () => {
      pressing.current = true;
      preload();
    },
    onPointerUp: () => {
      pressing.current = false;
    },
    onFocus: () => {
      focused.current = true;
      preload();
      if (!pressing.current) setWanted((was) => was ?? { open: false });
    },
    onBlur: () => {
      focused.current = false;
    },
    onClick: () => {
      preload();
      setWanted({ open: true });
    },
  };
  const shown = part !== null && (loadedFirst || wanted !== null) ? part : null;
  const start: OnDemandStart = { defaultOpen: wanted?.open ?? false, focusTrigger: focused.current };
  return { part: shown, triggerProps, start };
}

/** The loaded part's trigger takes focus once, when the plain trigger it replaces had it. */
export function useTakeFocus(ref: RefObject<HTMLElement | null>, take: boolean): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the part first shows
  useLayoutEffect(() => {
    if (take) ref.current?.focus();
  }, []);
}
