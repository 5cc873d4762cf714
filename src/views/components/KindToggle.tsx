/**
 * The Post/Poll toggle of topic, room and profile pages (spec §2): two tabs over one panel, the list
 * of the kind shown, on Radix Tabs (arrow keys between the tabs, the panel named by its tab). The
 * tabs and the panel sit apart on the page (the tabs in a header, the list below), so `KindTabs` holds
 * both without a box of its own.
 */
import { css } from '@emotion/react';
import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { theme } from '../theme.ts';
import { focusRing } from './ui.ts';

export type FeedKind = 'post' | 'poll';

const KINDS = ['post', 'poll'] as const;

interface KindTabsProps {
  kind: FeedKind;
  onChange: (kind: FeedKind) => void;
  children: ReactNode;
}

export function KindTabs({ kind, onChange, children }: KindTabsProps) {
  return (
    <Tabs.Root
      value={kind}
      onValueChange={(value) => onChange(value === 'poll' ? 'poll' : 'post')}
      css={css`display: contents;`}
    >
      {children}
    </Tabs.Root>
  );
}

export function KindTabList() {
  return (
    <Tabs.List
      aria-label="Show"
      css={css`
        display: inline-flex;
        padding: 3px;
        border-radius: ${theme.radius.pill};
        background: ${theme.color.hover};
      `}
    >
      {KINDS.map((option) => (
        <Tabs.Trigger
          key={option}
          value={option}
          css={css`
            min-width: 72px;
            min-height: 34px;
            padding: 0 14px;
            border: 0;
            border-radius: ${theme.radius.pill};
            background: transparent;
            color: ${theme.color.muted};
            font: inherit;
            font-weight: 600;
            cursor: pointer;
            ${focusRing};
            &[data-state='active'] {
              background: ${theme.color.surface};
              color: ${theme.color.text};
              box-shadow: ${theme.shadow.card};
            }
          `}
        >
          {option === 'post' ? 'Post' : 'Poll'}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}

/** The panel of each kind (both there, so each tab names a panel); only the shown one has the list. */
export function KindPanels({ kind, children }: { kind: FeedKind; children: ReactNode }) {
  return KINDS.map((option) => (
    <Tabs.Content key={option} value={option} forceMount css={focusRing}>
      {option === kind ? children : null}
    </Tabs.Content>
  ));
}
