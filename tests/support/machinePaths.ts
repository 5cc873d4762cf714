/**
 * Model-based testing of the real statecharts (../shared/STACK.md): paths are generated from each chart
 * with @xstate/graph so that together they take every transition of the chart, then each path runs on
 * the real machine with controllable fake actors and a SimulatedClock, and every step is compared with
 * what the test expects a view or another actor to observe (see `ExpectedStep`).
 */
import {
  getAdjacencyMap,
  getSimplePaths,
  type StatePath,
  serializeSnapshot,
  type TraversalOptions,
} from '@xstate/graph';
import { expect } from 'vitest';
import {
  type AnyActorRef,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  createMachine,
  type EventFromLogic,
  type EventObject,
  fromPromise,
  getStateNodes,
  type InputFrom,
  type InspectionEvent,
  SimulatedClock,
  type StateValue,
} from 'xstate';

// Generic snapshots of an unresolved machine type lose their members, so paths use the general snapshot type.
type Snapshot<_M extends AnyStateMachine> = AnyMachineSnapshot;
type Event<M extends AnyStateMachine> = EventFromLogic<M>;

/**
 * What a path takes of its chart: the transition definitions it follows, the state nodes it enters,
 * and its moves (each transition with the state value it was taken from).
 */
interface Taken {
  transitions: ReadonlySet<AnyTransitionDefinition>;
  nodes: ReadonlySet<AnyStateNode>;
  moves: ReadonlySet<string>;
}

export type MachinePath<M extends AnyStateMachine> = StatePath<Snapshot<M>, Event<M>> & { taken: Taken };

type Serialize = (snapshot: AnyMachineSnapshot, event?: EventObject, previous?: AnyMachineSnapshot) => string;

/** @xstate/graph's adjacency map, keyed by plain strings: each state with what every event leads to. */
type Adjacency = Record<
  string,
  {
    state: AnyMachineSnapshot;
    transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }>;
  }
>;

interface PathOptions<M extends AnyStateMachine> {
  /** Every event to try in every state, including synthetic `xstate.done.actor.*`, `xstate.error.actor.*` and `xstate.after.*` events. */
  events: Event<M>[] | ((snapshot: Snapshot<M>) => Event<M>[]);
  input?: InputFrom<M>;
  /**
   * Which parts of a snapshot make it a distinct state (given the event that led there and the state
   * before); defaults to value plus the whole context. Leave out fields that only count or time things.
   */
  serializeState?: Serialize;
  /** Also generate every simple path (can be many). */
  simplePaths?: boolean;
}

