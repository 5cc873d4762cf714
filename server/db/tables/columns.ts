/** Column helpers shared by every table. */
import { pgEnum, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A timestamp written by the application's clock (tests move time). */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const id = () => uuid('id').primaryKey().defaultRandom();

/** masked: hidden behind "View anyway" after reports; removed: by two moderators. null: neither. */
export const moderationState = pgEnum('moderation_state', ['masked', 'removed']);
export type ModerationState = (typeof moderationState.enumValues)[number];
/** The moderation state of an item (or account), kept with its row for every read path's filter. */
export const moderation = () => moderationState('moderation');
