/**
 * The comment thread under a post (spec §2 Comments): the comment box for signed-in readers, an 'Add a
 * comment' link to /signin for visitors, and the comments with their nested replies. Under a post of a
 * room the reader has not joined, commenting, replying and voting say 'First Join The Room' (spec §5).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { Comment, RoomRef } from '../../../domain/entities.ts';
import { COMMENTS } from '../../../domain/messages.ts';
import type { commentComposerMachine } from '../../../machines/commentComposer.machine.ts';
import { type commentThreadMachine, repliesOf } from '../../../machines/commentThread.machine.ts';
import { useSessionActor } from '../../../system/hooks.ts';
import { theme } from '../../theme.ts';
import { useRoomJoined } from '../roomMembership.tsx';
import { card, secondaryButton } from '../ui.ts';
import { CommentComposer, useComposer } from './CommentComposer.tsx';
import { CommentItem, replyList } from './CommentItem.tsx';
import { CommentSortControl } from './CommentSortControl.tsx';
import { CommentMachinesContext } from './context.ts';

interface CommentThreadProps {
  postId: string;
  /** The thread's actor, owned by the page so the post card can show its live comment count. */
  thread: ActorRefFrom<typeof commentThreadMachine>;
  composer: typeof commentComposerMachine;
  /** The post's room; null for topic posts. */
  room: RoomRef | null;
}

/** Comments that are not '[deleted]': what the post card and the thread header count. */
export const visibleCount = (comments: Comment[]) => comments.filter((comment) => !comment.deleted).length;

function TopComposer() {
  const composer = useComposer(null);
  return <CommentComposer actor={composer} />;
}

export function CommentThread({ postId, thread, composer, room }: CommentThreadProps) {
  const roomMember = useRoomJoined(room);
  const comments = useSelector(thread, (s) => s.context.comments);
  const session = useSessionActor();
  const signedIn = useSelector(session, (s) => s.hasTag('signedIn'));
  const titleId = useId();
  const roots = useMemo(() => repliesOf(comments, null), [comments]);
  const value = useMemo(
    () => ({ postId, thread, composer, room, roomMember }),
    [postId, thread, composer, room, roomMember],
  );

  return (
    <CommentMachinesContext.Provider value={value}>
      <section
        aria-labelledby={titleId}
        css={css`
          ${card};
          display: flex;
          flex-direction: column;
          gap: 16px;
          padding: 16px;
          ${theme.media.sm} {
            padding: 14px 12px;
          }
        `}
      >
        <div
          css={css`display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px;`}
        >
          <h2 id={titleId} css={css`margin: 0; font-size: 1rem;`}>
            Comments ({visibleCount(comments)})
          </h2>
          <CommentSortControl thread={thread} />
        </div>
        {signedIn ? (
          <TopComposer />
        ) : (
          <Link to="/signin" css={[secondaryButton, css`align-self: flex-start;`]}>
            {COMMENTS.addComment}
          </Link>
        )}
        {roots.length === 0 ? (
          <p css={css`margin: 4px 0; color: ${theme.color.muted};`}>
            No comments yet. Start the conversation.
          </p>
        ) : (
          <ul aria-label="Comments" css={replyList}>
            {roots.map((comment) => (
              <CommentItem key={comment.id} comment={comment} signedIn={signedIn} />
            ))}
          </ul>
        )}
      </section>
    </CommentMachinesContext.Provider>
  );
}
