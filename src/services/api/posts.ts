/** Reading, voting and deleting posts (spec §7 Posts; docs/api.md). Creating lives in create.ts, comments in comments.ts. */
import type { z } from 'zod';
import type { Topic } from '../../domain/constants.ts';
import type { msgSchema, Post, postResponses, Tally } from '../../domain/entities.ts';
import type { VoteValue } from '../../domain/postValidation.ts';
import { type CommentSort, type ListSort, listSortParams } from '../../domain/sorting.ts';
import { request } from '../http.ts';

type Responses = { [K in keyof typeof postResponses]: z.infer<(typeof postResponses)[K]> };
export type PostWithComments = Responses['post']['post'];

/** `posts/getPost ?offset&limit`: the home feed, newest first. */
export const fetchHomePosts = ({ offset, limit }: { offset: number; limit: number }): Promise<Post[]> =>
  request((http) => http.get<Responses['posts']>('posts/getPost', { params: { offset, limit } })).then(
    (r) => r.posts,
  );

/** `posts/getapost ?id&sort`: one post with its comments (flat; oldest first without `sort`). */
export const fetchPost = (id: string, sort?: CommentSort): Promise<PostWithComments> =>
  request((http) => http.get<Responses['post']>('posts/getapost', { params: { id, sort } })).then(
    (r) => r.post,
  );

/** `posts/q/hottopic ?page&limit&topic&sort&t`: a topic's posts, pages counted from 0. */
export const fetchTopicPosts = ({
  topic,
  page,
  limit,
  sort = null,
}: {
  topic: Topic;
  page: number;
  limit: number;
  sort?: ListSort | null;
}) =>
  request((http) =>
    http.get<Responses['posts']>('posts/q/hottopic', {
      params: { page, limit, topic, ...listSortParams(sort) },
    }),
  ).then((r) => r.posts);

/** `posts/popular ?page&limit`: posts ranked by score. */
export const fetchPopularPosts = ({ page, limit }: { page: number; limit: number }): Promise<Post[]> =>
  request((http) => http.get<Responses['posts']>('posts/popular', { params: { page, limit } })).then(
    (r) => r.posts,
  );

/** `posts/delete {id}`: only the author may. */
export const deletePost = (id: string) =>
  request((http) => http.delete<z.infer<typeof msgSchema>>('posts/delete', { data: { id } }));

export interface VoteRequest {
  postId: string;
  /** null for a vote on the post itself. */
  commentId: string | null;
  val: VoteValue;
}

/** `posts/vote`: answers the tally after the vote. */
export const votePost = ({ postId, commentId, val }: VoteRequest): Promise<Tally> =>
  request((http) => http.post<Responses['vote']>('posts/vote', { postId, commentId, val })).then(
    ({ upvotes, downvotes, myVote }) => ({ upvotes, downvotes, myVote }),
  );
