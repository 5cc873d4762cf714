/**
 * The bell's Radix part (loaded on demand by NotificationBell.tsx): the notifications panel in a
 * popover that closes on Escape, when focus or a press leaves it, and when the address changes; Escape
 * and a navigation from inside it give focus back to the bell.
 */
import { css } from '@emotion/react';
import * as Popover from '@radix-ui/react-popover';
import { useSelector } from '@xstate/react';
import { useCallback, useRef, useState } from 'react';
import { useSessionActor } from '../../system/hooks.ts';
import { type OnDemandStart, useTakeFocus } from '../components/onDemand.ts';
import { iconButton, popupSurface } from '../components/ui.ts';
import { BellFace, bellLabel, useUnreadCount } from './NotificationBell.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { useCloseOnNavigation } from './useCloseOnNavigation.ts';

export function NotificationsPopover({ defaultOpen, focusTrigger }: OnDemandStart) {
  const session = useSessionActor();
  const notifications = useSelector(session, (snapshot) => snapshot.context.notifications);
  const unread = useUnreadCount();
  const [open, setOpen] = useState(defaultOpen);
  const close = useCallback(() => setOpen(false), []);
  useCloseOnNavigation(close);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTakeFocus(triggerRef, focusTrigger);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger ref={triggerRef} css={iconButton} aria-label={bellLabel(unread)}>
        <BellFace unread={unread} />
      </Popover.Trigger>
      {/* Not portalled: the panel follows its button in the document, so it is read right after it. */}
      <Popover.Content
        aria-label="Notifications"
        align="end"
        sideOffset={8}
        collisionPadding={12}
        css={[
          popupSurface,
          css`
              width: min(360px, calc(100vw - 24px));
              &:focus {
                outline: none;
              }
            `,
        ]}
      >
        <NotificationsPanel notifications={notifications} />
      </Popover.Content>
    </Popover.Root>
  );
}
