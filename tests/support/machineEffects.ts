/** The effects the charts ask of the app, as `ExpectedStep.effects` entries (src/machines/effects.ts). */
import type { Navigation, NoticeKind } from '../../src/machines/effects.ts';
import type { Effect } from './machinePaths.ts';

/** A toast; `id` when it replaces an earlier one. */
export const notify = (kind: NoticeKind, text: string, id?: string): Effect => ({
  type: 'notify',
  params: id === undefined ? { kind, text } : { kind, text, id },
});

/** A toast taken away by its id. */
export const dismissNotice = (id: string): Effect => ({ type: 'dismissNotice', params: { id } });

export const navigate = (to: string, options: Omit<Navigation, 'to'> = {}): Effect => ({
  type: 'navigate',
  params: { to, ...options },
});

/** A failure that is only logged (spec §8). */
export const log = (message: string, error: unknown): Effect => ({ type: 'log', params: { message, error } });
