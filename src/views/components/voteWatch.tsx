/**
 * Who hears the viewer's own vote on post cards change (spec §4 Post vote: the profile's upvote
 * count follows votes within it). A page wraps its lists in `VoteWatchProvider`; each post card
 * reports its vote's changes, and the page's chart decides what they mean.
 */
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import type { VoteValue } from '../../domain/postValidation.ts';

export interface VoteChange {
  from: VoteValue;
  to: VoteValue;
}

const VoteWatchContext = createContext<((change: VoteChange) => void) | null>(null);

export function VoteWatchProvider({
  onChange,
  children,
}: {
  onChange: (change: VoteChange) => void;
  children: ReactNode;
}) {
  return <VoteWatchContext.Provider value={onChange}>{children}</VoteWatchContext.Provider>;
}

/** Reports the card's vote when it changes (not the one it starts with). */
export function useVoteWatch(myVote: VoteValue): void {
  const onChange = useContext(VoteWatchContext);
  const before = useRef(myVote);
  useEffect(() => {
    const from = before.current;
    before.current = myVote;
    if (onChange && from !== myVote) onChange({ from, to: myVote });
  }, [myVote, onChange]);
}
