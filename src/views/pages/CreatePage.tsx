/** The create modal's tabs (spec §2 Create modal): skeletons until their issue lands. */
import { css } from '@emotion/react';
import { Bone, ListRowsSkeleton } from '../components/Skeletons.tsx';
import { card } from '../components/ui.ts';

function FormSkeleton({ label }: { label: string }) {
  return (
    <div
      css={css`
        ${card};
        display: flex;
        flex-direction: column;
        gap: 14px;
        padding: 20px;
      `}
    >
      <div
        css={css`
          display: flex;
          gap: 12px;
        `}
      >
        <Bone width="96px" height={32} />
        <Bone width="96px" height={32} />
      </div>
      <ListRowsSkeleton rows={3} label={label} />
      <Bone height={120} />
    </div>
  );
}

export function CreatePostTab() {
  return <FormSkeleton label="Loading post form" />;
}

export function CreatePollTab() {
  return <FormSkeleton label="Loading poll form" />;
}
