/** One page of the home feed (spec §4 Feed): 15 posts and 15 polls, asked together. */
import { LIMITS } from '../../domain/constants.ts';
import type { Poll, Post } from '../../domain/entities.ts';
import { fetchHomePolls } from './polls.ts';
import { fetchHomePosts } from './posts.ts';

export function fetchHomePage(offset: number): Promise<[Post[], Poll[]]> {
  const limit = LIMITS.homePageSize;
  return Promise.all([fetchHomePosts({ offset, limit }), fetchHomePolls({ offset, limit })]);
}
