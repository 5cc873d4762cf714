/** Answers the fake API gives as the server would, shared by the area builders of the view tests. */
import type { Tally } from '../../../src/domain/entities.ts';
import { applyVote, type VoteCall } from '../../../src/machines/postVote.machine.ts';

/** A list call that hands out `pages` one by one, then empty pages. */
export const pager = <T>(pages: T[][] = []) => {
  const left = [...pages];
  return async () => left.shift() ?? [];
};

/** `posts/vote` keeping each post's tally between calls (every post starts at 0 / 0). */
export function tallyingVotes() {
  const tallies = new Map<string, Tally>();
  return async (call: VoteCall): Promise<Tally> => {
    const tally = applyVote(tallies.get(call.postId) ?? { upvotes: 0, downvotes: 0, myVote: 0 }, call.val);
    tallies.set(call.postId, tally);
    return tally;
  };
}
