import { describe, it } from 'vitest';
import type { EventFrom } from 'xstate';
import { welcomeMachine } from '../../src/machines/welcome.machine.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Event = EventFrom<typeof welcomeMachine>;

const events: Event[] = [{ type: 'welcome.show' }, { type: 'welcome.dismiss' }];
const visitors = [
  { visited: false, who: 'a first-time visitor' },
  { visited: true, who: 'a returning visitor' },
];
const pathsOf = (visited: boolean) => generatePaths(welcomeMachine, { events, input: { visited } });

const shown: ExpectedStep = { value: 'shown', tags: ['visible'] };
const hidden: ExpectedStep = { value: 'hidden', tags: [] };

/** Shown on a first visit and after sign-up; dismissing it is remembered. */
const expectStep =
  (visited: boolean) =>
  (event: Event | { type: 'xstate.init' }): ExpectedStep => {
    if (event.type === 'xstate.init') return visited ? hidden : shown;
    if (event.type === 'welcome.show') return shown;
    return { ...hidden, effects: [{ type: 'rememberVisit' }] };
  };

describe.each(visitors)('welcome overlay for $who', ({ visited }) => {
  it.each(pathsOf(visited).map((path) => [describePath(path), path] as const))(
    'shows and hides as the spec says: %s',
    async (_, path) => {
      await executePath(welcomeMachine, path, {
        input: { visited },
        effects: ['rememberVisit'],
        expectStep: expectStep(visited),
      });
    },
  );
});

describe('welcome overlay chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, welcomeMachine, [false, true].flatMap(pathsOf));
  });
});
