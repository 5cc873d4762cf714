/**
 * The feed machines the views start (lists, votes, deletes, the poll page), handed down by context so
 * that tests render the real charts with fake services. Without a provider the live ones are used.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { type FeedMachines, liveFeedMachines } from './live/posts.ts';

const FeedMachinesContext = createContext<FeedMachines>(liveFeedMachines);

export function FeedMachinesProvider({
  machines,
  children,
}: {
  machines: FeedMachines;
  children: ReactNode;
}) {
  return <FeedMachinesContext.Provider value={machines}>{children}</FeedMachinesContext.Provider>;
}

export const useFeedMachines = (): FeedMachines => useContext(FeedMachinesContext);
