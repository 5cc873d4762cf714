/**
 * The effects a machine may ask of the app, as typed action params. Machines declare actions with
 * these params in `setup`; the real implementations (toasts, router) are provided in src/system.
 */
import { type EventObject, fromCallback } from 'xstate';

export type NoticeKind = 'success' | 'error' | 'loading' | 'blank';

export interface Notice {
  kind: NoticeKind;
  text: string;
  /** Same id replaces an earlier toast, e.g. a loading toast by its outcome. */
  id?: string;
  /** How long it stays, in ms, when not its kind's usual time (spec §9). */
  duration?: number;
  /** A button in the toast (e.g. 'Undo'); `run` tells the chart that asked for the toast. */
  action?: { label: string; run: () => void };
}

export interface Navigation {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** Placeholders used in `setup`; the app provides the real ones, tests provide spies. */
export const noEffect = () => {};

/** The body of an actor placeholder in `setup` (`owner`: the machine's id); the app provides the real actor. */
export const notProvided = (owner: string, actor: string): never => {
  throw new Error(`${owner} machine: actor ${actor} must be provided`);
};

/**
 * The placeholder in `setup` of an actor that follows another actor of the system, or tells it
 * something while it runs (the app provides the real one, src/system/follow.ts, src/system/live.ts):
 * alone, a chart hears from no one and tells no one.
 */
export const followsNobody = <TInput = unknown>() => fromCallback<EventObject, TInput>(() => undefined);
