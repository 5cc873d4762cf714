/** About (spec §1, §2): skeleton until its issue lands. */
import { css } from '@emotion/react';
import { Bone, ListRowsSkeleton } from '../components/Skeletons.tsx';
import { card } from '../components/ui.ts';

export function AboutPage() {
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
      <Bone width="40%" height={22} />
      <ListRowsSkeleton rows={5} label="Loading about" />
    </div>
  );
}
