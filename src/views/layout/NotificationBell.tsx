/** The top bar's bell (spec §2 Layout): the unread count badge, opening the notifications panel. */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useSessionActor } from '../../system/hooks.ts';
import { BellIcon } from '../components/icons.tsx';
import { iconButton, popup } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { usePopup } from './usePopup.ts';

export function NotificationBell() {
  const session = useSessionActor();
  const notifications = useSelector(session, (snapshot) => snapshot.context.notifications);
  const unread = notifications.filter((notification) => !notification.isRead).length;
  const { open, toggle, buttonRef, panelRef } = usePopup<HTMLElement>();
  const panelId = useId();

  return (
    <div
      css={css`
        position: relative;
      `}
    >
      <button
        ref={buttonRef}
        type="button"
        css={iconButton}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
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
              background: ${theme.color.brand};
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
      </button>
      {open ? (
        <section
          ref={panelRef}
          id={panelId}
          aria-label="Notifications"
          css={css`
            ${popup};
            width: min(360px, calc(100vw - 24px));
            ${theme.media.sm} {
              position: fixed;
              top: ${theme.layout.topBarHeight - 6}px;
              left: 12px;
              right: 12px;
              width: auto;
            }
          `}
        >
          <NotificationsPanel notifications={notifications} />
        </section>
      ) : null}
    </div>
  );
}
