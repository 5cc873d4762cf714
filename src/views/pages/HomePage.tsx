/** Home feed (spec §2 Home feed): 'Start a post...' for signed-in users, a refresh icon, posts and polls mixed. */
import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { LIMITS } from '../../domain/constants.ts';
import { EMPTY } from '../../domain/emptyStates.ts';
import { LISTS, POSTS } from '../../domain/messages.ts';
import { useScreenDataActor } from '../../system/hooks.ts';
import { APP_TITLE, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { Avatar } from '../components/Avatar.tsx';
import { useViewer } from '../components/CardParts.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { FeedList } from '../components/FeedList.tsx';
import { useFeedMachines } from '../components/feedActors.ts';
import { RefreshIcon } from '../components/icons.tsx';
import { card, focusRing, iconButton, visuallyHidden } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { PageStack } from './PageStack.tsx';

export function HomePage() {
  const { homeList } = useFeedMachines();
  const list = useScreenDataActor(homeList, { input: { pageSize: LIMITS.homePageSize, order: 'newest' } });
  const viewer = useViewer();
  useDocumentTitle(APP_TITLE);

  return (
    <PageStack>
      <div
        css={css`
          display: flex;
          align-items: center;
          gap: 10px;
        `}
      >
        {/* Signed in, the 'Start a post' row stands where the heading is: it stays for screen readers. */}
        <h1
          css={
            viewer
              ? visuallyHidden
              : css`
                  flex: 1;
                  margin: 0;
                  font-size: 1.25rem;
                `
          }
        >
          Latest on Quad
        </h1>
        {viewer && (
          <div
            css={css`
              ${card};
              display: flex;
              flex: 1;
              align-items: center;
              gap: 12px;
              padding: 10px 12px;
            `}
          >
            <Avatar src={viewer.dp} size={36} />
            <Link
              to="/create"
              css={css`
                flex: 1;
                padding: 10px 16px;
                border: 1px solid ${theme.color.control};
                border-radius: ${theme.radius.pill};
                background: ${theme.color.page};
                color: ${theme.color.muted};
                text-decoration: none;
                ${focusRing};
                &:hover {
                  border-color: ${theme.color.brand};
                }
              `}
            >
              {POSTS.startPost}
            </Link>
          </div>
        )}
        <button
          type="button"
          aria-label="Refresh the feed"
          onClick={() => list.send({ type: 'list.refresh' })}
          css={[
            iconButton,
            css`background: ${theme.color.surface}; border: 1px solid ${theme.color.border};`,
          ]}
        >
          <RefreshIcon />
        </button>
      </div>
      <FeedList
        list={list}
        empty={<EmptyState title={LISTS.homeEmpty} hint={EMPTY.home(viewer !== null)} />}
        label="Home feed"
      />
    </PageStack>
  );
}
