/**
 * A context that hands a page's machines down to its views, so that tests render the real charts with
 * fake services: the provider gives the machines, and without one the live ones are used.
 */
import { createContext, type ReactNode, useContext } from 'react';

export function machinesContext<Machines>(live: Machines) {
  const Context = createContext<Machines>(live);

  function Provider({ machines, children }: { machines: Machines; children: ReactNode }) {
    return <Context.Provider value={machines}>{children}</Context.Provider>;
  }

  return { Provider, useMachines: (): Machines => useContext(Context) };
}
