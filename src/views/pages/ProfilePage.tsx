/**
 * A profile at /u/{username} (spec §2 Profile, §6 Profile owner): the profile's chart
 * (profilePage.machine.ts) loads it once the session is known, then shows the header, the tabs and
 * the tab's list (the child route, `ProfileTab`); the info card sits in the right column on wide
 * screens (it reads the same chart) and opens from the header's About button on narrow ones. An
 * unknown user shows the 404 screen; another failure 'Unable to load profile !' with a retry. An
 * account masked after reports waits behind 'Hidden after reports' with 'View anyway' (the account
 * itself and moderators read it with a notice).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Outlet, useOutletContext, useParams } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { PROFILE, PROFILE_PAGE } from '../../domain/peopleMessages.ts';
import type { Profile } from '../../domain/profileSchemas.ts';
import { SAFETY } from '../../domain/safety.ts';
import type { profilePageMachine } from '../../machines/profilePage.machine.ts';
import { useScreenDataActor, useSessionActor } from '../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { useViewer } from '../components/CardParts.tsx';
import { FeedSkeleton, ProfileHeaderSkeleton } from '../components/Skeletons.tsx';
import {
  AuthorMaskedNotice,
  MaskedCard,
  type MaskReveal,
  useMaskReveal,
} from '../components/safety/Masked.tsx';
import { secondaryButton } from '../components/ui.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageStack } from './PageStack.tsx';
import { ProfileAside } from './profile/ProfileAside.tsx';
import { ProfileHeader } from './profile/ProfileHeader.tsx';
import { ProfileTabContent, type ProfileTabName, ProfileTabs } from './profile/ProfileLists.tsx';
import { type ProfilePageActorRef, useProfileMachines } from './profile/profileMachines.ts';
import { RemovedPage } from './RemovedPage.tsx';
import { StatusScreen } from './StatusScreen.tsx';

type Snapshot = SnapshotFrom<typeof profilePageMachine>;
type Screen = 'loading' | 'shown' | 'notFound' | 'removed' | 'failed';

const screenOf = (s: Snapshot): Screen =>
  s.matches('shown')
    ? 'shown'
    : s.matches('notFound')
      ? 'notFound'
      : s.matches('removed')
        ? 'removed'
        : s.matches('failed')
          ? 'failed'
          : 'loading';

/**
 * What the tab routes get from the page. The tabs are always rendered (the bare /u/{name} sends them
 * to overview at once), and show the list only once the profile is shown.
 */
type ProfileOutlet =
  | { status: 'loading' }
  | { status: 'gone' }
  | { status: 'shown'; page: ProfilePageActorRef; profile: Profile; owner: boolean };

const loadingOutlet: ProfileOutlet = { status: 'loading' };
const goneOutlet: ProfileOutlet = { status: 'gone' };

function ProfileSkeleton() {
  return (
    <PageStack>
      <ProfileHeaderSkeleton />
      <Outlet context={loadingOutlet} />
    </PageStack>
  );
}

export function ProfilePage() {
  const { username = '' } = useParams();
  // Named from the address until the profile has come; its header names it from the loaded profile then.
  useDocumentTitle(pageTitle(`u/${username}`));
  const session = useSessionActor();
  const settling = useSelector(session, (s) => s.hasTag('settling'));
  // Who looks decides the owner's controls and what is counted: wait until the session is known.
  if (settling) return <ProfileSkeleton />;
  return <ProfileScreen username={username} />;
}

/** The profile's chart follows who looks (it hears the session) and the address (`profile.visit`). */
function ProfileScreen({ username }: { username: string }) {
  const viewerName = useViewer()?.username ?? null;
  const { profilePage } = useProfileMachines();
  const page = useScreenDataActor(profilePage, { input: { username, viewerName } });
  useEffect(() => {
    page.send({ type: 'profile.visit', username });
  }, [page, username]);
  // Masked after reports: the header, info card and tabs wait behind 'View anyway'.
  const masked = useSelector(page, (s) => s.matches('shown') && s.context.profile?.masked === true);
  const shownId = useSelector(page, (s) => s.context.profile?.userID ?? '');
  const mask = useMaskReveal(masked, shownId);
  useDocumentTitle(mask.hidden ? pageTitle(SAFETY.hiddenAfterReports) : null);
  return (
    <>
      <ProfileAside page={page} hidden={mask.hidden} />
      <ProfileContent page={page} mask={mask} />
    </>
  );
}

function ProfileContent({ page, mask }: { page: ProfilePageActorRef; mask: MaskReveal }) {
  const screen = useSelector(page, screenOf);
  const profile = useSelector(page, (s) => s.context.profile);
  const owner = useSelector(page, (s) => s.hasTag('owner'));
  const error = useSelector(page, (s) => s.context.error);

  if (screen === 'notFound') {
    return (
      <>
        <NotFoundPage />
        <Outlet context={goneOutlet} />
      </>
    );
  }
  if (screen === 'removed') {
    return (
      <>
        <RemovedPage message={error} />
        <Outlet context={goneOutlet} />
      </>
    );
  }
  if (screen === 'failed') {
    return (
      <>
        <StatusScreen
          title={PROFILE.loadFailed}
          action={
            <button type="button" css={secondaryButton} onClick={() => page.send({ type: 'profile.reload' })}>
              {PROFILE_PAGE.tryAgain}
            </button>
          }
        >
          {error ? <p>{error}</p> : null}
        </StatusScreen>
        <Outlet context={goneOutlet} />
      </>
    );
  }
  if (screen !== 'shown' || !profile) return <ProfileSkeleton />;
  if (mask.hidden) {
    return (
      <PageStack>
        <MaskedCard what="Profile" heading="h1" onReveal={mask.reveal} />
        <Outlet context={goneOutlet} />
      </PageStack>
    );
  }
  const outlet: ProfileOutlet = { status: 'shown', page, profile, owner };
  return (
    <PageStack>
      <ProfileHeader key={profile.userID} page={page} profile={profile} owner={owner} />
      {profile.maskedForOthers && <AuthorMaskedNotice />}
      <ProfileTabs owner={owner} />
      <Outlet context={outlet} />
    </PageStack>
  );
}

/** One tab of the profile (the child routes overview, posts, upvoted, commented). */
export function ProfileTab({ tab }: { tab: ProfileTabName }) {
  const outlet = useOutletContext<ProfileOutlet>();
  if (outlet.status === 'loading') return <FeedSkeleton items={2} />;
  if (outlet.status === 'gone') return null;
  const { page, profile, owner } = outlet;
  return <ProfileTabContent key={profile.userID} page={page} profile={profile} owner={owner} tab={tab} />;
}
