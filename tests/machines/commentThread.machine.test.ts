import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom } from 'xstate';
import { COMMENTS } from '../../src/domain/messages.ts';
import {
  commentThreadMachine,
  repliesOf,
  replyCount,
  withoutComment,
} from '../../src/machines/commentThread.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, noticesOf, postId, runPath, testComment } from '../support/createFakes.ts';
import {
  describePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof commentThreadMachine;
type Event = EventFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const top = testComment({ id: 'top' });
const reply = testComment({ id: 'reply', parentId: 'top' });
const lone = testComment({ id: 'lone' });
const input = { postId, comments: [top, reply, lone] };
const failures = [apiError(403, 'Only the author can do that'), apiError(0, '')];

const eventsOf = (failed: (typeof failures)[number]): Event[] => [
  { type: 'replies.toggle', id: 'top' },
  { type: 'comment.added', comment: testComment({ id: 'added', parentId: 'lone' }) },
  { type: 'comment.delete', id: 'top' },
  { type: 'comment.delete', id: 'lone' },
  done('deleteComment', { msg: COMMENTS.deleted }),
  failure('deleteComment', failed),
];

const scenarios = failures.map((failed) => ({
  failed,
  paths: generatePaths(commentThreadMachine, {
    events: (snapshot) => eventsOf(failed).filter((event) => snapshot.can(event)),
    input,
    simplePaths: false,
  }),
}));
const paths = scenarios.flatMap((scenario) => scenario.paths);

/** Spec §8 Comment delete: the server's msg as the toast. */
function expectedNotices(path: MachinePath<Machine>) {
  return path.steps.flatMap((step) => {
    const event = step.event as { type: string; error?: { message: string } };
    if (event.type === 'xstate.done.actor.deleteComment')
      return [{ kind: 'success', text: COMMENTS.deleted }];
    if (event.type === 'xstate.error.actor.deleteComment') {
      return [{ kind: 'error', text: event.error?.message || 'Network Error' }];
    }
    return [];
  });
}

describe.each(scenarios)('the thread when deleting fails with $failed.status', ({ paths }) => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart with the server’s messages: %s',
    async (_, path) => {
      const spies = await runPath(commentThreadMachine, path, { input, promiseActors: ['deleteComment'] });
      expect(noticesOf(spies)).toEqual(expectedNotices(path));
    },
  );
});

describe('comment thread chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(commentThreadMachine, paths);
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

  it('shows the replies of a comment a new reply was added to, once', () => {
    const actor = createActor(commentThreadMachine, { input }).start();
    const added = testComment({ id: 'r2', parentId: 'top' });
    actor.send({ type: 'comment.added', comment: added });
    actor.send({ type: 'comment.added', comment: added });
    expect(actor.getSnapshot().context.shown).toEqual(['top']);
    expect(actor.getSnapshot().context.comments.filter((c) => c.id === 'r2')).toHaveLength(1);
    actor.send({ type: 'replies.toggle', id: 'top' });
    expect(actor.getSnapshot().context.shown).toEqual([]);
  });

  it('does not delete a comment already shown as [deleted]', () => {
    const actor = createActor(commentThreadMachine, {
      input: { postId, comments: [{ ...top, deleted: true, user: null }, reply] },
    }).start();
    expect(actor.getSnapshot().can({ type: 'comment.delete', id: 'top' })).toBe(false);
  });
});
