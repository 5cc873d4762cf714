/** Post detail with its comment thread (spec §2): skeleton until its issue lands. */
import { CommentRowsSkeleton, PostCardSkeleton } from '../components/Skeletons.tsx';
import { PageStack } from './PageStack.tsx';

export function PostPage() {
  return (
    <PageStack>
      <PostCardSkeleton />
      <CommentRowsSkeleton rows={4} />
    </PageStack>
  );
}
