/** A signed-in user's own details (UserInfo) for the tests of charts that change them. */
import type { UserInfo } from '../../src/domain/entities.ts';

export const makeUser = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  userID: 'u1',
  username: 'quiet_otter',
  email: 'otter@ietlucknow.ac.in',
  dp: null,
  bgImg: null,
  leetcode: null,
  codeforces: null,
  about: null,
  showLC: false,
  showCf: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  moderator: false,
  commentSort: null,
  ...overrides,
});
