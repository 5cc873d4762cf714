/**
 * A private room the viewer has not joined (spec §2, §6): the 403 screen, still offering Send Request
 * (or 'Requested', disabled, once a request waits for the owner). Mount it with a key of the room's
 * id, title and the viewer (see membership.tsx).
 */
import { useSelector } from '@xstate/react';
import { ROOM_PAGE } from '../../../domain/messages.ts';
import type { RoomBasics } from '../../../machines/roomPage.machine.ts';
import { primaryButton } from '../../components/ui.ts';
import { ForbiddenPage } from '../ForbiddenPage.tsx';
import { useMembership } from './membership.tsx';
import type { RoomPageActorRef } from './roomPageMachines.ts';

interface RoomForbiddenProps {
  page: RoomPageActorRef;
  room: RoomBasics;
  requested: boolean;
  username: string | null;
}

export function RoomForbidden({ page, room, requested, username }: RoomForbiddenProps) {
  const membership = useMembership(page, room, username);
  const busy = useSelector(membership, (s) => s.hasTag('busy'));
  return (
    <ForbiddenPage
      message={
        <>
          <strong>q/{room.title}</strong>: {requested ? ROOM_PAGE.privateRequested : ROOM_PAGE.privateHint}
        </>
      }
      action={
        <button
          type="button"
          css={primaryButton}
          disabled={requested || busy}
          onClick={() => membership.send({ type: 'member.request' })}
        >
          {requested ? ROOM_PAGE.requested : ROOM_PAGE.sendRequest}
        </button>
      }
    />
  );
}
