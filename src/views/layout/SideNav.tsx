/**
 * Left navigation (spec §2 Layout): Home, Popular, and About only when signed out; when signed in, the
 * rooms (SideNavRooms.tsx). Sticky below the top bar on wide screens. Where the right column's
 * HOT-TOPICS are hidden it lists the topics too, and below the `md` breakpoint it is a drawer toggled
 * from the top bar (useNavDrawer.ts) that also holds what the top bar keeps on wide screens: Create,
 * Profile, Settings and About, or Sign in and Sign up. The drawer closes on navigation, Escape, a press
 * outside and focus leaving it.
 */
import { css, Global } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { type FocusEvent, type ReactNode, Suspense, useMemo } from 'react';
import { NavLink } from 'react-router-dom';
import { TOPICS } from '../../domain/constants.ts';
import { MODERATION_TEXT } from '../../domain/moderationMessages.ts';
import { useSessionActor } from '../../system/hooks.ts';
import { lazyNamed } from '../app/lazyNamed.ts';
import {
  FlameIcon,
  HomeIcon,
  InfoIcon,
  PlusIcon,
  SettingsIcon,
  ShieldIcon,
  SignInIcon,
  SignUpIcon,
  UserIcon,
} from '../components/icons.tsx';
import { TopicIcon } from '../components/TopicIcon.tsx';
import { navLink, withoutRightColumn } from '../components/ui.ts';
import { useDismiss } from '../components/useDismiss.ts';
import { theme } from '../theme.ts';
import { SideNavSection, sectionLink, sectionList } from './SideNavSection.tsx';
import type { NavDrawer } from './useNavDrawer.ts';

// Only signed-in users have rooms in the navigation: visitors never load the lists and their actor.
const SideNavRooms = lazyNamed(() => import('./SideNavRooms.tsx'), 'SideNavRooms');

interface SideNavProps {
  id: string;
  drawer: NavDrawer;
}

const link = css`
  ${navLink};
  gap: 14px;
  padding: 10px 14px;
  transition: background-color 120ms ease;
`;
/** Shown only in the drawer: on wide screens the top bar has these. */
const drawerOnly = css`
  ${theme.wider.md} {
    display: none;
  }
`;

function Item({
  to,
  icon,
  end,
  onPick,
  className,
  children,
}: {
  to: string;
  icon: ReactNode;
  end?: boolean;
  onPick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={className}>
      <NavLink to={to} end={end} css={link} onClick={onPick}>
        {icon} {children}
      </NavLink>
    </li>
  );
}

