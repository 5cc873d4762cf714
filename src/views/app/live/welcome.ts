/** The welcome overlay actor: shown on a first visit, the visit remembered in localStorage once dismissed. */
import { createActor } from 'xstate';
import { STORAGE_KEYS } from '../../../domain/constants.ts';
import { welcomeMachine } from '../../../machines/welcome.machine.ts';
import { inspect } from '../inspector.ts';

function readVisited(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.visited) !== null;
  } catch {
    return false;
  }
}

function rememberVisit(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.visited, 'true');
  } catch {
    // storage may be unavailable (private mode): the overlay simply shows again next time
  }
}

export const welcomeActor = createActor(welcomeMachine.provide({ actions: { rememberVisit } }), {
  input: { visited: readVisited() },
  systemId: 'welcome',
  inspect,
});
welcomeActor.start();
