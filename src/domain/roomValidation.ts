/** Input rules of rooms (spec §5 Room name, §7 Rooms), and the room-aware post and poll inputs. */
import './zodSetup.ts';
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { POSTS, ROOMS } from './messages.ts';
import {
  createPollBodySchema,
  createPostFieldsSchema,
  offsetQuerySchema,
  topicSchema,
} from './postValidation.ts';
import { listSortQueryShape } from './sortingSchemas.ts';
import { searchQuerySchema } from './userValidation.ts';

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

/**
 * A room as a client names it, in paths, bodies and queries alike: its id or its title (any case).
 * The server resolves it in one place (server/modules/rooms/access.ts `roomAccessByRef`): a UUID is
 * an id, anything else a title (a title is 3 to 25 characters, never a UUID). Unknown: 404.
 */
export const roomIdOrTitleSchema = z.string().trim().min(1, ROOMS.notFound).max(200, ROOMS.notFound);
/** The optional room of a post or poll (its id or title): blank ('' from a form) is none. */
const optionalRoom = z.string().trim().max(200, ROOMS.notFound).nullish();

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
export const titleParamsSchema = z.object({ title: roomIdOrTitleSchema });
export const titleBodySchema = z.object({ title: roomIdOrTitleSchema });
/** `search/getmembercandidates`: the room (its id or title) and the typed part of a username. */
export const memberCandidatesQuerySchema = searchQuerySchema.extend({ title: roomIdOrTitleSchema });
export const roomIdParamsSchema = z.object({ roomId: roomIdOrTitleSchema });
export const userIdParamsSchema = z.object({ userID: z.uuid('* userID must be a UUID') });
export const usernameParamsSchema = z.object({ username: z.string().trim().min(1).max(100) });
export const renameBodySchema = z.object({ title: roomIdOrTitleSchema, newTitle: roomNameSchema });
export const acceptBodySchema = z.object({ title: roomIdOrTitleSchema, fromUser: z.uuid('* must be an id') });

/** A topic, or none ('' from the form) for a room post. */
const optionalTopic = z
  .preprocess((v) => (v === '' ? null : v), topicSchema.nullish())
  .transform((v) => v ?? null);
const topicOrRoom = (v: { topic: string | null; subCommunity?: string | null | undefined }) =>
  Boolean(v.topic || v.subCommunity);

/** `posts/postWithImg`: a topic post, or a room post (subCommunity: the room's id or title; topic ignored). */
export const roomPostFieldsSchema = createPostFieldsSchema
  .extend({ topic: optionalTopic, subCommunity: optionalRoom })
  .refine(topicOrRoom, { message: POSTS.topicRequired, path: ['topic'] });
export type RoomPostFields = z.infer<typeof roomPostFieldsSchema>;

/** `poll/createpoll`: a topic poll, or a room poll (subCommunity: the room's id or title). */
export const roomPollBodySchema = createPollBodySchema
  .extend({ topic: optionalTopic, subCommunity: optionalRoom })
  .refine(topicOrRoom, { message: POSTS.topicRequired, path: ['topic'] });
export type RoomPollBody = z.infer<typeof roomPollBodySchema>;

/** `posts/getPost`: the home feed, or a room's posts with `title` (the room's title or id; 10 a page). */
export const postFeedQuerySchema = offsetQuerySchema
  .extend({ title: roomIdOrTitleSchema.optional(), ...listSortQueryShape })
  .refine((q) => q.title || !q.sort, { message: '* sort needs a room title', path: ['sort'] });
/** `poll/getallpolls`: the home feed, or a room's polls with `subCommunity` (the room's id or title). */
export const pollFeedQuerySchema = offsetQuerySchema.extend({ subCommunity: roomIdOrTitleSchema.optional() });

/** The room owner's moderation (docs/moderation.md "Room owners"). */
export const ROOM_ITEM_KINDS = ['post', 'poll', 'comment'] as const;
export type RoomItemKind = (typeof ROOM_ITEM_KINDS)[number];
export const removeItemBodySchema = z.object({
  kind: z.enum(ROOM_ITEM_KINDS, '* must be post, poll or comment'),
  id: z.uuid('* must be an id'),
});
export const removeMemberBodySchema = z.object({
  title: roomIdOrTitleSchema,
  username: z.string().trim().min(1, '* must name a member').max(100),
});
/** `rooms/log/{title}` and `rooms/members/{title}`: pages of 10 from an offset. */
export const roomListQuerySchema = offsetQuerySchema.extend({
  limit: offsetQuerySchema.shape.limit.removeDefault().default(LIMITS.pageSize),
});
export type RemoveItemBody = z.infer<typeof removeItemBodySchema>;
export type RemoveMemberBody = z.infer<typeof removeMemberBodySchema>;
/** What a room's owner removes: an item of the room by its kind and id, or a member by username. */
export type RoomRemoval = RemoveItemBody | ({ kind: 'member' } & RemoveMemberBody);
