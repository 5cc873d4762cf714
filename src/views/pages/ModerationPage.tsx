/**
 * /mod: the moderation queue (docs/moderation.md), for moderators only. It waits for the silent
 * session restore; a visitor is asked to sign in (as on /setting), a signed-in person who is not a
 * moderator gets the 403 screen. Moderators see the reported items, oldest report first, each on its
 * own chart (QueueItemCard); an item leaves the list once dismissed or removed. The appeals waiting
 * follow, each with Restore and Uphold (AppealsSection).
 */
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { MODERATION_TEXT } from '../../domain/moderationMessages.ts';
import { MODERATION_PAGE, SAFETY } from '../../domain/safety.ts';
import { isQueueItem } from '../../machines/moderationList.machine.ts';
import { useMachines, useScreenDataActor, useSessionActor } from '../../system/hooks.ts';
import { moderationMachines } from '../../system/moderation.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { strongLink } from '../components/CardParts.tsx';
import { ListRowsSkeleton } from '../components/Skeletons.tsx';
import { primaryButton } from '../components/ui.ts';
import { ForbiddenPage } from './ForbiddenPage.tsx';
import { AppealsSection } from './moderation/AppealsSection.tsx';
import { ModerationListFrame, recordList } from './moderation/ModerationListFrame.tsx';
import { QueueItemCard } from './moderation/QueueItemCard.tsx';
import { StatusScreen } from './StatusScreen.tsx';

export function ModerationPage() {
  const session = useSessionActor();
  const settling = useSelector(session, (s) => s.hasTag('settling'));
  const user = useSelector(session, (s) => s.context.user);
  if (settling) return <ListRowsSkeleton rows={4} label="Loading the moderation queue" />;
  if (!user) {
    return (
      <StatusScreen
        title={MODERATION_TEXT.signInTitle}
        action={
          <Link to="/signin" css={primaryButton}>
            {MODERATION_TEXT.signIn}
          </Link>
        }
      >
        <p>{MODERATION_TEXT.signInBody}</p>
      </StatusScreen>
    );
  }
  if (!user.moderator) return <ForbiddenPage message={SAFETY.notModerator} />;
  return <ModerationQueue key={user.userID} />;
}

function ModerationQueue() {
  useDocumentTitle(pageTitle(MODERATION_TEXT.queueTitle));
  const { queue } = useMachines(moderationMachines);
  const list = useScreenDataActor(queue, { input: { pageSize: MODERATION_PAGE } });
  const records = useSelector(list, (s) => s.context.records);
  const refused = useSelector(list, (s) => s.matches('refused'));
  const items = records.filter(isQueueItem);

  if (refused) return <ForbiddenPage message={SAFETY.notModerator} />;
  return (
    <ModerationListFrame
      list={list}
      title={MODERATION_TEXT.queueTitle}
      intro={
        <p css={{ margin: 0 }}>
          {MODERATION_TEXT.queueIntro}{' '}
          <Link to="/mod/log" css={[strongLink, { textDecoration: 'underline' }]}>
            {MODERATION_TEXT.logLink}
          </Link>
        </p>
      }
      empty={SAFETY.queueEmpty}
    >
      {items.length > 0 && (
        <ul aria-label="Reported items" css={recordList}>
          {items.map((item) => (
            <QueueItemCard key={`${item.kind}:${item.id}`} item={item} list={list} />
          ))}
        </ul>
      )}
      <AppealsSection />
    </ModerationListFrame>
  );
}
