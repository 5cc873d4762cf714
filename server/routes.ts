/** The services of the app and the /api route tree. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import type { Executor } from './db/client.ts';
import type { PoolFigures } from './db/poolWaits.ts';
import { installRateLimit, type RateLimitOptions } from './infra/rateLimit.ts';
import { type CookieOptions, installSessions } from './infra/session.ts';
import { OtpService } from './modules/auth/otp.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { SessionService } from './modules/auth/sessions.ts';
import { SigninThrottle } from './modules/auth/throttle.ts';
import { commentRoutes } from './modules/comments/routes.ts';
import { CommentService } from './modules/comments/service.ts';
import { pollEditRoutes, postEditRoutes } from './modules/edits/routes.ts';
import { EditService } from './modules/edits/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { liveRoutes } from './modules/live/routes.ts';
import type { Live } from './modules/live/start.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { NotificationService } from './modules/notifications/service.ts';
import { pollRoutes } from './modules/polls/routes.ts';
import { PollService } from './modules/polls/service.ts';
import { postRoutes } from './modules/posts/routes.ts';
import { PostService } from './modules/posts/service.ts';
import { RoomModeration } from './modules/rooms/ownerModeration.ts';
import { roomOwnerRoutes } from './modules/rooms/ownerRoutes.ts';
import { roomRoutes } from './modules/rooms/routes.ts';
import { RoomService } from './modules/rooms/service.ts';
import { appealRoutes } from './modules/safety/appealRoutes.ts';
import { AppealService } from './modules/safety/appeals.ts';
import { BlockService } from './modules/safety/blocks.ts';
import { HideService } from './modules/safety/hides.ts';
import { ModerationService } from './modules/safety/moderation.ts';
import { moderationRoutes } from './modules/safety/moderationRoutes.ts';
import { ModerationQueue } from './modules/safety/queue.ts';
import { RemovedImages } from './modules/safety/removedImages.ts';
import { ReportService } from './modules/safety/reports.ts';
import { safetyRoutes } from './modules/safety/routes.ts';
import { UploadAccessService } from './modules/safety/uploadAccess.ts';
import { ActivityService } from './modules/search/activity.ts';
import { FullTextSearch } from './modules/search/fullText.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { SearchService } from './modules/search/service.ts';
import { CodeforcesClient } from './modules/stats/codeforces.ts';
import { LeetCodeClient } from './modules/stats/leetcode.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { CodingStatsService } from './modules/stats/service.ts';
import { AccountDeletion } from './modules/users/deletion.ts';
import { userRoutes } from './modules/users/routes.ts';
import { UserService } from './modules/users/service.ts';
import { SettingsService } from './modules/users/settings.ts';
import { voteRoutes } from './modules/votes/routes.ts';
import { VoteService } from './modules/votes/service.ts';

export function createServices(ctx: AppContext) {
  const users = new UserService(ctx);
  const otps = new OtpService(ctx);
  const sessions = new SessionService(ctx);
  const throttle = new SigninThrottle(ctx);
  const auth = new AuthService(ctx, { users, otps, sessions, throttle });
  const notifications = new NotificationService(ctx);
  const moderation = new ModerationService(ctx, { notifications, sessions });
  const posts = new PostService(ctx);
  const comments = new CommentService(ctx, notifications);
  const polls = new PollService(ctx);
  return {
    users,
    otps,
    sessions,
    throttle,
    auth,
    notifications,
    posts,
    comments,
    votes: new VoteService(ctx, notifications),
    polls,
    edits: new EditService(ctx, { posts, polls, comments }),
    rooms: new RoomService(ctx, notifications),
    roomOwner: new RoomModeration(ctx, notifications),
    settings: new SettingsService(ctx, users, sessions, throttle),
    reports: new ReportService(ctx, notifications),
    moderation,
    appeals: new AppealService(ctx, { notifications, moderation }),
    moderationQueue: new ModerationQueue(ctx),
    blocks: new BlockService(ctx),
    hides: new HideService(ctx),
    uploadAccess: new UploadAccessService(ctx),
    removedImages: new RemovedImages(ctx),
    crisisResources: ctx.config.safety.crisisResources,
    deletion: new AccountDeletion(ctx, sessions),
    search: new SearchService(ctx),
    fullText: new FullTextSearch(ctx),
    activity: new ActivityService(ctx),
    stats: new CodingStatsService(ctx, {
      users,
      leetcode: new LeetCodeClient(ctx),
      codeforces: new CodeforcesClient(ctx),
    }),
    /** Where uploads live: readiness checks it. */
    storage: ctx.storage,
  };
}

