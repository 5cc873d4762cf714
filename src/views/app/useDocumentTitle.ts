/**
 * The browser tab's title (WCAG 2.4.2): "{name} · Quad" for a screen, "Quad" alone for the home feed.
 * Screens name the tab from their loaded data once it has come (a post's title, u/{name}).
 */
import { createContext, useContext, useEffect } from 'react';

export const APP_TITLE = 'Quad';

export const pageTitle = (name: string) => `${name} · ${APP_TITLE}`;

/** True in the page drawn under a modal route (PageBehindModal.tsx): the modal names the tab. */
export const UnderModal = createContext(false);

/** Sets the tab's title; null leaves it to the screen drawn inside (a 404, a status screen). */
export function useDocumentTitle(title: string | null): void {
  const underModal = useContext(UnderModal);
  useEffect(() => {
    if (title !== null && !underModal) document.title = title;
  }, [title, underModal]);
}
