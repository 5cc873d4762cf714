/** Editing (issue 33; docs/api.md "Editing"): each call answers the item as its author now reads it. */
import type { z } from 'zod';
import type { Comment, editResponses, Poll, Post } from '../../domain/entities.ts';
import { request } from '../http.ts';

/** `posts/edit {id, body}`: a post's new body. */
export const editPost = (id: string, body: string): Promise<Post> =>
  request((http) => http.post<z.infer<typeof editResponses.post>>('posts/edit', { id, body })).then(
    (r) => r.post,
  );

/** `poll/edit {id, title}`: a poll's new question, before its first vote (409 after). */
export const editPoll = (id: string, title: string): Promise<Poll> =>
  request((http) => http.post<z.infer<typeof editResponses.poll>>('poll/edit', { id, title })).then(
    (r) => r.poll,
  );

/** `posts/editComment {id, body}`: a comment's new text. */
export const editComment = (id: string, body: string): Promise<Comment> =>
  request((http) => http.post<z.infer<typeof editResponses.comment>>('posts/editComment', { id, body })).then(
    (r) => r.comment,
  );
