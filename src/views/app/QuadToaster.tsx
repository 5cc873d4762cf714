/** The toast area (spec §2 Layout, §9 Toasts): bottom centre, the spec's durations and layout. */
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATIONS, TOAST_LAYOUT } from '../../domain/constants.ts';
import { theme } from '../theme.ts';

// The number of toasts kept (TOAST_LAYOUT.maxKept, 20) is react-hot-toast's own fixed limit.
export function QuadToaster() {
  return (
    <Toaster
      position="bottom-center"
      gutter={TOAST_LAYOUT.gutterPx}
      containerStyle={{
        inset: TOAST_LAYOUT.offsetPx,
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
  );
}
