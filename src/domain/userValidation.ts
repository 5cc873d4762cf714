/** Input rules of profiles, settings, search and notifications (spec §5, §7 Search and profile). */
import './zodSetup.ts';
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { SEARCH } from './messages.ts';
import { PROFILE, SETTINGS, STATS } from './peopleMessages.ts';
import { commentSortSchema, listSortQueryShape } from './sortingSchemas.ts';
import { usernameSchema } from './validation.ts';

export const BIO_MAX = 300;
/** The symbols the settings form accepts as the password's special character (spec §5). */
const SETTINGS_SYMBOLS = '!@#$%^&*(),._?":{}|<>';

/** Settings: 8 or more characters with a letter, a digit and one of SETTINGS_SYMBOLS. */
export function isSettingsPassword(value: string): boolean {
  return (
    value.length >= LIMITS.passwordMin &&
    value.length <= LIMITS.passwordMax &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value) &&
    [...value].some((c) => SETTINGS_SYMBOLS.includes(c))
  );
}

/** null, '' or blank: the settings form left the field alone (spec §5), so it stays unchanged. */
const unchanged = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess(unchanged, schema.optional());

/** A handle as LeetCode and Codeforces spell them: letters, digits, '_', '-' and '.'. */
const handleSchema = (min: number, max: number) =>
  z
    .string(STATS.handleInvalid)
    .trim()
    .min(min, STATS.handleInvalid)
    .max(max, STATS.handleInvalid)
    .regex(/^[A-Za-z0-9_.-]+$/, STATS.handleInvalid);
export const leetcodeHandleSchema = handleSchema(1, 40);
export const codeforcesHandleSchema = handleSchema(3, 24);

/**
 * `u/update`: any subset of username, password, bio, clearBio and showCF. A new password needs the
 * current one beside it (`currentPassword`: missing 400, wrong 403, counted as a failed sign-in).
 * An empty bio means "unchanged" (spec §5), so removing the bio is its own flag, `clearBio: true`.
 * A rank is never taken from the client: `u/addCodeforces` reads it from Codeforces.
 */
export const updateBodySchema = z
  .object({
    username: optionalField(usernameSchema),
    password: optionalField(z.string().refine(isSettingsPassword, SETTINGS.invalidPassword)),
    currentPassword: optionalField(z.string().max(LIMITS.passwordMax, SETTINGS.currentPasswordWrong)),
    bio: optionalField(z.string().trim().max(BIO_MAX, SETTINGS.bioLong)),
    clearBio: z.boolean('* clearBio must be true or false').optional(),
    showCF: z.boolean('* showCF must be true or false').optional(),
    rank: z.undefined(SETTINGS.rankFromCodeforces).optional(),
  })
  .refine(
    ({ currentPassword: _current, clearBio, ...body }) =>
      clearBio === true || Object.values(body).some((value) => value !== undefined),
    SETTINGS.nothingToUpdate,
  )
  .refine((body) => body.password === undefined || body.currentPassword !== undefined, {
    message: SETTINGS.currentPasswordRequired,
    path: ['currentPassword'],
  })
  .refine((body) => !(body.clearBio === true && body.bio !== undefined), {
    message: SETTINGS.clearBioWithBio,
    path: ['clearBio'],
  });
export type UpdateBody = z.infer<typeof updateBodySchema>;

export const lcVisibilityBodySchema = z.object({ showLC: z.boolean('* showLC must be true or false') });
export const addLeetCodeBodySchema = z.object({ lcusername: leetcodeHandleSchema });
export const addCodeforcesBodySchema = z.object({ cfusername: codeforcesHandleSchema });
/** `search/getLCdata/`: `username` is the LeetCode handle (spec §7). */
export const lcDataBodySchema = z.object({ username: leetcodeHandleSchema });

/** `search/getusers`: an empty key finds nothing. */
export const searchQuerySchema = z.object({
  key: z.string().trim().max(LIMITS.searchKeyMax, SEARCH.keyLong).default(''),
});
/** `search/getauser`: a username in any letter case (unknown: 404). */
export const profileQuerySchema = z.object({ key: z.string().trim().min(1, PROFILE.userNotFound).max(100) });

const count = z.coerce.number().int('* must be a whole number').min(0, '* must not be negative');

/**
 * The profile lists: the user by `username`, `userID` or `userId` (the spec's calls use each), and
 * a page: `offset` when given, else `page` (from 0) times `limit` (10).
 */
export const activityQuerySchema = z
  .object({
    userID: z.uuid('* userID must be a UUID').optional(),
    userId: z.uuid('* userId must be a UUID').optional(),
    username: z.string().trim().min(1).max(100).optional(),
    page: count.default(0),
    offset: count.optional(),
    limit: count.min(1, '* must be at least 1').max(LIMITS.pageSizeMax).default(LIMITS.pageSize),
  })
  .refine((q) => q.userID || q.userId || q.username, PROFILE.whoRequired);
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
/** `search/getuserposts`: a profile's posts, in the spec's order or by `sort` (src/domain/sorting.ts). */
export const userPostsQuerySchema = activityQuerySchema.safeExtend(listSortQueryShape);
export type UserPostsQuery = z.infer<typeof userPostsQuerySchema>;

/** `u/setCommentSort`: the comment order a student keeps (src/domain/sorting.ts). */
export const commentSortBodySchema = z.object({ sort: commentSortSchema });

/**
 * `search/getusers`, `search/getposts` and `search/getcomments`: the key (an empty one finds nothing)
 * and a page, `page` (from 0) times `limit` (10). The search page's tabs page through them.
 */
export const searchPageQuerySchema = searchQuerySchema.extend({
  page: count.default(0),
  limit: count.min(1, '* must be at least 1').max(LIMITS.pageSizeMax).default(LIMITS.pageSize),
});
export type SearchPageQuery = z.infer<typeof searchPageQuerySchema>;

export const markAsReadBodySchema = z.object({ id: z.uuid('* must be an id') });
