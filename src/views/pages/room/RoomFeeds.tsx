/**
 * The room's posts and polls behind a Post/Poll toggle (spec §2 Room page, §4 Feed): 10 a page, the
 * offset growing by 10; the post list waits 1500 ms before its first load. Cards read the viewer's
 * membership of this room from the page (`RoomMembershipProvider`), so joining or leaving shows at
 * once. A post or poll deleted from a list lowers the room's count on the page.
 */
import { css } from '@emotion/react';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { DELAYS, LIMITS } from '../../../domain/constants.ts';
import type { Room } from '../../../domain/entities.ts';
import { LISTS } from '../../../domain/messages.ts';
import { FeedList, type PagedListActorRef } from '../../components/FeedList.tsx';
import { type FeedKind, KindToggle } from '../../components/KindToggle.tsx';
import { RoomMembershipProvider } from '../../components/roomMembership.tsx';
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

/** Tells the page when items leave a list that was not reloaded (a delete from a card). */
function useRemovals(list: PagedListActorRef, onRemoved: (count: number) => void) {
  useEffect(() => {
    let before = list.getSnapshot();
    const subscription = list.subscribe((after) => {
      const removed = before.context.items.length - after.context.items.length;
      if (removed > 0 && after.matches(before.value)) onRemoved(removed);
      before = after;
    });
    return () => subscription.unsubscribe();
  }, [list, onRemoved]);
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
    () => (count: number) => {
      for (let n = 0; n < count; n += 1) page.send({ type: 'room.itemRemoved', kind });
    },
    [page, kind],
  );
  useRemovals(list, removed);
  return (
    <FeedList
      list={list}
      empty={kind === 'post' ? LISTS.postsEmpty : LISTS.pollsEmpty}
      skeleton={kind === 'post' ? 'posts' : 'polls'}
      label={`q/${room.title} ${kind === 'post' ? 'posts' : 'polls'}`}
    />
  );
}
