/** The room page's own stroke icons (24×24 grid), decorative like those of components/icons.tsx. */
import type { ReactNode } from 'react';
import { Icon as BaseIcon, type IconProps } from '../../components/icons.tsx';

const Icon = ({ size = 20, children }: IconProps & { children: ReactNode }) => (
  <BaseIcon size={size}>{children}</BaseIcon>
);

export const CameraIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13.5" r="3.5" />
  </Icon>
);

export const UserPlusIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21c1.2-3.6 3.8-5.5 7-5.5s5.8 1.9 7 5.5M19 8v6M16 11h6" />
  </Icon>
);

export const PlusIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const PencilIcon = () => (
  <Icon>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
  </Icon>
);

export const DoorIcon = () => (
  <Icon>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h8M10 12h11M18 9l3 3-3 3" />
  </Icon>
);

export const TrashIcon = () => (
  <Icon>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);

export const LockIcon = () => (
  <Icon size={16}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
);

export const PeopleIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c1-3.3 3.4-5 6.5-5s5.5 1.7 6.5 5M16 4.8a3.5 3.5 0 0 1 0 6.4M18 15.3c1.7.7 2.9 2.3 3.5 4.7" />
  </Icon>
);

export const LogIcon = () => (
  <Icon>
    <path d="M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7" />
  </Icon>
);
