/**
 * Codeforces' public `user.info` (`<CODEFORCES_URL>/api/user.info?handles=X&checkHistoricHandles=false`):
 * `{ status: 'OK', result: [{ handle, maxRank? }] }`, or `{ status: 'FAILED', comment }` with HTTP 400
 * for an unknown handle. A user who never took part in a rated contest has no maxRank: 'unrated'.
 */
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callUpstream, unusable } from './upstream.ts';

export const UNRATED = 'unrated';

const answerSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('OK'),
    result: z.array(z.object({ handle: z.string(), maxRank: z.string().min(1).max(40).optional() })).min(1),
  }),
  z.object({ status: z.literal('FAILED'), comment: z.string().optional() }),
]);

export class CodeforcesClient {
  constructor(private readonly ctx: AppContext) {}

  /** The handle's best rank ever (maxRank), null for an unknown handle. */
  async maxRank(handle: string): Promise<string | null> {
    const query = new URLSearchParams({ handles: handle, checkHistoricHandles: 'false' });
    const url = `${this.ctx.config.stats.codeforcesUrl}/api/user.info?${query}`;
    const { status, json } = await callUpstream(this.ctx, 'codeforces', url);
    const parsed = answerSchema.safeParse(json);
    if (!parsed.success) return unusable(this.ctx, 'codeforces', status);
    const answer = parsed.data;
    if (answer.status === 'FAILED') return status === 400 ? null : unusable(this.ctx, 'codeforces', status);
    if (status !== 200) return unusable(this.ctx, 'codeforces', status);
    return answer.result[0]?.maxRank ?? UNRATED;
  }
}
