/**
 * What the create and comment flows' tests share: posts and comments as the server answers them, a
 * small image file, effect spies (toasts, redirects, logs) and a path runner that checks tags too.
 */
import { expect, vi } from 'vitest';
import type { AnyStateMachine, InputFrom } from 'xstate';
import type { Comment, Post } from '../../src/domain/entities.ts';
import type { Navigation, Notice } from '../../src/machines/effects.ts';
import { executePath, type MachinePath } from './machinePaths.ts';

export const postId = '0b8f3c1e-2d4a-4f6b-8c9d-1e2f3a4b5c6d';

export function testPost(overrides: Partial<Post> = {}): Post {
  return {
    id: postId,
    title: 'Where to eat near the campus?',
    topic: 'lucknow',
    body: 'Looking for cheap places open late.',
    img: null,
    createdAt: '2025-01-02T10:00:00.000Z',
    userId: 'u1',
    user: { username: 'quiet_otter', dp: null },
    subCommunity: null,
    commentCount: 0,
    upvotes: 0,
    downvotes: 0,
    myVote: 0,
    ...overrides,
  };
}

let commentSeq = 0;
export function testComment(overrides: Partial<Comment> = {}): Comment {
  commentSeq += 1;
  return {
    id: `c${commentSeq}`,
    body: `Comment ${commentSeq}`,
    postId,
    parentId: null,
    userId: 'u2',
    user: { username: 'brave_fox', dp: null },
    deleted: false,
    createdAt: '2025-01-02T11:00:00.000Z',
    upvotes: 0,
    downvotes: 0,
    myVote: 0,
    ...overrides,
  };
}

/** A tiny image as a file input hands it over. */
export const imageFile = (name = 'photo.png', size = 64) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

export const textFile = () => new File(['hello'], 'notes.txt', { type: 'text/plain' });

/** A failed call as the API client reports it. */
export const apiError = (status: number, message = `server says ${status}`) => ({ status, message });

export const effectSpies = () => ({
  notify: vi.fn((_: unknown, _notice: Notice) => {}),
  navigate: vi.fn((_: unknown, _navigation: Navigation) => {}),
  log: vi.fn((_: unknown, _entry: { message: string; error: unknown }) => {}),
});
export type EffectSpies = ReturnType<typeof effectSpies>;

export const noticesOf = (spies: EffectSpies) => spies.notify.mock.calls.map(([, notice]) => notice);
export const navigationsOf = (spies: EffectSpies) => spies.navigate.mock.calls.map(([, to]) => to);

/** Runs a generated path on the real machine with effect spies and controllable calls, checking tags at every step. */
export async function runPath<M extends AnyStateMachine>(
  machine: M,
  path: MachinePath<M>,
  options: {
    input?: InputFrom<M>;
    promiseActors: readonly string[];
    selectContext?: (context: never) => unknown;
  },
): Promise<EffectSpies> {
  const spies = effectSpies();
  await executePath(machine, path, {
    input: options.input,
    promiseActors: options.promiseActors,
    provide: { actions: spies } as never,
    selectContext: options.selectContext as never,
    onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
  });
  return spies;
}

/** Each path as a test row: its description and the path. */
export const rows = <P extends { steps: { event: { type: string } }[] }>(
  paths: P[],
  describe: (p: P) => string,
) => paths.map((path) => [describe(path), path] as const);
