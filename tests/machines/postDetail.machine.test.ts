import { describe, expect, it } from 'vitest';
import type { EventFrom } from 'xstate';
import { postDetailMachine } from '../../src/machines/postDetail.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, postId, runPath, testPost } from '../support/createFakes.ts';
import { describePath, expectEveryStateReached, generatePaths } from '../support/machinePaths.ts';

type Event = EventFrom<typeof postDetailMachine>;
const { done, failure } = syntheticEvents<Event>();
const input = { postId };
const post = { ...testPost(), comments: [] };
const failures = [
  apiError(404, 'Post not found'),
  apiError(400, 'id: * must be an id'),
  apiError(403, 'This room is private: send a request to join'),
  apiError(0, 'Network Error'),
];

const scenarios = failures.map((failed) => ({
  failed,
  paths: generatePaths(postDetailMachine, {
    events: (snapshot) =>
      [{ type: 'post.retry' } as Event, done('fetchPost', post), failure('fetchPost', failed)].filter(
        (event) => snapshot.can(event),
      ),
    input,
    simplePaths: false,
  }),
}));
const paths = scenarios.flatMap((scenario) => scenario.paths);

describe.each(scenarios)('the post page when loading fails with $failed.status', ({ failed, paths }) => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      await runPath(postDetailMachine, path, { input, promiseActors: ['fetchPost'] });
      if (path.state.matches('failed')) expect(path.state.context.error).toBe(failed.message);
    },
  );
});

describe('post detail chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(postDetailMachine, paths);
  });

  it('treats a missing or malformed post as not found', () => {
    const notFound = scenarios.slice(0, 2).map((s) => s.paths.some((p) => p.state.matches('notFound')));
    expect(notFound).toEqual([true, true]);
  });

  it('refuses a private room’s post with the 403 screen, not a retry', () => {
    const [forbidden] = scenarios.filter((s) => s.failed.status === 403);
    const ends = forbidden?.paths.map((p) => p.state.value);
    expect(ends).toContain('forbidden');
    expect(ends).not.toContain('failed');
  });
});
