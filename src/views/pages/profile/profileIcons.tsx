/** The profile page's own stroke icons (24×24 grid), decorative like those of components/icons.tsx. */
import { Icon, type IconProps } from '../../components/icons.tsx';

/** The problem-solving stats button. */
export const CodeIcon = ({ size = 18 }: IconProps) => (
  <Icon size={size}>
    <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M13.5 4l-3 16" />
  </Icon>
);

/** The competitive-programming rank: a rising bar chart. */
export const RankIcon = ({ size = 16 }: IconProps) => (
  <Icon size={size} strokeWidth={2.2}>
    <path d="M5 20v-5M12 20V10M19 20V4" />
  </Icon>
);

export const CakeIcon = ({ size = 18 }: IconProps) => (
  <Icon size={size}>
    <path d="M4 20h16v-7a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2z" />
    <path d="M4 15.5c1.5 1 2.5 1 4 0s2.5-1 4 0 2.5 1 4 0 2.5-1 4 0" />
    <path d="M12 11V8M12 5.5c.8-.8.8-1.7 0-2.5-.8.8-.8 1.7 0 2.5z" />
  </Icon>
);

export const ChevronRightIcon = ({ size = 18 }: IconProps) => (
  <Icon size={size}>
    <path d="M9 6l6 6-6 6" />
  </Icon>
);
