/** The top bar's one search actor (systemId 'search'), joined to the API, toasts and router. */
import { createActor, fromPromise } from 'xstate';
import { type SearchResults, searchMachine } from '../../../machines/search.machine.ts';
import { search } from '../../../services/api/search.ts';
import { goTo, showNotice } from '../effects.ts';
import { inspect } from '../inspector.ts';

const liveSearchMachine = searchMachine.provide({
  actors: {
    search: fromPromise<SearchResults, { key: string }>(({ input }) => search(input.key)),
  },
  actions: {
    notify: (_, notice) => showNotice(notice),
    navigate: (_, navigation) => goTo(navigation),
    log: (_, { message, error }) => console.warn(message, error),
  },
});

export const searchActor = createActor(liveSearchMachine, { systemId: 'search', inspect });
searchActor.start();
