/**
 * A comment on its own, /comment/{id} (`posts/getacomment`): its author, age and whole text, with
 * "Read the whole thread" to its post, where it is voted on and answered. A moderator reading a
 * reported comment of a private room they have not joined (the answer's `review`) sees it alone,
 * read-only, under the note saying why and with no way into the thread, which stays closed to them
 * (docs/moderation.md "Private rooms"). 'Comment not found' for a missing one; the 403 screen for a
 * private room's comment the reader may not read; the removal's words for a removed one; a failed
 * load can be retried. A comment masked after reports waits behind 'View anyway', as in its thread.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Comment } from '../../domain/entities.ts';
import { COMMENTS, SCREENS } from '../../domain/messages.ts';
import { SAFETY } from '../../domain/safety.ts';
import { type CommentMachines, commentMachines } from '../../system/comments.ts';
import { useMachines, useScreenDataActor } from '../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { actionRow, cardFrame, pillAction } from '../components/CardParts.tsx';
import { CommentByline, commentColumn, commentText } from '../components/comments/CommentParts.tsx';
import { FormattedText } from '../components/FormattedText.tsx';
import { CommentIcon } from '../components/feedIcons.tsx';
import { CommentRowsSkeleton } from '../components/Skeletons.tsx';
import { AuthorCrisisHelp } from '../components/safety/AuthorCrisisHelp.tsx';
import { AuthorMaskedNotice, MaskedCard, useMaskReveal } from '../components/safety/Masked.tsx';
import { ReviewNote } from '../components/safety/ReviewNote.tsx';
import { primaryButton, visuallyHidden } from '../components/ui.ts';
import { ForbiddenPage } from './ForbiddenPage.tsx';
import { PageStack } from './PageStack.tsx';
import { RemovedPage } from './RemovedPage.tsx';
import { StatusScreen } from './StatusScreen.tsx';

/** The link from a comment to its thread. */
export const READ_THREAD = 'Read the whole thread';

/** The page's heading and the tab's name: whose comment it is. */
const commentName = (comment: Comment) =>
  comment.user ? `Comment by u/${comment.user.username}` : 'Comment';

function CommentDetail({ id, machines }: { id: string; machines: CommentMachines }) {
  const actor = useScreenDataActor(machines.commentDetail, { input: { id } });
  const comment = useSelector(actor, (s) => s.context.comment);
  const review = useSelector(actor, (s) => s.context.review);
  const error = useSelector(actor, (s) => s.context.error);
  const status = useSelector(actor, (s) =>
    s.matches('notFound')
      ? 'notFound'
      : s.matches('forbidden')
        ? 'forbidden'
        : s.matches('removed')
          ? 'removed'
          : s.matches('failed')
            ? 'failed'
            : s.matches('shown')
              ? 'shown'
              : 'loading',
  );
  // The comment names the tab once it has come; the status screens name their own.
  useDocumentTitle(status === 'loading' ? pageTitle('Comment') : null);

  if (status === 'forbidden') return <ForbiddenPage />;
  if (status === 'removed') return <RemovedPage message={error} />;
  if (status === 'notFound') {
    return (
      <StatusScreen
        code="404"
        title={COMMENTS.notFound}
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
        title="Could not load this comment"
        action={
          <button type="button" css={primaryButton} onClick={() => actor.send({ type: 'comment.retry' })}>
            Try again
          </button>
        }
      >
        <p>{error ?? 'Something went wrong.'}</p>
      </StatusScreen>
    );
  }
  if (status === 'loading' || !comment) {
    return <CommentRowsSkeleton rows={1} label="Loading comment" />;
  }
  return <ShownComment comment={comment} review={review} />;
}

/** The comment, or its mask; under review, the note first and no way into the thread. */
function ShownComment({ comment, review }: { comment: Comment; review: boolean }) {
  const mask = useMaskReveal(comment.masked);
  const headingId = useId();
  useDocumentTitle(pageTitle(mask.hidden ? SAFETY.hiddenAfterReports : commentName(comment)));
  return (
    <PageStack>
      {review && <ReviewNote />}
      {mask.hidden ? (
        <MaskedCard what="Comment" heading="h1" onReveal={mask.reveal} />
      ) : (
        <article aria-labelledby={headingId} css={cardFrame}>
          <h1 id={headingId} css={visuallyHidden}>
            {commentName(comment)}
          </h1>
          <CommentByline comment={comment} />
          <div css={commentColumn}>
            {comment.maskedForOthers && <AuthorMaskedNotice />}
            <div
              css={[
                commentText(),
                css`
                  margin: 0;
                  white-space: pre-line;
                  overflow-wrap: anywhere;
                `,
              ]}
            >
              <FormattedText text={comment.body} />
            </div>
            {!review && (
              <div css={[actionRow, css`margin-top: 4px;`]}>
                <Link to={`/post/${comment.postId}`} css={pillAction}>
                  <CommentIcon />
                  {READ_THREAD}
                </Link>
              </div>
            )}
          </div>
        </article>
      )}
      {!review && comment.crisisHelp && <AuthorCrisisHelp />}
    </PageStack>
  );
}

export function CommentPage() {
  const { id = '' } = useParams();
  const machines = useMachines(commentMachines);
  return (
    <div css={css`min-width: 0;`}>
      <CommentDetail key={id} id={id} machines={machines} />
    </div>
  );
}
