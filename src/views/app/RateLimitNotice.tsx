/** Tells the person when the server's request-rate limit refuses a request: one toast, however many. */
import { useEffect } from 'react';
import { onRateLimited } from '../../services/http.ts';
import { showNotice } from './effects.ts';

const TOAST_ID = 'rate-limited';

export function RateLimitNotice() {
  useEffect(() => onRateLimited((text) => showNotice({ kind: 'error', text, id: TOAST_ID })), []);
  return null;
}
