/**
 * The profile's tabs (spec §2 Profile) and their lists, 10 a page with infinite scroll (spec §4 Feed):
 * overview (posts and comments merged newest first), posts (with the Post/Poll toggle), upvoted (the
 * owner's only: the server keeps what someone upvoted private, so visitors see neither the tab nor the
 * list) and commented. A post or poll deleted from a list lowers the profile's count; the owner's
 * votes on posts in the lists move their upvote count.
 */
import { css } from '@emotion/react';
import { useMemo, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { LIMITS } from '../../../domain/constants.ts';
import { EMPTY } from '../../../domain/emptyStates.ts';
import { LISTS } from '../../../domain/messages.ts';
import { PROFILE, PROFILE_PAGE } from '../../../domain/peopleMessages.ts';
import type { Profile } from '../../../domain/profileSchemas.ts';
import { useScreenDataActor } from '../../../system/hooks.ts';
import type { ProfileMachines } from '../../../system/profile.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FeedList } from '../../components/FeedList.tsx';
import { type FeedKind, KindPanels, KindTabList, KindTabs } from '../../components/KindToggle.tsx';
import { SortableList, useListSortFromAddress } from '../../components/ListSortControl.tsx';
import { FeedPageProvider } from '../../components/roomMembership.tsx';
import { card, tabBar, tabPill } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { type ProfilePageActorRef, useProfileMachines } from './profileMachines.ts';

export const PROFILE_TABS = ['overview', 'posts', 'upvoted', 'commented'] as const;
export type ProfileTabName = (typeof PROFILE_TABS)[number];

const TAB_LABELS: Record<ProfileTabName, string> = {
  overview: PROFILE_PAGE.overview,
  posts: PROFILE_PAGE.posts,
  upvoted: PROFILE_PAGE.upvoted,
  commented: PROFILE_PAGE.commented,
};

/** The tabs as links under the profile's address; upvoted only for the owner. */
export function ProfileTabs({ owner }: { owner: boolean }) {
  const tabs = PROFILE_TABS.filter((tab) => owner || tab !== 'upvoted');
  return (
    <nav aria-label={PROFILE_PAGE.tabs} css={tabBar}>
      {tabs.map((tab) => (
        <NavLink key={tab} to={tab} css={tabPill}>
          {TAB_LABELS[tab]}
        </NavLink>
      ))}
    </nav>
  );
}

type ListName = 'overview' | 'posts' | 'polls' | 'upvoted' | 'commented';

interface ListSpec {
  machine: ReturnType<ProfileMachines['overviewList']>;
  empty: string;
  skeleton: 'mixed' | 'posts' | 'polls';
  /** The upvoted list keeps the server's order: newest vote first, not newest post. */
  order: 'newest' | 'server';
}

function listSpec(name: ListName, profile: Profile, machines: ProfileMachines): ListSpec {
  const { username, userID } = profile;
  switch (name) {
    case 'overview':
      return {
        machine: machines.overviewList(username),
        empty: PROFILE.emptyOverview,
        skeleton: 'mixed',
        order: 'newest',
      };
    case 'posts':
      return {
        machine: machines.postList(username),
        empty: PROFILE.emptyPosts,
        skeleton: 'posts',
        order: 'newest',
      };
    case 'polls':
      return {
        machine: machines.pollList(userID),
        empty: LISTS.pollsEmpty,
        skeleton: 'polls',
        order: 'newest',
      };
    case 'upvoted':
      return {
        machine: machines.upvotedList(userID),
        empty: PROFILE.emptyUpvotes,
        skeleton: 'posts',
        order: 'server',
      };
    case 'commented':
      return {
        machine: machines.commentList(username),
        empty: PROFILE.emptyComments,
        skeleton: 'posts',
        order: 'newest',
      };
  }
}

interface ProfileTabContentProps {
  page: ProfilePageActorRef;
  profile: Profile;
  owner: boolean;
  tab: ProfileTabName;
}

/** What one tab shows. */
export function ProfileTabContent({ page, profile, owner, tab }: ProfileTabContentProps) {
  const [kind, setKind] = useState<FeedKind>('post');
  if (tab === 'upvoted' && !owner) return <PrivateUpvotes />;
  if (tab !== 'posts')
    return <ProfileList key={tab} page={page} profile={profile} owner={owner} name={tab} />;
  return (
    <KindTabs kind={kind} onChange={setKind}>
      <div
        css={css`
          display: flex;
          justify-content: flex-end;
        `}
      >
        <KindTabList />
      </div>
      <KindPanels kind={kind}>
        <ProfileList
          key={kind}
          page={page}
          profile={profile}
          owner={owner}
          name={kind === 'post' ? 'posts' : 'polls'}
        />
      </KindPanels>
    </KindTabs>
  );
}

function ProfileList({
  page,
  profile,
  owner,
  name,
}: {
  page: ProfilePageActorRef;
  profile: Profile;
  /** The owner is shown the next step on an empty tab; a visitor the spec's line alone. */
  owner: boolean;
  name: ListName;
}) {
  const machines = useProfileMachines();
  // A new list only for another user: a new avatar or count keeps the list as it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the user, not on every field of the profile
  const spec = useMemo(() => listSpec(name, profile, machines), [name, profile.userID, machines]);
  // Only the posts have a score to sort by (issue 33 "Sort").
  const sortable = name === 'posts';
  const sort = useListSortFromAddress();
  const list = useScreenDataActor(spec.machine, {
    input: { pageSize: LIMITS.pageSize, order: spec.order, sort: sortable ? sort : null },
  });
  // The cards tell the page of deletions and of the viewer's votes, which the profile's counts follow.
  return (
    <FeedPageProvider page={page}>
      <SortableList list={list} sortable={sortable}>
        <FeedList
          list={list}
          empty={<EmptyState title={spec.empty} hint={owner ? EMPTY.ownProfile[name] : undefined} />}
          skeleton={spec.skeleton}
          label={`u/${profile.username} ${name}`}
        />
      </SortableList>
    </FeedPageProvider>
  );
}

/** A visitor at /u/{name}/upvoted: the list is the owner's only. */
function PrivateUpvotes() {
  return (
    <p
      css={css`
        ${card};
        margin: 0;
        padding: 24px 16px;
        color: ${theme.color.muted};
        text-align: center;
      `}
    >
      {PROFILE.upvotesPrivate}
    </p>
  );
}
