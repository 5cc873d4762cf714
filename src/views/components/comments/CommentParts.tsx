/**
 * What a comment in its thread (CommentItem.tsx) and a comment on its own page (CommentPage.tsx)
 * share: the byline (avatar, u/username or '[deleted]', age, and the thread's ⋯ menu), the column
 * under it, and the body's text.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Comment } from '../../../domain/entities.ts';
import { COMMENTS } from '../../../domain/messages.ts';
import { theme } from '../../theme.ts';
import { Avatar } from '../Avatar.tsx';
import { EditedMark } from '../edits/EditedMark.tsx';
import { RelativeTime } from '../RelativeTime.tsx';
import { focusRing } from '../ui.ts';

/** The column under the byline, lined up with the name past the avatar (28 px and its 8 px gap). */
export const commentColumn = css`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding-left: 36px;
`;

/** The body's text; a deleted comment's '[deleted]' is muted. */
export const commentText = (deleted = false) => css`
  line-height: 1.5;
  color: ${deleted ? theme.color.muted : '#2d3439'};
`;

const authorLink = css`
  display: inline-block;
  padding: 2px 0;
  color: ${theme.color.text};
  font-weight: 600;
  text-decoration: none;
  ${focusRing};
  &:hover {
    text-decoration: underline;
  }
`;

/** Avatar, author (a link to their profile) and age; `menu` at the end of the line. */
export function CommentByline({
  comment,
  menu,
}: {
  comment: Pick<Comment, 'user' | 'createdAt'> & { editedAt?: string | null };
  menu?: ReactNode;
}) {
  const author = comment.user;
  return (
    <div css={css`display: flex; align-items: center; gap: 8px; font-size: 0.8125rem; min-width: 0;`}>
      <Avatar src={author?.dp} size={28} />
      <div
        css={css`
          display: flex;
          flex: 1;
          flex-wrap: wrap;
          align-items: baseline;
          column-gap: 8px;
          min-width: 0;
        `}
      >
        {author ? (
          <Link to={`/u/${author.username}`} css={authorLink}>
            u/{author.username}
          </Link>
        ) : (
          <span css={css`color: ${theme.color.muted}; font-weight: 600;`}>{COMMENTS.deletedBody}</span>
        )}
        <span css={css`white-space: nowrap;`}>
          <span aria-hidden="true" css={css`margin-right: 8px; color: ${theme.color.muted};`}>
            •
          </span>
          <RelativeTime at={comment.createdAt} />
        </span>
        <EditedMark at={comment.editedAt ?? null} />
      </div>
      {menu}
    </div>
  );
}
