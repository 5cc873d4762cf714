import { describe, it } from 'vitest';
import type { EventFrom } from 'xstate';
import { postDetailMachine } from '../../src/machines/postDetail.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, postId, testPost } from '../support/createFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { watchRecorder } from '../support/machineLive.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Event = EventFrom<typeof postDetailMachine>;
const { done, failure } = syntheticEvents<Event>();
// the comments come in the order the page asks for (src/domain/sorting.ts)
const input = { postId, sort: 'best' as const };
const post = { ...testPost(), comments: [] };
const failures = [
  apiError(404, 'Post not found'),
  apiError(400, 'id: * must be an id'),
  apiError(403, 'This room is private: send a request to join'),
  apiError(410, 'Removed by moderators: Spam'),
  apiError(0, 'Network Error'),
];

/** Its author's edit on the live stream (issue 33). */
const liveEdit = { body: 'Edited words', editedAt: '2026-11-28T10:00:00.000Z' };

const scenarios = failures.map((failed) => ({
  failed,
  paths: generatePaths(postDetailMachine, {
    events: (snapshot) =>
      (
        [
          { type: 'post.retry' },
          { type: 'live.reload' },
          { type: 'post.edited', ...liveEdit },
          done('fetchPost', post),
          failure('fetchPost', failed),
        ] as Event[]
      ).filter((event) => snapshot.can(event)),
    input,
  }),
}));

const loading: ExpectedStep = {
  value: 'loading',
  tags: ['busy'],
  calls: [{ actor: 'fetchPost', input: { id: postId, sort: 'best' } }],
  system: { watching: [] },
};

/**
 * Spec §2 /post/{postId}: the post with its comments, 'Post not found', the 403 screen, a removal, or a
 * retry. Issue 20: the live stream watches the post while it is shown; `live.reload` loads it again.
 */
const expectStep =
  (failed: { status: number; message: string }) =>
  (event: Event): ExpectedStep => {
    switch (event.type as string) {
      case 'xstate.init':
      case 'post.retry':
        return loading;
      case 'live.reload':
        // loaded afresh: nothing of the earlier answer stays if this one fails
        return { ...loading, shown: { post: null, error: null } };
      case 'post.edited':
        // the new body and "edited" at once
        return { value: 'ready', tags: [], shown: { post: { ...post, ...liveEdit }, error: null } };
      case 'xstate.done.actor.fetchPost':
        return {
          value: 'ready',
          tags: [],
          shown: { post, error: null },
          system: { watching: [`post:${postId}`] },
        };
      default:
        if (failed.status === 404 || failed.status === 400) return { value: 'notFound', tags: [] };
        if (failed.status === 403) return { value: 'forbidden', tags: [] };
        // removed by moderators: the server's message is the page
        if (failed.status === 410)
          return { value: 'removed', tags: [], shown: { post: null, error: failed.message } };
        return { value: 'failed', tags: [], shown: { post: null, error: failed.message } };
    }
  };

describe.each(scenarios)('the post page when loading fails with $failed.status', ({ failed, paths }) => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'loads the post or shows why not: %s',
    async (_, path) => {
      const live = watchRecorder();
      await executePath(postDetailMachine, path, {
        input,
        promiseActors: ['fetchPost'],
        provide: { actors: { watchLive: live.watchLive } },
        system: live.watched,
        shown: ({ post, error }) => ({ post, error }),
        expectStep: expectStep(failed),
      });
    },
  );
});

describe('post detail chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      postDetailMachine,
      scenarios.flatMap((scenario) => scenario.paths),
    );
  });
});
