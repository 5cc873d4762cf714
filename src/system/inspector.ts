/**
 * Stately Inspect (DESIGN.md §3): attached when the app is opened with `?inspect`, or in dev with
 * VITE_INSPECT=true. When off, `inspect` is undefined and @statelyai/inspect is never loaded.
 *
 * The inspector library is loaded on demand, so `inspect` forwards to it once it is ready and keeps
 * the events that happen before (the app's actors start at once), replaying them in order.
 */
import type { InspectionEvent, Observer } from 'xstate';

function wantsInspector(): boolean {
  if (typeof window === 'undefined') return false;
  if (new URLSearchParams(window.location.search).has('inspect')) return true;
  return import.meta.env.DEV && import.meta.env.VITE_INSPECT === 'true';
}

function createForwardingInspect(): (event: InspectionEvent) => void {
  let target: Observer<InspectionEvent> | null = null;
  const early: InspectionEvent[] = [];
  void import('@statelyai/inspect')
    .then(({ createBrowserInspector }) => {
      // Everything since the app started is replayed once the inspector window connects.
      const inspector = createBrowserInspector({ maxDeferredEvents: 2_000 });
      target = inspector.inspect as Observer<InspectionEvent>;
      for (const event of early.splice(0)) target.next?.(event);
    })
    .catch((error: unknown) => console.warn('Stately Inspect could not start', error));
  return (event) => {
    if (target) target.next?.(event);
    else early.push(event);
  };
}

/** The root actor's `inspect` observer; undefined (no cost) unless inspection was asked for. */
export const browserInspect = (): ((event: InspectionEvent) => void) | undefined =>
  wantsInspector() ? createForwardingInspect() : undefined;
