import { describe, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { CrisisResource } from '../../src/domain/safety.ts';
import { crisisResourcesMachine } from '../../src/machines/crisisResources.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof crisisResourcesMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const resources: CrisisResource[] = [{ name: 'Campus counselling', phone: '+91 522 000 0000' }];
const down = { status: 500, message: 'down' };

const events = (snapshot: Snapshot): Event[] =>
  ([done('fetchResources', resources), failure('fetchResources', down)] as Event[]).filter((event) =>
    snapshot.can(event),
  );

const paths = generatePaths(crisisResourcesMachine, { events });

/** docs/moderation.md: an author's crisis help shows the campus resources; a failure is only logged. */
function expectStep(event: Event): ExpectedStep {
  switch (event.type as string) {
    case 'xstate.init':
      return {
        value: 'loading',
        tags: ['loading'],
        shown: [],
        calls: [{ actor: 'fetchResources', input: undefined }],
      };
    case 'xstate.done.actor.fetchResources':
      return { value: 'shown', tags: [], shown: resources };
    default:
      return { value: 'unavailable', tags: [], effects: [log('crisis resources failed', down)] };
  }
}

describe('crisis resources', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'are asked for once and shown, or stay away after a failure: %s',
    async (_, path) => {
      await executePath(crisisResourcesMachine, path, {
        promiseActors: ['fetchResources'],
        effects: ['log'],
        shown: (context) => context.resources,
        expectStep,
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, crisisResourcesMachine, paths);
  });
});
