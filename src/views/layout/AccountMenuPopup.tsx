/** The account menu's Radix part (loaded on demand by AccountMenu.tsx): arrow keys, typeahead, Escape, focus back. */
import { css } from '@emotion/react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { SCREENS } from '../../domain/messages.ts';
import { MODERATION_TEXT } from '../../domain/moderationMessages.ts';
import { useSessionActor } from '../../system/hooks.ts';
import { Avatar } from '../components/Avatar.tsx';
import { InfoIcon, LogoutIcon, SettingsIcon, ShieldIcon, UserIcon } from '../components/icons.tsx';
import { type OnDemandStart, useTakeFocus } from '../components/onDemand.ts';
import { menuItem, popupSurface } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { accountMenuButton } from './AccountMenu.tsx';

const item = css`
  ${menuItem};
  gap: 12px;
  padding: 10px 16px;
  text-decoration: none;
  &[data-disabled] {
    opacity: 0.6;
    cursor: progress;
  }
  svg {
    color: ${theme.color.muted};
  }
`;

export function AccountMenuPopup({ defaultOpen, focusTrigger }: OnDemandStart) {
  const session = useSessionActor();
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  const loggingOut = useSelector(session, (snapshot) => snapshot.matches('loggingOut'));
  const name = user?.username || SCREENS.anonymous;
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTakeFocus(triggerRef, focusTrigger);

  return (
    // Not modal: a press outside both closes the menu and reaches what it pressed.
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} aria-label="Account menu" css={accountMenuButton}>
        <Avatar src={user?.dp} size={36} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          css={[popupSurface, css`width: 240px; padding: 8px 0;`]}
        >
          <DropdownMenu.Label
            css={css`
              display: flex;
              align-items: center;
              gap: 12px;
              margin: 0 0 6px;
              padding: 8px 16px 12px;
              border-bottom: 1px solid ${theme.color.border};
              line-height: 1.3;
            `}
          >
            <Avatar src={user?.dp} size={40} />
            <span css={css`min-width: 0;`}>
              <span
                css={css`
                  display: block;
                  color: ${theme.color.muted};
                  font-size: 0.8125rem;
                `}
              >
                Welcome,
              </span>
              <strong
                css={css`
                  display: block;
                  overflow: hidden;
                  text-overflow: ellipsis;
                  white-space: nowrap;
                `}
              >
                {name}
              </strong>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild css={item}>
            <Link to={`/u/${encodeURIComponent(user?.username ?? '')}`}>
              <UserIcon size={20} /> Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild css={item}>
            <Link to="/setting/">
              <SettingsIcon size={20} /> Settings
            </Link>
          </DropdownMenu.Item>
          {user?.moderator && (
            <DropdownMenu.Item asChild css={item}>
              <Link to="/mod">
                <ShieldIcon size={20} /> {MODERATION_TEXT.menu}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild css={item}>
            <Link to="/about/">
              <InfoIcon size={20} /> About
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator
            css={css`
              margin: 6px 0;
              border-top: 1px solid ${theme.color.border};
            `}
          />
          <DropdownMenu.Item
            css={item}
            disabled={loggingOut}
            onSelect={() => session.send({ type: 'session.logout' })}
          >
            <LogoutIcon size={20} /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
