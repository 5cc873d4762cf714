/** Home feed (spec §2 Home feed): skeleton until its issue lands. */
import { FeedSkeleton } from '../components/Skeletons.tsx';

export function HomePage() {
  return <FeedSkeleton items={4} />;
}
