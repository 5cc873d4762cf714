import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import type { Comment } from '../../src/domain/entities.ts';
import { COMMENTS, ROOMS } from '../../src/domain/messages.ts';
import { type CommentSort, SORTING } from '../../src/domain/sorting.ts';
import {
  commentThreadMachine,
  repliesOf,
  replyCount,
  shownSort,
  withoutComment,
} from '../../src/machines/commentThread.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, postId, testComment } from '../support/createFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof commentThreadMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const top = testComment({ id: 'top' });
const reply = testComment({ id: 'reply', parentId: 'top' });
const lone = testComment({ id: 'lone' });
const added = testComment({ id: 'added', parentId: 'lone' });
const input = { postId, comments: [top, reply, lone], sort: 'old' as const };
/** Its author's edit on the live stream (issue 33). */
const edited = { ...lone, body: 'Edited words', editedAt: '2026-11-28T10:00:00.000Z' };
const failures = [apiError(403, 'Only the author can do that'), apiError(0, '')];

const eventsOf = (failed: (typeof failures)[number]): Event[] => [
  { type: 'replies.toggle', id: 'top' },
  { type: 'comment.added', comment: added },
  { type: 'comment.edited', comment: edited },
  { type: 'author.remove', username: 'brave_fox' },
  { type: 'comment.delete', id: 'top' },
  { type: 'comment.delete', id: 'lone' },
  // deleted by someone else, on the live stream
  { type: 'comment.deleted', id: 'top', kept: true },
  { type: 'comment.deleted', id: 'lone', kept: false },
  // removed by the room's owner (removeFromRoom.machine.ts)
  { type: 'comment.removed', id: 'reply' },
  done('deleteComment', { msg: COMMENTS.deleted }),
  failure('deleteComment', failed),
];

const scenarios = failures.map((failed) => ({
  failed,
  paths: generatePaths(commentThreadMachine, {
    events: (snapshot) => eventsOf(failed).filter((event) => snapshot.can(event)),
    input,
  }),
}));

interface Thread {
  comments: Comment[];
  /** The comments whose replies are open. */
  shown: string[];
}

/**
 * Spec §2 Comments, §8 Comment delete: new comments join the thread (a reply opens its parent's
 * replies), one deletion at a time with the server's msg as the toast. Issue 20: a comment deleted
 * elsewhere stays as '[deleted]' when the server kept it, and goes otherwise.
 */
function threadOracle(failed: { message: string }) {
  let deleting: string | null = null;
  return (event: Event, before: Snapshot): ExpectedStep => {
    const thread: Thread = { comments: before.context.comments, shown: before.context.shown };
    const e = event as unknown as {
      type: string;
      id: string;
      comment: Comment;
      username: string;
      kept: boolean;
    };
    switch (e.type) {
      case 'xstate.init':
        return { value: 'ready', tags: [], shown: { comments: input.comments, shown: [] } };
      case 'comment.added': {
        const isNew = !thread.comments.some((comment) => comment.id === e.comment.id);
        const parent = e.comment.parentId;
        return {
          shown: {
            comments: isNew ? [...thread.comments, e.comment] : thread.comments,
            shown: parent && !thread.shown.includes(parent) ? [...thread.shown, parent] : thread.shown,
          },
        };
      }
      case 'comment.edited':
        // the new text and "edited", in its place (gone if it was deleted meanwhile)
        return {
          shown: {
            ...thread,
            comments: thread.comments.map((comment) => (comment.id === e.comment.id ? e.comment : comment)),
          },
        };
      case 'replies.toggle':
        return {
          shown: {
            ...thread,
            shown: thread.shown.includes(e.id)
              ? thread.shown.filter((id) => id !== e.id)
              : [...thread.shown, e.id],
          },
        };
      case 'author.remove':
        // the reader blocked them: their comments fold to 'Comment from a blocked user'
        return {
          shown: {
            ...thread,
            comments: thread.comments.map((comment) =>
              comment.user?.username === e.username ? { ...comment, authorBlocked: true } : comment,
            ),
          },
        };
      case 'comment.deleted':
        return {
          shown: {
            ...thread,
            comments: e.kept
              ? thread.comments.map((comment) =>
                  comment.id === e.id
                    ? { ...comment, body: COMMENTS.deletedBody, user: null, userId: null, deleted: true }
                    : comment,
                )
              : thread.comments.filter((comment) => comment.id !== e.id),
          },
        };
      case 'comment.removed':
        // it stays in place as the owner's line, without its body or author, as the server keeps it
        return {
          shown: {
            ...thread,
            comments: thread.comments.map((comment) =>
              comment.id === e.id
                ? { ...comment, body: '', user: null, userId: null, removedRule: ROOMS.removedByOwner }
                : comment,
            ),
          },
        };
      case 'comment.delete':
        deleting = e.id;
        return {
          value: 'deleting',
          tags: ['busy'],
          calls: [{ actor: 'deleteComment', input: { id: e.id } }],
        };
      case 'xstate.done.actor.deleteComment':
        return {
          value: 'ready',
          tags: [],
          shown: { ...thread, comments: withoutComment(thread.comments, deleting ?? '') },
          effects: [notify('success', COMMENTS.deleted)],
        };
      default:
        return { value: 'ready', tags: [], effects: [notify('error', failed.message || 'Network Error')] };
    }
  };
}

