/**
 * Finding people and rooms, and public profiles. Search is a case-insensitive substring match
 * (ILIKE '%key%') served by the pg_trgm GIN indexes on users.username and rooms.title; matches
 * that start earlier and shorter names come first, 10 of each kind. Search and the profile's head
 * are prepared queries (db/prepared.ts), one per kind of viewer.
 */
import { and, eq, isNotNull, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ROOMS } from '../../../src/domain/messages.ts';
import { PROFILE } from '../../../src/domain/peopleMessages.ts';
import type { Profile, SearchResult } from '../../../src/domain/profileSchemas.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { inlined } from '../../db/paging.ts';
import { preparedRead, type Who, whoOf } from '../../db/prepared.ts';
import { comments, polls, posts, roomMembers, rooms, users, votes } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { pollItem } from '../polls/read.ts';
import { postItem } from '../posts/read.ts';
import { roomAccessByRef } from '../rooms/access.ts';
import { removedError } from '../safety/itemPage.ts';
import {
  listable,
  maskColumns,
  roomListable,
  userListable,
  type Viewer,
  viewerOf,
  viewerSql,
  viewerValues,
} from '../safety/visibility.ts';
import { profileCommentVisible } from './content.ts';

export const SEARCH_RESULTS_MAX = 10;

/** `key` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
const containing = (key: string) => `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const closestFirst = (column: AnyPgColumn, key: SQLWrapper): SQL[] => [
  sql`strpos(lower(${column}), lower(${key}))`,
  sql`length(${column})`,
  sql`lower(${column})`,
];
const counted = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

/** The placeholders of a search: the key as typed (`key`) and as a LIKE pattern (`pattern`). */
const key = sql.placeholder('key');
const pattern = sql.placeholder('pattern');
const searchValues = (text: string, viewer: Viewer) => ({
  ...viewerValues(viewer),
  key: text,
  pattern: containing(text),
});

/** Verified people whose usernames contain the key, closest first, 10 at most, `where` also true. */
const selectPeople = (db: Executor, where?: SQL) =>
  db
    .select({ username: users.username, dp: users.dp })
    .from(users)
    .where(and(sql`${users.username} ilike ${pattern}`, isNotNull(users.verifiedAt), where))
    .orderBy(...closestFirst(users.username, key))
    .limit(inlined(SEARCH_RESULTS_MAX));

const peopleRead = preparedRead(
  'search_people',
  (who: Who) => who,
  (db, who) => {
    const viewer = viewerSql(who);
    return selectPeople(db, userListable(users, viewer.id, viewer.moderators));
  },
);

const roomsRead = preparedRead(
  'search_rooms',
  (who: Who) => who,
  (db, who) => {
    const viewer = viewerSql(who);
    return db
      .select({ title: rooms.title, CreatorId: rooms.creatorId, img: rooms.img })
      .from(rooms)
      .where(and(sql`${rooms.title} ilike ${pattern}`, roomListable(rooms, viewer.id, viewer.moderators)))
      .orderBy(...closestFirst(rooms.title, key))
      .limit(inlined(SEARCH_RESULTS_MAX));
  },
);

/** A verified user's profile (placeholder `username`, lower-cased) with the counts the viewer may see. */
const profileRead = preparedRead(
  'profile_head',
  (who: Who) => who,
  (db, who) => {
    const viewer = viewerSql(who);
    const u = users.id;
    const postVisible = listable('post', postItem, viewer.id, { feed: false });
    return db
      .select({
        user: users,
        mask: maskColumns({ userId: users.id, moderation: users.moderation }, viewer.id, viewer.moderators),
        posts: counted(sql`select count(*) from ${posts} where ${posts.userId} = ${u} and ${postVisible}`),
        comments: counted(
          sql`select count(*) from ${comments} join ${posts} on ${posts.id} = ${comments.postId}
              where ${comments.userId} = ${u} and ${profileCommentVisible(viewer.id)}`,
        ),
        upvotes: counted(
          sql`select count(*) from ${votes} join ${posts} on ${posts.id} = ${votes.postId}
              where ${votes.userId} = ${u} and ${votes.commentId} is null and ${votes.value} = 1
              and ${postVisible}`,
        ),
        polls: counted(
          sql`select count(*) from ${polls} where ${polls.userId} = ${u} and ${listable('poll', pollItem, viewer.id, { feed: false })}`,
        ),
      })
      .from(users)
      .where(
        and(eq(sql`lower(${users.username})`, sql.placeholder('username')), isNotNull(users.verifiedAt)),
      );
  },
);

