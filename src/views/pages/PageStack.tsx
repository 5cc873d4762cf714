/** A vertical stack of cards, the body of every content screen. */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';

export function PageStack({ children }: { children: ReactNode }) {
  return (
    <div
      css={css`
        display: flex;
        flex-direction: column;
        gap: 16px;
      `}
    >
      {children}
    </div>
  );
}
