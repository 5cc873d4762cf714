import { describe, it } from 'vitest';
import { createActor, createMachine, type EventFrom, type SnapshotFrom } from 'xstate';
import { COMMENTS, ROOMS } from '../../src/domain/messages.ts';
import {
  COMMENT_NOTICE_ID,
  type CommentSink,
  commentComposerMachine,
} from '../../src/machines/commentComposer.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, postId, testComment } from '../support/createFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof commentComposerMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
/** Stands for the thread the composer hands new comments to. */
const thread = createActor(createMachine({}), { id: 'thread' }) as unknown as CommentSink;

const newComment = testComment({ id: 'new', body: 'Nice one' });
const failures = [apiError(500), apiError(404, 'Post not found')];
const input = { postId, parentId: 'c-parent', thread, roomMember: true };
/** A reader of a room post who has not joined the room. */
const outsider = { ...input, roomMember: false };

const eventsOf = (failed: (typeof failures)[number]): Event[] => [
  { type: 'comment.open' },
  { type: 'field.change', value: '  Nice one ' },
  { type: 'field.change', value: '   ' },
  { type: 'comment.submit' },
  { type: 'comment.cancel' },
  { type: 'preview.show' },
  { type: 'preview.hide' },
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
  }),
}));

const editing = { expanded: 'editing' };
const failedNotice = notify('error', COMMENTS.failed, COMMENT_NOTICE_ID);

/** Spec §2 Comments, §5 (rooms), §8 Comment create. */
const expectStep =
  (roomMember: boolean) =>
  (event: Event, before: Snapshot): ExpectedStep => {
    const { text } = before.context;
    const e = event as unknown as { type: string; value: string; error?: { status: number } };
    switch (e.type) {
      case 'xstate.init':
        return { value: 'collapsed', tags: [], shown: { text: '', error: null } };
      case 'comment.open':
        return roomMember
          ? { value: editing, tags: [] }
          : { value: 'collapsed', effects: [notify('error', ROOMS.firstJoin)] };
      case 'field.change':
        return { value: editing, tags: [], shown: { text: e.value, error: null } };
      case 'comment.submit':
        return text.trim() === ''
          ? { value: { expanded: 'invalid' }, tags: ['invalid'], shown: { text, error: COMMENTS.empty } }
          : {
              value: 'submitting',
              tags: ['busy'],
              effects: [notify('loading', COMMENTS.adding, COMMENT_NOTICE_ID)],
              calls: [
                { actor: 'createComment', input: { postId, commentId: 'c-parent', content: text.trim() } },
              ],
            };
      case 'preview.show':
        // the text as it will read, in place of the box; the text and its error are kept
        return { value: { expanded: 'previewing' }, tags: [], shown: { text, error: before.context.error } };
      case 'preview.hide':
        return { value: editing, tags: [], shown: { text, error: before.context.error } };
      case 'comment.cancel':
        return { value: 'collapsed', tags: [], shown: { text: '', error: null } };
      case 'xstate.done.actor.createComment':
        return {
          value: 'collapsed',
          tags: [],
          shown: { text: '', error: null },
          effects: [notify('success', COMMENTS.added, COMMENT_NOTICE_ID)],
          sent: [{ to: 'thread', event: { type: 'comment.added', comment: newComment } }],
        };
      default:
        // the text stays for another try
        return {
          value: editing,
          tags: [],
          effects:
            e.error?.status === 500 ? [failedNotice, notify('error', COMMENTS.serverIssue)] : [failedNotice],
        };
    }
  };

describe.each(scenarios)(
  'the comment box for $who when adding fails with $failed.status',
  ({ paths, input }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'opens, previews, refuses an empty text, sends and hands the comment to the thread: %s',
      async (_, path) => {
        await executePath(commentComposerMachine, path, {
          input,
          promiseActors: ['createComment'],
          effects: ['notify'],
          shown: ({ text, error }) => ({ text, error }),
          expectStep: expectStep(input.roomMember),
        });
      },
    );
  },
);

describe('comment box chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      commentComposerMachine,
      scenarios.flatMap((scenario) => scenario.paths),
    );
  });
});
