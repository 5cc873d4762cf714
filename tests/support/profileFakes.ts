/** Profiles, profile comments and LeetCode stats as the server answers them, for the profile's tests. */
import type { LcStats, Profile, ProfileComment } from '../../src/domain/profileSchemas.ts';
import { minutesAgo } from './feedFakes.ts';

export function makeProfile(username: string, overrides: Partial<Profile> = {}): Profile {
  return {
    userID: `id-${username}`,
    username,
    bio: null,
    dp: null,
    bgImg: null,
    createdAt: '2024-09-15T08:30:00.000Z',
    leetcode: null,
    codeforces: null,
    showLC: false,
    showCf: false,
    _count: { posts: 3, comments: 5, upvotes: 7, polls: 2 },
    masked: false,
    maskedForOthers: false,
    ...overrides,
  };
}

export function makeProfileComment(id: string, overrides: Partial<ProfileComment> = {}): ProfileComment {
  return {
    id,
    body: `Comment ${id}`,
    postId: 'p1',
    parentId: null,
    userId: 'id-brave_fox',
    user: { username: 'brave_fox', dp: null },
    deleted: false,
    createdAt: minutesAgo(4),
    editedAt: null,
    upvotes: 0,
    downvotes: 0,
    myVote: 0,
    post: { id: 'p1', title: 'Post p1', subCommunity: null },
    masked: false,
    maskedForOthers: false,
    crisisHelp: false,
    authorBlocked: false,
    removedRule: null,
    ...overrides,
  };
}

export const lcStats: LcStats = {
  acceptanceRate: 61.47,
  contributionPoints: 120,
  easySolved: 80,
  mediumSolved: 45,
  hardSolved: 5,
  ranking: 254_321,
  totalEasy: 800,
  totalMedium: 1600,
  totalHard: 700,
  totalQuestions: 3100,
  totalSolved: 130,
};
