/** The settings page's machines (details form, coding handles, picture dialogs, account deletion) on the app's system. */
import { useMachines } from '../../../system/hooks.ts';
import { settingsMachines } from '../../../system/settings.ts';

export const useSettingsMachines = () => useMachines(settingsMachines);
