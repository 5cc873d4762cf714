/** Popular posts (spec §2), 10 a page, in the server's ranking. */
import { css } from '@emotion/react';
import { LIMITS } from '../../domain/constants.ts';
import { EMPTY } from '../../domain/emptyStates.ts';
import { LISTS } from '../../domain/messages.ts';
import { useScreenDataActor } from '../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { FeedList } from '../components/FeedList.tsx';
import { useFeedMachines } from '../components/feedActors.ts';
import { PageStack } from './PageStack.tsx';

export function PopularPage() {
  const { popularList } = useFeedMachines();
  const list = useScreenDataActor(popularList, { input: { pageSize: LIMITS.pageSize, order: 'server' } });
  useDocumentTitle(pageTitle('Popular'));
  return (
    <PageStack>
      <h1
        css={css`
          margin: 0;
          font-size: 1.25rem;
        `}
      >
        Popular
      </h1>
      <FeedList
        list={list}
        empty={<EmptyState title={LISTS.noPosts} hint={EMPTY.popular} />}
        skeleton="posts"
        label="Popular posts"
      />
    </PageStack>
  );
}
