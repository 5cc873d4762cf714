/**
 * Model-based testing of real statecharts (see ../shared/STACK.md): paths are generated from the chart
 * with @xstate/graph, then each path is executed against the real machine with controllable fake
 * actors and a SimulatedClock, comparing the actor's snapshot with the chart's expectation at every step.
 */
import { getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import { expect } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  type EventFromLogic,
  fromPromise,
  type InputFrom,
  SimulatedClock,
  type StateValue,
} from 'xstate';

// Generic snapshots of an unresolved machine type lose their members, so paths use the general snapshot type.
type Snapshot<_M extends AnyStateMachine> = AnyMachineSnapshot;
type Event<M extends AnyStateMachine> = EventFromLogic<M>;
export type MachinePath<M extends AnyStateMachine> = StatePath<Snapshot<M>, Event<M>>;

export interface PathOptions<M extends AnyStateMachine> {
  /** Every event to try in every state, including synthetic `xstate.done.actor.*`, `xstate.error.actor.*` and `xstate.after.*` events. */
  events: Event<M>[] | ((snapshot: Snapshot<M>) => Event<M>[]);
  input?: InputFrom<M>;
  /** Which parts of a snapshot make it a distinct state; defaults to value plus the whole context. */
  serializeState?: (snapshot: Snapshot<M>) => string;
  /** Also generate every simple path (can be many): on by default for small charts. */
  simplePaths?: boolean;
}

/** Shortest paths to every reachable state, plus simple paths unless turned off, without duplicates. */
export function generatePaths<M extends AnyStateMachine>(
  machine: M,
  options: PathOptions<M>,
): MachinePath<M>[] {
  const traversal = {
    events: options.events,
    input: options.input,
    ...(options.serializeState ? { serializeState: options.serializeState } : {}),
  } as Parameters<typeof getShortestPaths<M>>[1];
  const shortest = getShortestPaths(machine, traversal) as MachinePath<M>[];
  const simple =
    options.simplePaths === false ? [] : (getSimplePaths(machine, traversal) as MachinePath<M>[]);
  const seen = new Set<string>();
  return [...shortest, ...simple].filter((path) => {
    const key = JSON.stringify(path.steps.map((step) => step.event));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function describePath(path: {
  steps: { event: { type: string } }[];
  state: { value: StateValue };
}): string {
  const events = path.steps.map((step) => step.event.type).filter((type) => type !== 'xstate.init');
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || 'start'}`;
}

function pathToValue(path: readonly string[]): StateValue {
  const [head, ...rest] = path;
  if (head === undefined) return {};
  return rest.length === 0 ? head : { [head]: pathToValue(rest) };
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [
    child,
    ...allStateNodes(child),
  ]);
}

/** A node left at once by an unguarded `always` transition: no snapshot ever rests in it. */
function isTransient(node: AnyStateNode): boolean {
  return (node.always ?? []).some((transition: { guard?: unknown }) => !transition.guard);
}

/** Fails with the ids of the (non-transient) state nodes that no generated path reaches. */
export function expectEveryStateReached<M extends AnyStateMachine>(
  machine: M,
  paths: MachinePath<M>[],
): void {
  const unreached = allStateNodes(machine.root)
    .filter((node) => !isTransient(node))
    .filter(
      (node) =>
        !paths.some((p) => p.steps.some((step) => step.state.matches(pathToValue(node.path) as never))),
    )
    .map((node) => node.id);
  expect(unreached, 'state nodes reached by no generated path').toEqual([]);
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  input: unknown;
}

/** Promise actors whose outcome the path decides; each invoke's `id` must equal its `src`. */
export function controllablePromiseActors(names: readonly string[]) {
  const pending = new Map<string, Deferred>();
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(
        ({ input }) =>
          new Promise((resolve, reject) => {
            pending.set(name, { resolve, reject, input });
          }),
      ),
    ]),
  );
  return { actors, pending };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export interface ExecuteOptions<M extends AnyStateMachine> {
  input?: InputFrom<M>;
  /** Names of the promise actors the machine invokes; they are replaced by controllable fakes. */
  promiseActors?: readonly string[];
  /** Anything else to provide: action spies, other actors. */
  provide?: Parameters<M['provide']>[0];
  /** The part of the context compared at every step; defaults to the whole context. */
  selectContext?: (context: Snapshot<M>['context']) => unknown;
  /** Extra checks after each step, e.g. tags or spies. */
  onStep?: (actual: Snapshot<M>, expected: Snapshot<M>, event: Event<M>) => void;
}

function delayOf(machine: AnyStateMachine, eventType: string): number {
  const name = eventType.slice('xstate.after.'.length).split('.')[0] ?? '';
  const numeric = Number(name);
  if (!Number.isNaN(numeric)) return numeric;
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay !== 'number') throw new Error(`Delay ${name} must be a number to be simulated`);
  return delay;
}

/** Runs one generated path against the real machine and checks every step. */
export async function executePath<M extends AnyStateMachine>(
  machine: M,
  path: MachinePath<M>,
  options: ExecuteOptions<M> = {},
): Promise<void> {
  const clock = new SimulatedClock();
  const fakes = controllablePromiseActors(options.promiseActors ?? []);
  const provided = options.provide ? machine.provide(options.provide) : machine;
  const logic = provided.provide({ actors: fakes.actors } as Parameters<M['provide']>[0]);
  const actor = createActor(logic, { input: options.input, clock });
  const select = options.selectContext ?? ((context: unknown) => context);
  actor.start();
  await flush();

  for (const step of path.steps) {
    const event = step.event as { type: string; output?: unknown; error?: unknown };
    if (event.type === 'xstate.init') {
      // the start state
    } else if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      const done = event.type.startsWith('xstate.done.actor.');
      const id = event.type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
      const deferred = fakes.pending.get(id);
      if (!deferred) throw new Error(`No pending actor ${id} when the path expects its result`);
      fakes.pending.delete(id);
      if (done) deferred.resolve(event.output);
      else deferred.reject(event.error);
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment(delayOf(provided, event.type));
    } else {
      actor.send(step.event);
    }
    await flush();
    const actual = actor.getSnapshot() as Snapshot<M>;
    const where = `after ${event.type} on the path ${describePath(path)}`;
    expect(actual.value, where).toEqual(step.state.value);
    expect(select(actual.context), where).toEqual(select(step.state.context));
    options.onStep?.(actual, step.state, step.event);
  }
  actor.stop();
}
