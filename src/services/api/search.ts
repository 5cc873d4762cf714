/**
 * Searching people and rooms (spec §7 Search and profile: `search/getusers ?key`), and posts, polls
 * and comments by their words (issue 33: `search/getposts`, `search/getcomments`).
 */
import type { Poll, Post } from '../../domain/entities.ts';
import type { FoundPost, ProfileComment } from '../../domain/profileSchemas.ts';
import { request } from '../http.ts';

export interface PersonHit {
  username: string;
  dp: string | null;
}

export interface RoomHit {
  title: string;
  CreatorId: string;
  img: string | null;
}

export interface SearchHits {
  users: PersonHit[];
  rooms: RoomHit[];
}

/** People and rooms whose names contain `key`, whatever the letter case. */
export const search = (key: string): Promise<SearchHits> =>
  request((http) => http.get<SearchHits>('search/getusers', { params: { key } }));

/**
 * Add member's suggestions: people whose names contain `key` who are not in room `title` yet (the
 * server leaves out its members; docs/api.md `search/getmembercandidates`).
 */
export const memberCandidates = (title: string, key: string): Promise<PersonHit[]> =>
  request((http) =>
    http.get<{ users: PersonHit[] }>('search/getmembercandidates', { params: { title, key } }),
  ).then((answer) => answer.users);

/** A page of a search: the text and the page (from 0) of `limit` results. */
export interface SearchPage {
  key: string;
  page: number;
  limit: number;
}

/** A page of the people and the rooms whose names contain `key` (the search page's People and Rooms tabs). */
export const searchNames = (params: SearchPage): Promise<SearchHits> =>
  request((http) => http.get<SearchHits>('search/getusers', { params }));

/** A found post or poll as the lists hold it: without its `kind` (lists tell them apart by shape). */
function listed(found: FoundPost): Post | Poll {
  if (found.kind === 'post') {
    const { kind: _post, ...post } = found;
    return post;
  }
  const { kind: _poll, ...poll } = found;
  return poll;
}

/** A page of the posts and polls holding the words of `key`, best match first. */
export const searchPosts = (params: SearchPage): Promise<(Post | Poll)[]> =>
  request((http) => http.get<{ posts: FoundPost[] }>('search/getposts', { params })).then((answer) =>
    answer.posts.map(listed),
  );

/** A page of the comments holding the words of `key`, best match first, with the post each answers. */
export const searchComments = (params: SearchPage): Promise<ProfileComment[]> =>
  request((http) => http.get<{ comments: ProfileComment[] }>('search/getcomments', { params })).then(
    (answer) => answer.comments,
  );
