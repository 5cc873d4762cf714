/**
 * A room's paged list for its owner or its members (docs/moderation.md "Room owners"): the members the
 * owner may remove (`rooms/members/{title}`, the owner first) or the room's log of the owner's removals
 * (`rooms/log/{title}`, newest first), `pageSize` records a page.
 *
 * The first page loads at once; 'list.more' (the Load more button) asks for the next one while the
 * list is idle. The next page starts after the records shown, so a member who left the list (removed:
 * 'item.remove' {id}, the username, sent by their removeFromRoom chart) does not make the next page skip
 * one. A page shorter than asked for ends the list. Records already shown are not added twice. A
 * failed load keeps the server's message for the view and offers a retry ('list.retry').
 *
 * Tags: `loading` (nothing to show yet), `busy` (a page is on its way).
 */
import { assign, fromPromise, setup } from 'xstate';
import { HTTP_ERRORS } from '../domain/messages.ts';
import type { RoomLogEntry, RoomMember } from '../domain/roomOwnerSchemas.ts';
import { notProvided } from './effects.ts';
import { serverText } from './failure.ts';

/** A record of either list: a member or an entry of the log. */
export type RoomRecord = RoomMember | RoomLogEntry;

/** A member is known by their username, an entry of the log by its id. */
export const recordKey = (record: RoomRecord) => ('username' in record ? record.username : record.id);

export interface RoomRecordsInput {
  pageSize: number;
}

export interface RoomRecordsContext {
  records: RoomRecord[];
  pageSize: number;
  /** Why the last load failed, for the view. */
  error: string | null;
}

export type RoomRecordsEvent =
  | { type: 'list.more' }
  | { type: 'list.retry' }
  | { type: 'item.remove'; id: string };

/** The list with a page appended, leaving out records already shown. */
export function appendRecords(records: RoomRecord[], page: RoomRecord[]): RoomRecord[] {
  const shown = new Set(records.map(recordKey));
  return [...records, ...page.filter((record) => !shown.has(recordKey(record)))];
}

const pageOf = ({ event }: { event: { output: RoomRecord[] } }) => ({ page: event.output });
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

const pageArrived = [
  {
    guard: { type: 'isLastPage', params: pageOf },
    target: 'exhausted',
    actions: { type: 'addPage', params: pageOf },
  },
  { target: 'idle', actions: { type: 'addPage', params: pageOf } },
] as const;

const pageFailed = { target: 'failed', actions: { type: 'setError', params: errorOf } } as const;

export const roomRecordsMachine = setup({
  types: {
    context: {} as RoomRecordsContext,
    events: {} as RoomRecordsEvent,
    input: {} as RoomRecordsInput,
    tags: {} as 'busy' | 'loading',
  },
  actors: {
    fetchPage: fromPromise<RoomRecord[], { offset: number; limit: number }>(async () =>
      notProvided('roomRecords', 'fetchPage'),
    ),
  },
  actions: {
    addPage: assign(({ context }, params: { page: RoomRecord[] }) => ({
      records: appendRecords(context.records, params.page),
      error: null,
    })),
    setError: assign((_, params: { error: unknown }) => ({
      error: serverText(params.error, HTTP_ERRORS.network),
    })),
    removeRecord: assign(({ context }, params: { id: string }) => ({
      records: context.records.filter((record) => recordKey(record) !== params.id),
    })),
  },
  guards: {
    hasRecords: ({ context }) => context.records.length > 0,
    isLastPage: ({ context }, params: { page: RoomRecord[] }) => params.page.length < context.pageSize,
  },
}).createMachine({
  id: 'roomRecords',
  context: ({ input }) => ({ records: [], pageSize: input.pageSize, error: null }),
  initial: 'loading',
  on: {
    'item.remove': { actions: { type: 'removeRecord', params: ({ event }) => ({ id: event.id }) } },
  },
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ offset: 0, limit: context.pageSize }),
        onDone: pageArrived,
        onError: pageFailed,
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
        input: ({ context }) => ({ offset: context.records.length, limit: context.pageSize }),
        onDone: pageArrived,
        onError: pageFailed,
      },
    },
    exhausted: {},
    failed: {
      on: {
        'list.retry': [{ guard: 'hasRecords', target: 'loadingMore' }, { target: 'loading' }],
      },
    },
  },
});
