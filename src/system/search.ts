/**
 * Search on the system's API: the top bar's dropdown (people, rooms and the first posts and polls,
 * asked together) and the search page's tabs (people, rooms, posts and polls, comments; 10 a page,
 * in the server's order: best match first).
 */
import type { Poll, Post } from '../domain/entities.ts';
import { commentItem, personItem, roomItem } from '../machines/pagedList.machine.ts';
import { DROPDOWN_POSTS, type PostResult, type SearchResults } from '../machines/search.machine.ts';
import type { QuadApi } from './api.ts';
import { listOf } from './feed.ts';
import type { QuadSystem } from './quadSystem.ts';

const postResult = (item: Post | Poll): PostResult =>
  'body' in item
    ? { id: item.id, kind: 'post', title: item.title, roomId: item.room?.id ?? null }
    : { id: item.id, kind: 'poll', title: item.title, roomId: null };

/** What the dropdown shows for `key`. */
export async function dropdownResults(api: QuadApi, key: string): Promise<SearchResults> {
  const [names, posts] = await Promise.all([
    api.search(key),
    api.searchPosts({ key, page: 0, limit: DROPDOWN_POSTS }),
  ]);
  return { ...names, posts: posts.map(postResult) };
}

export function searchMachines(system: QuadSystem) {
  const { api } = system;
  return {
    people: (key: string) =>
      listOf(system, async ({ page, limit }) => [
        (await api.searchNames({ key, page, limit })).users.map(personItem),
      ]),
    rooms: (key: string) =>
      listOf(system, async ({ page, limit }) => [
        (await api.searchNames({ key, page, limit })).rooms.map(roomItem),
      ]),
    posts: (key: string) =>
      listOf(system, async ({ page, limit }) => [await api.searchPosts({ key, page, limit })]),
    comments: (key: string) =>
      listOf(system, async ({ page, limit }) => [
        (await api.searchComments({ key, page, limit })).map(commentItem),
      ]),
  };
}

export type SearchMachines = ReturnType<typeof searchMachines>;
