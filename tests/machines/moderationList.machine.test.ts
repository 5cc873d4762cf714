import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { type LogEntry, type QueueItem, SAFETY } from '../../src/domain/safety.ts';
import { appendPage, moderationListMachine } from '../../src/machines/moderationList.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof moderationListMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

/** Two records a page: a full page has two, the last one fewer. */
const pageSize = 2;
const queued = (id: string): QueueItem => ({
  kind: 'post',
  id,
  label: `Post ${id}`,
  href: `/post/${id}`,
  author: 'brave_fox',
  reporters: 2,
  reasons: [{ reason: 'spam', count: 2 }],
  notes: [],
  reportedText: null,
  firstReportedAt: '2026-01-02T00:00:00.000Z',
  masked: false,
  proposal: null,
});
const fullPage = [queued('p1'), queued('p2')];
const lastPage = [queued('p3')];
const down = { status: 500, message: 'down' };
const notModerator = { status: 403, message: SAFETY.notModerator };

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'list.more' },
      { type: 'list.retry' },
      { type: 'item.remove', kind: 'post', id: 'p1' },
      done('fetchPage', fullPage),
      done('fetchPage', lastPage),
      failure('fetchPage', down),
      failure('fetchPage', notModerator),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/** The list grows to a handful of records at most: enough for every transition. */
const paths = generatePaths(moderationListMachine, {
  events,
  input: { pageSize },
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, Math.min(snapshot.context.records.length, 3)]),
});

const ids = (context: Snapshot['context']) => context.records.map((record) => (record as QueueItem).id);

/** docs/moderation.md: pages of the queue, load more, the end, items leaving, failures and refusal. */
function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const shownBefore = ids(before.context);
  const e = event as { type: string; output?: QueueItem[] };
  const arrived = (page: QueueItem[]) =>
    appendPage(before.context.records, page).map((r) => (r as QueueItem).id);
  switch (e.type) {
    case 'xstate.init':
      return {
        value: 'loading',
        tags: ['busy', 'loading'],
        calls: [{ actor: 'fetchPage', input: { offset: 0 } }],
      };
    case 'list.more':
      return {
        value: 'loadingMore',
        tags: ['busy'],
        calls: [{ actor: 'fetchPage', input: { offset: shownBefore.length } }],
      };
    case 'list.retry':
      return shownBefore.length > 0
        ? {
            value: 'loadingMore',
            tags: ['busy'],
            calls: [{ actor: 'fetchPage', input: { offset: shownBefore.length } }],
          }
        : {
            value: 'loading',
            tags: ['busy', 'loading'],
            calls: [{ actor: 'fetchPage', input: { offset: 0 } }],
          };
    case 'item.remove':
      return { shown: shownBefore.filter((id) => id !== 'p1') };
    case 'xstate.done.actor.fetchPage': {
      const page = e.output ?? [];
      return { value: page.length < pageSize ? 'exhausted' : 'idle', tags: [], shown: arrived(page) };
    }
    default: {
      const error = (event as unknown as { error: { status: number } }).error;
      if (error.status === 403 && before.matches('loading')) return { value: 'refused', tags: [] };
      const which = before.matches('loading') ? 'first' : 'next';
      return { value: 'failed', tags: [], effects: [log(`moderation list: ${which} page failed`, error)] };
    }
  }
}

describe('a moderation list', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'loads pages after the records shown, ends on a short page and drops items that leave: %s',
    async (_, path) => {
      await executePath(moderationListMachine, path, {
        input: { pageSize },
        promiseActors: ['fetchPage'],
        effects: ['log'],
        shown: ids,
        expectStep,
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, moderationListMachine, paths);
  });

  it('shows a queue item once however often a page brings it, and every log entry', () => {
    expect(appendPage(fullPage, [queued('p2'), queued('p4')]).map((r) => (r as QueueItem).id)).toEqual([
      'p1',
      'p2',
      'p4',
    ]);
    const removal: LogEntry = {
      kind: 'post',
      ruleText: 'Spam',
      removedAt: '2026-01-02T00:00:00.000Z',
      appeal: null,
    };
    expect(appendPage([removal], [removal])).toHaveLength(2);
  });
});
