/**
 * The profile page's machines (profile load, stats card, picture changes, the profile's lists),
 * handed down by context so that tests render the real charts with fake services. Without a provider
 * the live ones are used.
 */
import type { ActorRefFrom } from 'xstate';
import type { profilePageMachine } from '../../../machines/profilePage.machine.ts';
import { liveProfileMachines } from '../../app/live/profile.ts';
import { machinesContext } from '../../app/machinesContext.tsx';

export type ProfilePageActorRef = ActorRefFrom<typeof profilePageMachine>;

export const { Provider: ProfileMachinesProvider, useMachines: useProfileMachines } =
  machinesContext(liveProfileMachines);
