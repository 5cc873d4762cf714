/** The profile page's part of the right column: the profile's info card once shown. */
import { useSelector } from '@xstate/react';
import { AsidePlaceholder, HotTopics, InRightColumn } from '../../layout/RightColumn.tsx';
import { ProfileInfoCard } from './ProfileInfoCard.tsx';
import type { ProfilePageActorRef } from './profileMachines.ts';

/** The profile's info card once shown (and not `hidden` behind its mask); a placeholder while it loads; else the topics. */
export function ProfileAside({ page, hidden }: { page: ProfilePageActorRef; hidden: boolean }) {
  const profile = useSelector(page, (s) => (s.matches('shown') ? s.context.profile : null));
  const owner = useSelector(page, (s) => s.hasTag('owner'));
  const loading = useSelector(page, (s) => s.hasTag('busy'));
  return (
    <InRightColumn>
      {profile && !hidden ? (
        <ProfileInfoCard profile={profile} owner={owner} />
      ) : loading ? (
        <AsidePlaceholder />
      ) : (
        <HotTopics />
      )}
    </InRightColumn>
  );
}
