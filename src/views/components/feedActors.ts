/** The feed's actors, one hook per flow, in the app's system (src/system/feed.ts). */

import { useSelector } from '@xstate/react';
import type { Poll, RoomRef, Tally } from '../../domain/entities.ts';
import type { DeletableKind } from '../../machines/deleteItem.machine.ts';
import { feedMachines } from '../../system/feed.ts';
import { useMachines, useScreenActor, useScreenActorOnDemand, useSessionActor } from '../../system/hooks.ts';
import type { PagedListActorRef } from './FeedList.tsx';
import { useFeedPage, useRoomJoined, useRoomPageOf } from './roomMembership.tsx';

export const useFeedMachines = () => useMachines(feedMachines);

/** Whether someone is signed in, as the vote charts start with (they follow the session after). */
function useSignedIn(): boolean {
  return useSelector(useSessionActor(), (snapshot) => snapshot.context.user !== null);
}

/**
 * True while the session is still being restored after a page load: who votes is not known yet, so
 * vote buttons wait instead of telling a signed-in person to sign in.
 */
export function useVoterUnknown(): boolean {
  return useSelector(useSessionActor(), (snapshot) => snapshot.hasTag('settling'));
}

/** The vote chart of a post (commentId null) or of a comment under it. */
export function usePostVoteActor(vote: {
  postId: string;
  commentId: string | null;
  tally: Tally;
  room: RoomRef | null;
}) {
  const { postVote } = useFeedMachines();
  const signedIn = useSignedIn();
  const roomMember = useRoomJoined(vote.room);
  const roomPage = useRoomPageOf(vote.room);
  const page = useFeedPage();
  return useScreenActor(postVote, {
    input: {
      postId: vote.postId,
      commentId: vote.commentId,
      tally: vote.tally,
      signedIn,
      roomMember,
      roomPage,
      page,
    },
  });
}

export function usePollVoteActor(poll: Poll) {
  const { pollVote } = useFeedMachines();
  const signedIn = useSignedIn();
  const roomMember = useRoomJoined(poll.room);
  const roomPage = useRoomPageOf(poll.room);
  return useScreenActor(pollVote, { input: { poll, signedIn, roomMember, roomPage } });
}

/**
 * The delete flow of one post or poll, started when Delete is first chosen: it takes the item out of
 * `list`, tells the page, and on the item's own page goes to `leaveTo` once it is gone.
 */
export function useDeleteItemActor(
  kind: DeletableKind,
  id: string,
  list: PagedListActorRef | null,
  leaveTo: string | null,
) {
  const { deleteItem } = useFeedMachines();
  const page = useFeedPage();
  return useScreenActorOnDemand(deleteItem, { input: { kind, id, owner: list, page, leaveTo } });
}
