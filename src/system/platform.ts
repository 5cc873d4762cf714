/**
 * What the machines may ask of the browser, as one object handed to `createQuadSystem`: the app passes
 * the real browser (browserPlatform.ts), tests pass a fake. Machines never see it; their provided
 * actions and actors (built in this folder) do.
 */
import type { ActorOptions, AnyActorLogic } from 'xstate';
import type { PublicConfig } from '../domain/publicConfig.ts';
import type { Navigation, Notice } from '../machines/effects.ts';
import type { EventStreamHandlers } from '../services/eventStream.ts';
import type { ShareRequest } from '../services/share.ts';

export type { EventStreamHandlers, ShareRequest };

export interface Platform {
  /** Moves to another screen (the router's navigate). */
  navigate(navigation: Navigation): void;
  /** Shows a toast; the same id replaces an earlier one. */
  notify(notice: Notice): void;
  dismissNotice(id: string): void;
  /** Failures the user is not told about (spec §8) are only logged. */
  log(message: string, error: unknown): void;
  /** The device's share sheet, else the link copied to the clipboard and a toast saying so. */
  share(request: ShareRequest): Promise<void>;
  /** An image made ready for upload (checked, compressed when large). */
  prepareImage(file: File): Promise<File>;
  /** Whether this browser has been here before (the welcome overlay), and remembering that it has. */
  visits: { seenBefore(): boolean; remember(): void };
  /**
   * Opens a server-sent event stream at `url` (same origin) and hears the events named `names`;
   * returns what closes it. After an error the stream stays closed: the caller opens another.
   */
  openEventStream(url: string, names: readonly string[], handlers: EventStreamHandlers): () => void;
  /** The server's public configuration (college domain, creators). */
  config: PublicConfig;
  /** The actor system's clock for delays; the real timers when absent. */
  clock?: ActorOptions<AnyActorLogic>['clock'];
}
