/**
 * The page a modal route is drawn over. The create modal is an address of its own (/create/post,
 * /create/poll), so without this the page under it would be empty: it shows the page closing it
 * returns to (spec §2 Create modal), the room it was opened from or the home feed, inert, so that
 * neither focus nor assistive technology reaches it while the modal is open; the tab keeps the
 * modal's title.
 */
import { matchPath, type RouteObject, UNSAFE_RouteContext, useRoutes } from 'react-router-dom';
import { UnderModal } from '../app/useDocumentTitle.ts';
import { readCreateRoom, roomPath } from '../pages/create/roomContext.ts';

/** Where the create modal closes to, drawn under it; null on any other address. */
export function pageBehindModal(location: { pathname: string; state: unknown }): string | null {
  if (!matchPath('/create/*', location.pathname)) return null;
  const room = readCreateRoom(location.state);
  return room ? roomPath(room) : '/';
}

function Screen({ screens, path }: { screens: RouteObject[]; path: string }) {
  return useRoutes(screens, path);
}

// The screens are matched afresh from the top, as the router matches the address: outside the
// shell's route match, which would take them for descendant routes of '/' (and warn about it).
const fromTheTop = { outlet: null, matches: [], isDataRoute: false };

export function PageBehindModal({ screens, path }: { screens: RouteObject[]; path: string }) {
  return (
    <div inert>
      <UNSAFE_RouteContext.Provider value={fromTheTop}>
        <UnderModal.Provider value={true}>
          <Screen screens={screens} path={path} />
        </UnderModal.Provider>
      </UNSAFE_RouteContext.Provider>
    </div>
  );
}
