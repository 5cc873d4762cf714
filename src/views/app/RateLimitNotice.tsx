/** Tells the person when the server's request-rate limit refuses a request, while the app is mounted. */
import { useEffect } from 'react';
import { showRateLimitNotices } from './live/rateLimit.ts';

export function RateLimitNotice() {
  useEffect(showRateLimitNotices, []);
  return null;
}
