/**
 * The room's posts and polls behind a Post/Poll toggle (spec §2 Room page, §4 Feed): 10 a page, the
 * offset growing by 10; the post list waits 1500 ms before its first load. The cards' actors follow
 * the viewer's membership of this room on the page's chart (`FeedPageProvider`), so joining or leaving
 * shows at once, and tell the page of a deleted post or poll, which lowers the room's count.
 */
import { css } from '@emotion/react';
import { useMemo } from 'react';
import { DELAYS, LIMITS } from '../../../domain/constants.ts';
import { EMPTY } from '../../../domain/emptyStates.ts';
import type { Room } from '../../../domain/entities.ts';
import { LISTS } from '../../../domain/messages.ts';
import { useFirstLoadDelay, useScreenDataActor } from '../../../system/hooks.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FeedList } from '../../components/FeedList.tsx';
import { type FeedKind, KindPanels, KindTabList, KindTabs } from '../../components/KindToggle.tsx';
import { SortableList, useListSortFromAddress } from '../../components/ListSortControl.tsx';
import { FeedPageProvider, useRoomJoined } from '../../components/roomMembership.tsx';
import { createRoomState } from '../create/roomContext.ts';
import { type RoomPageActorRef, useRoomPageMachines } from './roomPageMachines.ts';

interface RoomFeedsProps {
  page: RoomPageActorRef;
  room: Room;
  kind: FeedKind;
  onKindChange: (kind: FeedKind) => void;
}

export function RoomFeeds({ page, room, kind, onKindChange }: RoomFeedsProps) {
  return (
    <FeedPageProvider page={page} roomId={room.id}>
      <KindTabs kind={kind} onChange={onKindChange}>
        <div
          css={css`
          display: flex;
          justify-content: flex-end;
        `}
        >
          <KindTabList />
        </div>
        <KindPanels kind={kind}>
          <RoomList key={kind} room={room} kind={kind} />
        </KindPanels>
      </KindTabs>
    </FeedPageProvider>
  );
}

function RoomList({ room, kind }: { room: Room; kind: FeedKind }) {
  const { roomPostList, roomPollList } = useRoomPageMachines();
  // the page's chart knows the membership; the room entity itself does not carry it
  const member = useRoomJoined({ ...room, joined: false });
  const machine = useMemo(
    () => (kind === 'post' ? roomPostList(room.title) : roomPollList(room.id)),
    [kind, room.title, room.id, roomPostList, roomPollList],
  );
  const roomDelay = useFirstLoadDelay(DELAYS.ROOM_FIRST_LOAD);
  const sort = useListSortFromAddress();
  const list = useScreenDataActor(machine, {
    input: {
      pageSize: LIMITS.pageSize,
      firstLoadDelay: kind === 'post' ? roomDelay : 0,
      order: 'newest',
      // polls have no score: their list keeps the spec's order
      sort: kind === 'post' ? sort : null,
    },
  });
  return (
    <SortableList list={list} sortable={kind === 'post'}>
      <FeedList
        list={list}
        empty={
          <EmptyState
            title={kind === 'post' ? LISTS.postsEmpty : LISTS.pollsEmpty}
            hint={EMPTY.room(room.title, kind, member, createRoomState(room))}
          />
        }
        skeleton={kind === 'post' ? 'posts' : 'polls'}
        label={`q/${room.title} ${kind === 'post' ? 'posts' : 'polls'}`}
      />
    </SortableList>
  );
}
