/** Settings (spec §2 Settings): skeleton until its issue lands. */
import { css } from '@emotion/react';
import { ListRowsSkeleton } from '../components/Skeletons.tsx';
import { card } from '../components/ui.ts';

export function SettingsPage() {
  return (
    <div
      css={css`
        ${card};
        padding: 20px;
      `}
    >
      <ListRowsSkeleton rows={7} label="Loading settings" />
    </div>
  );
}
