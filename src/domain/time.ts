/**
 * Relative age of a post, poll or comment (spec §9): seconds, minutes, hours, days, months of 30 days
 * and years of 12 months, always counted down to whole units ("3 hours ago"). The first seconds read
 * "just now": a count of 0 or 3 seconds is noise, while the spec's seconds unit stays for the rest of
 * the first minute ("42 seconds ago").
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 12 * MONTH;

const UNITS = [
  { name: 'year', size: YEAR },
  { name: 'month', size: MONTH },
  { name: 'day', size: DAY },
  { name: 'hour', size: HOUR },
  { name: 'minute', size: MINUTE },
] as const;

/** Under this age a post is "just now". */
const JUST_NOW = 10 * SECOND;

/** "just now", "1 minute ago", "5 days ago"; a moment from the future (clock skew) is "just now". */
export function timeAgo(then: string | number | Date, now: number = Date.now()): string {
  const at = then instanceof Date ? then.getTime() : new Date(then).getTime();
  if (Number.isNaN(at)) return '';
  const elapsed = now - at;
  if (elapsed < JUST_NOW) return 'just now';
  const unit = UNITS.find(({ size }) => elapsed >= size);
  const count = Math.floor(elapsed / (unit?.size ?? SECOND));
  const name = unit?.name ?? 'second';
  return `${count} ${name}${count === 1 ? '' : 's'} ago`;
}

/** The date part of an ISO timestamp (spec §2 Profile 'Cake day'), e.g. '2024-09-15'; '' for a bad date. */
export function datePart(at: string): string {
  const time = Date.parse(at);
  return Number.isNaN(time) ? '' : new Date(time).toISOString().slice(0, 10);
}

const DAY_LABEL = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** A date part as people read it, the same everywhere: '2024-09-15' → 'Sep 15, 2024'. */
export function dayLabel(day: string): string {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(time) ? '' : DAY_LABEL.format(time);
}
