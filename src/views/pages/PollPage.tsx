/** Poll detail and the bare poll view (spec §2): skeleton until its issue lands. */
import { PollCardSkeleton } from '../components/Skeletons.tsx';

export function PollPage() {
  return <PollCardSkeleton />;
}
