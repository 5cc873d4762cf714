import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromCallback, fromPromise } from 'xstate';
import { COMMENTS, ROOMS } from '../../src/domain/messages.ts';
import {
  COMMENT_NOTICE_ID,
  type CommentSink,
  commentComposerMachine,
} from '../../src/machines/commentComposer.machine.ts';
import type { CommentThreadEvent } from '../../src/machines/commentThread.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, effectSpies, noticesOf, postId, runPath, testComment } from '../support/createFakes.ts';
import {
  describePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof commentComposerMachine;
type Event = EventFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const received = vi.fn((_event: CommentThreadEvent) => {});
/** Stands for the thread: records what the composer hands it. */
const thread = createActor(
  fromCallback<CommentThreadEvent>(({ receive }) => {
    receive((event) => received(event));
  }),
).start() as unknown as CommentSink;

const newComment = testComment({ id: 'new', body: 'Nice one' });
const failures = [apiError(500), apiError(404, 'Post not found')];
const input = { postId, parentId: 'c-parent', thread, roomMember: true };
/** A reader of a room post who has not joined the room. */
const outsider = { ...input, roomMember: false };

const eventsOf = (failed: (typeof failures)[number]): Event[] => [
  { type: 'comment.open' },
  { type: 'field.change', value: 'Nice one' },
  { type: 'field.change', value: '   ' },
  { type: 'comment.submit' },
  { type: 'comment.cancel' },
  done('createComment', newComment),
  failure('createComment', failed),
];

const scenarios = [
  ...failures.map((failed) => ({ who: 'a reader', failed, input })),
  { who: 'a reader outside the post’s room', failed: apiError(500), input: outsider },
].map(({ who, failed, input }) => ({
  who,
  failed,
  input,
  paths: generatePaths(commentComposerMachine, {
    events: (snapshot) => eventsOf(failed).filter((event) => snapshot.can(event)),
    input,
    simplePaths: false,
    serializeState: ((
      snapshot: { value: unknown; context: { text: string; error: unknown } },
      event?: { type: string },
    ) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.text,
        snapshot.context.error,
        event?.type.startsWith('xstate.') ? event.type : null,
      ])) as never,
  }),
}));
const paths = scenarios.flatMap((scenario) => scenario.paths);

/** Spec §8 Comment create and §5 (rooms), read along a path. */
function expectedEffects(path: MachinePath<Machine>, roomMember: boolean) {
  const notify: unknown[] = [];
  const handed: unknown[] = [];
  path.steps.forEach((step, index) => {
    const event = step.event as { type: string; error?: { status: number } };
    const before = path.steps[index - 1]?.state;
    if (event.type === 'comment.open' && !roomMember) {
      notify.push({ kind: 'error', text: ROOMS.firstJoin });
      expect(step.state.value).toBe('collapsed');
    }
    if (step.state.matches('submitting') && !before?.matches('submitting')) {
      notify.push({ kind: 'loading', text: COMMENTS.adding, id: COMMENT_NOTICE_ID });
    }
    if (event.type === 'xstate.done.actor.createComment') {
      notify.push({ kind: 'success', text: COMMENTS.added, id: COMMENT_NOTICE_ID });
      handed.push({ type: 'comment.added', comment: newComment });
    }
    if (event.type === 'xstate.error.actor.createComment') {
      notify.push({ kind: 'error', text: COMMENTS.failed, id: COMMENT_NOTICE_ID });
      if (event.error?.status === 500) notify.push({ kind: 'error', text: COMMENTS.serverIssue });
    }
  });
  return { notify, handed };
}

const withoutThread = ({ thread: _thread, ...rest }: { thread: unknown }) => rest;

describe.each(scenarios)(
  'the comment box for $who when adding fails with $failed.status',
  ({ paths, input }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'follows the chart with the spec’s toasts: %s',
      async (_, path) => {
        received.mockClear();
        const spies = await runPath(commentComposerMachine, path, {
          input,
          promiseActors: ['createComment'],
          selectContext: withoutThread as never,
        });
        const want = expectedEffects(path, input.roomMember);
        expect(noticesOf(spies)).toEqual(want.notify);
        expect(received.mock.calls.map(([event]) => event)).toEqual(want.handed);
      },
    );
  },
);

describe('comment box chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(commentComposerMachine, paths);
  });

  it('stays closed for a reader outside the room and tells them to join first', () => {
    const spies = effectSpies();
    const actor = createActor(commentComposerMachine.provide({ actions: spies }), {
      input: outsider,
    }).start();
    actor.send({ type: 'comment.open' });
    expect(actor.getSnapshot().value).toBe('collapsed');
    expect(noticesOf(spies)).toEqual([{ kind: 'error', text: ROOMS.firstJoin }]);
  });

  it('refuses an empty comment until the text is edited', () => {
    const actor = createActor(commentComposerMachine, { input }).start();
    actor.send({ type: 'comment.open' });
    actor.send({ type: 'comment.submit' });
    expect(actor.getSnapshot().context.error).toBe(COMMENTS.empty);
    expect(actor.getSnapshot().can({ type: 'comment.submit' })).toBe(false);
    actor.send({ type: 'field.change', value: 'x' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('sends the reply with its parent and trimmed text, then collapses empty', async () => {
    const sent: unknown[] = [];
    const spies = effectSpies();
    const actor = createActor(
      commentComposerMachine.provide({
        actors: {
          createComment: fromPromise(async ({ input: body }) => {
            sent.push(body);
            return newComment;
          }),
        },
        actions: spies,
      }),
      { input },
    ).start();
    actor.send({ type: 'comment.open' });
    actor.send({ type: 'field.change', value: '  Nice one ' });
    actor.send({ type: 'comment.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([{ postId, commentId: 'c-parent', content: 'Nice one' }]);
    expect(actor.getSnapshot().value).toBe('collapsed');
    expect(actor.getSnapshot().context.text).toBe('');
  });
});
