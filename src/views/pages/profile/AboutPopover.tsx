/**
 * The profile's About popover on narrow screens (loaded on demand by ProfileHeader.tsx): the info card
 * in a Radix Popover that closes on Escape, when focus or a press leaves it and when the address
 * changes (its Edit row leads to /setting/), giving focus back to the About button on Escape.
 */
import { css } from '@emotion/react';
import * as Popover from '@radix-ui/react-popover';
import { useCallback, useRef, useState } from 'react';
import type { Profile } from '../../../domain/entities.ts';
import { PROFILE_PAGE } from '../../../domain/peopleMessages.ts';
import { InfoIcon } from '../../components/icons.tsx';
import { type OnDemandStart, useTakeFocus } from '../../components/onDemand.ts';
import { popupSurface, secondaryButton } from '../../components/ui.ts';
import { useCloseOnNavigation } from '../../layout/useCloseOnNavigation.ts';
import { smallButton } from './ProfileHeader.tsx';
import { ProfileInfoCard } from './ProfileInfoCard.tsx';

interface AboutPopoverProps extends OnDemandStart {
  profile: Profile;
  owner: boolean;
}

export function AboutPopover({ profile, owner, defaultOpen, focusTrigger }: AboutPopoverProps) {
  const [open, setOpen] = useState(defaultOpen);
  const close = useCallback(() => setOpen(false), []);
  useCloseOnNavigation(close);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTakeFocus(triggerRef, focusTrigger);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger ref={triggerRef} css={[secondaryButton, smallButton]}>
        <InfoIcon size={18} />
        {PROFILE_PAGE.about}
      </Popover.Trigger>
      {/* Not portalled: the panel follows its button in the document, so it is read right after it. */}
      <Popover.Content
        aria-label={PROFILE_PAGE.about}
        align="end"
        sideOffset={8}
        collisionPadding={12}
        css={[
          popupSurface,
          css`
              width: min(340px, calc(100vw - 24px));
              &:focus {
                outline: none;
              }
            `,
        ]}
      >
        <ProfileInfoCard profile={profile} owner={owner} bare />
      </Popover.Content>
    </Popover.Root>
  );
}
