/**
 * A paged moderation list (docs/moderation.md): the queue of reported items and the appeals waiting
 * at /mod (oldest first, moderators only) and the public log of removals at /mod/log (newest first),
 * MODERATION_PAGE records a page.
 *
 * The first page loads at once; 'list.more' (the Load more button) asks for the next one while the
 * list is idle. The next page starts after the records shown, so a queue item that left the list
 * (dismissed or removed: 'item.remove' {kind, id}, sent by its moderationItem chart) does not make the
 * next page skip one. A page shorter than asked for ends the list. Records already shown are not
 * added twice (a queue item by kind and id). A failed load is logged, shown with a retry
 * ('list.retry'), and a 403 (someone who is not a moderator) ends in `refused`.
 *
 * Tags: `loading` (nothing to show yet), `busy` (a page is on its way).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AppealItem } from '../domain/appealSchemas.ts';
import type { LogEntry, QueueItem, ReportKind } from '../domain/safety.ts';
import { noEffect, notProvided } from './effects.ts';
import { failed, failedWith } from './failure.ts';

/** A record of any list: a reported item of the queue, an appeal waiting, or a removal of the log. */
export type ModerationRecord = QueueItem | AppealItem | LogEntry;

export const isQueueItem = (record: ModerationRecord): record is QueueItem => 'reporters' in record;
export const isAppealItem = (record: ModerationRecord): record is AppealItem => 'mayDecide' in record;
export const isLogEntry = (record: ModerationRecord): record is LogEntry => 'removedAt' in record;

export interface ModerationListInput {
  pageSize: number;
}

export interface ModerationListContext {
  records: ModerationRecord[];
  pageSize: number;
}

export type ModerationListEvent =
  | { type: 'list.more' }
  | { type: 'list.retry' }
  | { type: 'item.remove'; kind: ReportKind; id: string };

/** A queue item's identity; a log entry is always new. */
const keyOf = (record: ModerationRecord) => (isQueueItem(record) ? `${record.kind}:${record.id}` : null);

/** The list with a page appended, leaving out queue items already shown. */
export function appendPage(records: ModerationRecord[], page: ModerationRecord[]): ModerationRecord[] {
  const shown = new Set(records.map(keyOf).filter((key) => key !== null));
  return [...records, ...page.filter((record) => !shown.has(keyOf(record) ?? ''))];
}

const pageOf = ({ event }: { event: { output: ModerationRecord[] } }) => ({ page: event.output });

const pageArrived = [
  {
    guard: { type: 'isLastPage', params: pageOf },
    target: 'exhausted',
    actions: { type: 'addPage', params: pageOf },
  },
  { target: 'idle', actions: { type: 'addPage', params: pageOf } },
] as const;

export const moderationListMachine = setup({
  types: {
    context: {} as ModerationListContext,
    events: {} as ModerationListEvent,
    input: {} as ModerationListInput,
    tags: {} as 'busy' | 'loading',
  },
  actors: {
    fetchPage: fromPromise<ModerationRecord[], { offset: number }>(async () =>
      notProvided('moderationList', 'fetchPage'),
    ),
  },
  actions: {
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    addPage: assign(({ context }, params: { page: ModerationRecord[] }) => ({
      records: appendPage(context.records, params.page),
    })),
    removeItem: assign(({ context }, params: { kind: ReportKind; id: string }) => ({
      records: context.records.filter(
        (record) => !(isQueueItem(record) && record.kind === params.kind && record.id === params.id),
      ),
    })),
  },
  guards: {
    failedWith,
    hasRecords: ({ context }) => context.records.length > 0,
    isLastPage: ({ context }, params: { page: ModerationRecord[] }) => params.page.length < context.pageSize,
  },
}).createMachine({
  id: 'moderationList',
  context: ({ input }) => ({ records: [], pageSize: input.pageSize }),
  initial: 'loading',
  on: {
    'item.remove': {
      actions: { type: 'removeItem', params: ({ event }) => ({ kind: event.kind, id: event.id }) },
    },
  },
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: { offset: 0 },
        onDone: pageArrived,
        onError: [
          { guard: failed(403), target: 'refused' },
          {
            target: 'failed',
            actions: {
              type: 'log',
              params: ({ event }) => ({ message: 'moderation list: first page failed', error: event.error }),
            },
          },
        ],
      },
    },
    idle: {
      on: { 'list.more': { target: 'loadingMore' } },
    },
    loadingMore: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ offset: context.records.length }),
        onDone: pageArrived,
        onError: {
          target: 'failed',
          actions: {
            type: 'log',
            params: ({ event }) => ({ message: 'moderation list: next page failed', error: event.error }),
          },
        },
      },
    },
    exhausted: {},
    failed: {
      on: {
        'list.retry': [{ guard: 'hasRecords', target: 'loadingMore' }, { target: 'loading' }],
      },
    },
    refused: {},
  },
});
