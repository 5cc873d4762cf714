/** Skeleton placeholders (spec §2 Other): shapes of the real cards with a calm shimmer. */
import { css, keyframes } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../theme.ts';
import { card } from './ui.ts';

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

const bone = css`
  display: block;
  border-radius: ${theme.radius.sm};
  background: linear-gradient(90deg, #e9edf0 25%, #f4f6f8 50%, #e9edf0 75%);
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

interface BoneProps {
  width?: string;
  height?: number;
  round?: boolean;
}

export function Bone({ width = '100%', height = 12, round = false }: BoneProps) {
  return (
    <span
      css={[
        bone,
        css`
          width: ${round ? `${height}px` : width};
          height: ${height}px;
          flex: none;
          border-radius: ${round ? '50%' : theme.radius.sm};
        `,
      ]}
    />
  );
}

const skeletonCard = css`
  ${card};
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px;
`;

const row = css`
  display: flex;
  align-items: center;
  gap: 10px;
`;

/** Announced once to assistive technology; the bones themselves are hidden. */
function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

function AuthorRow() {
  return (
    <div css={row}>
      <Bone round height={32} />
      <Bone width="120px" height={12} />
      <Bone width="64px" height={10} />
    </div>
  );
}

export function PostCardSkeleton() {
  return (
    <Loading label="Loading post">
      <div css={skeletonCard}>
        <AuthorRow />
        <Bone width="72%" height={18} />
        <Bone height={12} />
        <Bone height={12} />
        <Bone width="58%" height={12} />
        <Bone height={180} />
        <div css={row}>
          <Bone width="88px" height={28} />
          <Bone width="72px" height={28} />
          <Bone width="72px" height={28} />
        </div>
      </div>
    </Loading>
  );
}

export function PollCardSkeleton() {
  return (
    <Loading label="Loading poll">
      <div css={skeletonCard}>
        <AuthorRow />
        <Bone width="64%" height={18} />
        {[0, 1, 2].map((option) => (
          <Bone key={option} height={34} />
        ))}
        <Bone width="96px" height={12} />
      </div>
    </Loading>
  );
}

export function CommentRowsSkeleton({
  rows = 3,
  label = 'Loading comments',
}: {
  rows?: number;
  label?: string;
}) {
  return (
    <Loading label={label}>
      <div css={skeletonCard}>
        {Array.from({ length: rows }, (_, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
            key={index}
            css={css`
              display: flex;
              flex-direction: column;
              gap: 8px;
              padding-left: ${(index % 2) * 28}px;
            `}
          >
            <div css={row}>
              <Bone round height={26} />
              <Bone width="110px" height={11} />
            </div>
            <Bone width="86%" height={11} />
            <Bone width="54%" height={11} />
          </div>
        ))}
      </div>
    </Loading>
  );
}

export function ProfileHeaderSkeleton() {
  return (
    <Loading label="Loading profile">
      <div
        css={css`
          ${card};
          overflow: hidden;
        `}
      >
        <Bone height={140} />
        <div
          css={css`
            display: flex;
            flex-direction: column;
            gap: 10px;
            padding: 0 16px 18px;
            margin-top: -44px;
          `}
        >
          <span
            css={css`
              width: fit-content;
              border: 4px solid ${theme.color.surface};
              border-radius: 50%;
            `}
          >
            <Bone round height={84} />
          </span>
          <Bone width="160px" height={18} />
          <Bone width="110px" height={12} />
          <Bone width="70%" height={12} />
        </div>
      </div>
    </Loading>
  );
}

export function ListRowsSkeleton({ rows = 4, label = 'Loading list' }: { rows?: number; label?: string }) {
  return (
    <Loading label={label}>
      <div
        css={css`
          display: flex;
          flex-direction: column;
          gap: 14px;
          padding: 8px 0;
        `}
      >
        {Array.from({ length: rows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
          <div key={index} css={row}>
            <Bone round height={30} />
            <Bone width={`${60 + ((index * 17) % 30)}%`} height={12} />
          </div>
        ))}
      </div>
    </Loading>
  );
}

export function BannerSkeleton() {
  return (
    <Loading label="Loading banner">
      <div
        css={css`
          ${card};
          overflow: hidden;
        `}
      >
        <Bone height={120} />
        <div
          css={css`
            ${row};
            padding: 12px 16px;
          `}
        >
          <Bone round height={56} />
          <Bone width="180px" height={18} />
        </div>
      </div>
    </Loading>
  );
}

/** A feed placeholder: post and poll cards alternating. */
export function FeedSkeleton({ items = 3 }: { items?: number }) {
  return (
    <div
      css={css`
        display: flex;
        flex-direction: column;
        gap: 16px;
      `}
    >
      {Array.from({ length: items }, (_, index) =>
        index % 3 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
          <PollCardSkeleton key={index} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
          <PostCardSkeleton key={index} />
        ),
      )}
    </div>
  );
}
