/** The bell's on-demand part (NotificationBell.tsx): the notifications panel in an anchored popover. */
import { useSelector } from '@xstate/react';
import { useSessionActor } from '../../system/hooks.ts';
import { AnchoredPopover } from '../components/AnchoredPopover.tsx';
import type { OnDemandStart } from '../components/onDemand.ts';
import { iconButton } from '../components/ui.ts';
import { BellFace, bellLabel, useUnreadCount } from './NotificationBell.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';

export function NotificationsPopover(start: OnDemandStart) {
  const session = useSessionActor();
  const notifications = useSelector(session, (snapshot) => snapshot.context.notifications);
  const unread = useUnreadCount();
  return (
    <AnchoredPopover
      {...start}
      triggerCss={iconButton}
      triggerLabel={bellLabel(unread)}
      trigger={<BellFace unread={unread} />}
      label="Notifications"
      width={360}
    >
      <NotificationsPanel notifications={notifications} />
    </AnchoredPopover>
  );
}
