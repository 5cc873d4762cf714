/** The frame around every screen (spec §2 Layout): top bar, side nav, main column, right column, welcome overlay. */
import { css } from '@emotion/react';
import { useId, useState } from 'react';
import { Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { visuallyHidden } from '../components/ui.ts';
import { WelcomeOverlay } from '../components/WelcomeOverlay.tsx';
import { theme } from '../theme.ts';
import { PageBehindModal, pageBehindModal } from './PageBehindModal.tsx';
import { RightColumn, RightColumnSlot } from './RightColumn.tsx';
import { SideNav } from './SideNav.tsx';
import { TopBar } from './TopBar.tsx';
import { useNavDrawer } from './useNavDrawer.ts';

/** `screens` are the shell's child routes, also drawn under a modal route (PageBehindModal.tsx). */
export function AppShell({ screens }: { screens: RouteObject[] }) {
  const behind = pageBehindModal(useLocation());
  const [asideSlot, setAsideSlot] = useState<HTMLElement | null>(null);
  const drawer = useNavDrawer();
  const navId = useId();

  return (
    <>
      <a
        href="#content"
        css={css`
          ${visuallyHidden};
          &:focus {
            position: fixed;
            top: 12px;
            left: 12px;
            z-index: 200;
            width: auto;
            height: auto;
            margin: 0;
            padding: 10px 16px;
            clip: auto;
            border-radius: ${theme.radius.sm};
            background: ${theme.color.text};
            color: #fff;
          }
        `}
      >
        Skip to content
      </a>
      <TopBar
        navId={navId}
        navOpen={drawer.open}
        onToggleNav={drawer.toggle}
        navButtonRef={drawer.toggleRef}
      />
      <div
        css={css`
          display: grid;
          grid-template-columns: ${theme.layout.sideNavWidth}px minmax(0, 1fr) ${theme.layout.rightColumnWidth}px;
          gap: 24px;
          max-width: 1440px;
          margin: 0 auto;
          padding: 0 24px;
          ${theme.media.lg} {
            grid-template-columns: ${theme.layout.sideNavWidth}px minmax(0, 1fr);
          }
          ${theme.media.md} {
            grid-template-columns: minmax(0, 1fr);
          }
          ${theme.media.sm} {
            padding: 0 12px;
          }
        `}
      >
        <SideNav id={navId} drawer={drawer} />
        <main
          id="content"
          tabIndex={-1}
          css={css`
            width: 100%;
            max-width: ${theme.layout.contentMax}px;
            margin: 0 auto;
            padding: 20px 0 48px;
            outline: none;
            ${theme.media.sm} {
              padding-top: 12px;
            }
          `}
        >
          <RightColumnSlot value={asideSlot}>
            {behind ? <PageBehindModal screens={screens} path={behind} /> : null}
            <Outlet />
          </RightColumnSlot>
        </main>
        <RightColumn slotRef={setAsideSlot} />
      </div>
      <WelcomeOverlay />
    </>
  );
}
