/**
 * The search page (issue 33), `/search?q={text}&tab={tab}`: what the search box found, in the tabs
 * People, Rooms, Posts (posts and polls) and Comments, each a list of 10 a page with infinite scroll,
 * best match first. Open to visitors: they find public content. Enter in the search box opens it.
 */
import { css } from '@emotion/react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LIMITS } from '../../domain/constants.ts';
import { EMPTY } from '../../domain/emptyStates.ts';
import { SEARCH } from '../../domain/messages.ts';
import { useMachines, useScreenDataActor } from '../../system/hooks.ts';
import { type SearchMachines, searchMachines } from '../../system/search.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { FeedList } from '../components/FeedList.tsx';
import { tabBar, tabPill } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { PageStack } from './PageStack.tsx';

const TABS = ['people', 'rooms', 'posts', 'comments'] as const;
type SearchTab = (typeof TABS)[number];

const TAB_LABELS: Record<SearchTab, string> = {
  people: SEARCH.people,
  rooms: SEARCH.rooms,
  posts: SEARCH.posts,
  comments: SEARCH.comments,
};

const isTab = (value: string | null): value is SearchTab => TABS.some((tab) => tab === value);

const tabPath = (key: string, tab: SearchTab) => `/search?q=${encodeURIComponent(key)}&tab=${tab}`;

function SearchTabs({ searchKey, current }: { searchKey: string; current: SearchTab }) {
  return (
    <nav aria-label="Search tabs" css={tabBar}>
      {TABS.map((tab) => (
        <Link
          key={tab}
          to={tabPath(searchKey, tab)}
          replace
          aria-current={tab === current ? 'page' : undefined}
          css={tabPill}
        >
          {TAB_LABELS[tab]}
        </Link>
      ))}
    </nav>
  );
}

function SearchList({ searchKey, tab }: { searchKey: string; tab: SearchTab }) {
  const machines: SearchMachines = useMachines(searchMachines);
  const machine = useMemo(() => machines[tab](searchKey), [machines, tab, searchKey]);
  const list = useScreenDataActor(machine, { input: { pageSize: LIMITS.pageSize, order: 'server' } });
  return (
    <FeedList
      list={list}
      empty={<EmptyState title={`No ${TAB_LABELS[tab].toLowerCase()} found`} hint={EMPTY.search} />}
      skeleton={tab === 'posts' ? 'mixed' : 'posts'}
      label={`${TAB_LABELS[tab]} found`}
    />
  );
}

export function SearchPage() {
  const [params] = useSearchParams();
  const key = (params.get('q') ?? '').trim().slice(0, LIMITS.searchKeyMax);
  const tabParam = params.get('tab');
  const tab: SearchTab = isTab(tabParam) ? tabParam : 'posts';
  const title = SEARCH.pageTitle(key);
  useDocumentTitle(pageTitle(title));
  return (
    <PageStack>
      <h1
        css={css`
          margin: 0;
          font-size: 1.25rem;
          overflow-wrap: anywhere;
        `}
      >
        {title}
      </h1>
      {key ? (
        <>
          <SearchTabs searchKey={key} current={tab} />
          <SearchList key={`${tab} ${key}`} searchKey={key} tab={tab} />
        </>
      ) : (
        <p css={css`margin: 0; color: ${theme.color.muted};`}>{SEARCH.noKey}</p>
      )}
    </PageStack>
  );
}
