/**
 * A room's round icon, fetched at the size shown (srcset of the server's square copies); the default
 * room icon when it has none or it fails to load.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { pictureSrcSet } from '../../../domain/images.ts';
import { theme } from '../../theme.ts';

export const DEFAULT_ROOM_ICON = '/room-default.svg';

export function RoomIcon({ src, size = 28, alt = '' }: { src: string | null; size?: number; alt?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : DEFAULT_ROOM_ICON;
  return (
    <img
      src={shown}
      srcSet={pictureSrcSet(shown)}
      sizes={`${size}px`}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(src)}
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
