/**
 * A round user picture, fetched at the size shown (srcset of the server's square copies); the default
 * avatar when there is none or it fails to load.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { pictureSrcSet } from '../../domain/images.ts';
import { theme } from '../theme.ts';

const DEFAULT_AVATAR = '/default-avatar.svg';

interface AvatarProps {
  src: string | null | undefined;
  /** Empty for a decorative picture next to the name it shows. */
  alt?: string;
  size?: number;
}

export function Avatar({ src, alt = '', size = 36 }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : DEFAULT_AVATAR;
  return (
    <img
      src={shown}
      srcSet={pictureSrcSet(shown)}
      sizes={`${size}px`}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(src ?? null)}
      css={css`
        display: block;
        flex: none;
        width: ${size}px;
        height: ${size}px;
        border-radius: 50%;
        object-fit: cover;
        background: ${theme.color.brandSoft};
        border: 1px solid ${theme.color.border};
      `}
    />
  );
}
