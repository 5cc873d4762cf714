/** The room page's part of the right column: the room's info card once the room is open. */
import { useSelector } from '@xstate/react';
import { AsidePlaceholder, HotTopics, InRightColumn } from '../../layout/RightColumn.tsx';
import { RoomInfoCard } from './RoomInfoCard.tsx';
import type { RoomPageActorRef } from './roomPageMachines.ts';

/**
 * The room's info card once the room is open (and not `hidden` behind its mask); a placeholder while
 * it loads; else the topics.
 */
export function RoomAside({ page, hidden }: { page: RoomPageActorRef; hidden: boolean }) {
  const room = useSelector(page, (s) => (s.matches('open') ? s.context.room : null));
  const loading = useSelector(page, (s) => s.hasTag('busy'));
  return (
    <InRightColumn>
      {room && !hidden ? <RoomInfoCard room={room} /> : loading ? <AsidePlaceholder /> : <HotTopics />}
    </InRightColumn>
  );
}
