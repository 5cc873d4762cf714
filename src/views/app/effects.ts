/** Real implementations of the machines' effect actions (see src/machines/effects.ts). */
import type { Navigation, Notice } from '../../machines/effects.ts';
import { withToast } from './toasts.ts';

export function showNotice({ kind, text, id }: Notice): void {
  withToast((toast) => {
    if (kind === 'blank') toast(text, { id });
    else toast[kind](text, { id });
  });
}

type Navigator = (to: string, options: { replace?: boolean; state?: unknown }) => unknown;
let navigator: Navigator | null = null;

/** The router registers its navigate function once it exists. */
export function setNavigator(navigate: Navigator): void {
  navigator = navigate;
}

export function goTo({ to, replace, state }: Navigation): void {
  if (navigator) navigator(to, { replace, state });
  else window.location.assign(to);
}

/** The effect actions as `machine.provide({ actions })` takes them: toasts, navigation, logging. */
export const effectActions = {
  notify: (_: unknown, notice: Notice) => showNotice(notice),
  navigate: (_: unknown, navigation: Navigation) => goTo(navigation),
  /** Failures the user is not told about (spec §8) are only logged. */
  log: (_: unknown, { message, error }: { message: string; error: unknown }) => console.warn(message, error),
};
