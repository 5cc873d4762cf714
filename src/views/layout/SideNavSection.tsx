/**
 * A collapsible section of the side navigation (the topics, My Rooms, Public Rooms): a heading whose
 * button shows or hides the section, and the look of the links listed in it.
 */
import { css } from '@emotion/react';
import { type ReactNode, useId, useState } from 'react';
import { focusRing, navLink } from '../components/ui.ts';
import { theme } from '../theme.ts';

const sectionButton = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  padding: 8px 14px;
  border: 0;
  border-radius: ${theme.radius.md};
  background: transparent;
  color: ${theme.color.muted};
  font: inherit;
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  cursor: pointer;
  ${focusRing};
  &:hover {
    background: ${theme.color.hover};
    color: ${theme.color.text};
  }
  svg {
    transition: transform 150ms ease;
  }
  &[aria-expanded='false'] svg {
    transform: rotate(-90deg);
  }
  @media (prefers-reduced-motion: reduce) {
    svg {
      transition: none;
    }
  }
`;

/** A link in a section: an icon and a name cut with an ellipsis. */
export const sectionLink = css`
  ${navLink};
  padding: 7px 14px;
  font-size: 0.9375rem;
  span {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;
export const sectionList = css`
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin: 4px 0 0;
  padding: 0;
  list-style: none;
`;

const ChevronIcon = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    aria-hidden="true"
    focusable="false"
  >
    <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export function SideNavSection({
  title,
  className,
  children,
}: {
  title: string;
  /** Lets the caller hide the section at some widths (Emotion's `css` prop arrives as a class). */
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  return (
    <section
      className={className}
      css={css`
        margin-top: 14px;
        padding-top: 12px;
        border-top: 1px solid ${theme.color.border};
      `}
    >
      <h2
        css={css`
          margin: 0;
          font-size: inherit;
        `}
      >
        <button
          type="button"
          css={sectionButton}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {title}
          <ChevronIcon />
        </button>
      </h2>
      <div id={listId} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
