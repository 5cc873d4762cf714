/**
 * The settings page's machines (details form, coding handles, picture dialogs, account deletion),
 * handed down by context so that tests render the real charts with fake services. Without a
 * provider the live ones are used.
 */
import { liveSettingsMachines } from '../../app/live/settings.ts';
import { machinesContext } from '../../app/machinesContext.tsx';

export const { Provider: SettingsMachinesProvider, useMachines: useSettingsMachines } =
  machinesContext(liveSettingsMachines);
