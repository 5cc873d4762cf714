/** The profile page's machines (profile load, stats card, picture changes, the profile's lists) on the app's system. */
import type { ActorRefFrom } from 'xstate';
import type { profilePageMachine } from '../../../machines/profilePage.machine.ts';
import { useMachines } from '../../../system/hooks.ts';
import { profileMachines } from '../../../system/profile.ts';

export type ProfilePageActorRef = ActorRefFrom<typeof profilePageMachine>;

export const useProfileMachines = () => useMachines(profileMachines);
