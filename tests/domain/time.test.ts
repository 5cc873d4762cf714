import { describe, expect, it } from 'vitest';
import { datePart, dayLabel, timeAgo } from '../../src/domain/time.ts';

const now = Date.parse('2025-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const s = 1000;
const min = 60 * s;
const h = 60 * min;
const d = 24 * h;

describe('relative age (spec §9 units)', () => {
  it.each([
    [0, 'just now'],
    [1 * s, 'just now'],
    [9 * s + 999, 'just now'],
    [10 * s, '10 seconds ago'],
    [59 * s, '59 seconds ago'],
    [60 * s, '1 minute ago'],
    [59 * min + 59 * s, '59 minutes ago'],
    [1 * h, '1 hour ago'],
    [23 * h, '23 hours ago'],
    [1 * d, '1 day ago'],
    [29 * d, '29 days ago'],
    [30 * d, '1 month ago'],
    [59 * d, '1 month ago'],
    [11 * 30 * d, '11 months ago'],
    [12 * 30 * d, '1 year ago'],
    [360 * d * 3 + 5 * d, '3 years ago'],
  ])('reads %i ms as "%s"', (elapsed, text) => {
    expect(timeAgo(ago(elapsed), now)).toBe(text);
  });

  it('counts a month as 30 days and a year as 12 such months, not the calendar', () => {
    expect(timeAgo(ago(365 * d), now)).toBe('1 year ago');
    expect(timeAgo(ago(359 * d), now)).toBe('11 months ago');
  });

  it('treats a moment in the future as now and a bad date as nothing', () => {
    expect(timeAgo(ago(-5 * min), now)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('');
  });

  it('accepts dates and epoch numbers too', () => {
    expect(timeAgo(new Date(now - 2 * h), now)).toBe('2 hours ago');
    expect(timeAgo(now - 3 * d, now)).toBe('3 days ago');
  });
});

describe('cake day (spec §2 Profile: the date part of createdAt)', () => {
  it.each([
    ['2024-09-15T08:30:00.000Z', '2024-09-15', 'Sep 15, 2024'],
    ['2025-01-01T23:59:59.999Z', '2025-01-01', 'Jan 1, 2025'],
    ['2023-12-31T00:00:00+05:30', '2023-12-30', 'Dec 30, 2023'],
  ])('reads %s as the day %s, shown as "%s"', (at, day, label) => {
    expect(datePart(at)).toBe(day);
    expect(dayLabel(day)).toBe(label);
  });

  it('shows nothing for a bad date', () => {
    expect(datePart('soon')).toBe('');
    expect(dayLabel('')).toBe('');
  });
});
