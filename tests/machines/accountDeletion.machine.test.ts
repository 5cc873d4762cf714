import { describe, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { SETTINGS } from '../../src/domain/peopleMessages.ts';
import { accountDeletionMachine } from '../../src/machines/accountDeletion.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError } from '../support/createFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof accountDeletionMachine;
type Event = EventFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const allEvents: Event[] = [
  { type: 'delete.arm' },
  { type: 'delete.cancel' },
  { type: 'delete.confirm' },
  done('deleteAccount', { msg: SETTINGS.accountDeleted }),
  failure('deleteAccount', apiError(500, 'down')),
];

const paths = generatePaths(accountDeletionMachine, {
  events: (snapshot: SnapshotFrom<Machine>) => allEvents.filter((event) => snapshot.can(event)),
});

/** Spec §4 Settings, §8 Account delete: two clicks, then the session ends; a failure asks for two clicks again. */
function expectStep(event: Event): ExpectedStep {
  switch (event.type as string) {
    case 'xstate.init':
    case 'delete.cancel':
      return { value: 'idle', tags: [] };
    case 'delete.arm':
      return { value: 'armed', tags: ['armed'] };
    case 'delete.confirm':
      return { value: 'deleting', tags: ['busy'], calls: [{ actor: 'deleteAccount', input: undefined }] };
    case 'xstate.done.actor.deleteAccount':
      return {
        value: 'deleted',
        tags: [],
        effects: [
          notify('success', SETTINGS.accountDeleted),
          { type: 'endSession' },
          navigate('/', { replace: true }),
        ],
      };
    default:
      return { value: 'failed', tags: ['failed'], effects: [notify('error', SETTINGS.deleteFailed)] };
  }
}

describe('account deletion', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'deletes on the second click and ends the session: %s',
    async (_, path) => {
      await executePath(accountDeletionMachine, path, {
        promiseActors: ['deleteAccount'],
        effects: ['notify', 'navigate', 'endSession'],
        expectStep,
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, accountDeletionMachine, paths);
  });
});
