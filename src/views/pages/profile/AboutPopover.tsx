/**
 * The profile's About on narrow screens (loaded on demand by ProfileHeader.tsx): the info card in an
 * anchored popover, which closes when its Edit row leads to /setting/.
 */

import { PROFILE_PAGE } from '../../../domain/peopleMessages.ts';
import type { Profile } from '../../../domain/profileSchemas.ts';
import { AnchoredPopover } from '../../components/AnchoredPopover.tsx';
import { InfoIcon } from '../../components/icons.tsx';
import type { OnDemandStart } from '../../components/onDemand.ts';
import { secondaryButton } from '../../components/ui.ts';
import { smallButton } from './ProfileHeader.tsx';
import { ProfileInfoCard } from './ProfileInfoCard.tsx';

interface AboutPopoverProps extends OnDemandStart {
  profile: Profile;
  owner: boolean;
}

export function AboutPopover({ profile, owner, ...start }: AboutPopoverProps) {
  return (
    <AnchoredPopover
      {...start}
      triggerCss={[secondaryButton, smallButton]}
      trigger={
        <>
          <InfoIcon size={18} />
          {PROFILE_PAGE.about}
        </>
      }
      label={PROFILE_PAGE.about}
      width={340}
    >
      <ProfileInfoCard profile={profile} owner={owner} bare />
    </AnchoredPopover>
  );
}