function TopicLinks({ onPick }: { onPick: () => void }) {
  return (
    <SideNavSection title="Topics" css={withoutRightColumn}>
      <ul css={sectionList}>
        {TOPICS.map((topic) => (
          <li key={topic}>
            <NavLink to={`/q/${topic}`} css={sectionLink} onClick={onPick}>
              <TopicIcon topic={topic} size={26} />
              <span>q/{topic}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </SideNavSection>
  );
}

function AccountLinks({
  username,
  moderator,
  onPick,
}: {
  username: string | null;
  moderator: boolean;
  onPick: () => void;
}) {
  return (
    <SideNavSection title={username === null ? 'Join Quad' : 'You'} css={drawerOnly}>
      <ul css={[sectionList, css`gap: 4px;`]}>
        {username === null ? (
          <>
            <Item to="/signin" icon={<SignInIcon />} onPick={onPick}>
              Sign in
            </Item>
            <Item to="/signup" icon={<SignUpIcon />} onPick={onPick}>
              Sign up
            </Item>
          </>
        ) : (
          <>
            <Item to={`/u/${encodeURIComponent(username)}`} icon={<UserIcon />} onPick={onPick}>
              Profile
            </Item>
            <Item to="/setting/" icon={<SettingsIcon />} onPick={onPick}>
              Settings
            </Item>
            {moderator && (
              <Item to="/mod" icon={<ShieldIcon />} onPick={onPick}>
                {MODERATION_TEXT.menu}
              </Item>
            )}
            <Item to="/about/" icon={<InfoIcon />} onPick={onPick}>
              About
            </Item>
          </>
        )}
      </ul>
    </SideNavSection>
  );
}

export function SideNav({ id, drawer }: SideNavProps) {
  const { open, close, drawerRef, toggleRef } = drawer;
  const session = useSessionActor();
  const signedIn = useSelector(session, (snapshot) => snapshot.hasTag('signedIn'));
  const username = useSelector(session, (snapshot) => snapshot.context.user?.username ?? null);
  const moderator = useSelector(session, (snapshot) => snapshot.context.user?.moderator === true);
  const inside = useMemo(() => [drawerRef, toggleRef] as const, [drawerRef, toggleRef]);
  useDismiss(inside, open, close);

  // Tabbing out of the open drawer closes it.
  const closeWhenFocusLeaves = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (!open || !(next instanceof Node)) return;
    if (drawerRef.current?.contains(next) || toggleRef.current?.contains(next)) return;
    close();
  };

  return (
    <>
      {/* While the drawer is open the page under it stays put. */}
      {open ? <Global styles={css`${theme.media.md} { body { overflow: hidden; } }`} /> : null}
      {open ? (
        <div
          aria-hidden="true"
          css={css`
            display: none;
            ${theme.media.md} {
              display: block;
              position: fixed;
              inset: ${theme.layout.topBarHeight}px 0 0 0;
              z-index: 20;
              background: rgba(16, 24, 40, 0.32);
            }
          `}
        />
      ) : null}
      <nav
        ref={drawerRef}
        id={id}
        aria-label="Primary"
        data-open={open}
        onBlur={closeWhenFocusLeaves}
        css={css`
          position: sticky;
          top: ${theme.layout.topBarHeight}px;
          align-self: start;
          height: calc(100vh - ${theme.layout.topBarHeight}px);
          padding: 16px 12px 16px 0;
          overflow-y: auto;
          border-right: 1px solid ${theme.color.border};
          ${theme.media.md} {
            position: fixed;
            top: ${theme.layout.topBarHeight}px;
            left: 0;
            bottom: 0;
            z-index: 30;
            width: min(${theme.layout.sideNavWidth + 32}px, 85vw);
            height: auto;
            /* fill from top to bottom: 'start' would shrink a positioned box to its content */
            align-self: stretch;
            padding: 16px 16px calc(24px + env(safe-area-inset-bottom));
            overscroll-behavior: contain;
            background: ${theme.color.surface};
            box-shadow: ${theme.shadow.popup};
            transform: translateX(-105%);
            visibility: hidden;
            transition:
              transform 180ms ease,
              visibility 180ms;
            /* Visible at once on opening (so that its first link can take focus), hidden after sliding out. */
            &[data-open='true'] {
              transform: none;
              visibility: visible;
              transition: transform 180ms ease;
            }
          }
          @media (prefers-reduced-motion: reduce) {
            transition: none;
          }
        `}
      >
        <ul
          css={css`
            display: flex;
            flex-direction: column;
            gap: 4px;
            margin: 0;
            padding: 0;
            list-style: none;
          `}
        >
          <Item to="/" end icon={<HomeIcon />} onPick={close}>
            Home
          </Item>
          <Item to="/popular" icon={<FlameIcon />} onPick={close}>
            Popular
          </Item>
          {signedIn ? (
            <Item to="/create/post" icon={<PlusIcon />} onPick={close} css={drawerOnly}>
              Create a post
            </Item>
          ) : (
            <Item to="/about/" icon={<InfoIcon />} onPick={close}>
              About
            </Item>
          )}
        </ul>
        <TopicLinks onPick={close} />
        {signedIn ? (
          <Suspense fallback={null}>
            <SideNavRooms onClose={close} />
          </Suspense>
        ) : null}
        <AccountLinks username={signedIn ? (username ?? '') : null} moderator={moderator} onPick={close} />
      </nav>
    </>
  );
}
