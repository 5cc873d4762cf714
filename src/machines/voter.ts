/**
 * Who may vote (spec §5): the vote charts (posts, comments, polls) refuse signed-out viewers ('Sign In
 * First' / 'Login to vote') and, in a room, those who have not joined it ('First Join The Room' /
 * 'First Join Room'). Both facts live in the chart's context; the invoked `followViewer` and
 * `followRoomMembership` (on the room page, following the page's actor) keep them current.
 */
import type { AnyActorRef } from 'xstate';
import { followsNobody } from './effects.ts';
import { say } from './notices.ts';

export interface Voter {
  signedIn: boolean;
  /** True for topic items; in a room, whether the viewer joined it. */
  roomMember: boolean;
}

export type VoterEvent =
  /** The viewer signed in or out while the item is shown. */
  | { type: 'viewer.change'; signedIn: boolean }
  /** The viewer joined or left the item's room. */
  | { type: 'membership.change'; roomMember: boolean };

/** The followers to declare in `setup`; the app provides the real ones (src/system/feed.ts). */
export const voterFollowers = {
  followViewer: followsNobody(),
  followRoomMembership: followsNobody<{ source: AnyActorRef | null }>(),
};

/** The chart-wide invocations of the two followers (the room page's actor, if any, in `roomPage`). */
export const voterFollowing = [
  { id: 'followViewer', src: 'followViewer' as const },
  {
    id: 'followRoomMembership',
    src: 'followRoomMembership' as const,
    input: ({ context }: { context: { roomPage: AnyActorRef | null } }) => ({ source: context.roomPage }),
  },
];

/** The guards to declare in `setup` (with `setViewer` and `setMembership` assigning the two facts). */
export const voterGuards = {
  isSignedOut: ({ context }: { context: Voter }) => !context.signedIn,
  isOutsideRoom: ({ context }: { context: Voter }) => !context.roomMember,
};

/** The chart-wide handlers of the two changes. */
export const voterChanges = {
  'viewer.change': {
    actions: {
      type: 'setViewer' as const,
      params: ({ event }: { event: { signedIn: boolean } }) => ({ signedIn: event.signedIn }),
    },
  },
  'membership.change': {
    actions: {
      type: 'setMembership' as const,
      params: ({ event }: { event: { roomMember: boolean } }) => ({ roomMember: event.roomMember }),
    },
  },
};

/** The refusals that come before any vote: sign in first, then join the room first. */
export const refusals = (signInText: string, joinText: string) =>
  [
    { guard: 'isSignedOut' as const, actions: say('error', signInText) },
    { guard: 'isOutsideRoom' as const, actions: say('error', joinText) },
  ] as const;
