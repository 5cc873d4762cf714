/**
 * Post detail (spec §2 /post/{postId} and /post/{roomId}/{postId}, the same page): the post card, then
 * its nested comment thread. 'Post not found' for a missing post; the 403 screen for a post of a private
 * room the reader has not joined; a failed load can be retried. A moderator reading a reported post of a
 * private room they have not joined sees it alone, read-only, under a note saying so. Deleting the post here goes home, or
 * back to its room.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { Comment, Post } from '../../domain/entities.ts';
import { POSTS, SCREENS } from '../../domain/messages.ts';
import { underReview } from '../../domain/roomOwnerMessages.ts';
import { roomPath } from '../../domain/roomRoutes.ts';
import { SAFETY } from '../../domain/safety.ts';
import { type CommentSort, commentSortFromSearch, DEFAULT_COMMENT_SORT } from '../../domain/sorting.ts';
import { type CommentMachines, commentMachines } from '../../system/comments.ts';
import { useMachines, useScreenActor, useScreenDataActor } from '../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { useViewer } from '../components/CardParts.tsx';
import { CommentThread, visibleCount } from '../components/comments/CommentThread.tsx';
import { useVoterUnknown } from '../components/feedActors.ts';
import { PostCard } from '../components/PostCard.tsx';
import { CommentRowsSkeleton, PostCardSkeleton } from '../components/Skeletons.tsx';
import { AuthorCrisisHelp } from '../components/safety/AuthorCrisisHelp.tsx';
import { MaskedCard, useMaskReveal } from '../components/safety/Masked.tsx';
import { ReviewNote } from '../components/safety/ReviewNote.tsx';
import { primaryButton } from '../components/ui.ts';
import { ForbiddenPage } from './ForbiddenPage.tsx';
import { PageStack } from './PageStack.tsx';
import { RemovedPage } from './RemovedPage.tsx';
import { StatusScreen } from './StatusScreen.tsx';

const PostSkeleton = () => (
  <PageStack>
    <PostCardSkeleton />
    <CommentRowsSkeleton rows={4} />
  </PageStack>
);

function PostDetail({
  postId,
  sort,
  machines,
}: {
  postId: string;
  sort: CommentSort;
  machines: CommentMachines;
}) {
  const actor = useScreenDataActor(machines.postDetail, { input: { postId, sort } });
  const loadedSort = useSelector(actor, (s) => s.context.sort);
  const post = useSelector(actor, (s) => s.context.post);
  const status = useSelector(actor, (s) =>
    s.matches('notFound')
      ? 'notFound'
      : s.matches('forbidden')
        ? 'forbidden'
        : s.matches('removed')
          ? 'removed'
          : s.matches('failed')
            ? 'failed'
            : s.matches('ready')
              ? 'ready'
              : 'loading',
  );
  const error = useSelector(actor, (s) => s.context.error);
  // The card names the tab once the post has come; the status screens name their own.
  useDocumentTitle(status === 'loading' ? pageTitle('Post') : null);

  if (status === 'forbidden') return <ForbiddenPage />;
  if (status === 'removed') return <RemovedPage message={error} />;
  if (status === 'notFound') {
    return (
      <StatusScreen
        code="404"
        title={POSTS.notFound}
        action={
          <Link to="/" css={primaryButton}>
            {SCREENS.backHome}
          </Link>
        }
      >
        <p>It may have been deleted by its author.</p>
      </StatusScreen>
    );
  }
  if (status === 'failed') {
    return (
      <StatusScreen
        title="Could not load this post"
        action={
          <button type="button" css={primaryButton} onClick={() => actor.send({ type: 'post.retry' })}>
            Try again
          </button>
        }
      >
        <p>{error ?? 'Something went wrong.'}</p>
      </StatusScreen>
    );
  }
  if (status === 'loading' || !post) return <PostSkeleton />;
  return <PostWithComments post={post} sort={loadedSort} machines={machines} />;
}

/** The card and its thread; the card's comment count follows the thread as comments come and go. */
function PostWithComments({
  post,
  sort,
  machines,
}: {
  post: Post & { comments: Comment[] };
  sort: CommentSort;
  machines: CommentMachines;
}) {
  const thread = useScreenActor(machines.commentThread, {
    input: { postId: post.id, comments: post.comments, sort },
  });
  const commentCount = useSelector(thread, (s) => visibleCount(s.context.comments));
  // Masked after reports: the post and its thread wait behind 'View anyway'.
  const mask = useMaskReveal(post.masked);
  useDocumentTitle(mask.hidden ? pageTitle(SAFETY.hiddenAfterReports) : null);
  if (mask.hidden) {
    return (
      <PageStack>
        <MaskedCard what="Post" heading="h1" onReveal={mask.reveal} />
      </PageStack>
    );
  }
  // A moderator reading a reported post of a private room: the post alone, read-only.
  if (underReview(post.room)) {
    return (
      <PageStack>
        <ReviewNote />
        <PostCard post={{ ...post, masked: false }} detail readOnly />
      </PageStack>
    );
  }
  return (
    <PageStack>
      <PostCard
        post={{ ...post, masked: false, commentCount }}
        detail
        leaveTo={post.room ? roomPath(post.room) : '/'}
      />
      {post.crisisHelp && <AuthorCrisisHelp />}
      <CommentThread postId={post.id} thread={thread} composer={machines.commentComposer} room={post.room} />
    </PageStack>
  );
}

/**
 * The thread's order: the address's `?sort=`, else the one the student keeps (their UserInfo), else
 * the spec's, oldest first (src/domain/sorting.ts); null while the session is still being restored,
 * so the post loads once, in the student's order.
 */
function useCommentSort(): CommentSort | null {
  const [search] = useSearchParams();
  const kept = useViewer()?.commentSort ?? null;
  const settling = useVoterUnknown();
  const asked = commentSortFromSearch(search);
  if (asked) return asked;
  return settling ? null : (kept ?? DEFAULT_COMMENT_SORT);
}

export function PostPage() {
  const { postId = '' } = useParams();
  const machines = useMachines(commentMachines);
  const sort = useCommentSort();
  return (
    <div css={css`min-width: 0;`}>
      {sort ? <PostDetail key={postId} postId={postId} sort={sort} machines={machines} /> : <PostSkeleton />}
    </div>
  );
}
