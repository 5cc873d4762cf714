/**
 * What the owner's member list and the members' room log share, inside a room dialog: skeleton rows
 * while the first page loads, the records (drawn by the dialog), an empty line, a failed load with
 * the server's words and a retry, and Load more while there may be more.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ROOM_OWNER } from '../../../domain/roomOwnerMessages.ts';
import type { roomRecordsMachine } from '../../../machines/roomRecords.machine.ts';
import { ListRowsSkeleton } from '../../components/Skeletons.tsx';
import { secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';

export type RoomRecordsActorRef = ActorRefFrom<typeof roomRecordsMachine>;

export const recordRows = css`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const recordRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  min-height: 44px;
  padding: 6px 0;
  border-bottom: 1px solid ${theme.color.border};
  min-width: 0;
  overflow-wrap: anywhere;
`;

const note = css`
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.9375rem;
`;

interface RoomRecordsFrameProps {
  list: RoomRecordsActorRef;
  intro: string;
  empty: string;
  label: string;
  /** The records, drawn by the dialog. */
  children: ReactNode;
}

export function RoomRecordsFrame({ list, intro, empty, label, children }: RoomRecordsFrameProps) {
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const busy = useSelector(list, (s) => s.hasTag('busy'));
  const count = useSelector(list, (s) => s.context.records.length);
  const error = useSelector(list, (s) => (s.matches('failed') ? s.context.error : null));
  const more = useSelector(list, (s) => s.can({ type: 'list.more' }) || s.matches('loadingMore'));

  return (
    <div css={css`display: flex; flex-direction: column; gap: 14px;`}>
      <p css={note}>{intro}</p>
      {loading ? <ListRowsSkeleton rows={3} label={`Loading ${label.toLowerCase()}`} /> : children}
      {!loading && error === null && count === 0 && !more && <p css={note}>{empty}</p>}
      {error !== null && (
        <div role="alert" css={css`display: grid; justify-items: start; gap: 8px;`}>
          <p css={css`margin: 0;`}>
            {ROOM_OWNER.loadFailed} {error}
          </p>
          <button type="button" css={secondaryButton} onClick={() => list.send({ type: 'list.retry' })}>
            {ROOM_OWNER.retry}
          </button>
        </div>
      )}
      {more && (
        <button
          type="button"
          css={[secondaryButton, css`align-self: center;`]}
          disabled={busy}
          onClick={() => list.send({ type: 'list.more' })}
        >
          {ROOM_OWNER.loadMore}
        </button>
      )}
    </div>
  );
}
