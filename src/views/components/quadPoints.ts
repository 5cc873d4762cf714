/** What Quad is, in three points: told by the welcome overlay and the About page. */
import { CapIcon, ChatIcon, MaskIcon } from './icons.tsx';

export const quadPoints = [
  {
    Icon: MaskIcon,
    title: 'Anonymous by design',
    text: 'You get a random username. Your name and e-mail are never shown to anyone.',
  },
  {
    Icon: CapIcon,
    title: 'Only your college',
    text: 'Everyone here signed up with a college e-mail, so it stays among classmates.',
  },
  {
    Icon: ChatIcon,
    title: 'Posts, polls and rooms',
    text: 'Share posts and images, run polls, comment and vote, or start a room for your club.',
  },
];