describe.each(scenarios)('the thread when deleting fails with $failed.status', ({ failed, paths }) => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'adds, opens and deletes comments with the server’s messages: %s',
    async (_, path) => {
      await executePath(commentThreadMachine, path, {
        input,
        promiseActors: ['deleteComment'],
        effects: ['notify'],
        shown: ({ comments, shown }) => ({ comments, shown }),
        expectStep: threadOracle(failed),
      });
    },
  );
});

/** The thread as the server sorts it by Best: the replies keep their parent's place. */
const byBest = [lone, top, reply];
const sortEvents: Event[] = [
  { type: 'sort.change', sort: 'best' },
  { type: 'sort.change', sort: 'top' },
  // the order shown already: nothing to load
  { type: 'sort.change', sort: 'old' },
  done('fetchComments', byBest),
  failure('fetchComments', apiError(500, 'Server Issue')),
  { type: 'comment.delete', id: 'lone' },
  done('deleteComment', { msg: COMMENTS.deleted }),
];

const sortPaths = generatePaths(commentThreadMachine, {
  events: (snapshot) => sortEvents.filter((event) => snapshot.can(event)),
  input,
});

interface Sorted {
  comments: Comment[];
  /** The order the control shows. */
  sort: CommentSort;
}

/**
 * Issue 33 "Sort": choosing another order loads the thread in it from the server (and asks for the
 * choice to be kept); the control shows the choice at once; a failure keeps the order shown, with a
 * toast. Choosing again while loading starts again with the new choice.
 */
function sortOracle() {
  let applied: CommentSort = input.sort;
  let deleting: string | null = null;
  return (event: Event, before: Snapshot): ExpectedStep => {
    const thread: Sorted = { comments: before.context.comments, sort: shownSort(before.context) };
    const e = event as unknown as { sort: CommentSort; id: string };
    switch (event.type as string) {
      case 'xstate.init':
        return { value: 'ready', tags: [], shown: { comments: input.comments, sort: 'old' } };
      case 'sort.change':
        return {
          value: 'sorting',
          tags: ['sorting'],
          shown: { ...thread, sort: e.sort },
          calls: [
            { actor: 'fetchComments', input: { postId, sort: e.sort } },
            { actor: 'rememberSort', input: { sort: e.sort } },
          ],
        };
      case 'comment.delete':
        deleting = e.id;
        return {
          value: 'deleting',
          tags: ['busy'],
          calls: [{ actor: 'deleteComment', input: { id: e.id } }],
        };
      default: {
        const type = event.type as string;
        if (type === 'xstate.done.actor.deleteComment') {
          return {
            value: 'ready',
            tags: [],
            shown: { ...thread, comments: withoutComment(thread.comments, deleting ?? '') },
            effects: [notify('success', COMMENTS.deleted)],
          };
        }
        if (type === 'xstate.done.actor.fetchComments') {
          applied = thread.sort;
          return { value: 'ready', tags: [], shown: { comments: byBest, sort: applied } };
        }
        // the load failed: the order and the comments shown stay
        return {
          value: 'ready',
          tags: [],
          shown: { ...thread, sort: applied },
          effects: [notify('error', SORTING.threadFailed)],
        };
      }
    }
  };
}

describe('sorting the thread', () => {
  it.each(sortPaths.map((path) => [describePath(path), path] as const))(
    'loads the thread in the chosen order: %s',
    async (_, path) => {
      await executePath(commentThreadMachine, path, {
        input,
        promiseActors: ['deleteComment', 'fetchComments', 'rememberSort'],
        effects: ['notify'],
        shown: (context) => ({ comments: context.comments, sort: shownSort(context) }),
        expectStep: sortOracle(),
      });
    },
  );
});

describe('comment thread chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, commentThreadMachine, [
      ...scenarios.flatMap((scenario) => scenario.paths),
      ...sortPaths,
    ]);
  });

  it('keeps a deleted comment with replies as [deleted] and removes one without', () => {
    const kept = withoutComment(input.comments, 'top');
    expect(kept.find((c) => c.id === 'top')).toMatchObject({
      body: COMMENTS.deletedBody,
      user: null,
      deleted: true,
    });
    expect(withoutComment(input.comments, 'lone').map((c) => c.id)).toEqual(['top', 'reply']);
  });

  it('builds the tree and counts replies at every depth', () => {
    const deep = testComment({ id: 'deep', parentId: 'reply' });
    const comments = [...input.comments, deep];
    expect(repliesOf(comments, null).map((c) => c.id)).toEqual(['top', 'lone']);
    expect(repliesOf(comments, 'top').map((c) => c.id)).toEqual(['reply']);
    expect(replyCount(comments, 'top')).toBe(2);
  });

  it('does not delete a comment already shown as [deleted]', () => {
    const actor = createActor(commentThreadMachine, {
      input: { postId, comments: [{ ...top, deleted: true, user: null }, reply], sort: 'old' },
    }).start();
    expect(actor.getSnapshot().can({ type: 'comment.delete', id: 'top' })).toBe(false);
  });
});