/** A scope for `machine.transition` that reports the microsteps a step takes, executing no action. */
function recordingScope(
  onMicrostep: (transitions: AnyTransitionDefinition[], snapshot: AnyMachineSnapshot) => void,
) {
  const probe = createActor(createMachine({}), {
    inspect: (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep')
        onMicrostep(event._transitions, event.snapshot as AnyMachineSnapshot);
    },
  });
  const scope = {
    self: probe,
    system: probe.system,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
  return scope as unknown as AnyActorScope;
}

/** Follows one step of the chart (or its start, without `from`) and tells what it takes. */
function takenBy(
  machine: AnyStateMachine,
  step: { from?: AnyMachineSnapshot; event?: EventObject; input?: unknown },
): Taken {
  const transitions = new Set<AnyTransitionDefinition>();
  const nodes = new Set<AnyStateNode>();
  const moves = new Set<string>();
  const index = transitionIndex(machine);
  const from = JSON.stringify(step.from?.value ?? 'start');
  const enter = (snapshot: AnyMachineSnapshot) => {
    for (const node of getStateNodes(machine.root, snapshot.value)) nodes.add(node);
  };
  const scope = recordingScope((taken, snapshot) => {
    for (const transition of taken) {
      transitions.add(transition);
      nodes.add(transition.source);
      moves.add(`${index.get(transition)} from ${from}`);
    }
    enter(snapshot);
  });
  const after =
    step.from && step.event
      ? machine.transition(step.from, step.event, scope)
      : machine.getInitialSnapshot(scope, step.input);
  enter(after);
  return { transitions, nodes, moves };
}

const indexes = new WeakMap<AnyStateMachine, Map<AnyTransitionDefinition, number>>();

/** The transitions of the chart by their place in it. */
function transitionIndex(machine: AnyStateMachine): Map<AnyTransitionDefinition, number> {
  const known = indexes.get(machine);
  if (known) return known;
  const index = new Map(chartTransitions(machine).map((transition, place) => [transition, place]));
  indexes.set(machine, index);
  return index;
}

const union = (a: Taken, b: Taken): Taken => ({
  transitions: new Set([...a.transitions, ...b.transitions]),
  nodes: new Set([...a.nodes, ...b.nodes]),
  moves: new Set([...a.moves, ...b.moves]),
});

function extend<M extends AnyStateMachine>(
  path: MachinePath<M>,
  event: Event<M>,
  state: Snapshot<M>,
  taken: Taken,
): MachinePath<M> {
  return {
    state,
    steps: [...path.steps, { event, state }],
    weight: path.weight + 1,
    taken: union(path.taken, taken),
  };
}

/**
 * Paths that together take every transition of the chart the events can reach, from every state value
 * it can be taken from: the shortest path to every distinct state (breadth first over @xstate/graph's
 * adjacency map), then for each such move still not made the shortest path to a state where one of the
 * events makes it, followed by that event. Simple paths are added on request.
 */
export function generatePaths<M extends AnyStateMachine>(
  machine: M,
  options: PathOptions<M>,
): MachinePath<M>[] {
  const serialize: Serialize = options.serializeState ?? ((snapshot) => serializeSnapshot(snapshot));
  const traversal = {
    events: options.events,
    input: options.input,
    serializeState: serialize,
  } as TraversalOptions<AnyMachineSnapshot, EventObject, unknown>;
  const adjacency = getAdjacencyMap(machine as AnyStateMachine, traversal) as unknown as Adjacency;
  const [startKey] = Object.keys(adjacency);
  if (startKey === undefined) throw new Error(`${machine.id}: the chart has no start state`);
  const start = adjacency[startKey]?.state as Snapshot<M>;
  const startPath: MachinePath<M> = {
    state: start,
    steps: [{ event: { type: 'xstate.init' } as Event<M>, state: start }],
    weight: 0,
    taken: takenBy(machine, { input: options.input }),
  };

  // Breadth first: the first path to reach a state is a shortest one.
  const shortest = new Map<string, MachinePath<M>>([[startKey, startPath]]);
  const edges: { path: MachinePath<M>; event: Event<M>; next: Snapshot<M> }[] = [];
  for (const [key, path] of shortest) {
    for (const { event, state: next } of Object.values(adjacency[key]?.transitions ?? {})) {
      edges.push({ path, event: event as Event<M>, next: next as Snapshot<M> });
      const nextKey = serialize(next, event, path.state);
      if (!shortest.has(nextKey)) {
        shortest.set(
          nextKey,
          extend(path, event as Event<M>, next as Snapshot<M>, takenBy(machine, { from: path.state, event })),
        );
      }
    }
  }

  const paths = [...shortest.values()];
  if (options.simplePaths) {
    const seen = new Set(paths.map(eventsKey));
    for (const path of getSimplePaths(machine as AnyStateMachine, traversal) as StatePath<
      Snapshot<M>,
      Event<M>
    >[]) {
      if (seen.has(eventsKey(path))) continue;
      seen.add(eventsKey(path));
      paths.push(replayed(machine, path, startPath));
    }
  }

  // Then a path for each move no path makes yet: a transition taken from a state value it was not
  // taken from (a vote taken back, a retry after a failure, a cancel, a choice made with the panel open).
  const made = new Set(paths.flatMap((path) => [...path.taken.moves]));
  for (const { path, event, next } of edges) {
    const step = takenBy(machine, { from: path.state, event });
    if ([...step.moves].some((move) => !made.has(move))) {
      paths.push(extend(path, event, next, step));
      for (const move of step.moves) made.add(move);
    }
  }
  return paths;
}

/** Every state node of the chart, the root left out. */
export function chartStateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [
    child,
    ...chartStateNodes(child),
  ]);
}

