/**
 * The toast area (spec §2 Layout, §9 Toasts): bottom centre, the spec's durations and layout. It sits
 * beside the app's root, not in it: a modal dialog hides the root from assistive technology, and a
 * toast must still be heard while one is open (the dialog library keeps `aria-live` elements).
 */
import { createPortal } from 'react-dom';
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATIONS, TOAST_LAYOUT } from '../../domain/constants.ts';
import { theme } from '../theme.ts';

// The number of toasts kept (TOAST_LAYOUT.maxKept, 20) is react-hot-toast's own fixed limit.
export function QuadToaster() {
  return createPortal(
    // 'off' announces nothing itself (each toast is its own polite status); it only marks the area live.
    <div aria-live="off">
      <Toaster
        position="bottom-center"
        gutter={TOAST_LAYOUT.gutterPx}
        containerStyle={{
          // Sides one by one: react-hot-toast sets each, and a shorthand after them would undo 'bottom'.
          top: TOAST_LAYOUT.offsetPx,
          left: TOAST_LAYOUT.offsetPx,
          right: TOAST_LAYOUT.offsetPx,
          // Clear of a phone's home indicator and the browser's bottom bar.
          bottom: `max(${TOAST_LAYOUT.bottomPx}px, calc(env(safe-area-inset-bottom, 0px) + ${TOAST_LAYOUT.offsetPx}px))`,
        }}
        toastOptions={{
          duration: TOAST_DURATIONS.blank,
          removeDelay: TOAST_LAYOUT.removeDelayMs,
          style: {
            maxWidth: TOAST_LAYOUT.maxWidthPx,
            borderRadius: theme.radius.md,
            color: theme.color.text,
            fontFamily: theme.font.body,
            fontSize: '0.9375rem',
            boxShadow: theme.shadow.popup,
          },
          blank: { duration: TOAST_DURATIONS.blank },
          error: {
            duration: TOAST_DURATIONS.error,
            iconTheme: { primary: theme.color.danger, secondary: '#fff' },
          },
          success: {
            duration: TOAST_DURATIONS.success,
            iconTheme: { primary: theme.color.success, secondary: '#fff' },
          },
          loading: { duration: TOAST_DURATIONS.loading },
          custom: { duration: TOAST_DURATIONS.custom },
        }}
      />
    </div>,
    document.body,
  );
}
