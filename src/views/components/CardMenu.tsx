/** The ⋯ menu of a card, a comment or a room header: a button and a popup list of actions. */
import { css } from '@emotion/react';
import { type ReactNode, useId } from 'react';
import { moveFocusWithArrows, usePopup } from '../layout/usePopup.ts';
import { theme } from '../theme.ts';
import { DotsIcon } from './feedIcons.tsx';
import { focusRing, iconButton, popup } from './ui.ts';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  danger?: boolean;
}

/** The ⋯ menu of a card; nothing when it would be empty. */
export function CardMenu({ label, items }: { label: string; items: MenuItem[] }) {
  const { open, toggle, close, buttonRef, panelRef } = usePopup();
  const menuId = useId();
  if (items.length === 0) return null;
  return (
    <div css={css`position: relative;`}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
        css={[iconButton, css`width: 36px; height: 36px;`]}
      >
        <DotsIcon />
      </button>
      {open && (
        <div
          ref={panelRef}
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={moveFocusWithArrows}
          css={[popup, css`min-width: 160px; padding: 6px;`]}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              data-menu-item
              onClick={() => {
                close();
                item.onSelect();
              }}
              css={css`
                display: flex;
                align-items: center;
                gap: 10px;
                width: 100%;
                padding: 9px 12px;
                border: 0;
                border-radius: ${theme.radius.sm};
                background: none;
                color: ${item.danger ? theme.color.danger : theme.color.text};
                font: inherit;
                font-size: 0.9375rem;
                text-align: left;
                cursor: pointer;
                ${focusRing};
                &:hover {
                  background: ${theme.color.hover};
                }
              `}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
