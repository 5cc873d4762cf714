/** Creating posts and polls (spec §7 Posts and Polls; docs/api.md). */
import type { z } from 'zod';
import type { pollResponses, postResponses } from '../../domain/entities.ts';
import type { RoomPollBody } from '../../domain/roomValidation.ts';
import { request } from '../http.ts';

export type PostCreated = z.infer<typeof postResponses.created>;
export type PollCreated = z.infer<typeof pollResponses.created>;

export interface NewPost {
  title: string;
  /** '' (left out) for a room post. */
  topic: string;
  body: string;
  image: File | null;
  /** The image's description (its alt text); sent only with an image. */
  imgAlt?: string;
  /** The room's id for a room post. */
  subCommunity?: string | null;
}

/**
 * `posts/postWithImg`: multipart with title, topic (or the room's subCommunity), body and the optional
 * postImg with its optional description imgAlt.
 */
export function createPost({ title, topic, body, image, imgAlt, subCommunity }: NewPost) {
  const form = new FormData();
  form.append('title', title);
  if (topic) form.append('topic', topic);
  form.append('body', body);
  if (subCommunity) form.append('subCommunity', subCommunity);
  if (image && imgAlt) form.append('imgAlt', imgAlt);
  if (image) form.append('postImg', image, image.name);
  // axios leaves a FormData as is for this type (not JSON), and the browser adds the boundary.
  return request((http) =>
    http.post<PostCreated>('posts/postWithImg', form, { headers: { 'Content-Type': 'multipart/form-data' } }),
  );
}

/** `poll/createpoll`: a topic poll, or a room poll with subCommunity (the room's id) and no topic. */
export const createPoll = (body: RoomPollBody) =>
  request((http) => http.post<PollCreated>('poll/createpoll', body));
