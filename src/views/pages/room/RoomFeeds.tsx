/**
 * The room's posts and polls behind a Post/Poll toggle (spec §2 Room page, §4 Feed): 10 a page, the
 * offset growing by 10; the post list waits 1500 ms before its first load. Cards read the viewer's
 * membership of this room from the page (`RoomMembershipProvider`), so joining or leaving shows at
 * once. A post or poll deleted from a list lowers the room's count on the page.
 */
import { css } from '@emotion/react';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { DELAYS, LIMITS } from '../../../domain/constants.ts';
import type { Room } from '../../../domain/entities.ts';
import { LISTS } from '../../../domain/messages.ts';
import type { FeedItem } from '../../../machines/pagedList.machine.ts';
import { FeedList } from '../../components/FeedList.tsx';
import { type FeedKind, KindToggle } from '../../components/KindToggle.tsx';
import { RoomMembershipProvider } from '../../components/roomMembership.tsx';
import { useListRemovals } from '../../components/useListRemovals.ts';
import { type RoomPageActorRef, useRoomPageMachines } from './roomPageMachines.tsx';

interface RoomFeedsProps {
  page: RoomPageActorRef;
  room: Room;
  joined: boolean;
  kind: FeedKind;
  onKindChange: (kind: FeedKind) => void;
}

export function RoomFeeds({ page, room, joined, kind, onKindChange }: RoomFeedsProps) {
  return (
    <RoomMembershipProvider roomId={room.id} joined={joined}>
      <div
        css={css`
          display: flex;
          justify-content: flex-end;
        `}
      >
        <KindToggle kind={kind} onChange={onKindChange} />
      </div>
      <RoomList key={kind} page={page} room={room} kind={kind} />
    </RoomMembershipProvider>
  );
}

function RoomList({ page, room, kind }: { page: RoomPageActorRef; room: Room; kind: FeedKind }) {
  const { roomPostList, roomPollList } = useRoomPageMachines();
  const machine = useMemo(
    () => (kind === 'post' ? roomPostList(room.title) : roomPollList(room.id)),
    [kind, room.title, room.id, roomPostList, roomPollList],
  );
  const list = useActorRef(machine, {
    input: {
      pageSize: LIMITS.pageSize,
      firstLoadDelay: kind === 'post' ? DELAYS.ROOM_FIRST_LOAD : 0,
      order: 'newest',
    },
  });
  const removed = useMemo(
    () => (items: FeedItem[]) => {
      for (const _ of items) page.send({ type: 'room.itemRemoved', kind });
    },
    [page, kind],
  );
  useListRemovals(list, removed);
  return (
    <FeedList
      list={list}
      empty={kind === 'post' ? LISTS.postsEmpty : LISTS.pollsEmpty}
      skeleton={kind === 'post' ? 'posts' : 'polls'}
      label={`q/${room.title} ${kind === 'post' ? 'posts' : 'polls'}`}
    />
  );
}
