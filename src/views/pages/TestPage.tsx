/** /test/ (spec §2): every skeleton placeholder on one page, for a visual check. */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import {
  BannerSkeleton,
  CommentRowsSkeleton,
  ListRowsSkeleton,
  PollCardSkeleton,
  PostCardSkeleton,
  ProfileHeaderSkeleton,
} from '../components/Skeletons.tsx';
import { card } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { PageStack } from './PageStack.tsx';

function Sample({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      css={css`
        display: flex;
        flex-direction: column;
        gap: 8px;
      `}
    >
      <h2
        css={css`
          margin: 0;
          font-size: 0.8125rem;
          font-weight: 700;
          letter-spacing: 0.06em;
          text-transform: uppercase;
          color: ${theme.color.muted};
        `}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

export function TestPage() {
  useDocumentTitle(pageTitle('Skeleton test view'));
  return (
    <PageStack>
      <h1
        css={css`
          margin: 0;
          font-size: 1.25rem;
        `}
      >
        Skeleton test view
      </h1>
      <Sample title="Post card">
        <PostCardSkeleton />
      </Sample>
      <Sample title="Poll card">
        <PollCardSkeleton />
      </Sample>
      <Sample title="Comment rows">
        <CommentRowsSkeleton />
      </Sample>
      <Sample title="Profile header">
        <ProfileHeaderSkeleton />
      </Sample>
      <Sample title="Banner">
        <BannerSkeleton />
      </Sample>
      <Sample title="List rows">
        <div
          css={css`
            ${card};
            padding: 12px 16px;
          `}
        >
          <ListRowsSkeleton />
        </div>
      </Sample>
    </PageStack>
  );
}
