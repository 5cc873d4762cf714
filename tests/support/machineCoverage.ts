/**
 * How much of a chart the generated paths take: its state nodes and its transition definitions (each
 * guarded candidate, delay, done and error, and `always` apart). Each machine's test fails under 100 %
 * and leaves its row in the test's meta, which machineCoverageReport.ts prints as a table.
 */
import { expect, type TestContext } from 'vitest';
import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import { chartStateNodes, chartTransitions, type MachinePath } from './machinePaths.ts';

export interface ChartCoverage {
  machine: string;
  states: { taken: number; total: number };
  transitions: { taken: number; total: number };
}

declare module 'vitest' {
  interface TaskMeta {
    chartCoverage?: ChartCoverage;
  }
}

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return (guard as { type?: string }).type ?? 'guard';
}

/** E.g. `roomMembership.idle: member.join [isVisitor] → (stays)`. */
function describeTransition(transition: AnyTransitionDefinition): string {
  const guard = transition.guard ? ` [${guardName(transition.guard)}]` : '';
  const targets = transition.target?.map((node) => node.id).join(', ') || '(stays)';
  return `${transition.source.id}: ${transition.eventType || 'always'}${guard} → ${targets}`;
}

/** Fails with the state nodes and transitions of the chart that no path takes, and records the machine's row. */
export function expectChartCovered<M extends AnyStateMachine>(
  task: TestContext['task'],
  machine: M,
  paths: readonly MachinePath<M>[],
): void {
  const nodes = chartStateNodes(machine.root);
  const transitions = chartTransitions(machine);
  const takenNodes = new Set(paths.flatMap((path) => [...path.taken.nodes]));
  const takenTransitions = new Set(paths.flatMap((path) => [...path.taken.transitions]));
  const unreached = nodes.filter((node) => !takenNodes.has(node));
  const untaken = transitions.filter((transition) => !takenTransitions.has(transition));
  task.meta.chartCoverage = {
    machine: machine.id,
    states: { taken: nodes.length - unreached.length, total: nodes.length },
    transitions: { taken: transitions.length - untaken.length, total: transitions.length },
  };
  expect(
    { unreached: unreached.map((node) => node.id), untaken: untaken.map(describeTransition) },
    'states and transitions of the chart that no generated path takes',
  ).toEqual({ unreached: [], untaken: [] });
}
