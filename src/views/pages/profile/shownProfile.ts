/** Which profile page is on screen, for the right column's info card (see layout/shownPage.ts). */
import { shownPage } from '../../layout/shownPage.ts';
import type { ProfilePageActorRef } from './profileMachines.tsx';

const profile = shownPage<ProfilePageActorRef>();

/** Registers the profile page's actor while the calling component is mounted. */
export const useShowProfile = profile.useShow;
/** The profile page on screen, if any. */
export const useShownProfile = profile.useShown;
