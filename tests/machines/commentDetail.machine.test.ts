import { describe, it } from 'vitest';
import type { EventFrom } from 'xstate';
import type { CommentPage } from '../../src/domain/entities.ts';
import { commentDetailMachine } from '../../src/machines/commentDetail.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, testComment } from '../support/createFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Event = EventFrom<typeof commentDetailMachine>;
const { done, failure } = syntheticEvents<Event>();
const comment = testComment({ id: 'c-reported', body: 'Said behind the door' });
const input = { id: comment.id };
/** A reader's answer, and a moderator's reading it under review (docs/moderation.md "Private rooms"). */
const answers: CommentPage[] = [
  { comment, review: false },
  { comment, review: true },
];
const failures = [
  apiError(404, 'Comment not found'),
  apiError(400, 'id: * must be an id'),
  apiError(403, 'This room is private: send a request to join'),
  apiError(410, 'Removed by moderators: Harassment or bullying'),
  apiError(0, 'Network Error'),
];

const scenarios = answers.flatMap((answer) =>
  failures.map((failed) => ({
    review: answer.review,
    answer,
    failed,
    paths: generatePaths(commentDetailMachine, {
      events: (snapshot) =>
        (
          [
            { type: 'comment.retry' },
            done('fetchComment', answer),
            failure('fetchComment', failed),
          ] as Event[]
        ).filter((event) => snapshot.can(event)),
      input,
    }),
  })),
);

const loading: ExpectedStep = {
  value: 'loading',
  tags: ['busy'],
  calls: [{ actor: 'fetchComment', input: { id: comment.id } }],
};

/**
 * /comment/{id}: the comment (and whether it is read under review), 'Comment not found', the 403
 * screen, a removal's words, or a retry.
 */
const expectStep =
  (answer: CommentPage, failed: { status: number; message: string }) =>
  (event: Event): ExpectedStep => {
    switch (event.type as string) {
      case 'xstate.init':
      case 'comment.retry':
        return loading;
      case 'xstate.done.actor.fetchComment':
        return { value: 'shown', tags: [], shown: { ...answer, error: null } };
      default:
        if (failed.status === 404 || failed.status === 400) return { value: 'notFound', tags: [] };
        if (failed.status === 403) return { value: 'forbidden', tags: [] };
        // removed: the server's message is the page
        if (failed.status === 410)
          return {
            value: 'removed',
            tags: [],
            shown: { comment: null, review: false, error: failed.message },
          };
        return { value: 'failed', tags: [], shown: { comment: null, review: false, error: failed.message } };
    }
  };

describe.each(scenarios)(
  'the comment page (review $review) when loading fails with $failed.status',
  ({ answer, failed, paths }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'loads the comment or shows why not: %s',
      async (_, path) => {
        await executePath(commentDetailMachine, path, {
          input,
          promiseActors: ['fetchComment'],
          shown: ({ comment, review, error }) => ({ comment, review, error }),
          expectStep: expectStep(answer, failed),
        });
      },
    );
  },
);

describe('comment detail chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      commentDetailMachine,
      scenarios.flatMap((scenario) => scenario.paths),
    );
  });
});
