/**
 * A topic community q/{topic} (spec §2): banner, icon and title, and a Post/Poll toggle over the topic's
 * lists (10 a page; the first load waits 500 ms, spec §4 Feed).
 */
import { css } from '@emotion/react';
import { useMemo, useState } from 'react';
import { DELAYS, LIMITS, type Topic } from '../../domain/constants.ts';
import { EMPTY } from '../../domain/emptyStates.ts';
import { LISTS } from '../../domain/messages.ts';
import { useFirstLoadDelay, useScreenDataActor } from '../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { useViewer } from '../components/CardParts.tsx';
import { CoverHead } from '../components/CoverParts.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { FeedList } from '../components/FeedList.tsx';
import { useFeedMachines } from '../components/feedActors.ts';
import { type FeedKind, KindPanels, KindTabList, KindTabs } from '../components/KindToggle.tsx';
import { SortableList, useListSortFromAddress } from '../components/ListSortControl.tsx';
import { TopicIcon } from '../components/TopicIcon.tsx';
import { card } from '../components/ui.ts';
import { PageStack } from './PageStack.tsx';

/** A banner per topic, drawn with gradients (no image files needed). */
const BANNERS: Record<Topic, string> = {
  sports: 'linear-gradient(120deg, #0f9d58 0%, #34a853 45%, #b7e4c7 100%)',
  dsa: 'linear-gradient(120deg, #1e3a8a 0%, #2563eb 50%, #93c5fd 100%)',
  iet: 'linear-gradient(120deg, #7c2d12 0%, #ea580c 50%, #fdba74 100%)',
  entertainment: 'linear-gradient(120deg, #701a75 0%, #c026d3 50%, #f0abfc 100%)',
  lifestyle: 'linear-gradient(120deg, #9d174d 0%, #ec4899 50%, #fbcfe8 100%)',
  lucknow: 'linear-gradient(120deg, #854d0e 0%, #ca8a04 50%, #fde68a 100%)',
};

export function TopicPage({ topic }: { topic: Topic }) {
  const [kind, setKind] = useState<FeedKind>('post');
  useDocumentTitle(pageTitle(`q/${topic}`));
  return (
    <PageStack>
      <KindTabs kind={kind} onChange={setKind}>
        <header css={card}>
          <CoverHead
            cover={{
              testId: 'topic-banner',
              background: `radial-gradient(circle at 85% 20%, rgba(255, 255, 255, 0.35) 0 60px, transparent 61px),
              radial-gradient(circle at 70% 110%, rgba(255, 255, 255, 0.2) 0 90px, transparent 91px),
              ${BANNERS[topic]}`,
              height: 120,
              smallHeight: 88,
            }}
            picture={<TopicIcon topic={topic} size={72} />}
            pictureOverlap={28}
          >
            <h1
              css={css`
              flex: 1;
              margin: 0;
              font-size: 1.5rem;
            `}
            >
              q/{topic}
            </h1>
            <KindTabList />
          </CoverHead>
        </header>
        <KindPanels kind={kind}>
          <TopicList key={kind} topic={topic} kind={kind} />
        </KindPanels>
      </KindTabs>
    </PageStack>
  );
}

function TopicList({ topic, kind }: { topic: Topic; kind: FeedKind }) {
  const { topicPostList, topicPollList } = useFeedMachines();
  const machine = useMemo(
    () => (kind === 'post' ? topicPostList(topic) : topicPollList(topic)),
    [kind, topic, topicPostList, topicPollList],
  );
  const sort = useListSortFromAddress();
  const list = useScreenDataActor(machine, {
    input: {
      pageSize: LIMITS.pageSize,
      firstLoadDelay: useFirstLoadDelay(DELAYS.TOPIC_FIRST_LOAD),
      order: 'newest',
      // polls have no score: their list keeps the spec's order
      sort: kind === 'post' ? sort : null,
    },
  });
  const signedIn = useViewer() !== null;
  return (
    <SortableList list={list} sortable={kind === 'post'}>
      <FeedList
        list={list}
        empty={
          <EmptyState
            title={kind === 'post' ? LISTS.noPosts : LISTS.noPolls}
            hint={EMPTY.topic(topic, kind, signedIn)}
          />
        }
        skeleton={kind === 'post' ? 'posts' : 'polls'}
        label={`q/${topic} ${kind === 'post' ? 'posts' : 'polls'}`}
      />
    </SortableList>
  );
}
