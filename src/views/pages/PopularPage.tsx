/** Popular posts (spec §2): skeleton until its issue lands. */
import { FeedSkeleton } from '../components/Skeletons.tsx';

export function PopularPage() {
  return <FeedSkeleton items={3} />;
}
