/** Response shapes of profiles, search and settings (spec §3), shared by the server and the client. */
import './zodSetup.ts';
import { z } from 'zod';
import { authorSchema, commentSchema, pollSchema, postSchema, userInfoSchema } from './entities.ts';
import { maskFlagsSchema } from './safetySchemas.ts';

/** A user as everyone may see them (spec §3 Profile info): never the e-mail. */
export const profileSchema = z.object({
  userID: z.string(),
  username: z.string(),
  bio: z.string().nullable(),
  dp: z.string().nullable(),
  bgImg: z.string().nullable(),
  createdAt: z.string(),
  /** The LeetCode handle, only while showLC is on. */
  leetcode: z.string().nullable(),
  /** The Codeforces rank, only while showCf is on. */
  codeforces: z.string().nullable(),
  /** On only when the owner turned it on and linked a handle. */
  showLC: z.boolean(),
  showCf: z.boolean(),
  /** What the viewer may see: content of private rooms the viewer has not joined is not counted. */
  _count: z.object({
    posts: z.number().int(),
    comments: z.number().int(),
    upvotes: z.number().int(),
    polls: z.number().int(),
  }),
  /** The account's mask after reports (docs/moderation.md). */
  ...maskFlagsSchema.shape,
});
export type Profile = z.infer<typeof profileSchema>;

/** Search results (spec §3): the client shows its default images for null. */
export const searchResultSchema = z.object({
  users: z.array(authorSchema),
  rooms: z.array(z.object({ title: z.string(), CreatorId: z.string(), img: z.string().nullable() })),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** A comment on a profile, with the post it answers (to link to it). */
export const profileCommentSchema = commentSchema.extend({
  post: z.object({ id: z.string(), title: z.string(), subCommunity: z.string().nullable() }),
});
export type ProfileComment = z.infer<typeof profileCommentSchema>;

/** The overview tab: the user's posts and comments, newest first. */
export const overviewItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('post'), post: postSchema }),
  z.object({ kind: z.literal('comment'), comment: profileCommentSchema }),
]);
export type OverviewItem = z.infer<typeof overviewItemSchema>;

/** A post the user upvoted, with when. */
export const upvoteItemSchema = z.object({ postId: z.string(), createdAt: z.string(), post: postSchema });
export type UpvoteItem = z.infer<typeof upvoteItemSchema>;

/** A post or poll found by `search/getposts`, told apart by `kind`. */
export const foundPostSchema = z.discriminatedUnion('kind', [
  postSchema.extend({ kind: z.literal('post') }),
  pollSchema.extend({ kind: z.literal('poll') }),
]);
export type FoundPost = z.infer<typeof foundPostSchema>;

/** Problem-solving stats (spec §3), read from LeetCode. */
export const lcStatsSchema = z.object({
  acceptanceRate: z.number(),
  contributionPoints: z.number(),
  easySolved: z.number().int(),
  mediumSolved: z.number().int(),
  hardSolved: z.number().int(),
  ranking: z.number().int(),
  totalEasy: z.number().int(),
  totalMedium: z.number().int(),
  totalHard: z.number().int(),
  totalQuestions: z.number().int(),
  totalSolved: z.number().int(),
});
export type LcStats = z.infer<typeof lcStatsSchema>;

export const profileResponses = {
  search: searchResultSchema,
  /** Add member's suggestions: people not in the room yet. */
  memberCandidates: searchResultSchema.pick({ users: true }),
  profile: z.object({ user: profileSchema }),
  posts: z.object({ posts: z.array(postSchema) }),
  comments: z.object({ comments: z.array(profileCommentSchema) }),
  upvotes: z.object({ upvotes: z.array(upvoteItemSchema) }),
  polls: z.object({ polls: z.array(pollSchema) }),
  overview: z.object({ items: z.array(overviewItemSchema) }),
  /** `search/getposts`: posts and polls, best match first. */
  foundPosts: z.object({ posts: z.array(foundPostSchema) }),
  /** `search/getcomments`: comments with the post they answer, best match first. */
  foundComments: z.object({ comments: z.array(profileCommentSchema) }),
};

export const settingsResponses = {
  user: z.object({ msg: z.string(), user: userInfoSchema }),
  leetcode: z.object({ msg: z.string(), leetcode: z.string(), user: userInfoSchema }),
  codeforces: z.object({ msg: z.string(), codeforces: z.string(), user: userInfoSchema }),
  lcStats: lcStatsSchema,
};
