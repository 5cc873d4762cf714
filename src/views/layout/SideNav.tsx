/**
 * Left navigation (spec §2 Layout): Home, Popular, and About only when signed out; when signed in, the
 * rooms (SideNavRooms.tsx). Sticky below the top bar on wide screens; below the `md` breakpoint a
 * drawer toggled from the top bar.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { type RefObject, Suspense, useMemo, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { useSessionActor } from '../../system/hooks.ts';
import { lazyNamed } from '../app/lazyNamed.ts';
import { FlameIcon, HomeIcon, InfoIcon } from '../components/icons.tsx';
import { focusRing } from '../components/ui.ts';
import { useDismiss } from '../components/useDismiss.ts';
import { theme } from '../theme.ts';

// Only signed-in users have rooms in the navigation: visitors never load the lists and their actor.
const SideNavRooms = lazyNamed(() => import('./SideNavRooms.tsx'), 'SideNavRooms');

interface SideNavProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The top bar's toggle: pressing it is not an outside press. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

const link = css`
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 10px 14px;
  border-radius: ${theme.radius.md};
  color: ${theme.color.text};
  font-weight: 500;
  text-decoration: none;
  transition: background-color 120ms ease;
  ${focusRing};
  &:hover {
    background: ${theme.color.hover};
  }
  &[aria-current='page'] {
    background: ${theme.color.brandSoft};
    color: ${theme.color.brandDark};
    font-weight: 700;
  }
`;

export function SideNav({ id, open, onClose, toggleRef }: SideNavProps) {
  const session = useSessionActor();
  const signedIn = useSelector(session, (snapshot) => snapshot.hasTag('signedIn'));
  const navRef = useRef<HTMLElement>(null);
  const inside = useMemo(() => [navRef, toggleRef] as const, [toggleRef]);
  useDismiss(inside, open, onClose);

  return (
    <>
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
        ref={navRef}
        id={id}
        aria-label="Primary"
        data-open={open}
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
            padding: 16px;
            background: ${theme.color.surface};
            box-shadow: ${theme.shadow.popup};
            transform: translateX(-105%);
            visibility: hidden;
            transition:
              transform 180ms ease,
              visibility 180ms;
            &[data-open='true'] {
              transform: none;
              visibility: visible;
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
          <li>
            <NavLink to="/" end css={link} onClick={onClose}>
              <HomeIcon /> Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/popular" css={link} onClick={onClose}>
              <FlameIcon /> Popular
            </NavLink>
          </li>
          {signedIn ? null : (
            <li>
              <NavLink to="/about/" css={link} onClick={onClose}>
                <InfoIcon /> About
              </NavLink>
            </li>
          )}
        </ul>
        {signedIn ? (
          <Suspense fallback={null}>
            <SideNavRooms onClose={onClose} />
          </Suspense>
        ) : null}
      </nav>
    </>
  );
}
