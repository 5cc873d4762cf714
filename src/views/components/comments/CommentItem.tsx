/**
 * One comment of the thread (spec §2 Comments): avatar, u/username, age, the body clamped to 3 lines,
 * and for signed-in readers its votes, Reply and the menu with Delete (and the room owner's Remove on
 * someone else's comment); then its replies, shown or hidden.
 * A deleted comment that still has replies reads '[deleted]'. A comment whose author the reader blocked
 * is one collapsed line, a comment removed by moderators says under which rule (neither shows its body
 * or author), and a comment masked after reports waits behind 'View anyway' (docs/moderation.md).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import type { Comment } from '../../../domain/entities.ts';
import { COMMENTS } from '../../../domain/messages.ts';
import { removedLine, SAFETY } from '../../../domain/safety.ts';
import { repliesOf } from '../../../machines/commentThread.machine.ts';
import { theme } from '../../theme.ts';
import { CardMenu } from '../CardMenu.tsx';
import { useViewer } from '../CardParts.tsx';
import { Clamp } from '../Clamp.tsx';
import { useEditItem } from '../edits/useEditItem.tsx';
import { FormattedText } from '../FormattedText.tsx';
import { usePostVoteActor } from '../feedActors.ts';
import { TrashIcon } from '../feedIcons.tsx';
import { useItemRemoval } from '../rooms/roomOwnerActions.tsx';
import { AuthorMaskedNotice, MaskedCard, useMaskReveal } from '../safety/Masked.tsx';
import { useCommentSafety } from '../safety/safetyActions.tsx';
import { focusRing } from '../ui.ts';
import { VoteBar } from '../VoteBar.tsx';
import { CommentComposer, useComposer } from './CommentComposer.tsx';
import { CommentByline, commentColumn, commentText } from './CommentParts.tsx';
import { useCommentMachines } from './context.ts';

const textButton = css`
  min-height: 32px;
  padding: 0 10px;
  border: 0;
  border-radius: ${theme.radius.pill};
  background: none;
  color: ${theme.color.muted};
  font: inherit;
  font-size: 0.8125rem;
  font-weight: 600;
  cursor: pointer;
  ${focusRing};
  &:hover {
    background: ${theme.color.hover};
    color: ${theme.color.text};
  }
`;

export const replyList = css`
  display: flex;
  flex-direction: column;
  gap: 14px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The comment's votes, on the same vote chart as posts (with its commentId). */
function CommentVotes({ comment }: { comment: Comment }) {
  const { room } = useCommentMachines();
  const actor = usePostVoteActor({
    postId: comment.postId,
    commentId: comment.id,
    tally: { upvotes: comment.upvotes, downvotes: comment.downvotes, myVote: comment.myVote },
    room,
  });
  const tally = useSelector(actor, (s) => s.context.tally);
  return (
    <VoteBar
      {...tally}
      compact
      onUp={() => actor.send({ type: 'vote.up' })}
      onDown={() => actor.send({ type: 'vote.down' })}
    />
  );
}

export function CommentItem({ comment, signedIn }: { comment: Comment; signedIn: boolean }) {
  const { thread, room } = useCommentMachines();
  const comments = useSelector(thread, (s) => s.context.comments);
  const shown = useSelector(thread, (s) => s.context.shown.includes(comment.id));
  const replies = repliesOf(comments, comment.id);
  const composer = useComposer(comment.id);
  const replying = useSelector(composer, (s) => !s.matches('collapsed'));
  const author = comment.user;
  const safety = useCommentSafety(comment, thread);
  const ownerRemoval = useItemRemoval({
    kind: 'comment',
    id: comment.id,
    room,
    authorId: comment.deleted ? null : comment.userId,
    owner: thread,
  });
  const viewer = useViewer();
  const edit = useEditItem(
    { kind: 'comment', id: comment.id, text: comment.body, editedAt: comment.editedAt },
    !comment.deleted && viewer !== null && viewer.userID === comment.userId,
  );
  const mask = useMaskReveal(comment.masked);
  // Neither its body nor its author: a blocked author's comment, or one removed by moderators or the room's owner.
  const standIn = comment.authorBlocked
    ? SAFETY.blockedUserLine
    : comment.removedRule !== null
      ? removedLine(comment.removedRule)
      : null;
  const repliesToggle = replies.length > 0 && (
    <button
      type="button"
      css={textButton}
      aria-expanded={shown}
      onClick={() => thread.send({ type: 'replies.toggle', id: comment.id })}
    >
      {shown ? 'Hide replies' : `Show replies (${replies.length})`}
    </button>
  );

  return (
    <li>
      {standIn !== null || mask.hidden ? (
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            gap: 4px 8px;
            color: ${theme.color.muted};
            font-size: 0.875rem;
          `}
        >
          {standIn !== null ? (
            <p css={css`margin: 0; padding: 6px 0; font-style: italic;`}>{standIn}</p>
          ) : (
            <MaskedCard what="Comment" heading="p" compact onReveal={mask.reveal} />
          )}
          {repliesToggle}
        </div>
      ) : (
        <article
          aria-label={author ? `Comment by u/${author.username}` : 'Deleted comment'}
          css={css`
          display: flex;
          flex-direction: column;
          gap: 6px;
          min-width: 0;
        `}
        >
          <CommentByline
            comment={{ ...comment, editedAt: edit.shown.editedAt }}
            menu={
              signedIn &&
              !comment.deleted && (
                <CardMenu
                  label="Comment menu"
                  items={[
                    ...edit.items,
                    {
                      label: 'Delete',
                      icon: <TrashIcon />,
                      danger: true,
                      onSelect: () => thread.send({ type: 'comment.delete', id: comment.id }),
                    },
                    ...ownerRemoval.items,
                    ...safety.items,
                  ]}
                />
              )
            }
          />
          <div css={commentColumn}>
            {comment.maskedForOthers && <AuthorMaskedNotice />}
            {edit.box ?? (
              <Clamp as="div" lines={3} css={commentText(comment.deleted)}>
                {comment.deleted ? COMMENTS.deletedBody : <FormattedText text={edit.shown.text} />}
              </Clamp>
            )}
            <div css={css`display: flex; flex-wrap: wrap; align-items: center; gap: 4px;`}>
              {signedIn && !comment.deleted && (
                <>
                  <CommentVotes comment={comment} />
                  <button
                    type="button"
                    css={textButton}
                    aria-expanded={replying}
                    onClick={() => composer.send({ type: replying ? 'comment.cancel' : 'comment.open' })}
                  >
                    Reply
                  </button>
                </>
              )}
              {repliesToggle}
            </div>
            {replying && <CommentComposer actor={composer} reply />}
          </div>
        </article>
      )}
      {shown && replies.length > 0 && (
        <ul
          aria-label={`Replies to ${standIn !== null ? 'a hidden comment' : author ? `u/${author.username}` : 'a deleted comment'}`}
          css={[
            replyList,
            css`
              margin: 12px 0 0 13px;
              padding-left: 14px;
              border-left: 2px solid ${theme.color.border};
              ${theme.media.sm} {
                margin-left: 6px;
                padding-left: 10px;
              }
            `,
          ]}
        >
          {replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} signedIn={signedIn} />
          ))}
        </ul>
      )}
      {ownerRemoval.dialog}
      {safety.dialogs}
    </li>
  );
}
