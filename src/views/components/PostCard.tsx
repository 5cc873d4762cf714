/**
 * A post in a list or on its page (spec §2 Post card): author, topic or room label, age, title, clamped
 * body, optional image, votes, comment count, Share (hidden for private rooms), and the author's menu
 * with Delete (and, for the room's owner on someone else's post, Remove). A click on the card opens the post (/post/{roomId}/{postId} in a room), except on the
 * post's own page (`detail`). In a room the viewer has not joined, opening, sharing and voting say
 * 'First Join The Room' instead (spec §5).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Post } from '../../domain/entities.ts';
import { POSTS } from '../../domain/messages.ts';
import { postPath } from '../../domain/roomRoutes.ts';
import { SAFETY } from '../../domain/safety.ts';
import { useShare } from '../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { CardMenu } from './CardMenu.tsx';
import {
  AuthorLine,
  actionRow,
  cardFrame,
  opensOnClick,
  pillAction,
  useDeleteItem,
  useRoomGate,
  useViewer,
} from './CardParts.tsx';
import { Clamp } from './Clamp.tsx';
import { useEditItem } from './edits/useEditItem.tsx';
import type { PagedListActorRef } from './FeedList.tsx';
import { FormattedText } from './FormattedText.tsx';
import { usePostVoteActor, useVoterUnknown } from './feedActors.ts';
import { CommentIcon, ShareIcon, TrashIcon } from './feedIcons.tsx';
import { PostImage } from './PostImage.tsx';
import { useItemRemoval } from './rooms/roomOwnerActions.tsx';
import { AuthorMaskedNotice, MaskedCard, useMaskReveal } from './safety/Masked.tsx';
import { useCardSafety } from './safety/safetyActions.tsx';
import { focusRing } from './ui.ts';
import { VoteBar } from './VoteBar.tsx';

interface PostCardProps {
  post: Post;
  /** On the post's own page: the title is a heading, not a link, and the card does not open itself. */
  detail?: boolean;
  /** The list showing the card, told to drop it once deleted. */
  list?: PagedListActorRef | null;
  /** Where to go once the post is deleted (its own page leaves), null to stay. */
  leaveTo?: string | null;
  /** Hide Share (it is always hidden for a private room's post). */
  hideShare?: boolean;
  /** The first image of the list: loaded at once, first (it is the page's largest paint). */
  firstImage?: boolean;
  /** A moderator reviewing a reported post of a private room: no votes, comments link or Share. */
  readOnly?: boolean;
}

export function PostCard({
  post,
  detail = false,
  list = null,
  leaveTo = null,
  hideShare = false,
  firstImage = false,
  readOnly = false,
}: PostCardProps) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = postPath(post);
  const remove = useDeleteItem('post', post.id, list, leaveTo);
  const safety = useCardSafety({
    kind: 'post',
    id: post.id,
    title: post.title,
    author: post.user.username,
    authorId: post.userId,
    list,
    detail,
    leaveTo,
  });
  const ownerRemoval = useItemRemoval({
    kind: 'post',
    id: post.id,
    room: post.room,
    authorId: post.userId,
    owner: list,
    leaveTo,
  });
  const share = useShare();
  const gate = useRoomGate(post.room);
  const isAuthor = viewer !== null && viewer.userID === post.userId;
  const edit = useEditItem({ kind: 'post', id: post.id, text: post.body, editedAt: post.editedAt }, isAuthor);
  const opens = detail || pathname === path ? null : path;
  const shareable = !hideShare && !post.room?.privateRoom;
  // On its own page the post is the page: its title is the page's heading and the tab's name.
  const Heading = detail ? 'h1' : 'h2';
  const mask = useMaskReveal(post.masked);
  useDocumentTitle(detail ? pageTitle(mask.hidden ? SAFETY.hiddenAfterReports : post.title) : null);
  /** A link of the card: followed by members (and for topic posts), refused otherwise. */
  const gated = (event: React.MouseEvent) => {
    if (gate.joined) return;
    event.preventDefault();
    gate.refuse();
  };

  // Hidden from this reader's feeds: nothing drawn until the toast's Undo.
  if (safety.hidden) return null;
  // Masked after reports: a card with 'View anyway' until this reader reveals it.
  if (mask.hidden) return <MaskedCard what="Post" heading={Heading} onReveal={mask.reveal} />;

  return (
    <>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users open the post by its title link; the card click is a pointer shortcut */}
      <article
        aria-labelledby={`post-${post.id}-title`}
        data-link={opens !== null}
        onClick={opensOnClick(opens, (to) => (gate.joined ? navigate(to) : gate.refuse()))}
        css={cardFrame}
      >
        <AuthorLine
          username={post.user.username}
          dp={post.user.dp}
          topic={post.topic}
          room={post.room}
          createdAt={post.createdAt}
          editedAt={edit.shown.editedAt}
          menu={
            <CardMenu
              label="Post menu"
              items={[
                ...edit.items,
                ...(isAuthor
                  ? [{ label: 'Delete', icon: <TrashIcon />, danger: true, onSelect: remove.request }]
                  : []),
                ...ownerRemoval.items,
                ...safety.items,
              ]}
            />
          }
        />
        {post.maskedForOthers && <AuthorMaskedNotice />}
        <Heading
          id={`post-${post.id}-title`}
          css={css`
            margin: 0;
            font-size: ${detail ? '1.375rem' : '1.125rem'};
            line-height: 1.35;
            overflow-wrap: anywhere;
          `}
        >
          {opens ? (
            <Link
              to={path}
              onClick={gated}
              css={css`
                color: inherit;
                text-decoration: none;
                ${focusRing};
              `}
            >
              {post.title}
            </Link>
          ) : (
            post.title
          )}
        </Heading>
        {edit.box ?? (
          <Clamp
            as="div"
            lines={post.img ? 2 : 10}
            css={css`
              color: #2d3439;
              line-height: 1.55;
            `}
          >
            <FormattedText text={edit.shown.text} />
          </Clamp>
        )}
        {post.img && <PostImage src={post.img} post={post} priority={detail || firstImage} />}
        {!readOnly && (
          <div css={actionRow}>
            <PostVotes post={post} />
            <Link to={path} onClick={gated} css={pillAction} aria-label={`${post.commentCount} comments`}>
              <CommentIcon />
              <span aria-hidden="true">{post.commentCount}</span>
            </Link>
            {shareable && (
              <button
                type="button"
                css={pillAction}
                onClick={() =>
                  gate.joined ? void share({ path, text: POSTS.share(post.user.username) }) : gate.refuse()
                }
              >
                <ShareIcon />
                Share
              </button>
            )}
          </div>
        )}
      </article>
      {remove.dialog}
      {ownerRemoval.dialog}
      {safety.dialogs}
    </>
  );
}

/** The post's vote buttons, driven by its own vote chart. */
function PostVotes({ post }: { post: Post }) {
  const actor = usePostVoteActor({
    postId: post.id,
    commentId: null,
    tally: { upvotes: post.upvotes, downvotes: post.downvotes, myVote: post.myVote },
    room: post.room,
  });
  const tally = useSelector(actor, (snapshot) => snapshot.context.tally);
  const waiting = useVoterUnknown();

  return (
    <VoteBar
      waiting={waiting}
      {...tally}
      onUp={() => actor.send({ type: 'vote.up' })}
      onDown={() => actor.send({ type: 'vote.down' })}
    />
  );
}
