/**
 * What the create and comment flows' tests share: posts and comments as the server answers them, a
 * small image file, effect spies (toasts, redirects, logs) and a path runner that checks tags too.
 */
import { expect, vi } from 'vitest';
import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import type { Comment, Post } from '../../src/domain/entities.ts';
import type { CreateRoomContext } from '../../src/domain/roomRoutes.ts';
import type { Navigation, Notice } from '../../src/machines/effects.ts';
import { makePost } from './feedFakes.ts';
import { executePath, generatePaths, type MachinePath } from './machinePaths.ts';

export const postId = '0b8f3c1e-2d4a-4f6b-8c9d-1e2f3a4b5c6d';

export const testPost = (overrides: Partial<Post> = {}): Post =>
  makePost(postId, {
    title: 'Where to eat near the campus?',
    topic: 'lucknow',
    body: 'Looking for cheap places open late.',
    createdAt: '2025-01-02T10:00:00.000Z',
    userId: 'u1',
    user: { username: 'quiet_otter', dp: null },
    ...overrides,
  });

/** The room a post or poll is created in, as the room page hands it to the create modal. */
export const testRoom: CreateRoomContext = {
  id: '5d2e7a10-3b4c-4d5e-8f60-718293a4b5c6',
  title: 'chess_club',
  CreatorId: 'u9',
};

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

/** The shortest paths of a create chart once for each way its call fails (the events depend on the failure). */
export function pathsPerFailure<M extends AnyStateMachine, F>(
  machine: M,
  failures: readonly F[],
  eventsOf: (failed: F) => EventFromLogic<M>[],
  serialize: (snapshot: SnapshotFrom<M>, event?: { type: string }) => string,
  input?: InputFrom<M>,
) {
  return failures.map((failed) => ({
    failed,
    paths: generatePaths(machine, {
      input,
      events: (snapshot) => eventsOf(failed).filter((event) => snapshot.can(event)),
      serializeState: serialize as never,
      simplePaths: false,
    }),
  }));
}

/**
 * What a path step does when a create form's call ends (spec §4): success is toasted and goes home (or
 * to `after`, e.g. back to the room); a failure toasts the server's message or the fallback. `id` is the
 * loading toast the outcome replaces.
 */
export function pushSendOutcome(
  effects: { notify: unknown[]; navigate: unknown[] },
  event: { type: string; error?: { message: string } },
  actor: string,
  texts: { done: string; failed: string },
  id?: string,
  after: Navigation = { to: '/' },
) {
  const replaces = id === undefined ? {} : { id };
  if (event.type === `xstate.done.actor.${actor}`) {
    effects.notify.push({ kind: 'success', text: texts.done, ...replaces });
    effects.navigate.push(after);
  }
  if (event.type === `xstate.error.actor.${actor}`) {
    effects.notify.push({ kind: 'error', text: event.error?.message || texts.failed, ...replaces });
  }
}
