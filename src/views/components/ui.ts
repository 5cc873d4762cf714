/** Shared Emotion styles: buttons, cards and the focus ring, from the theme tokens. */
import { css } from '@emotion/react';
import { theme } from '../theme.ts';

const { color, radius, shadow } = theme;

/**
 * The focus ring: 2 px of the focus colour with a white gap inside it, so it stands out on white, on
 * grey and on an orange banner or a photo alike.
 */
export const focusRing = css`
  &:focus-visible {
    outline: 2px solid ${color.focus};
    outline-offset: 2px;
    box-shadow: 0 0 0 2px ${color.surface};
  }
`;

/**
 * A focused text field: its edge turns into a 2 px ring of the focus colour (the field draws it
 * itself, as its own outline is off so the ring follows the field's edge).
 */
export const fieldFocused = css`
  outline: none;
  border-color: ${color.focus};
  box-shadow: 0 0 0 1px ${color.focus};
`;

const buttonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 18px;
  border-radius: ${radius.pill};
  font: inherit;
  font-weight: 600;
  font-size: 0.9375rem;
  line-height: 1;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition:
    background-color 120ms ease,
    border-color 120ms ease,
    color 120ms ease;
  ${focusRing};
  &:disabled {
    border-color: ${color.disabledFill};
    background: ${color.disabledFill};
    color: ${color.disabledText};
    cursor: not-allowed;
  }
`;

export const primaryButton = css`
  ${buttonBase};
  border: 1px solid ${color.brandDark};
  background: ${color.brandDark};
  color: #fff;
  &:hover:not(:disabled) {
    background: ${color.brandDeep};
    border-color: ${color.brandDeep};
  }
`;

export const secondaryButton = css`
  ${buttonBase};
  border: 1px solid ${color.border};
  background: ${color.surface};
  color: ${color.text};
  &:hover:not(:disabled) {
    border-color: ${color.brand};
    color: ${color.brandDark};
  }
`;

export const iconButton = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 42px;
  height: 42px;
  padding: 0;
  border: 0;
  border-radius: ${radius.pill};
  background: transparent;
  color: ${color.text};
  cursor: pointer;
  transition: background-color 120ms ease;
  ${focusRing};
  &:hover {
    background: ${color.hover};
  }
  &[aria-expanded='true'] {
    background: ${color.hover};
  }
`;

/** A small icon in a soft round badge (the About page's points, the Edit row, a comment row). */
export const iconBadge = (padding = 7) => css`
  display: inline-flex;
  flex: none;
  padding: ${padding}px;
  border-radius: 50%;
  background: ${theme.color.brandSoft};
  color: ${theme.color.brandDark};
`;

export const card = css`
  background: ${color.surface};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  box-shadow: ${shadow.card};
`;

/** The look of a floating panel: a menu or popover (Radix places those) or the search results. */
export const popupSurface = css`
  z-index: 30;
  background: ${color.surface};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  box-shadow: ${shadow.popup};
`;

/** A floating panel placed by hand under its positioned parent's right edge. */
export const popup = css`
  position: absolute;
  top: calc(100% + 8px);
  right: 0;
  ${popupSurface};
`;

export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** Clamps text to a number of lines (spec §9 clamps). */
export const clampLines = (lines: number) => css`
  display: -webkit-box;
  -webkit-line-clamp: ${lines};
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

/** A link of the navigation (side nav, its sections, HOT-TOPICS): an icon and a name, tinted when current. */
export const navLink = css`
  display: flex;
  align-items: center;
  gap: 12px;
  border-radius: ${radius.md};
  color: ${color.text};
  font-weight: 500;
  text-decoration: none;
  ${focusRing};
  &:hover {
    background: ${color.hover};
  }
  &[aria-current='page'] {
    background: ${color.brandSoft};
    color: ${color.brandDark};
    font-weight: 700;
  }
`;

/** An item of a Radix menu: highlighted under the pointer or the arrow keys, ringed inside when focused by keyboard. */
export const menuItem = css`
  display: flex;
  align-items: center;
  color: ${color.text};
  font-size: 0.9375rem;
  cursor: pointer;
  outline: none;
  ${focusRing};
  &:focus-visible {
    outline-offset: -2px;
  }
  &[data-highlighted] {
    background: ${color.hover};
  }
`;

/** Shown only where the right column is hidden (what it holds then comes with the page itself). */
export const withoutRightColumn = css`
  ${theme.wider.lg} {
    display: none;
  }
`;

/** A row of tabs in a card (a profile's tabs, the search page's), scrolling sideways when narrow. */
export const tabBar = css`
  ${card};
  display: flex;
  gap: 4px;
  padding: 6px;
  overflow-x: auto;
  scrollbar-width: none;
  ${theme.media.sm} {
    gap: 2px;
    padding: 4px;
  }
`;

/** One tab of a `tabBar`: a pill, brand-tinted where `aria-current="page"`. */
export const tabPill = css`
  flex: 1 0 auto;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 38px;
  padding: 0 14px;
  border-radius: ${theme.radius.pill};
  color: ${theme.color.muted};
  font-weight: 600;
  font-size: 0.9375rem;
  text-decoration: none;
  white-space: nowrap;
  ${focusRing};
  &:hover {
    background: ${theme.color.hover};
    color: ${theme.color.text};
  }
  &[aria-current='page'] {
    background: ${theme.color.brandSoft};
    color: ${theme.color.brandDark};
  }
  ${theme.media.sm} {
    padding: 0 6px;
    font-size: 0.8125rem;
  }
`;
