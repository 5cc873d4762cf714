/** The profile-picture menu of the top bar (spec §2 Layout): welcome line, Profile, Settings, About, Logout. */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { type FocusEvent, useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { SCREENS } from '../../domain/messages.ts';
import { useSessionActor } from '../../system/hooks.ts';
import { Avatar } from '../components/Avatar.tsx';
import { InfoIcon, LogoutIcon, SettingsIcon, UserIcon } from '../components/icons.tsx';
import { focusRing, popup } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { moveFocusWithArrows, usePopup } from './usePopup.ts';

const item = css`
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  padding: 10px 16px;
  border: 0;
  background: transparent;
  color: ${theme.color.text};
  font: inherit;
  font-size: 0.9375rem;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  ${focusRing};
  &:focus-visible {
    outline-offset: -2px;
  }
  &:hover {
    background: ${theme.color.hover};
  }
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
  svg {
    color: ${theme.color.muted};
  }
`;

export function AccountMenu() {
  const session = useSessionActor();
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  const loggingOut = useSelector(session, (snapshot) => snapshot.matches('loggingOut'));
  const { open, toggle, close, buttonRef, panelRef } = usePopup();
  const menuId = useId();
  const name = user?.username || SCREENS.anonymous;

  // The menu pattern: opening moves focus to the first item.
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('[data-menu-item]')?.focus();
  }, [open, panelRef]);

  // Tabbing out of the menu closes it.
  const closeWhenFocusLeaves = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && (panelRef.current?.contains(next) || buttonRef.current?.contains(next)))
      return;
    if (next !== null) close();
  };

  return (
    <div
      css={css`
        position: relative;
      `}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
        css={css`
          display: flex;
          padding: 2px;
          border: 2px solid transparent;
          border-radius: 50%;
          background: transparent;
          cursor: pointer;
          ${focusRing};
          &:hover,
          &[aria-expanded='true'] {
            border-color: ${theme.color.brandSoft};
          }
        `}
      >
        <Avatar src={user?.dp} size={36} />
      </button>
      {open ? (
        <div
          ref={panelRef}
          css={css`
            ${popup};
            width: 240px;
            padding: 8px 0;
          `}
        >
          <p
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
            <span
              css={css`
                min-width: 0;
              `}
            >
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
          </p>
          <div
            id={menuId}
            role="menu"
            aria-label="Account"
            tabIndex={-1}
            onKeyDown={moveFocusWithArrows}
            onBlur={closeWhenFocusLeaves}
          >
            <Link
              role="menuitem"
              to={`/u/${encodeURIComponent(user?.username ?? '')}`}
              css={item}
              onClick={close}
              data-menu-item
            >
              <UserIcon size={20} /> Profile
            </Link>
            <Link role="menuitem" to="/setting/" css={item} onClick={close} data-menu-item>
              <SettingsIcon size={20} /> Settings
            </Link>
            <Link role="menuitem" to="/about/" css={item} onClick={close} data-menu-item>
              <InfoIcon size={20} /> About
            </Link>
            <hr
              css={css`
                margin: 6px 0;
                border: 0;
                border-top: 1px solid ${theme.color.border};
              `}
            />
            <button
              role="menuitem"
              type="button"
              css={item}
              disabled={loggingOut}
              onClick={() => {
                session.send({ type: 'session.logout' });
                close();
              }}
              data-menu-item
            >
              <LogoutIcon size={20} /> Logout
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
