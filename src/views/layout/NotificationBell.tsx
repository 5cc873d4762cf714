/**
 * The top bar's bell (spec §2 Layout): the unread count badge, opening the notifications panel. The
 * panel's popover (Radix Popover, NotificationsPopover.tsx) loads at the first sign of intent on the
 * bell (onDemand.ts).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useSessionActor } from '../../system/hooks.ts';
import { BellIcon } from '../components/icons.tsx';
import { onDemand, useOnDemand } from '../components/onDemand.ts';
import { iconButton } from '../components/ui.ts';
import { theme } from '../theme.ts';

/** The unread notifications the session keeps. */
export function useUnreadCount(): number {
  const session = useSessionActor();
  return useSelector(
    session,
    (snapshot) => snapshot.context.notifications.filter((notification) => !notification.isRead).length,
  );
}

export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/** What the bell shows: the icon and the unread badge. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <BellIcon />
      {unread > 0 ? (
        <span
          data-testid="unread-badge"
          aria-hidden="true"
          css={css`
          position: absolute;
          top: 4px;
          left: 22px;
          min-width: 16px;
          height: 16px;
          padding: 0 4px;
          border-radius: ${theme.radius.pill};
          border: 2px solid ${theme.color.surface};
          background: ${theme.color.brandDark};
          color: #fff;
          font-size: 0.625rem;
          font-weight: 700;
          line-height: 16px;
          text-align: center;
          box-sizing: content-box;
        `}
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </>
  );
}

const notificationsPopover = onDemand(() =>
  import('./NotificationsPopover.tsx').then((module) => module.NotificationsPopover),
);

export function NotificationBell() {
  const unread = useUnreadCount();
  const { part: Popover, triggerProps, start } = useOnDemand(notificationsPopover);
  if (Popover) return <Popover {...start} />;
  return (
    <button
      type="button"
      css={iconButton}
      aria-label={bellLabel(unread)}
      aria-haspopup="dialog"
      aria-expanded={false}
      {...triggerProps}
    >
      <BellFace unread={unread} />
    </button>
  );
}
