import { describe, expect, it, vi } from 'vitest';
import { welcomeMachine } from '../../src/machines/welcome.machine.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
} from '../support/machinePaths.ts';

const events = [{ type: 'welcome.show' }, { type: 'welcome.dismiss' }] as const;

describe.each([
  { visited: false, who: 'a first-time visitor' },
  { visited: true, who: 'a returning visitor' },
])('welcome overlay for $who', ({ visited }) => {
  const paths = generatePaths(welcomeMachine, { events: [...events], input: { visited } });

  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const rememberVisit = vi.fn();
      await executePath(welcomeMachine, path, {
        input: { visited },
        provide: { actions: { rememberVisit } },
      });
      const dismissals = path.steps.filter(
        (step) => step.event.type === 'welcome.dismiss' && step.state.matches('hidden'),
      );
      expect(rememberVisit).toHaveBeenCalledTimes(dismissals.length);
    },
  );
});

describe('welcome overlay chart', () => {
  it('has every state reached by some path', () => {
    const paths = [false, true].flatMap((visited) =>
      generatePaths(welcomeMachine, { events: [...events], input: { visited } }),
    );
    expectEveryStateReached(welcomeMachine, paths);
  });
});
