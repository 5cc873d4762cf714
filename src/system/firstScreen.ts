/**
 * The first screen comes from the server (DESIGN.md §3). The server renders the route on the same
 * actor system, runs the app's actors and the screen's data actors until their first data is in, and
 * embeds their persisted snapshots in the page (`<script id="quad-first-screen">`). In the browser the
 * same actors start from those snapshots, so the page hydrates without asking again for what it carries.
 *
 * A data actor is found again by its component's `useId()`, which React keeps equal between the
 * server's render and the browser's hydration of the same tree. The snapshots describe the first
 * location only: they are forgotten at the first navigation.
 */
import { createContext } from 'react';
import type { AnyActorRef, Snapshot } from 'xstate';
import type { Notice } from '../machines/effects.ts';

/** What the server embeds with the HTML. */
export interface FirstScreenData {
  /** The root actor's persisted snapshot: session, notifications, side-bar rooms, welcome. */
  app: Snapshot<unknown>;
  /** The screen's data actors' persisted snapshots, by their component's `useId()`. */
  screens: Record<string, Snapshot<unknown>>;
  /** Toasts the server's actors asked for ('Loggin Session Restored'), shown once the page runs. */
  notices: Notice[];
  /** When the server drew the page (ms since the epoch): "5 minutes ago" hydrates as it was drawn. */
  renderedAt: number;
  /** The lazily loaded parts the page shows (lazyNamed.ts): loaded before the browser hydrates it. */
  parts: string[];
}

/** The id of the script element that carries the first screen's data. */
export const FIRST_SCREEN_ELEMENT_ID = 'quad-first-screen';

/** The browser's side: the embedded snapshots until the first navigation. */
export interface FirstScreen {
  app(): Snapshot<unknown> | undefined;
  screen(key: string): Snapshot<unknown> | undefined;
  notices(): Notice[];
  renderedAt(): number | undefined;
  /** The app moved on: later actors load as usual. */
  forget(): void;
}

export function firstScreenOf(data: FirstScreenData | null): FirstScreen {
  let current = data;
  return {
    app: () => current?.app,
    screen: (key) => current?.screens[key],
    notices: () => current?.notices ?? [],
    renderedAt: () => current?.renderedAt,
    forget: () => {
      current = null;
    },
  };
}

/** The embedded first screen of `document`, or null for a page the server did not render. */
export function readFirstScreen(document: Document): FirstScreenData | null {
  const text = document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstScreenData;
  } catch {
    return null;
  }
}

/**
 * The server's side of one render, given to the views through `ServerRenderContext`: the running
 * root actor, the screen's data actors (created and started on first ask; `ready` until their first
 * data is in), and what the page's head and status take from the views.
 */
export interface ServerRender {
  app: AnyActorRef;
  renderedAt: number;
  dataActor(key: string, create: () => AnyActorRef): { actor: AnyActorRef; ready: Promise<void> | null };
  setTitle(title: string): void;
  redirect(to: string): void;
  /** A lazily loaded part was drawn (lazyNamed.ts). */
  drewPart(name: string): void;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

interface MovingHistory {
  push(...args: never[]): void;
  replace(...args: never[]): void;
}

/**
 * The router's history, forgetting the first screen's snapshots when the app first moves: every move
 * inside the app starts with a push or a replace (going back needs one first).
 */
export function leavingFirstScreen<H extends MovingHistory>(history: H, firstScreen: FirstScreen): H {
  const moving: H = Object.create(history);
  moving.push = (...args) => {
    firstScreen.forget();
    history.push(...args);
  };
  moving.replace = (...args) => {
    firstScreen.forget();
    history.replace(...args);
  };
  return moving;
}
