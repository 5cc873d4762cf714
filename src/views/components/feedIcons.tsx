/** The feed cards' icons (24×24 stroke, decorative: the control holding one carries the label). */
import type { ReactNode } from 'react';
import { Icon as BaseIcon, type IconProps } from './icons.tsx';

const Icon = ({ size = 18, children }: IconProps & { children: ReactNode }) => (
  <BaseIcon size={size} strokeWidth={1.9}>
    {children}
  </BaseIcon>
);

export const ArrowUpIcon = () => (
  <Icon>
    <path d="M12 4l7 8h-4.5v8h-5v-8H5z" />
  </Icon>
);

export const ArrowDownIcon = () => (
  <Icon>
    <path d="M12 20l-7-8h4.5V4h5v8H19z" />
  </Icon>
);

export const CommentIcon = () => (
  <Icon>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.5-4.6A8 8 0 1 1 21 12z" />
  </Icon>
);

export const ShareIcon = () => (
  <Icon>
    <path d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7" />
    <path d="M12 3v12M7 8l5-5 5 5" />
  </Icon>
);

export const DotsIcon = () => (
  <Icon size={20}>
    <circle cx="5" cy="12" r="1.3" fill="currentColor" />
    <circle cx="12" cy="12" r="1.3" fill="currentColor" />
    <circle cx="19" cy="12" r="1.3" fill="currentColor" />
  </Icon>
);

export const PencilIcon = () => (
  <Icon>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM13 7l4 4" />
  </Icon>
);

export const TrashIcon = () => (
  <Icon>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);
