/** The live streams of this instance (the hub, listening on the bus from start-up until close), and the end notices of sessions. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { CommentService } from '../comments/service.ts';
import type { NotificationService } from '../notifications/service.ts';
import { listen } from './bus.ts';
import { type HubOptions, LiveHub } from './hub.ts';
import { LiveReads } from './reads.ts';

export type LiveTiming = Omit<HubOptions, 'log' | 'now' | 'limits'>;

export interface Live {
  hub: LiveHub;
  reads: LiveReads;
  close(): Promise<void>;
}

export async function startLive(
  database: DatabaseHandle,
  services: { notifications: NotificationService; comments: CommentService; sessions: SessionService },
  { log, now, config }: { log: FastifyBaseLogger; now(): Date; config: Config },
  timing: LiveTiming = {},
): Promise<Live> {
  const reads = new LiveReads(database.db, services);
  const hub = new LiveHub(database.db, reads, {
    ...timing,
    now,
    limits: config.liveStreams,
    log: (err, message) => log.warn({ err }, message),
  });
  const listener = await listen(database, {
    message: (message) => hub.receive(message),
    sessionEnded: (id) => services.sessions.ended(id),
    gap: () => {
      services.sessions.forgetAll();
      hub.gap();
    },
    log: (level, message) => log[level](message),
  });
  return {
    hub,
    reads,
    async close() {
      hub.close();
      await listener.close();
    },
  };
}
