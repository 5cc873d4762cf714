/**
 * What each state of a chart refuses: for every state value the generated paths reach, the events a
 * view or another actor may send there that the chart takes, compared with the test's table (read
 * from the spec). Every other event of the list is refused in that state: a double click on Confirm
 * while the call runs, a Cancel after the dialog closed.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { MachinePath } from './machinePaths.ts';

export function expectRefusals<M extends AnyStateMachine>(
  paths: readonly MachinePath<M>[],
  events: readonly EventObject[],
  accepted: Record<string, readonly string[]>,
): void {
  const byState = new Map<string, AnyMachineSnapshot>();
  for (const path of paths) {
    for (const step of path.steps) byState.set(JSON.stringify(step.state.value), step.state);
  }
  const taken = Object.fromEntries(
    [...byState].map(([value, snapshot]) => [
      JSON.parse(value) as string,
      events.filter((event) => snapshot.can(event)).map((event) => event.type),
    ]),
  );
  expect(taken, 'the events each state takes (every other one is refused there)').toEqual(accepted);
}
