/**
 * A post's image: described for those who cannot see it (postImageAlt), in the width its slot needs
 * (srcset of the server's copies, sizes from the layout), in a 3:2 box reserved before it loads. The
 * first image of a page is its largest paint: fetched at once and first; the others when near.
 */
import { css } from '@emotion/react';
import type { Post } from '../../domain/entities.ts';
import { postImageAlt, postImageSrcSet } from '../../domain/images.ts';
import { theme } from '../theme.ts';

const { sideNavWidth, rightColumnWidth, contentMax } = theme.layout;
/** AppShell's grid: its gap, and its side padding on phones and above. */
const GAP = 24;
const PAD = { phone: 12, wide: 24 };
/** The card's padding and border around the image. */
const CARD_INSET = 2 * 16 + 2;

const condition = (media: string) => media.replace('@media ', '');
/** The slot when the page's other parts take `taken` px of the window, at most the content width. */
const slot = (taken: number) => `min(calc(100vw - ${taken + CARD_INSET}px), ${contentMax - CARD_INSET}px)`;

/** How wide the image slot is: the side nav shows above `md`, the right column above `lg`. */
const SLOT_SIZES = [
  `${condition(theme.media.sm)} ${slot(2 * PAD.phone)}`,
  `${condition(theme.media.md)} ${slot(2 * PAD.wide)}`,
  `${condition(theme.media.lg)} ${slot(2 * PAD.wide + sideNavWidth + GAP)}`,
  slot(2 * PAD.wide + sideNavWidth + rightColumnWidth + 2 * GAP),
].join(', ');

interface PostImageProps {
  src: string;
  post: Pick<Post, 'title' | 'imgAlt'>;
  /** The page's largest paint: fetched at once and first. */
  priority: boolean;
}

export function PostImage({ src, post, priority }: PostImageProps) {
  return (
    <img
      src={src}
      srcSet={postImageSrcSet(src)}
      sizes={SLOT_SIZES}
      alt={postImageAlt(post)}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      width={1200}
      height={800}
      css={css`
        display: block;
        width: 100%;
        height: auto;
        aspect-ratio: 3 / 2;
        max-height: 520px;
        object-fit: contain;
        border-radius: ${theme.radius.sm};
        background: ${theme.color.hover};
      `}
    />
  );
}
