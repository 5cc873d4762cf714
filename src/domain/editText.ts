/**
 * Editing what one wrote (issue 33 "Edit"): a post's body, a poll's question before its first vote, a
 * comment's text. The limits and messages are creation's own; like commentText.ts these are plain
 * functions, so the edit box needs no zod, and the server's schemas (postValidation.ts) are built from
 * the same bounds (tests/domain/editText.test.ts holds them to the same answers).
 */
import { commentTextIssue } from './commentText.ts';
import { LIMITS } from './constants.ts';
import { POLLS, POSTS } from './messages.ts';

/** What can be edited. */
export const EDIT_KINDS = ['post', 'poll', 'comment'] as const;
export type EditKind = (typeof EDIT_KINDS)[number];

/** The bounds of a post's body and a poll's question, once trimmed, with creation's messages. */
const BOUNDS = {
  post: { max: LIMITS.postBody, empty: POSTS.descriptionEmpty, long: POSTS.descriptionLong },
  poll: { max: LIMITS.pollQuestion, empty: POLLS.questionRequired, long: POLLS.questionLong },
} as const;

/** What is wrong with an edited text, in creation's words; undefined when it may be saved. */
export function editTextIssue(kind: EditKind, text: string): string | undefined {
  if (kind === 'comment') return commentTextIssue(text);
  const { max, empty, long } = BOUNDS[kind];
  const { length } = text.trim();
  if (length === 0) return empty;
  if (length > max) return long;
  return undefined;
}

/** How many times one item may be edited: every edit keeps a version. */
export const EDITS_MAX = 50;

export const EDITS = {
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Changes saved',
  /** Beside the time of an item changed after it was written. */
  edited: 'edited',
  /** The edit box's name, by what it edits. */
  label: { post: 'Edit post', poll: 'Edit question', comment: 'Edit comment' } satisfies Record<
    EditKind,
    string
  >,
  pollVoted: 'A poll can be edited only before its first vote',
  tooMany: `This has been edited ${EDITS_MAX} times, the most there can be`,
  /** The moderation queue: the text reporters saw, when it was edited since. */
  reportedVersion: 'Reported version (edited since):',
} as const;
