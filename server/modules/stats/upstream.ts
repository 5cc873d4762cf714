/**
 * Calls to LeetCode and Codeforces: Node's fetch with a timeout that covers the whole answer, a cap
 * on its size, and JSON read leniently (garbage is `undefined`, for the caller's schema to refuse).
 * A call that never answers is 504 'Server Issue'; a site that turns Quad away for now (its 429) is
 * 503; one that fails otherwise is 502. The message stays the spec's 'Server Issue': the status says
 * the reason, for the profile's stats card to tell people.
 */
import { STATS } from '../../../src/domain/peopleMessages.ts';
import type { AppContext } from '../../context.ts';
import { httpError } from '../../infra/errors.ts';

/** Far above any stats answer; a larger one is refused rather than buffered. */
const MAX_ANSWER_BYTES = 256 * 1024;

export interface UpstreamAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

export type ServiceName = 'leetcode' | 'codeforces';

async function readCapped(res: Response): Promise<string | null> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer of one call, whatever its status; a timeout, a network failure or a huge body throws. */
export async function callUpstream(
  ctx: AppContext,
  service: ServiceName,
  url: string,
  init: RequestInit = {},
): Promise<UpstreamAnswer> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(ctx.config.stats.timeoutMs) });
    const text = await readCapped(res);
    if (text === null) throw new Error('answer too large');
    return { status: res.status, json: parseJson(text) };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    ctx.log.warn({ service, err: { type: (error as Error).name } }, 'coding stats call failed');
    throw httpError(timedOut ? 504 : 502, STATS.serverIssue);
  }
}

/** An answer the caller could not use (an error status, or a shape it does not know). */
export function unusable(ctx: AppContext, service: ServiceName, status: number): never {
  ctx.log.warn({ service, status }, 'coding stats answer unusable');
  throw httpError(status === 429 ? 503 : 502, STATS.serverIssue);
}