export class SearchService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Verified people and rooms whose names contain `key`. Private rooms are found too: their page
   * shows only what a non-member may see (the 403 page with Send Request).
   */
  async find(text: string, viewerId: string | null): Promise<SearchResult> {
    if (!text) return { users: [], rooms: [] };
    const who = whoOf(viewerId);
    const values = searchValues(text, viewerOf(this.ctx.config, viewerId));
    const [people, found] = await Promise.all([
      peopleRead(this.ctx.db, who).execute(values),
      roomsRead(this.ctx.db, who).execute(values),
    ]);
    return { users: people, rooms: found };
  }

  /**
   * Add member's suggestions: the verified people whose names contain `key` who are not in the room
   * `title` yet (neither a joined member nor the caller; a pending invitation may be sent again).
   * Filtered here rather than in the browser so the 10 closest matches are 10 people who can be added,
   * and asked only by someone who may add members (the owner of any room, a member of a public one),
   * so no one learns who is in a private room.
   */
  async memberCandidates(
    text: string,
    title: string,
    callerId: string,
  ): Promise<Pick<SearchResult, 'users'>> {
    const room = await roomAccessByRef(title, callerId, this.ctx.db);
    if (!room.joined) throw httpError(403, room.private ? ROOMS.notOwner : ROOMS.membersInvite);
    if (room.private && room.creatorId !== callerId) throw httpError(403, ROOMS.notOwner);
    if (!text) return { users: [] };
    const joined = sql`exists (select 1 from ${roomMembers} m where m.room_id = ${room.id} and m.user_id = ${users.id} and m.joined)`;
    const where = and(
      ne(users.id, callerId),
      sql`not ${joined}`,
      userListable(users, callerId, this.ctx.config.safety.moderators),
    );
    return {
      users: await selectPeople(this.ctx.db, where).execute(
        searchValues(text, viewerOf(this.ctx.config, callerId)),
      ),
    };
  }

  /**
   * A verified user's public profile, with the counts of what the viewer may see. The LeetCode
   * handle and the Codeforces rank are shown only while their owner shows them; never the e-mail.
   */
  async profile(username: string, viewerId: string | null): Promise<Profile> {
    const [row] = await profileRead(this.ctx.db, whoOf(viewerId)).execute({
      ...viewerValues(viewerOf(this.ctx.config, viewerId)),
      username: username.toLowerCase(),
    });
    if (!row) throw httpError(404, PROFILE.userNotFound);
    const { user } = row;
    if (user.moderation === 'removed') throw await removedError('user', user.id, this.ctx.db);
    const leetcode =
      user.showLc && user.leetcodeSealed ? this.ctx.crypto.openField(user.leetcodeSealed) : null;
    const codeforces = user.showCf ? user.codeforces : null;
    return {
      userID: user.id,
      username: user.username,
      bio: user.bio,
      dp: user.dp,
      bgImg: user.bgImg,
      createdAt: user.createdAt.toISOString(),
      leetcode,
      codeforces,
      showLC: leetcode !== null,
      showCf: codeforces !== null,
      _count: { posts: row.posts, comments: row.comments, upvotes: row.upvotes, polls: row.polls },
      masked: row.mask.masked,
      maskedForOthers: row.mask.maskedForOthers,
    };
  }
}
