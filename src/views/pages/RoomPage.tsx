/** A room (spec §2 Room page): banner and feed skeletons until its issue lands. */
import { BannerSkeleton, FeedSkeleton } from '../components/Skeletons.tsx';
import { PageStack } from './PageStack.tsx';

export function RoomPage() {
  return (
    <PageStack>
      <BannerSkeleton />
      <FeedSkeleton items={2} />
    </PageStack>
  );
}
