/**
 * The notifications panel (spec §2 Layout): the unread notifications the session polls, newest first,
 * with a refresh icon and 'Mark all as Read'. Opening one marks it read (it leaves the list) and goes
 * where its kind leads (notificationsPanel.machine.ts); a join request (kind `joinRequest`, sent to the
 * room's owner only) is accepted or declined from here, an invitation (kind `roomInvitation`, sent to
 * the person invited) accepted, and a removal of the reader's item is appealed from here, once:
 * an appealed removal says how its appeal stands instead (`appeal`, sent or answered). Bodies are
 * clamped to 3 lines; the list scrolls past ~65 % of the screen.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { appealStateText, appealTargetOf } from '../../domain/appeals.ts';
import { EMPTY } from '../../domain/emptyStates.ts';
import type { Notification } from '../../domain/entities.ts';
import { NOTIFICATIONS } from '../../domain/messages.ts';
import { isInvitation, isJoinRequest } from '../../machines/notificationsPanel.machine.ts';
import { useNotificationsPanelActor } from '../../system/hooks.ts';
import { RefreshIcon } from '../components/icons.tsx';
import { AppealAction } from '../components/safety/AppealForm.tsx';
import { clampLines, focusRing, iconButton, primaryButton, secondaryButton } from '../components/ui.ts';
import { theme } from '../theme.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

const textButton = css`
  padding: 6px 8px;
  border: 0;
  border-radius: ${theme.radius.md};
  background: transparent;
  color: ${theme.color.brandDark};
  font: inherit;
  font-size: 0.8125rem;
  font-weight: 600;
  cursor: pointer;
  ${focusRing};
  &:hover:not(:disabled) {
    background: ${theme.color.hover};
  }
  &:disabled {
    color: ${theme.color.muted};
    cursor: default;
  }
`;

const smallButton = css`
  min-height: 32px;
  padding: 0 14px;
  font-size: 0.8125rem;
`;

const answerRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding: 0 16px 12px;
`;

function NotificationItem({
  notification,
  busy,
  onOpen,
  onAccept,
  onDecline,
  onAcceptInvitation,
}: {
  notification: Notification;
  busy: boolean;
  onOpen: () => void;
  onAccept: () => void;
  onDecline: () => void;
  onAcceptInvitation: () => void;
}) {
  const from = notification.user2?.username;
  const appealable = appealTargetOf(notification);
  return (
    <li
      css={css`
        border-top: 1px solid ${theme.color.border};
        background: ${theme.color.brandSoft};
      `}
    >
      <button
        type="button"
        disabled={busy}
        onClick={onOpen}
        css={css`
          display: flex;
          flex-direction: column;
          gap: 4px;
          width: 100%;
          padding: 12px 16px;
          border: 0;
          background: transparent;
          color: inherit;
          font: inherit;
          text-align: left;
          cursor: pointer;
          ${focusRing};
          &:hover:not(:disabled) {
            background: ${theme.color.hover};
          }
        `}
      >
        <span
          css={css`
            display: flex;
            justify-content: space-between;
            gap: 8px;
            width: 100%;
            font-size: 0.8125rem;
            color: ${theme.color.muted};
          `}
        >
          <span>{from ? `u/${from}` : 'Quad'}</span>
          <time dateTime={notification.createdAt}>{dateFormat.format(new Date(notification.createdAt))}</time>
        </span>
        <strong css={css`font-size: 0.9375rem;`}>{notification.title}</strong>
        <span
          css={css`
            font-size: 0.875rem;
            line-height: 1.4;
            ${clampLines(3)};
          `}
        >
          {notification.body}
        </span>
      </button>
      {isJoinRequest(notification) ? (
        <div css={answerRow}>
          <button
            type="button"
            disabled={busy}
            onClick={onAccept}
            aria-label={`Accept u/${from ?? 'someone'} into q/${notification.body}`}
            css={[primaryButton, smallButton]}
          >
            Accept
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={onDecline}
            aria-label={`Decline u/${from ?? 'someone'}'s request to join q/${notification.body}`}
            css={[secondaryButton, smallButton]}
          >
            Decline
          </button>
        </div>
      ) : isInvitation(notification) ? (
        <div css={answerRow}>
          <button
            type="button"
            disabled={busy}
            onClick={onAcceptInvitation}
            aria-label={`Accept the invitation to q/${notification.body}`}
            css={[primaryButton, smallButton]}
          >
            Accept
          </button>
        </div>
      ) : null}
      {appealable && notification.appeal ? (
        <p
          css={css`
            margin: 0;
            padding: 0 16px 12px;
            font-size: 0.8125rem;
            line-height: 1.4;
            color: ${theme.color.muted};
          `}
        >
          {appealStateText(notification.appeal)}
        </p>
      ) : appealable ? (
        <div css={css`padding: 0 16px 12px;`}>
          <AppealAction kind={appealable.kind} id={appealable.id} label={notification.body} />
        </div>
      ) : null}
    </li>
  );
}

export function NotificationsPanel({ notifications }: { notifications: Notification[] }) {
  const panel = useNotificationsPanelActor();
  const busy = useSelector(panel, (snapshot) => snapshot.hasTag('busy'));
  const unread = notifications.filter((notification) => !notification.isRead);

  return (
    <>
      <div
        css={css`
          display: flex;
          align-items: center;
          gap: 4px;
          padding: 8px 8px 8px 16px;
        `}
      >
        <h2 css={css`flex: 1; margin: 0; font-size: 1rem;`}>Notifications</h2>
        <button
          type="button"
          css={iconButton}
          aria-label="Refresh notifications"
          onClick={() => panel.send({ type: 'notifications.refresh' })}
        >
          <RefreshIcon />
        </button>
        <button
          type="button"
          css={textButton}
          disabled={busy || unread.length === 0}
          onClick={() => panel.send({ type: 'notifications.markAll' })}
        >
          {NOTIFICATIONS.markAll}
        </button>
      </div>
      {unread.length === 0 ? (
        <div
          css={css`
            padding: 24px 16px 28px;
            border-top: 1px solid ${theme.color.border};
            color: ${theme.color.muted};
            text-align: center;
          `}
        >
          <p css={css`margin: 0;`}>{NOTIFICATIONS.empty}</p>
          <p css={css`margin: 4px 0 0; font-size: 0.875rem;`}>{EMPTY.notifications.text}</p>
        </div>
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
          {unread.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              busy={busy}
              onOpen={() => panel.send({ type: 'notification.open', notification })}
              onAccept={() => panel.send({ type: 'request.accept', notification })}
              onDecline={() => panel.send({ type: 'request.decline', notification })}
              onAcceptInvitation={() => panel.send({ type: 'invitation.accept', notification })}
            />
          ))}
        </ul>
      )}
    </>
  );
}