export type Services = ReturnType<typeof createServices>;

export interface ApiOptions {
  services: Services;
  live: Live;
  db: Executor;
  collegeDomain: string;
  cookies: CookieOptions;
  /** Which database serves, as the readiness check reports it. */
  database: 'pglite' | 'postgres';
  /** The pg Pool's checkouts and waits (PostgreSQL), null on PGlite. */
  poolFigures: (() => PoolFigures) | null;
  rateLimit: RateLimitOptions;
}

/**
 * /api: the health checks first, in a scope of their own, so they answer whatever cookies a request
 * carries (a balancer's check must not depend on the session table); every other route resolves the
 * session, then counts against the request-rate limit.
 */
export async function apiRoutes(api: FastifyInstance, opts: ApiOptions): Promise<void> {
  await api.register(healthRoutes, {
    db: opts.db,
    database: opts.database,
    poolFigures: opts.poolFigures,
    storage: opts.services.storage,
  });
  // opts holds this plugin's own prefix ('/api'): the child must not add it again
  await api.register(sessionRoutes, { ...opts, prefix: '' });
}

async function sessionRoutes(api: FastifyInstance, opts: ApiOptions): Promise<void> {
  const { services, cookies } = opts;
  installSessions(api, services.sessions, cookies);
  await installRateLimit(api, opts.rateLimit);
  await api.register(authRoutes, {
    prefix: '/auth',
    auth: services.auth,
    sessions: services.sessions,
    db: opts.db,
    collegeDomain: opts.collegeDomain,
    cookies,
  });
  await api.register(userRoutes, {
    prefix: '/u',
    users: services.users,
    settings: services.settings,
    deletion: services.deletion,
    cookies,
  });
  await api.register(notificationRoutes, { prefix: '/u', notifications: services.notifications });
  await api.register(postRoutes, { prefix: '/posts', posts: services.posts, comments: services.comments });
  await api.register(voteRoutes, { prefix: '/posts', votes: services.votes });
  await api.register(commentRoutes, { prefix: '/posts', comments: services.comments });
  await api.register(pollRoutes, { prefix: '/poll', polls: services.polls });
  await api.register(postEditRoutes, { prefix: '/posts', edits: services.edits });
  await api.register(pollEditRoutes, { prefix: '/poll', edits: services.edits });
  await api.register(roomRoutes, { prefix: '/rooms', rooms: services.rooms });
  await api.register(roomOwnerRoutes, { prefix: '/rooms', owner: services.roomOwner });
  await api.register(searchRoutes, {
    prefix: '/search',
    search: services.search,
    fullText: services.fullText,
    activity: services.activity,
  });
  await api.register(statsRoutes, { stats: services.stats });
  await api.register(liveRoutes, { hub: opts.live.hub, reads: opts.live.reads });
  await api.register(safetyRoutes, {
    reports: services.reports,
    blocks: services.blocks,
    hides: services.hides,
    crisisResources: services.crisisResources,
  });
  await api.register(moderationRoutes, {
    prefix: '/mod',
    moderation: services.moderation,
    queue: services.moderationQueue,
  });
  await api.register(appealRoutes, { appeals: services.appeals, moderation: services.moderation });
}
