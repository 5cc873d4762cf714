/**
 * The profile page's machines (profile load, stats card, picture changes, the profile's lists),
 * handed down by context so that tests render the real charts with fake services. Without a provider
 * the live ones are used.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { profilePageMachine } from '../../../machines/profilePage.machine.ts';
import { liveProfileMachines, type ProfileMachines } from '../../app/live/profile.ts';

export type ProfilePageActorRef = ActorRefFrom<typeof profilePageMachine>;

const ProfileMachinesContext = createContext<ProfileMachines>(liveProfileMachines);

export function ProfileMachinesProvider({
  machines,
  children,
}: {
  machines: ProfileMachines;
  children: ReactNode;
}) {
  return <ProfileMachinesContext.Provider value={machines}>{children}</ProfileMachinesContext.Provider>;
}

export const useProfileMachines = (): ProfileMachines => useContext(ProfileMachinesContext);
