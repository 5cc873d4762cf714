/**
 * A paged list on screen (spec §2 feeds, §9 infinite scroll): skeletons while the first page loads,
 * post and poll cards (and comment rows on profiles, people and rooms on the search page), the next page asked for when a sentinel placed at 80 % of the list comes into
 * view, then the end message, or the list's own empty state. The chart decides whether 'list.more'
 * is taken (only when idle), so the view needs no timer.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { Fragment, type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SCROLL_THRESHOLD } from '../../domain/constants.ts';
import { LISTS } from '../../domain/messages.ts';
import { type FeedItem, feedEntry, type pagedListMachine } from '../../machines/pagedList.machine.ts';
import { theme } from '../theme.ts';
import { CommentRow } from './CommentRow.tsx';
import { PersonRow, RoomRow } from './FoundRow.tsx';
import { PollCard } from './PollCard.tsx';
import { PostCard } from './PostCard.tsx';
import { FeedSkeleton, PollCardSkeleton, PostCardSkeleton } from './Skeletons.tsx';
import { secondaryButton } from './ui.ts';

export type PagedListActorRef = ActorRefFrom<typeof pagedListMachine>;

/**
 * Cards drawn in the first paint of a list; the rest follow at once in a transition. A screen holds
 * about three, and drawing all 30 of a home page first took 600 ms on a slow phone (4x CPU) before
 * anything showed.
 */
const FIRST_PAINT_ITEMS = 4;

interface FeedListProps {
  list: PagedListActorRef;
  /** Shown when the list is empty: an EmptyState with the spec's line, e.g. LISTS.homeEmpty. */
  empty: ReactNode;
  /** Which skeleton to show while loading. */
  skeleton?: 'mixed' | 'posts' | 'polls';
  label: string;
}

const note = css`
  margin: 8px 0 24px;
  color: ${theme.color.muted};
  text-align: center;
  font-size: 0.9375rem;
`;

function Skeleton({ kind }: { kind: 'mixed' | 'posts' | 'polls' }) {
  if (kind === 'posts') return <PostCardSkeleton />;
  if (kind === 'polls') return <PollCardSkeleton />;
  return <FeedSkeleton items={2} />;
}

/** The index of the first post with an image: its image is the list's largest paint. */
function firstImageIndex(items: readonly FeedItem[]): number {
  return items.findIndex((item) => {
    const entry = feedEntry(item);
    return entry.kind === 'post' && entry.post.img !== null;
  });
}

/** One item of a list, drawn as what it is. */
function FeedItemView({
  item,
  list,
  firstImage,
}: {
  item: FeedItem;
  list: PagedListActorRef;
  firstImage: boolean;
}) {
  const entry = feedEntry(item);
  if (entry.kind === 'post') return <PostCard post={entry.post} list={list} firstImage={firstImage} />;
  if (entry.kind === 'poll') return <PollCard poll={entry.poll} list={list} />;
  if (entry.kind === 'person') return <PersonRow person={entry.person} />;
  if (entry.kind === 'room') return <RoomRow room={entry.room} />;
  return <CommentRow comment={entry.comment} />;
}

export function FeedList({ list, empty, skeleton = 'mixed', label }: FeedListProps) {
  const items = useSelector(list, (snapshot) => snapshot.context.items);
  const loading = useSelector(list, (snapshot) => snapshot.hasTag('loading'));
  const loadingMore = useSelector(list, (snapshot) => snapshot.matches('loadingMore'));
  const exhausted = useSelector(list, (snapshot) => snapshot.matches('exhausted'));
  const failed = useSelector(list, (snapshot) => snapshot.matches('failed'));
  const idle = useSelector(list, (snapshot) => snapshot.matches('idle'));
  const sentinel = useRef<HTMLDivElement>(null);
  const sentinelAt = Math.max(0, Math.floor(items.length * SCROLL_THRESHOLD) - 1);
  const [drawn, setDrawn] = useState(FIRST_PAINT_ITEMS);
  const shown = items.length > drawn ? items.slice(0, drawn) : items;
  const sentinelDrawn = shown.length > sentinelAt;
  const firstImage = firstImageIndex(shown);

  useEffect(() => {
    if (items.length > drawn) startTransition(() => setDrawn(items.length));
  }, [items.length, drawn]);

  // Watch the sentinel again whenever the list grows or becomes idle: a sentinel still in view asks at once.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !idle || !sentinelDrawn || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) list.send({ type: 'list.more' });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [list, idle, sentinelDrawn]);

  if (loading) {
    return <Skeleton kind={skeleton} />;
  }

  return (
    <section aria-label={label} aria-busy={loadingMore}>
      <div
        css={css`
          display: flex;
          flex-direction: column;
          gap: 16px;
        `}
      >
        {shown.map((item, index) => (
          <Fragment key={item.id}>
            {/* A boundary per card: a server-drawn page hydrates card by card, in short tasks. */}
            <Suspense fallback={null}>
              <FeedItemView item={item} list={list} firstImage={index === firstImage} />
            </Suspense>
            {index === sentinelAt && (
              // height 0 and a negative margin: the sentinel takes no room between the cards
              <div
                ref={sentinel}
                data-testid="feed-sentinel"
                aria-hidden="true"
                css={css`
                  margin-top: -16px;
                `}
              />
            )}
          </Fragment>
        ))}
        {loadingMore && <Skeleton kind={skeleton === 'polls' ? 'polls' : 'posts'} />}
      </div>
      {failed && (
        <div css={[note, css`display: grid; justify-items: center; gap: 10px;`]}>
          <p css={css`margin: 0;`}>Could not load the list.</p>
          <button type="button" css={secondaryButton} onClick={() => list.send({ type: 'list.retry' })}>
            Try again
          </button>
        </div>
      )}
      {exhausted && (items.length === 0 ? empty : <p css={note}>{LISTS.end}</p>)}
    </section>
  );
}
