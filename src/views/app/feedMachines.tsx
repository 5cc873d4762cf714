/**
 * The feed machines the views start (lists, votes, deletes, the poll page), handed down by context so
 * that tests render the real charts with fake services. Without a provider the live ones are used.
 */
import { liveFeedMachines } from './live/posts.ts';
import { machinesContext } from './machinesContext.tsx';

export const { Provider: FeedMachinesProvider, useMachines: useFeedMachines } =
  machinesContext(liveFeedMachines);
