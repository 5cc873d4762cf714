/**
 * A comment in a list (a profile's overview and comments tabs): who commented on which post (a link
 * to /post/{postId}, or /post/{roomId}/{postId} for a room's post), its age, and the comment clamped
 * to 3 lines (spec §9 comment preview). A click on the row opens the post. A comment masked after
 * reports waits behind 'View anyway'; its author reads it with a notice (docs/moderation.md).
 */
import { css } from '@emotion/react';
import { Link, useNavigate } from 'react-router-dom';
import type { ProfileComment } from '../../domain/profileSchemas.ts';
import { postPath } from '../../domain/roomRoutes.ts';
import { theme } from '../theme.ts';
import { cardFrame, opensOnClick, strongLink } from './CardParts.tsx';
import { Clamp } from './Clamp.tsx';
import { FormattedText } from './FormattedText.tsx';
import { CommentIcon } from './feedIcons.tsx';
import { RelativeTime } from './RelativeTime.tsx';
import { AuthorMaskedNotice, MaskedCard, useMaskReveal } from './safety/Masked.tsx';
import { iconBadge } from './ui.ts';

/** The post a profile comment answers, addressed like any post. */
export const commentedPostPath = (comment: ProfileComment): string =>
  postPath({
    id: comment.post.id,
    room: comment.post.subCommunity ? { id: comment.post.subCommunity } : null,
  });

export function CommentRow({ comment }: { comment: ProfileComment }) {
  const navigate = useNavigate();
  const path = commentedPostPath(comment);
  const titleId = `comment-${comment.id}-on`;
  const mask = useMaskReveal(comment.masked);
  if (mask.hidden) return <MaskedCard what="Comment" heading="p" onReveal={mask.reveal} />;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users open the post by its title link; the row click is a pointer shortcut
    <article
      aria-labelledby={titleId}
      data-link="true"
      onClick={opensOnClick(path, navigate)}
      css={[
        cardFrame,
        css`
          gap: 8px;
          padding: 12px 16px;
        `,
      ]}
    >
      <div
        css={css`
          display: flex;
          align-items: flex-start;
          gap: 10px;
          color: ${theme.color.muted};
          font-size: 0.8125rem;
          line-height: 1.45;
        `}
      >
        <span css={iconBadge(6)}>
          <CommentIcon />
        </span>
        <p
          id={titleId}
          css={css`
            flex: 1;
            min-width: 0;
            margin: 0;
            overflow-wrap: anywhere;
          `}
        >
          {comment.user ? (
            <span
              css={css`
                color: ${theme.color.text};
                font-weight: 600;
              `}
            >
              u/{comment.user.username}
            </span>
          ) : null}{' '}
          commented on{' '}
          <Link to={path} css={strongLink}>
            {comment.post.title}
          </Link>
          {/* A no-break space ties the age to the title's last word: '• time' never starts a line. */}
          {'\u00a0'}
          <span css={css`white-space: nowrap;`}>
            <span aria-hidden="true">• </span>
            <RelativeTime at={comment.createdAt} />
          </span>
        </p>
      </div>
      <div
        css={css`
          display: flex;
          flex-direction: column;
          gap: 4px;
          padding-left: 40px;
          ${theme.media.sm} {
            padding-left: 0;
          }
        `}
      >
        {comment.maskedForOthers && <AuthorMaskedNotice />}
        <Clamp
          as="div"
          lines={3}
          css={css`
            color: #2d3439;
            line-height: 1.55;
          `}
        >
          <FormattedText text={comment.body} />
        </Clamp>
      </div>
    </article>
  );
}
