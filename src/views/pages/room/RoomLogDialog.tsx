/**
 * The room log (docs/moderation.md "Room owners"), for the room's members: each removal by its owner,
 * newest first, saying what kind of thing went and when, never what it said nor who; 10 a page.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { LIMITS } from '../../../domain/constants.ts';
import { ROOM_OWNER } from '../../../domain/roomOwnerMessages.ts';
import type { RoomLogEntry } from '../../../domain/roomOwnerSchemas.ts';
import { useScreenActor } from '../../../system/hooks.ts';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { DialogFrame } from '../../components/rooms/DialogFrame.tsx';
import { useRoomOwnerMachines } from '../../components/rooms/roomOwnerActions.tsx';
import { theme } from '../../theme.ts';
import { RoomRecordsFrame, recordRow, recordRows } from './RoomRecordsFrame.tsx';

export function RoomLogDialog({ title, onClose }: { title: string; onClose: () => void }) {
  const { roomLog } = useRoomOwnerMachines();
  const machine = useMemo(() => roomLog(title), [roomLog, title]);
  const list = useScreenActor(machine, { input: { pageSize: LIMITS.pageSize } });
  const records = useSelector(list, (s) => s.context.records);
  const entries = records.filter((record): record is RoomLogEntry => 'kind' in record);

  return (
    <DialogFrame title={ROOM_OWNER.roomLog} subtitle={`q/${title}`} canClose onClose={onClose}>
      <RoomRecordsFrame
        list={list}
        intro={ROOM_OWNER.logIntro}
        empty={ROOM_OWNER.logEmpty}
        label={ROOM_OWNER.roomLog}
      >
        {entries.length > 0 && (
          <ol aria-label={ROOM_OWNER.roomLog} css={recordRows}>
            {entries.map((entry) => (
              <li key={entry.id} css={recordRow}>
                <span>{ROOM_OWNER.logEntry(entry.kind)}</span>
                <span css={css`margin-left: auto; color: ${theme.color.muted}; font-size: 0.875rem;`}>
                  <RelativeTime at={entry.createdAt} />
                </span>
              </li>
            ))}
          </ol>
        )}
      </RoomRecordsFrame>
    </DialogFrame>
  );
}
