/** Searching people and rooms (spec §7 Search and profile: `search/getusers ?key`). */
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
