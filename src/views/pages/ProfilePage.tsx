/** Profile (spec §2 Profile): header and tab skeletons until their issue lands. */
import { Outlet } from 'react-router-dom';
import { FeedSkeleton, ProfileHeaderSkeleton } from '../components/Skeletons.tsx';
import { PageStack } from './PageStack.tsx';

export function ProfilePage() {
  return (
    <PageStack>
      <ProfileHeaderSkeleton />
      <Outlet />
    </PageStack>
  );
}

export function ProfileTab() {
  return <FeedSkeleton items={2} />;
}
