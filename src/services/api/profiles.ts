/**
 * Profiles (spec §7 Search and profile; docs/api.md People): the profile, its lists, the LeetCode
 * stats, and the owner's avatar and banner uploads (also used by the settings page).
 */
import type { z } from 'zod';
import type { Poll, Post, UserInfo } from '../../domain/entities.ts';
import type {
  LcStats,
  OverviewItem,
  Profile,
  ProfileComment,
  profileResponses,
  settingsResponses,
  UpvoteItem,
} from '../../domain/profileSchemas.ts';
import { type ListSort, listSortParams } from '../../domain/sorting.ts';
import { request } from '../http.ts';

type Responses = { [K in keyof typeof profileResponses]: z.infer<(typeof profileResponses)[K]> };
type UserAnswer = z.infer<typeof settingsResponses.user>;

const multipart = { headers: { 'Content-Type': 'multipart/form-data' } };

/** A page of a list addressed by username: `offset` and `limit`. */
export interface ByName {
  username: string;
  offset: number;
  limit: number;
}

/** A page of a list addressed by user id: `page` (from 0) and `limit`. */
export interface ById {
  userId: string;
  page: number;
  limit: number;
}

/** `search/getauser ?key={username}`: the profile, whatever the letter case. */
export const fetchProfile = (username: string): Promise<Profile> =>
  request((http) => http.get<Responses['profile']>('search/getauser', { params: { key: username } })).then(
    (r) => r.user,
  );

/** `search/getuseroverview ?username&offset&limit`: posts and comments merged, newest first. */
export const fetchUserOverview = ({ username, offset, limit }: ByName): Promise<OverviewItem[]> =>
  request((http) =>
    http.get<Responses['overview']>('search/getuseroverview', { params: { username, offset, limit } }),
  ).then((r) => r.items);

/** `search/getuserposts ?username&offset&limit`: the user's posts, newest first. */
export const fetchUserPosts = ({
  username,
  offset,
  limit,
  sort = null,
}: ByName & { sort?: ListSort | null }): Promise<Post[]> =>
  request((http) =>
    http.get<Responses['posts']>('search/getuserposts', {
      params: { username, offset, limit, ...listSortParams(sort) },
    }),
  ).then((r) => r.posts);

/** `search/getuserpolls ?userId&page&limit`: the user's polls, newest first. */
export const fetchUserPolls = ({ userId, page, limit }: ById): Promise<Poll[]> =>
  request((http) =>
    http.get<Responses['polls']>('search/getuserpolls', { params: { userId, page, limit } }),
  ).then((r) => r.polls);

/** `search/getusercomments ?username&offset&limit`: the user's comments with their post, newest first. */
export const fetchUserComments = ({ username, offset, limit }: ByName): Promise<ProfileComment[]> =>
  request((http) =>
    http.get<Responses['comments']>('search/getusercomments', { params: { username, offset, limit } }),
  ).then((r) => r.comments);

/** `search/getuserupvotes ?userId&page&limit`: the posts the user upvoted (the owner only: 403 otherwise). */
export const fetchUserUpvotes = ({ userId, page, limit }: ById): Promise<UpvoteItem[]> =>
  request((http) =>
    http.get<Responses['upvotes']>('search/getuserupvotes', { params: { userId, page, limit } }),
  ).then((r) => r.upvotes);

/** `search/getLCdata/ {username}`: the LeetCode stats of a linked handle (404 'User not found!'). */
export const fetchLcStats = (handle: string): Promise<LcStats> =>
  request((http) => http.post<LcStats>('search/getLCdata/', { username: handle }));

function uploadImage(path: string, field: string, image: File): Promise<UserInfo> {
  const form = new FormData();
  form.append(field, image, image.name);
  return request((http) => http.post<UserAnswer>(path, form, multipart)).then((r) => r.user);
}

/** `u/uploadImg` multipart `profileImg`: 202 with the user, whose `dp` is the new avatar. */
export const uploadAvatar = (image: File): Promise<UserInfo> =>
  uploadImage('u/uploadImg', 'profileImg', image);

/** `u/updatebg` multipart `bgImg`: 200 with the user, whose `bgImg` is the new banner. */
export const uploadBanner = (image: File): Promise<UserInfo> => uploadImage('u/updatebg', 'bgImg', image);
