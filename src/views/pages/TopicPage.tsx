/** A topic community q/{topic} (spec §2): banner and feed skeletons until its issue lands. */
import type { Topic } from '../../domain/constants.ts';
import { BannerSkeleton, FeedSkeleton } from '../components/Skeletons.tsx';
import { PageStack } from './PageStack.tsx';

export function TopicPage({ topic }: { topic: Topic }) {
  return (
    <PageStack>
      <div data-topic={topic}>
        <BannerSkeleton />
      </div>
      <FeedSkeleton items={2} />
    </PageStack>
  );
}
