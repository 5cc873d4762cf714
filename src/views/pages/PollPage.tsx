/**
 * /poll/{id}: asks first whether the poll's room is accessible (else goes to /), then shows the poll.
 * An unknown poll, or an address no poll can have (/poll/abc), is the 404 screen 'Poll not found'.
 * The bare /poll route shows a friendly empty poll view.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { Link, useParams } from 'react-router-dom';
import { POLLS, SCREENS } from '../../domain/messages.ts';
import { underReview } from '../../domain/roomOwnerMessages.ts';
import { useScreenDataActor } from '../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { useFeedMachines } from '../components/feedActors.ts';
import { PollCard } from '../components/PollCard.tsx';
import { PollCardSkeleton } from '../components/Skeletons.tsx';
import { AuthorCrisisHelp } from '../components/safety/AuthorCrisisHelp.tsx';
import { ReviewNote } from '../components/safety/ReviewNote.tsx';
import { card, primaryButton } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { PageStack } from './PageStack.tsx';
import { RemovedPage } from './RemovedPage.tsx';
import { StatusScreen } from './StatusScreen.tsx';

export function PollPage() {
  const { id } = useParams();
  return id ? <PollDetail key={id} id={id} /> : <NoPoll />;
}

function PollDetail({ id }: { id: string }) {
  const { pollDetail } = useFeedMachines();
  const actor = useScreenDataActor(pollDetail, { input: { id } });
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const poll = useSelector(actor, (snapshot) => snapshot.context.poll);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const removed = useSelector(actor, (snapshot) => snapshot.matches('removed'));
  const notFound = useSelector(actor, (snapshot) => snapshot.matches('notFound'));
  // The card names the tab once the poll has come.
  useDocumentTitle(loading ? pageTitle('Poll') : null);

  if (loading) return <PollCardSkeleton />;
  if (removed) return <RemovedPage message={problem} />;
  if (notFound) {
    return (
      <StatusScreen
        code="404"
        title={POLLS.notFound}
        action={
          <Link to="/" css={primaryButton}>
            {SCREENS.backHome}
          </Link>
        }
      >
        <p>{POLLS.notFoundBody}</p>
      </StatusScreen>
    );
  }
  if (poll) {
    // A moderator reading a reported poll of a private room: read-only, under a note saying so.
    const reviewing = underReview(poll.room);
    return (
      <PageStack>
        {reviewing && <ReviewNote />}
        <PollCard poll={poll} detail leaveTo="/" readOnly={reviewing} />
        {poll.crisisHelp && !poll.masked && <AuthorCrisisHelp />}
      </PageStack>
    );
  }
  return problem ? <NoPoll message={problem} /> : null;
}

function NoPoll({
  message = 'Pick a poll from the feed to see its results and vote.',
}: {
  message?: string;
}) {
  useDocumentTitle(pageTitle('No poll here'));
  return (
    <section
      css={css`
        ${card};
        display: grid;
        justify-items: center;
        gap: 12px;
        padding: 40px 24px;
        text-align: center;
      `}
    >
      <svg
        width="56"
        height="56"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke={theme.color.brand}
        strokeWidth="1.6"
      >
        <rect x="3" y="4" width="18" height="16" rx="3" />
        <path d="M7 9h6M7 13h10M7 17h3" strokeLinecap="round" />
      </svg>
      <h1 css={css`margin: 0; font-size: 1.25rem;`}>No poll here</h1>
      <p css={css`margin: 0; color: ${theme.color.muted};`}>{message}</p>
      <Link to="/" css={primaryButton}>
        Back to Home
      </Link>
    </section>
  );
}
