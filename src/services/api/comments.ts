/** Writing comments (spec §7 Posts; docs/api.md). The thread itself comes with the post (`fetchPost`). */
import type { z } from 'zod';
import type { Comment, msgSchema, postResponses } from '../../domain/entities.ts';
import type { CreateCommentBody } from '../../domain/postValidation.ts';
import { request } from '../http.ts';

type CommentCreated = z.infer<typeof postResponses.comment>;

/** `posts/createcomment`: a top-level comment (commentId null) or a reply to commentId. */
export const createComment = (body: CreateCommentBody): Promise<Comment> =>
  request((http) => http.post<CommentCreated>('posts/createcomment', body)).then((r) => r.newComment);

/** `posts/deleteComment`: the server's msg is shown as the toast. */
export const deleteComment = (id: string) =>
  request((http) => http.delete<z.infer<typeof msgSchema>>('posts/deleteComment', { data: { id } }));
