/**
 * The top of a room page, a profile or a topic page (spec §2): a wide cover picture and a round picture
 * overlapping it, each with the owner's change button over it when its `onChange` is given, then the
 * page's name and actions beside the picture.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { CameraIcon } from '../pages/room/roomIcons.tsx';
import { theme } from '../theme.ts';
import { focusRing } from './ui.ts';

/** A small dark button over a picture. */
const overlayButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-height: 34px;
  padding: 0 12px;
  border: 0;
  border-radius: ${theme.radius.pill};
  background: rgba(16, 24, 40, 0.62);
  color: #fff;
  font: inherit;
  font-size: 0.8125rem;
  font-weight: 600;
  cursor: pointer;
  ${focusRing};
  &:hover {
    background: rgba(16, 24, 40, 0.8);
  }
`;

/** A CSS url() of an image path, quotes and backslashes escaped. */
export const cssUrl = (src: string) => `url("${src.replace(/["\\]/g, '\\$&')}")`;

interface CoverProps {
  /** A CSS background (an image, a gradient). */
  background: string;
  height: number;
  /** The height on narrow screens. */
  smallHeight: number;
  /** The owner's change button's text; no button without `onChange`. */
  changeLabel: string;
  onChange?: () => void;
  testId?: string;
}

function Cover({ background, height, smallHeight, changeLabel, onChange, testId }: CoverProps) {
  return (
    <div
      data-testid={testId}
      css={css`
        position: relative;
        height: ${height}px;
        border-radius: ${theme.radius.md} ${theme.radius.md} 0 0;
        background: ${background};
        ${theme.media.sm} {
          height: ${smallHeight}px;
        }
      `}
    >
      {onChange && (
        <button
          type="button"
          css={[
            overlayButton,
            css`
              position: absolute;
              top: 10px;
              right: 10px;
            `,
          ]}
          onClick={onChange}
        >
          <CameraIcon size={18} />
          {changeLabel}
        </button>
      )}
    </div>
  );
}

interface CoverPictureProps {
  /** How far the picture rises into the cover, in pixels (and on narrow screens). */
  overlap: number;
  smallOverlap?: number;
  changeLabel: string;
  onChange?: () => void;
  children: ReactNode;
}

function CoverPicture({
  overlap,
  smallOverlap = overlap,
  changeLabel,
  onChange,
  children,
}: CoverPictureProps) {
  return (
    <div
      css={css`
        position: relative;
        flex: none;
        margin-top: -${overlap}px;
        border: 4px solid ${theme.color.surface};
        border-radius: 50%;
        background: ${theme.color.surface};
        ${theme.media.sm} {
          margin-top: -${smallOverlap}px;
        }
      `}
    >
      {children}
      {onChange && (
        <button
          type="button"
          aria-label={changeLabel}
          title={changeLabel}
          css={[
            overlayButton,
            css`
              position: absolute;
              right: -6px;
              bottom: -4px;
              width: 32px;
              min-height: 32px;
              padding: 0;
              border: 2px solid ${theme.color.surface};
            `,
          ]}
          onClick={onChange}
        >
          <CameraIcon size={16} />
        </button>
      )}
    </div>
  );
}

interface CoverHeadProps {
  cover: Omit<CoverProps, 'changeLabel' | 'onChange'>;
  /** The owner's change buttons; none when absent. */
  coverChange?: { label: string; onChange?: () => void };
  /** The round picture (an avatar, a room icon). */
  picture: ReactNode;
  pictureOverlap: number;
  pictureSmallOverlap?: number;
  pictureChange?: { label: string; onChange?: () => void };
  /** The name and the actions, beside the picture (wrapping under it when narrow). */
  children: ReactNode;
}

export function CoverHead({
  cover,
  coverChange,
  picture,
  pictureOverlap,
  pictureSmallOverlap,
  pictureChange,
  children,
}: CoverHeadProps) {
  return (
    <>
      <Cover {...cover} changeLabel={coverChange?.label ?? ''} onChange={coverChange?.onChange} />
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: flex-end;
          gap: 12px 16px;
          padding: 0 16px 14px;
        `}
      >
        <CoverPicture
          overlap={pictureOverlap}
          smallOverlap={pictureSmallOverlap}
          changeLabel={pictureChange?.label ?? ''}
          onChange={pictureChange?.onChange}
        >
          {picture}
        </CoverPicture>
        {children}
      </div>
    </>
  );
}
