/**
 * LeetCode's public GraphQL endpoint (`<LEETCODE_URL>/graphql`): one query gives the question
 * totals and the user's solved counts, submissions, ranking and contribution points. An unknown
 * handle answers `matchedUser: null` (with an error 'That user does not exist.') or 404.
 */
import { z } from 'zod';
import type { LcStats } from '../../../src/domain/profileSchemas.ts';
import type { AppContext } from '../../context.ts';
import { TtlCache } from './cache.ts';
import { callUpstream, unusable } from './upstream.ts';

const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX_ENTRIES = 1000;

export const LEETCODE_QUERY = `query userStats($username: String!) {
  allQuestionsCount { difficulty count }
  matchedUser(username: $username) {
    username
    contributions { points }
    profile { ranking }
    submitStats {
      acSubmissionNum { difficulty count submissions }
      totalSubmissionNum { difficulty count submissions }
    }
  }
}`;

const countSchema = z.object({ difficulty: z.string(), count: z.number().int().min(0) });
const submissionsSchema = countSchema.extend({ submissions: z.number().int().min(0) });
const answerSchema = z.object({
  data: z.object({
    allQuestionsCount: z.array(countSchema),
    matchedUser: z
      .object({
        username: z.string().min(1),
        contributions: z.object({ points: z.number() }),
        profile: z.object({ ranking: z.number().int().nullable() }),
        submitStats: z.object({
          acSubmissionNum: z.array(submissionsSchema),
          totalSubmissionNum: z.array(submissionsSchema),
        }),
      })
      .nullable(),
  }),
});
type Answer = z.infer<typeof answerSchema>['data'];
type Difficulty = 'All' | 'Easy' | 'Medium' | 'Hard';

export interface LeetCodeUser {
  /** The handle as LeetCode spells it. */
  handle: string;
  stats: LcStats;
}

function toStats(data: Answer, user: NonNullable<Answer['matchedUser']>): LcStats {
  const of = <T extends { difficulty: string }>(list: T[], d: Difficulty) =>
    list.find((item) => item.difficulty === d);
  const total = (d: Difficulty) => of(data.allQuestionsCount, d)?.count ?? 0;
  const solved = (d: Difficulty) => of(user.submitStats.acSubmissionNum, d)?.count ?? 0;
  const accepted = of(user.submitStats.acSubmissionNum, 'All')?.submissions ?? 0;
  const submitted = of(user.submitStats.totalSubmissionNum, 'All')?.submissions ?? 0;
  return {
    acceptanceRate: submitted > 0 ? Math.round((accepted / submitted) * 10_000) / 100 : 0,
    contributionPoints: user.contributions.points,
    easySolved: solved('Easy'),
    mediumSolved: solved('Medium'),
    hardSolved: solved('Hard'),
    ranking: user.profile.ranking ?? 0,
    totalEasy: total('Easy'),
    totalMedium: total('Medium'),
    totalHard: total('Hard'),
    totalQuestions: total('All'),
    totalSolved: solved('All'),
  };
}

export class LeetCodeClient {
  private readonly cache: TtlCache<LeetCodeUser>;

  constructor(private readonly ctx: AppContext) {
    this.cache = new TtlCache(CACHE_TTL_MS, CACHE_MAX_ENTRIES, ctx.now);
  }

  /** The user and their stats, null for an unknown handle; cached per handle (any letter case). */
  async lookup(handle: string): Promise<LeetCodeUser | null> {
    const key = handle.toLowerCase();
    const cached = this.cache.get(key);
    if (cached) return cached;
    const { status, json } = await callUpstream(
      this.ctx,
      'leetcode',
      `${this.ctx.config.stats.leetcodeUrl}/graphql`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', referer: `${this.ctx.config.stats.leetcodeUrl}/` },
        body: JSON.stringify({ query: LEETCODE_QUERY, variables: { username: handle } }),
      },
    );
    if (status === 404) return null;
    const parsed = answerSchema.safeParse(json);
    if (status !== 200 || !parsed.success) unusable(this.ctx, 'leetcode', status);
    const user = parsed.data.data.matchedUser;
    if (!user) return null;
    const found = { handle: user.username, stats: toStats(parsed.data.data, user) };
    this.cache.set(key, found);
    return found;
  }
}
