/**
 * The ⋯ menu of a card, a comment or a room header: a button and a menu of actions. The menu itself
 * (Radix DropdownMenu, CardMenuPopup.tsx) loads at the first sign of intent on the button (onDemand.ts),
 * so a feed of cards carries only plain buttons.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { DotsIcon } from './feedIcons.tsx';
import { onDemand, useOnDemand } from './onDemand.ts';
import { iconButton } from './ui.ts';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  danger?: boolean;
}

export const cardMenuButton = [iconButton, css`width: 36px; height: 36px;`];

const cardMenuPopup = onDemand(() => import('./CardMenuPopup.tsx').then((module) => module.CardMenuPopup));

/** The ⋯ menu of a card; nothing when it would be empty. */
export function CardMenu({ label, items }: { label: string; items: MenuItem[] }) {
  const { part: Popup, triggerProps, start } = useOnDemand(cardMenuPopup);
  if (items.length === 0) return null;
  if (Popup) return <Popup label={label} items={items} {...start} />;
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      css={cardMenuButton}
      {...triggerProps}
    >
      <DotsIcon />
    </button>
  );
}
