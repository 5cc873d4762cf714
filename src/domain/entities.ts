/** Response shapes of spec §3, shared by the server's response schemas and the client's types. */
import './zodSetup.ts';
import { z } from 'zod';
import { APPEAL_STATES } from './appeals.ts';
import { maskFlagsSchema, safetyFlagsSchema } from './safetySchemas.ts';
import { commentSortSchema } from './sortingSchemas.ts';

export const userInfoSchema = z.object({
  userID: z.string(),
  username: z.string(),
  email: z.string(),
  dp: z.string().nullable(),
  bgImg: z.string().nullable(),
  leetcode: z.string().nullable(),
  codeforces: z.string().nullable(),
  about: z.string().nullable(),
  showLC: z.boolean(),
  showCf: z.boolean(),
  createdAt: z.string(),
  /** A moderator (MODERATORS or `npm run quad -- moderators add`): sees /mod. */
  moderator: z.boolean(),
  /** The comment order last chosen (src/domain/sorting.ts), null before any choice. */
  commentSort: commentSortSchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * What a notification is about; its target sits in the column of its kind (a room id never in
 * `postId`): postVote (postId), commentVote (commentId, postId), reply (the new comment's commentId,
 * postId), joinRequest and roomInvitation
 * (roomId), reportOutcome and removal (the removed item's column, none for an account), masked
 * and appealOutcome (the item's column), roomRemoval (the item its room's owner removed: not
 * appealable to moderators, who took no part).
 */
export const NOTIFICATION_KINDS = [
  'postVote',
  'commentVote',
  'reply',
  'joinRequest',
  'roomInvitation',
  'reportOutcome',
  'removal',
  'masked',
  'appealOutcome',
  'roomRemoval',
  /** The owner's answer to a join request, sent to the person who asked (issue 33). */
  'requestAccepted',
  'requestDeclined',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  postId: z.string().nullable(),
  pollId: z.string().nullable(),
  commentId: z.string().nullable(),
  roomId: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  fromUser: z.string().nullable(),
  toUser: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  user2: z.object({ username: z.string() }).nullable(),
  /**
   * A removal notice (`removal`): how the reader's appeal of that removal stands (docs/moderation.md
   * "Appeals"); null while it is not appealed, and for every other kind.
   */
  appeal: z.enum(APPEAL_STATES).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const msgSchema = z.object({ msg: z.string() });

export const authResponses = {
  generateUsername: z.object({ usernames: z.array(z.string()) }),
  otpSent: z.object({ msg: z.string(), userID: z.string(), email: z.string() }),
  verified: z.object({
    msg: z.string(),
    email: z.string(),
    userID: z.string(),
    purpose: z.enum(['signup', 'reset', 'verify']),
  }),
  signedIn: z.object({ msg: z.string(), email: z.string() }),
  passwordUpdated: z.object({ msg: z.string(), email: z.string() }),
  restored: z.object({ email: z.string() }),
  user: z.object({ user: userInfoSchema }),
  notifications: z.object({ data: z.array(notificationSchema) }),
};

/** Who wrote something, as everyone may see it: never an e-mail. */
export const authorSchema = z.object({ username: z.string(), dp: z.string().nullable() });

/** Vote tallies of a post or comment, and the viewer's own vote (0 for visitors). */
export const tallySchema = z.object({
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  myVote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});
export type Tally = z.infer<typeof tallySchema>;

/** The room label of a room post or poll (spec §3 Post `room`), and whether the viewer joined it. */
export const roomRefSchema = z.object({
  id: z.string(),
  title: z.string(),
  CreatorId: z.string(),
  privateRoom: z.boolean(),
  joined: z.boolean(),
});
export type RoomRef = z.infer<typeof roomRefSchema>;

export const postSchema = tallySchema.extend({
  id: z.string(),
  title: z.string(),
  topic: z.string().nullable(),
  body: z.string(),
  img: z.string().nullable(),
  /** The author's description of the image; null when none was given (views then describe it from the title). */
  imgAlt: z.string().nullable(),
  createdAt: z.string(),
  /** When its author last edited it; null if never (issue 33). */
  editedAt: z.string().nullable(),
  userId: z.string(),
  user: authorSchema,
  /** The id of the room the post belongs to; null for topic posts. */
  subCommunity: z.string().nullable(),
  room: roomRefSchema.nullable(),
  commentCount: z.number().int(),
  ...safetyFlagsSchema.shape,
});
export type Post = z.infer<typeof postSchema>;

export const commentSchema = tallySchema.extend({
  id: z.string(),
  body: z.string(),
  postId: z.string(),
  parentId: z.string().nullable(),
  userId: z.string().nullable(),
  /** null once deleted: the row stays as '[deleted]' while it has replies. */
  user: authorSchema.nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
  /** When its author last edited it; null if never (issue 33). */
  editedAt: z.string().nullable(),
  ...safetyFlagsSchema.shape,
  /** The viewer blocked its author: threads show a collapsed line (no body, no author) in its place. */
  authorBlocked: z.boolean(),
  /** Removed by moderators: the rule's text (no body, no author); null otherwise. */
  removedRule: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

export const pollOptionSchema = z.object({ id: z.string(), text: z.string(), votes: z.number().int() });
export const pollSchema = z.object({
  id: z.string(),
  title: z.string(),
  topic: z.string().nullable(),
  subCommunity: z.string().nullable(),
  room: roomRefSchema.nullable(),
  createdAt: z.string(),
  /** When its author last edited it; null if never (issue 33). */
  editedAt: z.string().nullable(),
  userId: z.string(),
  createdBy: authorSchema,
  options: z.array(pollOptionSchema),
  totalVotes: z.number().int(),
  /** The option the viewer voted for; null when they have not (or are signed out). */
  myOptionId: z.string().nullable(),
  ...safetyFlagsSchema.shape,
});
export type Poll = z.infer<typeof pollSchema>;
export type PollOption = z.infer<typeof pollOptionSchema>;

export const postResponses = {
  posts: z.object({ posts: z.array(postSchema) }),
  post: z.object({ post: postSchema.extend({ comments: z.array(commentSchema) }) }),
  created: z.object({ msg: z.string(), post: postSchema }),
  vote: tallySchema.extend({
    newUpvote: z.object({ postId: z.string(), commentId: z.string().nullable(), val: z.number().int() }),
  }),
  tally: tallySchema,
  comment: z.object({ msg: z.string(), newComment: commentSchema }),
  /**
   * One comment on its own (posts/getacomment). `review`: the reader is a moderator who has not joined
   * the private room and reads it because members reported it (docs/moderation.md "Private rooms").
   */
  oneComment: z.object({ comment: commentSchema, review: z.boolean() }),
};
export type CommentPage = z.infer<typeof postResponses.oneComment>;

/** The answers of editing (issue 33): the item as its author now reads it, with `editedAt`. */
export const editResponses = {
  post: z.object({ post: postSchema }),
  poll: z.object({ poll: pollSchema }),
  comment: z.object({ comment: commentSchema }),
};

export const pollResponses = {
  polls: z.object({ polls: z.array(pollSchema) }),
  poll: z.object({ poll: pollSchema }),
  created: z.object({ msg: z.string(), poll: pollSchema }),
  vote: z.object({ vote: z.object({ optionId: z.string(), pollId: z.string() }), poll: pollSchema }),
  access: z.object({ fetch: z.boolean() }),
};

/** A room as everyone may see it (spec §3 Room): counts, never the list of its members. */
export const roomSchema = z.object({
  id: z.string(),
  title: z.string(),
  desc: z.string().nullable(),
  img: z.string().nullable(),
  bgImg: z.string().nullable(),
  privateRoom: z.boolean(),
  CreatorId: z.string(),
  createdAt: z.string(),
  /** members: entries with joined true. */
  _count: z.object({ posts: z.number().int(), polls: z.number().int(), members: z.number().int() }),
});
export type Room = z.infer<typeof roomSchema>;

/** What a non-member sees of a private room: enough to offer Send Request. */
export const roomBasicsSchema = roomSchema.pick({
  id: true,
  title: true,
  img: true,
  bgImg: true,
  privateRoom: true,
  CreatorId: true,
});

export const roomResponses = {
  list: z.object({ rooms: z.array(z.object({ joined: z.boolean(), room: roomSchema })) }),
  publicList: z.object({ rooms: z.array(roomSchema) }),
  available: z.object({ msg: z.boolean(), text: z.string() }),
  created: z.object({ msg: z.string(), newRoom: roomSchema }),
  /**
   * The room page, with its mask after reports (docs/moderation.md). A pending entry of the viewer is
   * `requested` (their request waits for the owner) or `invited` (the owner's invitation waits for them).
   */
  show: z.object({
    room: roomSchema,
    joined: z.boolean(),
    requested: z.boolean(),
    invited: z.boolean(),
    ...maskFlagsSchema.shape,
  }),
  forbidden: z.object({
    msg: z.string(),
    room: roomBasicsSchema,
    joined: z.literal(false),
    requested: z.boolean(),
    invited: z.boolean(),
    ...maskFlagsSchema.shape,
  }),
  room: z.object({ msg: z.string(), room: roomSchema }),
  updated: z.object({ msg: z.string(), updatedRoom: roomSchema }),
};
