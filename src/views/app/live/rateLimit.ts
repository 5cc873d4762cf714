/** The request-rate limit's refusals, heard from the HTTP client and shown as one toast, however many. */
import { onRateLimited } from '../../../services/http.ts';
import { showNotice } from '../effects.ts';

const TOAST_ID = 'rate-limited';

/** Shows the server's wait message for every 429 until the returned function is called. */
export const showRateLimitNotices = (): (() => void) =>
  onRateLimited((text) => showNotice({ kind: 'error', text, id: TOAST_ID }));
