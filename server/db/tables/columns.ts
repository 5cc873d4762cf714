/** Column helpers shared by every table. */
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** A timestamp written by the application's clock (tests move time). */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const id = () => uuid('id').primaryKey().defaultRandom();
