/** Input rules of posts, polls, comments and votes (spec §5, §7 Posts and Polls). */
import './zodSetup.ts';
import { z } from 'zod';
import { COMMENT_TEXT } from './commentText.ts';
import { LIMITS, TOPICS } from './constants.ts';
import { IMAGE_ALT_MAX } from './images.ts';
import { COMMENTS, POLLS, POSTS } from './messages.ts';
import { commentSortSchema, listSortQueryShape } from './sortingSchemas.ts';
import { userIdSchema } from './validation.ts';

const idSchema = z.uuid('* must be an id');
const optionalId = idSchema.nullish();

export const topicSchema = z.enum(TOPICS, POSTS.topicRequired);

/** The text fields of `posts/postWithImg` (multipart); the image part is checked by content on the server. */
export const createPostFieldsSchema = z.object({
  title: z.string().trim().min(1, POSTS.titleRequired).max(LIMITS.postTitle, POSTS.titleLong),
  topic: topicSchema,
  body: z.string().trim().min(1, POSTS.descriptionEmpty).max(LIMITS.postBody, POSTS.descriptionLong),
  /** What the image shows, for those who cannot see it; kept only with an image, '' for none. */
  imgAlt: z.string().trim().max(IMAGE_ALT_MAX, POSTS.imageAltLong).default(''),
  subCommunity: optionalId,
});

/** `poll/createpoll`: blank options are dropped by the client before sending. */
export const createPollBodySchema = z.object({
  title: z.string().trim().min(1, POLLS.questionRequired).max(LIMITS.pollQuestion, POLLS.questionLong),
  options: z
    .array(z.string().trim().min(1, POLLS.optionRequired).max(LIMITS.pollOption, POLLS.optionLong))
    .min(LIMITS.pollOptionsInitial, POLLS.tooFewOptions)
    .max(LIMITS.pollOptionsMax, POLLS.optionsLimit),
  topic: topicSchema,
  subCommunity: optionalId,
});

/** 1 up, -1 down, 0 removed (spec §4). */
export const voteValueSchema = z.union(
  [z.literal(1), z.literal(-1), z.literal(0)],
  '* val must be 1, -1 or 0',
);

export const voteBodySchema = z.object({ postId: idSchema, val: voteValueSchema, commentId: optionalId });
export const upvoteNumBodySchema = z.object({ postId: idSchema, commentId: optionalId });

export const createCommentBodySchema = z.object({
  postId: idSchema,
  /** The parent comment of a reply; null or absent for a top-level comment. */
  commentId: optionalId,
  content: z.string().trim().min(COMMENT_TEXT.min, COMMENTS.empty).max(COMMENT_TEXT.max, COMMENTS.long),
});

export const idBodySchema = z.object({ id: idSchema });

/** Editing (issue 33, src/domain/editText.ts): the text is checked as when it was created. */
export const editPostBodySchema = z.object({ id: idSchema, body: createPostFieldsSchema.shape.body });
export const editPollBodySchema = z.object({ id: idSchema, title: createPollBodySchema.shape.title });
export const editCommentBodySchema = z.object({ id: idSchema, body: createCommentBodySchema.shape.content });
export const idQuerySchema = z.object({ id: idSchema });
/** `posts/getapost`: the thread in the chosen order (src/domain/sorting.ts), the spec's without `sort`. */
export const postQuerySchema = idQuerySchema.extend({ sort: commentSortSchema.optional() });
export const votePollBodySchema = z.object({ pollOptionId: idSchema });

export const sendNotificationBodySchema = z.object({
  postId: idSchema,
  toUser: userIdSchema,
  fromUser: userIdSchema.optional(),
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().max(1000).default(''),
});

const count = (fallback: number) =>
  z.coerce.number().int('* must be a whole number').min(0, '* must not be negative').default(fallback);
const limit = (fallback: number) =>
  z.coerce.number().int('* must be a whole number').min(1).max(LIMITS.pageSizeMax).default(fallback);

/** Home feed: `posts/getPost` and `poll/getallpolls` with offset and limit (15). */
export const offsetQuerySchema = z.object({ offset: count(0), limit: limit(LIMITS.homePageSize) });
/** Pages counted from 0: `posts/popular`. */
export const pageQuerySchema = z.object({ page: count(0), limit: limit(LIMITS.pageSize) });
/** `posts/q/hottopic`. */
export const topicPageQuerySchema = pageQuerySchema.extend({ topic: topicSchema, ...listSortQueryShape });
/** `poll/q/hottopicspoll`. */
export const topicOffsetQuerySchema = z.object({
  offset: count(0),
  limit: limit(LIMITS.pageSize),
  topic: topicSchema,
});

export type CreatePostFields = z.infer<typeof createPostFieldsSchema>;
export type CreatePollBody = z.infer<typeof createPollBodySchema>;
export type VoteValue = z.infer<typeof voteValueSchema>;
export type VoteBody = z.infer<typeof voteBodySchema>;
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;
