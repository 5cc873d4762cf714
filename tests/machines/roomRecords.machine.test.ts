import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { ROOMS } from '../../src/domain/messages.ts';
import type { RoomLogEntry, RoomMember } from '../../src/domain/roomOwnerSchemas.ts';
import { appendRecords, recordKey, roomRecordsMachine } from '../../src/machines/roomRecords.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';
import { expectRefusals } from '../support/machineRefusals.ts';

type Machine = typeof roomRecordsMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

/** Two records a page: a full page has two, the last one fewer. */
const pageSize = 2;
const member = (username: string, owner = false): RoomMember => ({ username, dp: null, owner });
const fullPage = [member('owner_owl', true), member('brave_fox')];
const lastPage = [member('calm_cat')];
const notOwner = { status: 403, message: ROOMS.notOwner };

const userEvents: Event[] = [
  { type: 'list.more' },
  { type: 'list.retry' },
  { type: 'item.remove', id: 'brave_fox' },
];
const events = (snapshot: Snapshot): Event[] =>
  (
    [
      ...userEvents,
      done('fetchPage', fullPage),
      done('fetchPage', lastPage),
      failure('fetchPage', notOwner),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/** The list grows to a handful of records at most: enough for every transition. */
const paths = generatePaths(roomRecordsMachine, {
  events,
  input: { pageSize },
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([snapshot.value, Math.min(snapshot.context.records.length, 3)]) +
    (event && previous ? ` via ${event.type} from ${JSON.stringify(previous.value)}` : ''),
});

/** What the view shows: the records by their keys, and the server's words of a failed load. */
const shown = (context: Snapshot['context']) => ({
  keys: context.records.map(recordKey),
  error: context.error,
});

/** docs/moderation.md "Room owners": pages of members or of the log, load more, the end, removals, failures. */
function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const { keys, error } = shown(before.context);
  const e = event as { type: string; output?: RoomMember[] };
  const firstPage = {
    value: 'loading',
    tags: ['busy', 'loading'],
    calls: [{ actor: 'fetchPage', input: { offset: 0, limit: pageSize } }],
  };
  const nextPage = {
    value: 'loadingMore',
    tags: ['busy'],
    calls: [{ actor: 'fetchPage', input: { offset: keys.length, limit: pageSize } }],
  };
  switch (e.type) {
    case 'xstate.init':
      return firstPage;
    case 'list.more':
      return nextPage;
    case 'list.retry':
      // after the records shown, or the first page again when none came
      return keys.length > 0 ? nextPage : firstPage;
    case 'item.remove':
      return { shown: { keys: keys.filter((key) => key !== 'brave_fox'), error } };
    case 'xstate.done.actor.fetchPage': {
      const page = e.output ?? [];
      return {
        value: page.length < pageSize ? 'exhausted' : 'idle',
        tags: [],
        shown: { keys: appendRecords(before.context.records, page).map(recordKey), error: null },
      };
    }
    case 'xstate.error.actor.fetchPage':
      return { value: 'failed', tags: [], shown: { keys, error: ROOMS.notOwner } };
    default:
      throw new Error(`unexpected ${e.type}`);
  }
}

describe('a room’s member list or log', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'loads pages after the records shown, ends on a short page, drops removed members and says why a load failed: %s',
    async (_, path) => {
      await executePath(roomRecordsMachine, path, {
        input: { pageSize },
        promiseActors: ['fetchPage'],
        shown,
        expectStep,
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, roomRecordsMachine, paths);
  });

  it('asks for more only while idle, and for a retry only after a failure', () => {
    expectRefusals(paths, userEvents, {
      loading: ['item.remove'],
      idle: ['list.more', 'item.remove'],
      loadingMore: ['item.remove'],
      exhausted: ['item.remove'],
      failed: ['list.retry', 'item.remove'],
    });
  });

  it('shows a record once however often a page brings it: members by username, log entries by id', () => {
    expect(appendRecords(fullPage, [member('brave_fox'), member('calm_cat')]).map(recordKey)).toEqual([
      'owner_owl',
      'brave_fox',
      'calm_cat',
    ]);
    const entry: RoomLogEntry = { id: 'l1', kind: 'post', createdAt: '2026-01-02T00:00:00.000Z' };
    expect(appendRecords([entry], [entry, { ...entry, id: 'l2' }]).map(recordKey)).toEqual(['l1', 'l2']);
  });
});
