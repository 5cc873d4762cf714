/**
 * Relative age of a post, poll or comment (spec §9): seconds, minutes, hours, days, months of 30 days
 * and years of 12 months, always counted down to whole units ("3 hours ago").
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

/** "1 minute ago", "5 days ago"; a moment from the future (clock skew) reads "0 seconds ago". */
export function timeAgo(then: string | number | Date, now: number = Date.now()): string {
  const at = then instanceof Date ? then.getTime() : new Date(then).getTime();
  if (Number.isNaN(at)) return '';
  const elapsed = Math.max(0, now - at);
  const unit = UNITS.find(({ size }) => elapsed >= size);
  const count = Math.floor(elapsed / (unit?.size ?? SECOND));
  const name = unit?.name ?? 'second';
  return `${count} ${name}${count === 1 ? '' : 's'} ago`;
}
