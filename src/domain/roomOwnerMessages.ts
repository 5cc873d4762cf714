/**
 * The texts of a room owner's moderation (docs/moderation.md "Room owners"): Remove in the ⋯ menus,
 * the owner's member list, the members' room log; and a moderator's read-only review of a reported
 * item of a private room. The server's own answers ('Removed from the room', 'Member removed', the
 * refusals) are in messages.ts ROOMS.
 */
import type { RoomLogEntry } from './roomOwnerSchemas.ts';

export type RoomRemovalKind = 'post' | 'poll' | 'comment' | 'member';

export const ROOM_OWNER = {
  remove: 'Remove',
  members: 'Members',
  roomLog: 'Room log',
  owner: 'Owner',
  removeTitle: (kind: RoomRemovalKind, username?: string) =>
    kind === 'member' ? `Remove u/${username ?? ''} from the room?` : `Remove this ${kind} from the room?`,
  removeConfirm: (kind: RoomRemovalKind) =>
    kind === 'member'
      ? 'They lose the room at once and may ask to join again. The room log will say that a member was removed.'
      : `It leaves the room for everyone and its author is told. The room log will say that a ${kind} was removed.`,
  removeMember: (username: string) => `Remove u/${username}`,
  membersIntro: 'The joined members, the owner first. Only you see this list.',
  logIntro:
    "What the room's owner removed, newest first: what kind of thing and when, never what it said nor who.",
  logEntry: (kind: RoomLogEntry['kind']) =>
    kind === 'member' ? 'A member was removed' : `A ${kind} was removed`,
  membersEmpty: 'No members yet.',
  logEmpty: 'Nothing has been removed from this room.',
  loadFailed: 'Could not load the list.',
  retry: 'Try again',
  loadMore: 'Load more',
} as const;

/** A moderator reading a reported item of a private room they have not joined (docs/moderation.md "Private rooms"). */
export const PRIVATE_REVIEW = {
  note: 'You are reviewing a reported item of a private room',
  detail:
    'Members reported it, so it opens to moderators alone, read-only, and each reading is recorded. The rest of the room stays closed. Act on it from the moderation queue.',
  backToQueue: 'Back to the queue',
} as const;

/** Whether a room item is read under review: a private room's item shown to someone who has not joined. */
export const underReview = (room: { privateRoom: boolean; joined: boolean } | null): boolean =>
  room?.privateRoom === true && !room.joined;
