/**
 * A panel anchored to its button on Radix Popover, for the parts loaded on demand (onDemand.ts): it
 * closes on Escape, when focus or a press leaves it and when the address changes, and Escape gives
 * focus back to the button.
 */
import { css, type SerializedStyles } from '@emotion/react';
import * as Popover from '@radix-ui/react-popover';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useCloseOnNavigation } from '../layout/useCloseOnNavigation.ts';
import { type OnDemandStart, useTakeFocus } from './onDemand.ts';
import { popupSurface } from './ui.ts';

interface AnchoredPopoverProps extends OnDemandStart {
  /** The button's look, its accessible name when its content is only an icon, and its content. */
  triggerCss: SerializedStyles | SerializedStyles[];
  triggerLabel?: string;
  trigger: ReactNode;
  /** The panel's accessible name and its widest width in px. */
  label: string;
  width: number;
  children: ReactNode;
}

export function AnchoredPopover({
  triggerCss,
  triggerLabel,
  trigger,
  label,
  width,
  defaultOpen,
  focusTrigger,
  children,
}: AnchoredPopoverProps) {
  const [open, setOpen] = useState(defaultOpen);
  const close = useCallback(() => setOpen(false), []);
  useCloseOnNavigation(close);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTakeFocus(triggerRef, focusTrigger);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger ref={triggerRef} css={triggerCss} aria-label={triggerLabel}>
        {trigger}
      </Popover.Trigger>
      {/* Not portalled: the panel follows its button in the document, so it is read right after it. */}
      <Popover.Content
        aria-label={label}
        align="end"
        sideOffset={8}
        collisionPadding={12}
        css={[
          popupSurface,
          css`
            width: min(${width}px, calc(100vw - 24px));
            &:focus {
              outline: none;
            }
          `,
        ]}
      >
        {children}
      </Popover.Content>
    </Popover.Root>
  );
}
