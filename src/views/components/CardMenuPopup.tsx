/** The ⋯ menu's Radix part (loaded on demand by CardMenu.tsx): arrow keys, typeahead, Escape, focus back to ⋯. */
import { css } from '@emotion/react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { theme } from '../theme.ts';
import { cardMenuButton, type MenuItem } from './CardMenu.tsx';
import { DotsIcon } from './feedIcons.tsx';
import { type OnDemandStart, useTakeFocus } from './onDemand.ts';
import { menuItem, popupSurface } from './ui.ts';

const cardMenuItem = (danger: boolean) => css`
  ${menuItem};
  gap: 10px;
  padding: 9px 12px;
  border-radius: ${theme.radius.sm};
  color: ${danger ? theme.color.danger : theme.color.text};
`;

interface CardMenuPopupProps extends OnDemandStart {
  label: string;
  items: MenuItem[];
}

export function CardMenuPopup({ label, items, defaultOpen, focusTrigger }: CardMenuPopupProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTakeFocus(triggerRef, focusTrigger);
  // The chosen action runs once focus is back on ⋯, so a dialog it opens gives focus back there.
  const chosen = useRef<MenuItem | null>(null);
  return (
    // Not modal: a press outside both closes the menu and reaches what it pressed.
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} aria-label={label} css={cardMenuButton}>
        <DotsIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          css={[popupSurface, css`min-width: 160px; padding: 6px;`]}
          onCloseAutoFocus={() => {
            chosen.current?.onSelect();
            chosen.current = null;
          }}
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              css={cardMenuItem(item.danger ?? false)}
              onSelect={() => {
                chosen.current = item;
              }}
            >
              {item.icon}
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
