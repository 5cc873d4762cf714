/**
 * The tables of Quad (drizzle-kit reads this file). The same SQL runs on PGlite and on PostgreSQL;
 * every timestamp the rules depend on is written by the application's clock, so tests can move time.
 */
export * from './tables/accounts.ts';
export { moderationState } from './tables/columns.ts';
export * from './tables/community.ts';
export * from './tables/limits.ts';
export * from './tables/notifications.ts';
export * from './tables/roomLog.ts';
export * from './tables/safety.ts';
export * from './tables/versions.ts';
