/** Which room page is on screen, for the right column's room info card (see layout/shownPage.ts). */
import { shownPage } from '../../layout/shownPage.ts';
import type { RoomPageActorRef } from './roomPageMachines.tsx';

const room = shownPage<RoomPageActorRef>();

/** Registers the room page's actor while the calling component is mounted. */
export const useShowRoom = room.useShow;
/** The room page on screen, if any. */
export const useShownRoom = room.useShown;
