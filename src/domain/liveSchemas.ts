/** The zod schema of the live stream's query (docs/api.md "Live events"); the protocol: live.ts. */
import './zodSetup.ts';
import { z } from 'zod';
import { WATCH_KINDS, type Watch } from './live.ts';
import { LIVE } from './messages.ts';

const WATCH_PATTERN = new RegExp(
  `^(${WATCH_KINDS.join('|')}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
  'i',
);

export const eventsQuerySchema = z.object({
  /** The post, poll or room on screen, as `post:<id>`; none: notifications only. */
  watch: z
    .string()
    .max(60, LIVE.badWatch)
    .regex(WATCH_PATTERN, LIVE.badWatch)
    .transform((text): Watch => {
      const [, kind, id] = WATCH_PATTERN.exec(text) ?? [];
      return { kind: kind?.toLowerCase() as Watch['kind'], id: (id ?? '').toLowerCase() };
    })
    .optional(),
  /** The last event id the tab saw, for the first request of a resuming `EventSource`. */
  lastEventId: z.string().max(100, 'lastEventId: too long').optional(),
});
