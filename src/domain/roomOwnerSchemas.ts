/** Response shapes of the room owner's routes (docs/moderation.md "Room owners"). */
import './zodSetup.ts';
import { z } from 'zod';

export const roomOwnerResponses = {
  /** The room's own log of its owner's removals: the kind and when, never the item or the member. */
  log: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['post', 'poll', 'comment', 'member']),
        createdAt: z.string(),
      }),
    ),
  }),
  /** The joined members, for the owner only (to remove one). */
  members: z.object({
    members: z.array(z.object({ username: z.string(), dp: z.string().nullable(), owner: z.boolean() })),
  }),
};
export type RoomLogEntry = z.infer<typeof roomOwnerResponses.log>['items'][number];
export type RoomMember = z.infer<typeof roomOwnerResponses.members>['members'][number];
