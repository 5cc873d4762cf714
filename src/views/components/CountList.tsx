/** Labelled numbers in tiles (a room's and a profile's counts, the stats card's figures). */
import { css } from '@emotion/react';
import { theme } from '../theme.ts';

interface CountListProps {
  /** Each tile's label and value. */
  items: readonly (readonly [string, number | string])[];
  columns: number;
  align?: 'center' | 'start';
  /** The value's size: 'md' in cards, 'lg' for the stats' headline figures. */
  size?: 'md' | 'lg';
}

export function CountList({ items, columns, align = 'center', size = 'md' }: CountListProps) {
  return (
    <dl
      css={css`
        display: grid;
        grid-template-columns: repeat(${columns}, minmax(0, 1fr));
        gap: 8px;
        margin: 0;
      `}
    >
      {items.map(([label, value]) => (
        <div
          key={label}
          css={css`
            display: flex;
            flex-direction: column-reverse;
            align-items: ${align === 'center' ? 'center' : 'flex-start'};
            gap: 2px;
            padding: ${align === 'center' ? '10px 4px' : '10px 12px'};
            border-radius: ${theme.radius.sm};
            background: ${theme.color.page};
          `}
        >
          <dt
            css={css`
              color: ${theme.color.muted};
              font-size: 0.8125rem;
            `}
          >
            {label}
          </dt>
          <dd
            css={css`
              margin: 0;
              font-size: ${size === 'lg' ? '1.25rem' : '1.125rem'};
              font-weight: 700;
            `}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
