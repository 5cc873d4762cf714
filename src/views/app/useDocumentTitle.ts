/**
 * The browser tab's title (WCAG 2.4.2): "{name} · Quad" for a screen, "Quad" alone for the home feed.
 * Screens name the tab from their loaded data once it has come (a post's title, u/{name}).
 */
import { createContext, useContext, useEffect } from 'react';
import { ServerRenderContext } from '../../system/firstScreen.ts';

export const APP_TITLE = 'Quad';

export const pageTitle = (name: string) => `${name} · ${APP_TITLE}`;

/** True in the page drawn under a modal route (PageBehindModal.tsx): the modal names the tab. */
export const UnderModal = createContext(false);

/** Sets the tab's title; null leaves it to the screen drawn inside (a 404, a status screen). */
export function useDocumentTitle(title: string | null): void {
  const underModal = useContext(UnderModal);
  // On the server the title goes into the page's head (the outermost screen's, as in the browser,
  // where the outer component's effect runs last).
  const server = useContext(ServerRenderContext);
  if (server && title !== null && !underModal) server.setTitle(title);
  useEffect(() => {
    if (title !== null && !underModal) document.title = title;
  }, [title, underModal]);
}
