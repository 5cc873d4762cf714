/** The machines' effect actions (toasts, navigation, logging) on a platform, as `provide({ actions })` takes them. */
import type { Navigation, Notice } from '../machines/effects.ts';
import type { Platform } from './platform.ts';

export const effectsOf = (platform: Platform) => ({
  notify: (_: unknown, notice: Notice) => platform.notify(notice),
  dismissNotice: (_: unknown, { id }: { id: string }) => platform.dismissNotice(id),
  navigate: (_: unknown, navigation: Navigation) => platform.navigate(navigation),
  log: (_: unknown, { message, error }: { message: string; error: unknown }) => platform.log(message, error),
});

interface SystemLike {
  get(systemId: string): { send(event: never): void } | undefined;
}

/** Tells a long-lived actor (by its systemId) what happened; nothing when the app does not run it. */
export function tell<E extends { type: string }>(system: unknown, systemId: string, event: E): void {
  const actor = (system as SystemLike).get(systemId) as { send(event: E): void } | undefined;
  actor?.send(event);
}

/** The side navigation reloads its rooms (a room was created, joined, left, renamed or deleted). */
export const roomsChanged = ({ system }: { system: unknown }) =>
  tell(system, 'roomLists', { type: 'rooms.refresh' });