/** Every transition definition of the chart: each candidate of each event (guarded ones apart), delay, done and error, and `always`. */
export function chartTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...chartStateNodes(machine.root)].flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

const eventsKey = (path: { steps: { event: EventObject }[] }) =>
  JSON.stringify(path.steps.map((step) => step.event));

/** A path of @xstate/graph with what it takes of the chart. */
function replayed<M extends AnyStateMachine>(
  machine: M,
  path: StatePath<Snapshot<M>, Event<M>>,
  startPath: MachinePath<M>,
): MachinePath<M> {
  const taken = path.steps
    .slice(1)
    .reduce(
      (sum, step, index) =>
        union(sum, takenBy(machine, { from: path.steps[index]?.state, event: step.event })),
      startPath.taken,
    );
  return { ...path, taken };
}

export function describePath(path: {
  steps: { event: { type: string } }[];
  state: { value: StateValue };
}): string {
  const events = path.steps.map((step) => step.event.type).filter((type) => type !== 'xstate.init');
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || 'start'}`;
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A promise actor started by a step, with its input. */
export interface Call {
  actor: string;
  input: unknown;
}

/** Promise actors whose outcome the path decides; each invoke's `id` must equal its `src`. */
function controllablePromiseActors(names: readonly string[], onCall: (call: Call) => void = () => {}) {
  const pending = new Map<string, Deferred>();
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(
        ({ input }) =>
          new Promise((resolve, reject) => {
            onCall({ actor: name, input });
            pending.set(name, { resolve, reject });
          }),
      ),
    ]),
  );
  return { actors, pending };
}

/** An effect action the machine asked the app for (a toast, a redirect, a log line, ...), with its params. */
export interface Effect {
  type: string;
  params?: unknown;
}

/** An event the machine sent to another actor: a child, an owner given in its input, the session. */
interface Sent {
  to: string;
  event: AnyEventObject;
}

/**
 * What one step should do, as the test reads the spec; each field left out means "as before the step"
 * (value, tags, shown) or "nothing" (calls, effects, sent, emitted).
 */
export interface ExpectedStep {
  /** The chart's state value (the views match state names). */
  value?: StateValue;
  /** Exactly these tags. */
  tags?: readonly string[];
  /** What the views show of the context (`ExecuteOptions.shown`). */
  shown?: unknown;
  /** What the actor system shows (`ExecuteOptions.system`): e.g. the actors running under systemIds. */
  system?: unknown;
  calls?: Call[];
  effects?: Effect[];
  sent?: Sent[];
  emitted?: AnyEventObject[];
}

interface ExecuteOptions<M extends AnyStateMachine> {
  input?: InputFrom<M>;
  /** Names of the promise actors the machine invokes; they are replaced by controllable fakes. */
  promiseActors?: readonly string[];
  /** Anything else to provide: other actors, action implementations, delays. */
  provide?: Parameters<M['provide']>[0];
  /** The effect actions recorded at each step (`ExpectedStep.effects`). */
  effects?: readonly string[];
  /** The part of the context the views show (`ExpectedStep.shown`). */
  shown?: (context: Snapshot<M>['context']) => unknown;
  /**
   * What the other actors of the machine's system show (`ExpectedStep.system`), read from the system
   * the actor runs in: e.g. which actors a root starts under their systemIds, and their states.
   */
  system?: (system: AnyActorRef['system']) => unknown;
  /** What a step should do, from the event and the snapshot before it (never from the chart's own path). */
  expectStep?: (event: Event<M>, before: Snapshot<M>) => ExpectedStep;
}

/** How long the clock moves for a delayed transition: the named delay, or its value for the snapshot. */
function delayOf(machine: AnyStateMachine, eventType: string, snapshot: AnyMachineSnapshot): number {
  const name = eventType.slice('xstate.after.'.length).split('.')[0] ?? '';
  const numeric = Number(name);
  if (!Number.isNaN(numeric)) return numeric;
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'function') return delay({ context: snapshot.context, event: { type: eventType } });
  if (typeof delay !== 'number')
    throw new Error(`Delay ${name} must be a number or a function to be simulated`);
  return delay;
}

const nothingObserved = () => ({
  calls: [] as Call[],
  effects: [] as Effect[],
  sent: [] as Sent[],
  emitted: [] as AnyEventObject[],
});

/** Lets settled promises and the events they send run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

const sortedTags = (tags: Iterable<string>) => [...tags].sort();

/**
 * Runs one generated path against the real machine. At every step it checks that the run follows the
 * path, then compares what was observed (value, tags, shown context, what the system shows, calls,
 * effects, events sent and emitted) with `expectStep`.
 */
export async function executePath<M extends AnyStateMachine>(
  machine: M,
  path: MachinePath<M>,
  options: ExecuteOptions<M> = {},
): Promise<void> {
  const clock = new SimulatedClock();
  let observed = nothingObserved();
  const fakes = controllablePromiseActors(options.promiseActors ?? [], (call) => observed.calls.push(call));
  const provided = options.provide ? machine.provide(options.provide) : machine;
  const logic = provided.provide({ actors: fakes.actors } as Parameters<M['provide']>[0]);
  const effects = new Set(options.effects ?? []);
  const actor = createActor(logic, {
    input: options.input,
    clock,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.action' && inspection.actorRef === actor) {
        if (effects.has(inspection.action.type)) observed.effects.push(inspection.action);
      }
      if (
        inspection.type === '@xstate.event' &&
        inspection.sourceRef === actor &&
        inspection.actorRef !== actor &&
        !inspection.event.type.startsWith('xstate.')
      ) {
        observed.sent.push({ to: (inspection.actorRef as AnyActorRef).id, event: inspection.event });
      }
    },
  });
  actor.on('*', (emitted) => observed.emitted.push(emitted));
  const shown = options.shown ?? (() => undefined);
  const system = () => (options.system ? options.system(actor.system) : undefined);
  actor.start();
  await flush();

  for (const step of path.steps) {
    const event = step.event as { type: string; output?: unknown; error?: unknown };
    const before = actor.getSnapshot() as Snapshot<M>;
    const systemBefore = system();
    const expected = options.expectStep?.(step.event, before) ?? {};
    // What the actor did while starting belongs to the first step; every other step starts afresh.
    if (event.type !== 'xstate.init') observed = nothingObserved();
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      const done = event.type.startsWith('xstate.done.actor.');
      const id = event.type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
      const deferred = fakes.pending.get(id);
      if (!deferred) throw new Error(`No pending actor ${id} when the path expects its result`);
      fakes.pending.delete(id);
      if (done) deferred.resolve(event.output);
      else deferred.reject(event.error);
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment(delayOf(provided, event.type, before));
    } else if (event.type !== 'xstate.init') {
      actor.send(step.event);
    }
    await flush();
    const after = actor.getSnapshot() as Snapshot<M>;
    const where = `after ${event.type} on the path ${describePath(path)}`;
    if (options.expectStep) {
      expect(
        {
          value: after.value,
          tags: sortedTags(after.tags),
          shown: shown(after.context),
          system: system(),
          ...observed,
        },
        where,
      ).toEqual({
        value: expected.value ?? before.value,
        tags: sortedTags(expected.tags ?? before.tags),
        shown: 'shown' in expected ? expected.shown : shown(before.context),
        system: 'system' in expected ? expected.system : systemBefore,
        calls: expected.calls ?? [],
        effects: expected.effects ?? [],
        sent: expected.sent ?? [],
        emitted: expected.emitted ?? [],
      });
    }
    // The run follows the generated path, so what the path takes of the chart is what ran.
    expect(after.value, where).toEqual(step.state.value);
  }
  actor.stop();
}
