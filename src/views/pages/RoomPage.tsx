/**
 * A room at /room/{CreatorId}/{title} (spec §2 Room page, §4 Membership, §6): the room's chart
 * (roomPage.machine.ts) loads it by title once the session is known, then shows the header with what
 * the viewer may do, the info card (in the right column on wide screens, under the header on narrow
 * ones) and the Post/Poll feeds; a private room not joined shows the 403 screen with Send Request, an
 * unknown room the 404 screen. Router state from the create modal (`tab`) selects the toggle; the
 * page is mounted afresh after creating, so the feed is new too. A room masked after reports waits
 * behind 'Hidden after reports' with 'View anyway' (its owner and moderators read it with a notice).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { ROOM_PAGE } from '../../domain/messages.ts';
import { SAFETY } from '../../domain/safety.ts';
import type { roomPageMachine } from '../../machines/roomPage.machine.ts';
import { useScreenDataActor, useSessionActor } from '../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { useViewer } from '../components/CardParts.tsx';
import type { FeedKind } from '../components/KindToggle.tsx';
import { BannerSkeleton, FeedSkeleton } from '../components/Skeletons.tsx';
import {
  AuthorMaskedNotice,
  MaskedCard,
  type MaskReveal,
  useMaskReveal,
} from '../components/safety/Masked.tsx';
import { secondaryButton, withoutRightColumn } from '../components/ui.ts';
import { readRoomPageState } from './create/roomContext.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageStack } from './PageStack.tsx';
import { RemovedPage } from './RemovedPage.tsx';
import { RoomAside } from './room/RoomAside.tsx';
import { RoomFeeds } from './room/RoomFeeds.tsx';
import { type PendingEntry, RoomForbidden } from './room/RoomForbidden.tsx';
import { RoomHeader, type RoomRole } from './room/RoomHeader.tsx';
import { RoomInfoCard } from './room/RoomInfoCard.tsx';
import { type RoomPageActorRef, useRoomPageMachines } from './room/roomPageMachines.ts';
import { StatusScreen } from './StatusScreen.tsx';

type Snapshot = SnapshotFrom<typeof roomPageMachine>;
type Screen = 'loading' | 'open' | 'forbidden' | 'notFound' | 'removed' | 'failed';

const screenOf = (s: Snapshot): Screen =>
  s.matches('open')
    ? 'open'
    : s.matches('forbidden')
      ? 'forbidden'
      : s.matches('notFound')
        ? 'notFound'
        : s.matches('removed')
          ? 'removed'
          : s.matches('failed')
            ? 'failed'
            : 'loading';

const roleOf = (s: Snapshot): RoomRole =>
  s.hasTag('owner') ? 'owner' : s.hasTag('member') ? 'member' : 'outsider';

function RoomSkeleton() {
  return (
    <PageStack>
      <BannerSkeleton />
      <FeedSkeleton items={2} />
    </PageStack>
  );
}

export function RoomPage() {
  const { title = '' } = useParams();
  // Named from the address until the room has come; its header names it from the loaded room then.
  useDocumentTitle(pageTitle(`q/${title}`));
  const session = useSessionActor();
  const settling = useSelector(session, (s) => s.hasTag('settling'));
  // Who looks decides owner and member controls: wait until the session is known.
  if (settling) return <RoomSkeleton />;
  return <RoomScreen title={title} />;
}

/** The room's chart follows who looks (it hears the session) and the address (`room.visit`). */
function RoomScreen({ title }: { title: string }) {
  const viewerId = useViewer()?.userID ?? null;
  const { roomPage } = useRoomPageMachines();
  const page = useScreenDataActor(roomPage, { input: { title, viewerId } });
  useEffect(() => {
    page.send({ type: 'room.visit', title });
  }, [page, title]);
  // Masked after reports: the room's header, info card and feeds wait behind 'View anyway'.
  const masked = useSelector(page, (s) => s.context.mask.masked);
  const shownId = useSelector(page, (s) => s.context.basics?.id ?? '');
  const mask = useMaskReveal(masked, shownId);
  useDocumentTitle(mask.hidden ? pageTitle(SAFETY.hiddenAfterReports) : null);
  return (
    <>
      <RoomAside page={page} hidden={mask.hidden} />
      <RoomContent page={page} mask={mask} />
    </>
  );
}

function RoomContent({ page, mask }: { page: RoomPageActorRef; mask: MaskReveal }) {
  const username = useViewer()?.username ?? null;
  const screen = useSelector(page, screenOf);
  const role = useSelector(page, roleOf);
  const room = useSelector(page, (s) => s.context.room);
  const basics = useSelector(page, (s) => s.context.basics);
  const pending = useSelector(
    page,
    (s): PendingEntry =>
      s.matches({ forbidden: 'requested' })
        ? 'requested'
        : s.matches({ forbidden: 'invited' })
          ? 'invited'
          : 'none',
  );
  const error = useSelector(page, (s) => s.context.error);
  const maskedForOthers = useSelector(page, (s) => s.context.mask.maskedForOthers);
  const location = useLocation();
  const [kind, setKind] = useState<FeedKind>(() => readRoomPageState(location.state).tab ?? 'post');

  // Arriving again with a tab (after creating a poll) selects it.
  useEffect(() => {
    const tab = readRoomPageState(location.state).tab;
    if (tab) setKind(tab);
  }, [location.state]);

  if (screen === 'notFound') return <NotFoundPage />;
  if (screen === 'removed') return <RemovedPage message={error} />;
  if (screen === 'failed') {
    return (
      <StatusScreen
        title={ROOM_PAGE.loadFailed}
        action={
          <button type="button" css={secondaryButton} onClick={() => page.send({ type: 'room.reload' })}>
            Try again
          </button>
        }
      >
        {error ? <p>{error}</p> : null}
      </StatusScreen>
    );
  }
  if ((screen === 'forbidden' || screen === 'open') && mask.hidden) {
    return (
      <PageStack>
        <MaskedCard what="Room" heading="h1" onReveal={mask.reveal} />
      </PageStack>
    );
  }
  if (screen === 'forbidden' && basics) {
    return (
      <RoomForbidden
        key={`${basics.id}:${basics.title}:${username ?? ''}`}
        page={page}
        room={basics}
        pending={pending}
        username={username}
      />
    );
  }
  if (screen !== 'open' || !room) return <RoomSkeleton />;
  return (
    <PageStack>
      <RoomHeader
        key={`${room.id}:${room.title}:${username ?? ''}`}
        page={page}
        room={room}
        role={role}
        username={username}
      />
      {maskedForOthers && <AuthorMaskedNotice />}
      <div css={withoutRightColumn}>
        <RoomInfoCard room={room} />
      </div>
      <RoomFeeds
        key={`${room.id}:${room.title}`}
        page={page}
        room={room}
        kind={kind}
        onKindChange={setKind}
      />
    </PageStack>
  );
}
