/**
 * Right column (spec §2 Layout): HOT-TOPICS links to the six topic communities, or on a room page the
 * room's info card, on a profile page the profile's (each from its page's own chart). Hidden on
 * narrow screens.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { TOPICS } from '../../domain/constants.ts';
import { lazyNamed } from '../app/lazyNamed.ts';
import { Bone } from '../components/Skeletons.tsx';
import { TopicIcon } from '../components/TopicIcon.tsx';
import { card, focusRing } from '../components/ui.ts';
import type { ProfilePageActorRef } from '../pages/profile/profileMachines.tsx';
import { useShownProfile } from '../pages/profile/shownProfile.ts';
import type { RoomPageActorRef } from '../pages/room/roomPageMachines.tsx';
import { useShownRoom } from '../pages/room/shownRoom.ts';
import { theme } from '../theme.ts';

// The info cards load with the room or profile page that shows them, not on every page.
const RoomInfoCard = lazyNamed(() => import('../pages/room/RoomInfoCard.tsx'), 'RoomInfoCard');
const ProfileInfoCard = lazyNamed(() => import('../pages/profile/ProfileInfoCard.tsx'), 'ProfileInfoCard');

export function RightColumn() {
  const room = useShownRoom();
  const profile = useShownProfile();
  return (
    <aside
      css={css`
        position: sticky;
        top: ${theme.layout.topBarHeight + 20}px;
        align-self: start;
        ${theme.media.lg} {
          display: none;
        }
      `}
    >
      {/* The info cards' code loads with their first showing: the placeholder stands in meanwhile. */}
      <Suspense fallback={<AsidePlaceholder />}>
        {room ? <RoomAside page={room} /> : profile ? <ProfileAside page={profile} /> : <HotTopics />}
      </Suspense>
    </aside>
  );
}

/** The room's info card once the room is open; a placeholder while it loads; else the topics. */
function RoomAside({ page }: { page: RoomPageActorRef }) {
  const room = useSelector(page, (s) => (s.matches('open') ? s.context.room : null));
  const loading = useSelector(page, (s) => s.hasTag('busy'));
  if (room) return <RoomInfoCard room={room} />;
  return loading ? <AsidePlaceholder /> : <HotTopics />;
}

/** The profile's info card once shown; a placeholder while it loads; else the topics. */
function ProfileAside({ page }: { page: ProfilePageActorRef }) {
  const profile = useSelector(page, (s) => (s.matches('shown') ? s.context.profile : null));
  const owner = useSelector(page, (s) => s.hasTag('owner'));
  const loading = useSelector(page, (s) => s.hasTag('busy'));
  if (profile) return <ProfileInfoCard profile={profile} owner={owner} />;
  return loading ? <AsidePlaceholder /> : <HotTopics />;
}

function AsidePlaceholder() {
  return (
    <div
      aria-hidden="true"
      css={css`
        ${card};
        display: grid;
        gap: 12px;
        padding: 16px;
      `}
    >
      <Bone width="60%" height={16} />
      <Bone height={56} />
    </div>
  );
}

function HotTopics() {
  return (
    <section
      aria-labelledby="hot-topics-title"
      css={css`
        ${card};
        padding: 8px 8px 12px;
      `}
    >
      <h2
        id="hot-topics-title"
        css={css`
          margin: 0;
          padding: 10px 12px 8px;
          font-size: 0.75rem;
          font-weight: 700;
          letter-spacing: 0.08em;
          color: ${theme.color.muted};
        `}
      >
        HOT-TOPICS
      </h2>
      <ul
        css={css`
          margin: 0;
          padding: 0;
          list-style: none;
        `}
      >
        {TOPICS.map((topic) => (
          <li key={topic}>
            <NavLink
              to={`/q/${topic}`}
              css={css`
                display: flex;
                align-items: center;
                gap: 12px;
                padding: 8px 12px;
                border-radius: ${theme.radius.sm};
                color: ${theme.color.text};
                font-weight: 500;
                text-decoration: none;
                ${focusRing};
                &:hover {
                  background: ${theme.color.hover};
                }
                &[aria-current='page'] {
                  background: ${theme.color.brandSoft};
                  color: ${theme.color.brandDark};
                }
              `}
            >
              <TopicIcon topic={topic} size={32} />
              q/{topic}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
