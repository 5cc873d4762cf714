/**
 * Comments (spec §7 Posts; docs/api.md): one on its own, and writing them. The thread itself comes
 * with the post (`fetchPost`).
 */
import type { z } from 'zod';
import type { Comment, CommentPage, msgSchema, postResponses } from '../../domain/entities.ts';
import type { CreateCommentBody } from '../../domain/postValidation.ts';
import { request } from '../http.ts';

type CommentCreated = z.infer<typeof postResponses.comment>;

/** `posts/getacomment ?id`: one comment, and whether it is read under review (a moderator, a private room). */
export const fetchComment = (id: string): Promise<CommentPage> =>
  request((http) => http.get<CommentPage>('posts/getacomment', { params: { id } }));

/** `posts/createcomment`: a top-level comment (commentId null) or a reply to commentId. */
export const createComment = (body: CreateCommentBody): Promise<Comment> =>
  request((http) => http.post<CommentCreated>('posts/createcomment', body)).then((r) => r.newComment);

/** `posts/deleteComment`: the server's msg is shown as the toast. */
export const deleteComment = (id: string) =>
  request((http) => http.delete<z.infer<typeof msgSchema>>('posts/deleteComment', { data: { id } }));
