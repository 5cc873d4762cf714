/**
 * The top bar's bell (spec §2 Layout): unread count badge and a small read-only list of the
 * notifications the session polls. Marking as read belongs to the notifications panel (later issue).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { Notification } from '../../domain/entities.ts';
import { useSessionActor } from '../app/actors.tsx';
import { BellIcon } from '../components/icons.tsx';
import { clampLines, iconButton, popup } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { usePopup } from './usePopup.ts';

export const NO_NOTIFICATIONS = "You're all caught up! No new notifications.";

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

function NotificationItem({ notification }: { notification: Notification }) {
  const from = notification.user2?.username;
  return (
    <li
      css={css`
        display: flex;
        flex-direction: column;
        gap: 4px;
        padding: 12px 16px;
        border-top: 1px solid ${theme.color.border};
        background: ${notification.isRead ? 'transparent' : theme.color.brandSoft};
      `}
    >
      <div
        css={css`
          display: flex;
          justify-content: space-between;
          gap: 8px;
          font-size: 0.8125rem;
          color: ${theme.color.muted};
        `}
      >
        <span>{from ? `u/${from}` : 'Quad'}</span>
        <time dateTime={notification.createdAt}>{dateFormat.format(new Date(notification.createdAt))}</time>
      </div>
      <strong
        css={css`
          font-size: 0.9375rem;
        `}
      >
        {notification.title}
      </strong>
      <p
        css={css`
          margin: 0;
          font-size: 0.875rem;
          line-height: 1.4;
          ${clampLines(3)};
        `}
      >
        {notification.body}
      </p>
    </li>
  );
}

export function NotificationBell() {
  const session = useSessionActor();
  const notifications = useSelector(session, (snapshot) => snapshot.context.notifications);
  const unread = notifications.filter((notification) => !notification.isRead).length;
  const { open, toggle, buttonRef, panelRef } = usePopup<HTMLElement>();
  const panelId = useId();
  const headingId = useId();

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
          aria-labelledby={headingId}
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
          <h2
            id={headingId}
            css={css`
              margin: 0;
              padding: 14px 16px;
              font-size: 1rem;
            `}
          >
            Notifications
          </h2>
          {notifications.length === 0 ? (
            <p
              css={css`
                margin: 0;
                padding: 24px 16px 28px;
                border-top: 1px solid ${theme.color.border};
                color: ${theme.color.muted};
                text-align: center;
              `}
            >
              {NO_NOTIFICATIONS}
            </p>
          ) : (
            <ul
              css={css`
                max-height: 65vh;
                margin: 0;
                padding: 0;
                overflow-y: auto;
                list-style: none;
                border-bottom-left-radius: ${theme.radius.md};
                border-bottom-right-radius: ${theme.radius.md};
              `}
            >
              {notifications.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} />
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
