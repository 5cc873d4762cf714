/** Input rules of rooms (spec §5 Room name, §7 Rooms), and the room-aware post and poll inputs. */
import { z } from 'zod';
import { POSTS, ROOMS } from './messages.ts';
import {
  createPollBodySchema,
  createPostFieldsSchema,
  offsetQuerySchema,
  topicSchema,
} from './postValidation.ts';

export const ROOM_NAME_MIN = 3;
export const ROOM_NAME_MAX = 25;
export const ROOM_DESC_MAX = 500;

/** 3 to 25 characters after trimming, no whitespace inside. */
export const roomNameSchema = z
  .string(ROOMS.nameShort)
  .trim()
  .min(ROOM_NAME_MIN, ROOMS.nameShort)
  .max(ROOM_NAME_MAX, ROOMS.nameLong)
  .regex(/^\S+$/, ROOMS.nameSpaces);

/** The state of the name field of the Create Room and rename forms (spec §4), before the server check. */
export function roomNameProblem(value: string): string | null {
  const result = roomNameSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? ROOMS.nameShort);
}

/** A room as named in paths and bodies: any string, looked up case-insensitively (unknown: 404). */
export const roomTitleRefSchema = z.string().trim().min(1, ROOMS.notFound).max(200, ROOMS.notFound);

export const createRoomFieldsSchema = z.object({
  title: roomNameSchema,
  desc: z
    .string()
    .trim()
    .max(ROOM_DESC_MAX, ROOMS.descLong)
    .optional()
    .transform((v) => v || null),
  privacy: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type CreateRoomFields = z.infer<typeof createRoomFieldsSchema>;

export const titleQuerySchema = z.object({ filter: z.string() });
export const titleParamsSchema = z.object({ title: roomTitleRefSchema });
export const titleBodySchema = z.object({ title: roomTitleRefSchema });
export const roomIdParamsSchema = z.object({ roomId: z.uuid(ROOMS.notFound) });
export const userIdParamsSchema = z.object({ userID: z.uuid('* userID must be a UUID') });
export const usernameParamsSchema = z.object({ username: z.string().trim().min(1).max(100) });
export const renameBodySchema = z.object({ title: roomTitleRefSchema, newTitle: roomNameSchema });
export const acceptBodySchema = z.object({ title: roomTitleRefSchema, fromUser: z.uuid('* must be an id') });

/** A topic, or none ('' from the form) for a room post. */
const optionalTopic = z
  .preprocess((v) => (v === '' ? null : v), topicSchema.nullish())
  .transform((v) => v ?? null);
const topicOrRoom = (v: { topic: string | null; subCommunity?: string | null | undefined }) =>
  Boolean(v.topic || v.subCommunity);

/** `posts/postWithImg`: a topic post, or a room post (subCommunity, topic ignored). */
export const roomPostFieldsSchema = createPostFieldsSchema
  .extend({ topic: optionalTopic })
  .refine(topicOrRoom, { message: POSTS.topicRequired, path: ['topic'] });
export type RoomPostFields = z.infer<typeof roomPostFieldsSchema>;

/** `poll/createpoll`: a topic poll, or a room poll (subCommunity). */
export const roomPollBodySchema = createPollBodySchema
  .extend({ topic: optionalTopic })
  .refine(topicOrRoom, { message: POSTS.topicRequired, path: ['topic'] });
export type RoomPollBody = z.infer<typeof roomPollBodySchema>;

/** `posts/getPost`: the home feed, or a room's posts with `title` (10 a page). */
export const postFeedQuerySchema = offsetQuerySchema.extend({ title: roomTitleRefSchema.optional() });
/** `poll/getallpolls`: the home feed, or a room's polls with `subCommunity` (the room id). */
export const pollFeedQuerySchema = offsetQuerySchema.extend({
  subCommunity: z.uuid(ROOMS.notFound).optional(),
});
