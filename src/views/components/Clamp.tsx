/**
 * Text clamped to a number of lines (spec §2, §9: post body 10 lines, 2 with media; poll title 3) with
 * 'Read More' / 'Show Less' when it is longer. Whether it overflows is measured after layout.
 */
import { css } from '@emotion/react';
import { type ElementType, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { POSTS } from '../../domain/messages.ts';
import { theme } from '../theme.ts';
import { clampLines, focusRing } from './ui.ts';

/**
 * A code block (Markdown, FormattedText.tsx) scrolls sideways on its own, which makes the line clamp
 * skip its lines: while collapsed its lines count and are cut like the others, and a line wider than
 * the text is told as overflow too ('Read More', after which the block scrolls).
 */
const collapsedCode = css`
  & pre {
    overflow: visible;
  }
`;

interface ClampProps {
  lines: number;
  children: ReactNode;
  /** The element holding the text; a paragraph by default. */
  as?: ElementType;
  /** Without the toggle (a title that opens the detail page instead). */
  toggle?: boolean;
  className?: string;
}

export function Clamp({ lines, children, as: Tag = 'p', toggle = true, className }: ClampProps) {
  const ref = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const id = useId();

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () =>
      setOverflows(
        element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
      );
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    // The observer's first report comes after layout and before paint, for every clamp of the page at
    // once: measuring here would force a layout for each card while the page hydrates.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded]);

  return (
    <>
      <Tag
        id={id}
        ref={ref}
        className={className}
        css={[
          css`
            margin: 0;
            white-space: pre-line;
            overflow-wrap: anywhere;
          `,
          !expanded && [clampLines(lines), collapsedCode],
        ]}
      >
        {children}
      </Tag>
      {toggle && (overflows || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={(event) => {
            event.stopPropagation();
            setExpanded((was) => !was);
          }}
          css={css`
            align-self: flex-start;
            padding: 0;
            border: 0;
            background: none;
            color: ${theme.color.brandDark};
            font: inherit;
            font-size: 0.875rem;
            font-weight: 600;
            cursor: pointer;
            ${focusRing};
          `}
        >
          {expanded ? POSTS.showLess : POSTS.readMore}
        </button>
      )}
    </>
  );
}
