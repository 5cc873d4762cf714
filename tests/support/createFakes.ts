/**
 * What the create and comment flows' tests share: posts and comments as the server answers them, a
 * small image file, effect spies (toasts, redirects, logs) and the create modal's path scenarios.
 */
import { vi } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, EventObject, InputFrom } from 'xstate';
import type { Comment, Post } from '../../src/domain/entities.ts';
import type { CreateRoomContext } from '../../src/domain/roomRoutes.ts';
import type { Navigation, Notice } from '../../src/machines/effects.ts';
import { makePost } from './feedFakes.ts';
import { generatePaths } from './machinePaths.ts';

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
    editedAt: null,
    upvotes: 0,
    downvotes: 0,
    myVote: 0,
    masked: false,
    maskedForOthers: false,
    crisisHelp: false,
    authorBlocked: false,
    removedRule: null,
    ...overrides,
  };
}

/** A tiny image as a file input hands it over. */
export const imageFile = (name = 'photo.png', size = 64) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

export const textFile = () => new File(['hello'], 'notes.txt', { type: 'text/plain' });

/** Files serialise to {} in the graph's event keys: these stand-ins keep a picked image and a text file apart. */
export const picked = (file: File) => ({ name: file.name, type: file.type, size: file.size }) as File;

/** A failed call as the API client reports it. */
export const apiError = (status: number, message = `server says ${status}`) => ({ status, message });

export const effectSpies = () => ({
  notify: vi.fn((_: unknown, _notice: Notice) => {}),
  navigate: vi.fn((_: unknown, _navigation: Navigation) => {}),
  log: vi.fn((_: unknown, _entry: { message: string; error: unknown }) => {}),
});
type EffectSpies = ReturnType<typeof effectSpies>;

export const noticesOf = (spies: EffectSpies) => spies.notify.mock.calls.map(([, notice]) => notice);
export const navigationsOf = (spies: EffectSpies) => spies.navigate.mock.calls.map(([, to]) => to);

const choosesTopic = (event: EventObject) =>
  event.type === 'field.change' && (event as { field?: string }).field === 'topic';

/**
 * The create modal's scenarios (spec §2): opened outside a room and in one, where the topic selector is
 * not shown so no topic is ever chosen, each with every way the call fails; with the paths of each.
 */
export function createModalScenarios<M extends AnyStateMachine, F>(
  machine: M,
  failures: readonly F[],
  eventsOf: (failed: F) => EventFromLogic<M>[],
  serializeState: (snapshot: AnyMachineSnapshot) => string,
) {
  const places: { where: string; input: { room: CreateRoomContext | null } }[] = [
    { where: 'outside a room', input: { room: null } },
    { where: 'in a room', input: { room: testRoom } },
  ];
  return places.flatMap(({ where, input }) =>
    failures.map((failed) => ({
      where,
      input,
      failed,
      paths: generatePaths(machine, {
        events: (snapshot) =>
          eventsOf(failed).filter((event) => !(input.room && choosesTopic(event)) && snapshot.can(event)),
        serializeState,
        input: input as InputFrom<M>,
      }),
    })),
  );
}
