/**
 * The settings page's machines (details form, coding handles, picture dialogs, account deletion),
 * handed down by context so that tests render the real charts with fake services. Without a
 * provider the live ones are used.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { liveSettingsMachines, type SettingsMachines } from '../../app/live/settings.ts';

const SettingsMachinesContext = createContext<SettingsMachines>(liveSettingsMachines);

export function SettingsMachinesProvider({
  machines,
  children,
}: {
  machines: SettingsMachines;
  children: ReactNode;
}) {
  return <SettingsMachinesContext.Provider value={machines}>{children}</SettingsMachinesContext.Provider>;
}

export const useSettingsMachines = (): SettingsMachines => useContext(SettingsMachinesContext);
