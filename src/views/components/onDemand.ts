/**
 * Menus and popovers whose Radix part loads on demand (docs/decisions.md "Radix UI primitives"). The
 * part (Radix with floating-ui) outweighs everything else of a card or the top bar, so the trigger
 * starts as a plain button and the part is imported at the first sign of intent: the pointer over it,
 * focus on it, a press. Once loaded, the part replaces the plain trigger with its own: that one takes
 * focus when the plain one had it, and the part opens at once when the plain trigger was pressed.
 */
import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';

export interface OnDemand<Part> {
  /** The part when it has loaded, else null. */
  loaded(): Part | null;
  load(): Promise<Part>;
}

/** One import shared by every trigger of the part; a failed one is tried again at the next intent. */
export function onDemand<Part>(importPart: () => Promise<Part>): OnDemand<Part> {
  let part: Part | null = null;
  let loading: Promise<Part> | null = null;
  return {
    loaded: () => part,
    load() {
      loading ??= importPart().then(
        (loadedPart) => {
          part = loadedPart;
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

export function useOnDemand<Part>(demand: OnDemand<Part>) {
  const [part, setPart] = useState<Part | null>(demand.loaded);
  const [pressed, setPressed] = useState(false);
  const focused = useRef(false);
  const request = useCallback(() => {
    // A failed import leaves the plain trigger; the next intent tries again.
    demand.load().then(
      (loaded) => setPart(() => loaded),
      () => undefined,
    );
  }, [demand]);
  const press = useCallback(() => {
    setPressed(true);
    request();
  }, [request]);
  const triggerProps = {
    onPointerEnter: request,
    onPointerDown: press,
    onClick: press,
    onFocus: () => {
      focused.current = true;
      request();
    },
    onBlur: () => {
      focused.current = false;
    },
  };
  const start: OnDemandStart = { defaultOpen: pressed, focusTrigger: focused.current };
  return { part, triggerProps, start };
}

/** The loaded part's trigger takes focus once, when the plain trigger it replaces had it. */
export function useTakeFocus(ref: RefObject<HTMLElement | null>, take: boolean): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the part first shows
  useLayoutEffect(() => {
    if (take) ref.current?.focus();
  }, []);
}
