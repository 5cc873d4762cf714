/**
 * The owner's settings (spec §7 Search and profile; docs/api.md People): details, handles, deletion.
 * The avatar and banner uploads are the profile's (profiles.ts `uploadAvatar`, `uploadBanner`).
 */
import type { z } from 'zod';
import type { msgSchema, UserInfo } from '../../domain/entities.ts';
import type { settingsResponses } from '../../domain/profileSchemas.ts';
import type { CommentSort } from '../../domain/sorting.ts';
import { request } from '../http.ts';

type Responses = { [K in keyof typeof settingsResponses]: z.infer<(typeof settingsResponses)[K]> };
type Msg = z.infer<typeof msgSchema>;

/**
 * What `u/update` changes; a null field is left as it is. A new password goes with the current one;
 * `clearBio: true` removes the bio (an empty bio means "unchanged").
 */
export interface DetailsUpdate {
  username: string | null;
  password: string | null;
  currentPassword: string | null;
  bio: string | null;
  clearBio?: true;
}

/** `u/update {username,password,currentPassword,bio,clearBio}`: the user as updated. */
export const updateDetails = (details: DetailsUpdate): Promise<UserInfo> =>
  request((http) => http.post<Responses['user']>('u/update', details)).then((r) => r.user);

/** `u/addLeetCode {lcusername}`: the handle as LeetCode spells it. */
export const addLeetCode = (lcusername: string) =>
  request((http) => http.post<Responses['leetcode']>('u/addLeetCode', { lcusername }));

/** `u/addCodeforces {cfusername}` (201): the handle's best rank. */
export const addCodeforces = (cfusername: string) =>
  request((http) => http.post<Responses['codeforces']>('u/addCodeforces', { cfusername }));

/** `u/setLcVisibility {showLC}`: whether the profile shows the LeetCode stats. */
export const setLeetCodeVisibility = (showLC: boolean) =>
  request((http) => http.post<Responses['user']>('u/setLcVisibility', { showLC }));

/** `u/setCommentSort {sort}`: the comment order the student keeps. */
export const setCommentSort = (sort: CommentSort) =>
  request((http) => http.post<Responses['user']>('u/setCommentSort', { sort }));

/** `u/update {showCF}` (written showCF, read back as showCf): whether the profile shows the rank. */
export const setCodeforcesVisibility = (showCF: boolean) =>
  request((http) => http.post<Responses['user']>('u/update', { showCF }));

/** `DELETE u/deleteAccount`: everything of the user goes, and the session with it. */
export const deleteAccount = () => request((http) => http.delete<Msg>('u/deleteAccount'));
