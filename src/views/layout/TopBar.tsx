/**
 * The top bar (spec §2 Layout): logo, search, and Sign in / Sign up or the bell and account menu; its
 * live region announces notifications as they arrive.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { type RefObject, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useSessionActor } from '../../system/hooks.ts';
import { lazyNamed } from '../app/lazyNamed.ts';
import { CloseIcon, MenuIcon } from '../components/icons.tsx';
import { Bone } from '../components/Skeletons.tsx';
import { focusRing, iconButton, primaryButton, secondaryButton } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { LiveAnnouncer } from './LiveAnnouncer.tsx';
import { SearchBox } from './SearchBox.tsx';

// Visitors never load the bell, the notifications panel and the account menu.
const SignedInActions = lazyNamed(() => import('./SignedInActions.tsx'), 'SignedInActions');

interface TopBarProps {
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
  navButtonRef: RefObject<HTMLButtonElement | null>;
}

const compactButton = css`
  ${theme.media.sm} {
    min-height: 36px;
    padding: 0 14px;
    font-size: 0.875rem;
  }
`;

function SessionActions() {
  const session = useSessionActor();
  const settling = useSelector(session, (snapshot) => snapshot.hasTag('settling'));
  const signedIn = useSelector(session, (snapshot) => snapshot.hasTag('signedIn'));
  // As wide as the bell and the account menu (96 px), which most often follow a restored session.
  const placeholder = (
    <span
      css={css`
        display: flex;
        justify-content: space-between;
        width: 96px;
      `}
    >
      <Bone round height={36} />
      <Bone round height={36} />
    </span>
  );
  if (settling) return placeholder;
  if (signedIn) {
    return (
      <Suspense fallback={placeholder}>
        <SignedInActions />
      </Suspense>
    );
  }
  return (
    <>
      <Link to="/signin" css={[secondaryButton, compactButton]}>
        Sign in
      </Link>
      <Link to="/signup" css={[primaryButton, compactButton]}>
        Sign up
      </Link>
    </>
  );
}

export function TopBar({ navId, navOpen, onToggleNav, navButtonRef }: TopBarProps) {
  return (
    <header
      css={css`
        position: sticky;
        top: 0;
        z-index: 40;
        height: ${theme.layout.topBarHeight}px;
        background: ${theme.color.surface};
        border-bottom: 1px solid ${theme.color.border};
      `}
    >
      {/* The search sits in the middle column whatever the right side shows (no shift once the session is known). */}
      <div
        css={css`
          display: grid;
          grid-template-columns: minmax(max-content, 1fr) minmax(0, 560px) minmax(max-content, 1fr);
          align-items: center;
          gap: 12px;
          height: 100%;
          max-width: 1440px;
          margin: 0 auto;
          padding: 0 24px;
          ${theme.media.sm} {
            padding: 0 12px;
            gap: 8px;
          }
        `}
      >
        <div
          css={css`
            display: flex;
            align-items: center;
            gap: 4px;
            min-width: 0;
          `}
        >
          <button
            ref={navButtonRef}
            type="button"
            aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
            aria-expanded={navOpen}
            aria-controls={navId}
            onClick={onToggleNav}
            css={css`
              ${iconButton};
              display: none;
              ${theme.media.md} {
                display: inline-flex;
              }
            `}
          >
            {navOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
          <Link
            to="/"
            aria-label="Quad home"
            css={css`
              display: flex;
              align-items: center;
              gap: 10px;
              padding: 4px 6px;
              border-radius: ${theme.radius.sm};
              color: ${theme.color.text};
              text-decoration: none;
              ${focusRing};
            `}
          >
            <img src="/logo.svg" alt="" width={36} height={36} />
            <span
              css={css`
                font-size: 1.5rem;
                font-weight: 800;
                letter-spacing: -0.04em;
                /* Below this a visitor's Sign in and Sign up leave no room for the word: the mark stays. */
                @media (max-width: 440px) {
                  display: none;
                }
              `}
            >
              quad
            </span>
          </Link>
        </div>
        <div
          css={css`
            display: flex;
            min-width: 0;
          `}
        >
          <SearchBox />
        </div>
        <nav
          aria-label="Account"
          css={css`
            display: flex;
            align-items: center;
            justify-content: flex-end;
            gap: 10px;
            ${theme.media.sm} {
              gap: 6px;
            }
          `}
        >
          <SessionActions />
        </nav>
      </div>
      <LiveAnnouncer />
    </header>
  );
}
