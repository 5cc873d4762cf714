/**
 * Screen actors live in the app's one actor system: started with their component (also under React's
 * Strict Mode, which mounts twice), with the app as their parent, and stopped when the component goes.
 */
import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createMachine } from 'xstate';
import { useScreenActor, useScreenActorOnDemand } from '../../../src/system/hooks.ts';
import { QuadSystemProvider, useRunningSystem } from '../../../src/system/QuadSystemProvider.tsx';
import { fakeSystem } from '../../support/fakeSystem.ts';

const screenChart = createMachine({ id: 'screen', initial: 'shown', states: { shown: {} } });

function renderScreen(strict: boolean) {
  const seen: { actor: AnyActorRef | null; app: AnyActorRef | null } = { actor: null, app: null };
  function Screen() {
    seen.actor = useScreenActor(screenChart);
    seen.app = useRunningSystem().app;
    return null;
  }
  const tree = (
    <QuadSystemProvider system={fakeSystem().system}>
      <Screen />
    </QuadSystemProvider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { seen, view };
}

const status = (actor: AnyActorRef | null) =>
  (actor?.getSnapshot() as { status: string } | undefined)?.status;

describe.each([false, true])('a screen actor (Strict Mode: %s)', (strict) => {
  it('runs in the app’s system with the app as its parent, and stops when the screen goes', () => {
    const { seen, view } = renderScreen(strict);
    const actor = seen.actor;
    expect(status(actor)).toBe('active');
    expect(actor?._parent).toBe(seen.app);
    expect(actor?.system).toBe(seen.app?.system);
    expect(actor?.system.get('session')).toBeDefined();
    view.unmount();
    expect(status(actor)).toBe('stopped');
  });
});

describe.each([false, true])('a screen actor made on demand (Strict Mode: %s)', (strict) => {
  it('exists only from the first ensure(), once, in the app’s system, and stops when the screen goes', () => {
    const seen: { onDemand: ReturnType<typeof useScreenActorOnDemand> | null; app: AnyActorRef | null } = {
      onDemand: null,
      app: null,
    };
    function Menu() {
      seen.onDemand = useScreenActorOnDemand(screenChart);
      seen.app = useRunningSystem().app;
      return null;
    }
    const tree = (
      <QuadSystemProvider system={fakeSystem().system}>
        <Menu />
      </QuadSystemProvider>
    );
    const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    expect(seen.onDemand?.actor).toBeUndefined();
    let made: AnyActorRef | undefined;
    act(() => {
      made = seen.onDemand?.ensure();
    });
    expect(status(made ?? null)).toBe('active');
    expect(made?._parent).toBe(seen.app);
    expect(seen.onDemand?.actor).toBe(made);
    expect(seen.onDemand?.ensure()).toBe(made);
    view.unmount();
    expect(status(made ?? null)).toBe('stopped');
  });
});
