/**
 * A screen actor: created with the component, in the app's actor system (the app is its parent, so
 * it reaches the long-lived actors by systemId and Stately Inspect shows it in the one tree), started
 * when the component mounts and stopped when it unmounts.
 *
 * `@xstate/react`'s `useActorRef` cannot do this: it stops its actor with `stop()`, which XState
 * refuses for an actor that has a parent ("A non-root actor cannot be stopped directly"). A parent
 * stops its children with the internal `_stop()`, and so does this hook. When React remounts the
 * component (Strict Mode), the stopped actor is replaced by a fresh one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type ActorOptions,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  createActor,
} from 'xstate';

type ChildActor = AnyActorRef & { _stop(): void };

export function useChildActor<T extends AnyActorLogic>(
  parent: AnyActorRef,
  logic: T,
  options: Omit<ActorOptions<T>, 'parent'>,
) {
  const create = () => createActor(logic, { ...options, parent } as ActorOptions<T>);
  const [current, setCurrent] = useState(() => ({ logic, actor: create() }));
  let { actor } = current;
  if (current.logic !== logic) {
    // Another chart for the same component: a fresh actor of it.
    actor = create();
    setCurrent({ logic, actor });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: one actor per (logic, mount)
  useEffect(() => {
    if ((actor.getSnapshot() as { status: string }).status === 'stopped') {
      setCurrent({ logic, actor: create() });
      return undefined;
    }
    actor.start();
    return () => (actor as unknown as ChildActor)._stop();
  }, [actor]);

  return actor;
}

/**
 * A screen actor created only when first needed (`ensure`, called from an event handler), then
 * stopped with the component: a card's ⋯ flows (report, hide, block, delete) cost nothing until
 * someone opens one. `actor` is undefined until then.
 */
export function useChildActorOnDemand<T extends AnyActorLogic>(
  parent: AnyActorRef,
  logic: T,
  options: Omit<ActorOptions<T>, 'parent'>,
) {
  const [actor, setActor] = useState<ActorRefFrom<T>>();
  const created = useRef<ActorRefFrom<T>>(undefined);
  const latestOptions = useRef(options);
  latestOptions.current = options;
  useEffect(
    () => () => {
      (created.current as ChildActor | undefined)?._stop();
      created.current = undefined;
    },
    [],
  );
  const ensure = useCallback((): ActorRefFrom<T> => {
    if (created.current) return created.current;
    const fresh = createActor(logic, { ...latestOptions.current, parent } as ActorOptions<T>);
    fresh.start();
    const started = fresh as ActorRefFrom<T>;
    created.current = started;
    setActor(started);
    return started;
  }, [logic, parent]);
  return { actor, ensure };
}
