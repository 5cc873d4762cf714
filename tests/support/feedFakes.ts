/** Posts and polls as the server answers them, for the feed machines' and views' tests. */
import type { Poll, Post } from '../../src/domain/entities.ts';

const base = Date.parse('2025-05-01T12:00:00.000Z');
/** `minutes` before the fixed test moment. */
export const minutesAgo = (minutes: number) => new Date(base - minutes * 60_000).toISOString();

export function makePost(id: string, overrides: Partial<Post> = {}): Post {
  return {
    id,
    title: `Post ${id}`,
    topic: 'dsa',
    body: `Body of ${id}`,
    img: null,
    createdAt: minutesAgo(1),
    userId: 'author-1',
    user: { username: 'brave_fox', dp: null },
    subCommunity: null,
    room: null,
    commentCount: 0,
    upvotes: 0,
    downvotes: 0,
    myVote: 0,
    ...overrides,
  };
}

export function makePoll(id: string, overrides: Partial<Poll> = {}): Poll {
  return {
    id,
    title: `Poll ${id}?`,
    topic: 'iet',
    subCommunity: null,
    room: null,
    createdAt: minutesAgo(2),
    userId: 'author-2',
    createdBy: { username: 'calm_heron', dp: null },
    options: [
      { id: `${id}-a`, text: 'Yes', votes: 1 },
      { id: `${id}-b`, text: 'No', votes: 2 },
      { id: `${id}-c`, text: 'Maybe', votes: 0 },
    ],
    totalVotes: 3,
    myOptionId: null,
    ...overrides,
  };
}
