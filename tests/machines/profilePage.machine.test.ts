import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { PROFILE } from '../../src/domain/peopleMessages.ts';
import type { VoteValue } from '../../src/domain/postValidation.ts';
import type { Profile } from '../../src/domain/profileSchemas.ts';
import {
  type ProfileImages,
  profilePageMachine,
  upvoteDelta,
} from '../../src/machines/profilePage.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';
import { makeProfile } from '../support/profileFakes.ts';

type Machine = typeof profilePageMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const me = 'quiet_otter';
/** The signed-in user's own profile, as the server spells the name (another letter case than the route). */
const mine = makeProfile('Quiet_Otter', { _count: { posts: 1, comments: 0, upvotes: 0, polls: 0 } });
const theirs = makeProfile('brave_fox', { _count: { posts: 0, comments: 2, upvotes: 0, polls: 0 } });
const newAvatar = { dp: '/uploads/users/new.webp', bgImg: null };

const offline = apiError(0, 'Network Error');

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      done('loadProfile', mine),
      done('loadProfile', theirs),
      failure('loadProfile', apiError(404, 'User not found')),
      failure('loadProfile', apiError(400, 'key: User not found')),
      failure('loadProfile', offline),
      failure('loadProfile', apiError(410, 'Removed by moderators: Spam')),
      { type: 'profile.reload' },
      { type: 'profile.visit', username: 'someone_else' },
      { type: 'profile.visit', username: 'QUIET_OTTER' },
      { type: 'viewer.change', viewerName: null },
      { type: 'viewer.change', viewerName: me },
      { type: 'image.saved', result: newAvatar },
      { type: 'item.deleted', kind: 'post', id: 'post-1' },
      { type: 'item.deleted', kind: 'poll', id: 'poll-1' },
      { type: 'vote.changed', from: 0, to: 1 },
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/**
 * What tells states apart: whose profile, who looks, the counts and the avatar. The upvote count is
 * capped at 1 to keep the traversal finite (each vote may add one).
 */
const serializeState = ({ value, context }: Snapshot) =>
  JSON.stringify([
    value,
    context.username.toLowerCase(),
    context.viewerName,
    context.profile?.username ?? null,
    context.profile
      ? { ...context.profile._count, upvotes: Math.min(context.profile._count.upvotes, 1) }
      : null,
    context.profile?.dp ?? null,
  ]);

const viewers = [
  { viewerName: me, who: 'its owner' },
  { viewerName: 'brave_fox', who: 'another user' },
  { viewerName: null, who: 'a visitor' },
];

const pathsOf = (viewerName: string | null) =>
  generatePaths(profilePageMachine, {
    events,
    input: { username: me, viewerName },
    serializeState,
  });

const sameName = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * Spec §2 Profile, §6 Profile owner, §8 Profile load failure: the profile loads for whoever looks (its
 * owner whatever the letter case), another user or viewer loads again, and the owner's pictures, votes
 * and deletions move what the page shows.
 */
function profileOracle(viewerAtStart: string | null) {
  let username = me;
  let viewerName = viewerAtStart;
  const loading = (): ExpectedStep => ({
    value: 'loading',
    tags: ['busy'],
    calls: [{ actor: 'loadProfile', input: { username } }],
  });
  return (event: Event, before: Snapshot): ExpectedStep => {
    const { profile, error } = before.context;
    const withCounts = (change: Partial<Profile['_count']>) =>
      profile && { profile: { ...profile, _count: { ...profile._count, ...change } }, error };
    const e = event as unknown as {
      type: string;
      output: Profile;
      error: { status: number; message: string };
      username: string;
      viewerName: string | null;
      result: ProfileImages;
      kind: 'post' | 'poll';
      from: VoteValue;
      to: VoteValue;
    };
    switch (e.type) {
      case 'xstate.init':
        return { ...loading(), shown: { profile: null, error: null } };
      case 'xstate.done.actor.loadProfile':
        return sameName(viewerName, e.output.username)
          ? { value: { shown: 'owner' }, tags: ['owner'], shown: { profile: e.output, error: null } }
          : { value: { shown: 'visitor' }, tags: [], shown: { profile: e.output, error: null } };
      case 'xstate.error.actor.loadProfile':
        if (e.error.status === 410) {
          // an account removed by moderators: the server's message is the page
          return { value: 'removed', tags: [], shown: { profile, error: e.error.message } };
        }
        return [404, 400].includes(e.error.status)
          ? { value: 'notFound', tags: [] }
          : {
              value: 'failed',
              tags: [],
              shown: { profile, error: e.error.message },
              effects: [notify('error', PROFILE.loadFailed)],
            };
      case 'profile.reload':
        return loading();
      case 'profile.visit':
        // another user: the shown profile is forgotten while theirs loads
        username = e.username;
        return { ...loading(), shown: { profile: null, error } };
      case 'viewer.change':
        viewerName = e.viewerName;
        return loading();
      case 'image.saved':
        return {
          shown: profile && { profile: { ...profile, ...e.result }, error },
          effects: [{ type: 'patchViewer', params: { patch: e.result } }],
        };
      case 'item.deleted': {
        const key = e.kind === 'post' ? 'posts' : 'polls';
        return { shown: withCounts({ [key]: Math.max(0, (profile?._count[key] ?? 0) - 1) }) };
      }
      default: {
        const delta = (e.to === 1 ? 1 : 0) - (e.from === 1 ? 1 : 0);
        return { shown: withCounts({ upvotes: Math.max(0, (profile?._count.upvotes ?? 0) + delta) }) };
      }
    }
  };
}

describe.each(viewers)('the profile page seen by $who', ({ viewerName }) => {
  it.each(pathsOf(viewerName).map((path) => [describePath(path), path] as const))(
    'loads the profile for whoever looks and follows its changes: %s',
    async (_, path) => {
      await executePath(profilePageMachine, path, {
        input: { username: me, viewerName },
        promiseActors: ['loadProfile'],
        effects: ['notify', 'patchViewer'],
        shown: ({ profile, error }) => ({ profile, error }),
        expectStep: profileOracle(viewerName),
      });
    },
  );
});

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function startWith(answer: Profile | { status: number; message: string }, viewerName: string | null) {
  const asked: string[] = [];
  const patchViewer = vi.fn();
  const actor = createActor(
    profilePageMachine.provide({
      actors: {
        loadProfile: fromPromise(async ({ input }: { input: { username: string } }) => {
          asked.push(input.username);
          if ('status' in answer) throw answer;
          return answer;
        }),
      },
      actions: { patchViewer },
    }),
    { input: { username: me, viewerName } },
  ).start();
  return { actor, asked, patchViewer };
}

describe('the upvote count', () => {
  it.each([
    [0, 1, 1],
    [-1, 1, 1],
    [1, 0, -1],
    [1, -1, -1],
    [0, -1, 0],
    [-1, 0, 0],
  ] as const)('moves by %i → %i: %i', (from, to, delta) => {
    expect(upvoteDelta(from, to)).toBe(delta);
  });

  it('follows the owner’s votes, never below 0, and not another viewer’s', async () => {
    const { actor } = startWith(mine, me);
    await settle();
    actor.send({ type: 'vote.changed', from: 0, to: 1 });
    actor.send({ type: 'vote.changed', from: 0, to: 1 });
    expect(actor.getSnapshot().context.profile?._count.upvotes).toBe(2);
    actor.send({ type: 'vote.changed', from: 1, to: 0 });
    actor.send({ type: 'vote.changed', from: 1, to: -1 });
    actor.send({ type: 'vote.changed', from: 1, to: 0 });
    expect(actor.getSnapshot().context.profile?._count.upvotes).toBe(0);

    const visitor = startWith(mine, 'brave_fox');
    await settle();
    visitor.actor.send({ type: 'vote.changed', from: 0, to: 1 });
    expect(visitor.actor.getSnapshot().context.profile?._count.upvotes).toBe(0);
  });
});

describe('profile page chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      profilePageMachine,
      viewers.flatMap(({ viewerName }) => pathsOf(viewerName)),
    );
  });

  it('lowers the post or poll count when one is deleted, never below 0', async () => {
    const { actor } = startWith(mine, null);
    await settle();
    actor.send({ type: 'item.deleted', kind: 'post', id: 'post-1' });
    actor.send({ type: 'item.deleted', kind: 'post', id: 'post-2' });
    actor.send({ type: 'item.deleted', kind: 'poll', id: 'poll-1' });
    expect(actor.getSnapshot().context.profile?._count).toMatchObject({ posts: 0, polls: 0 });
    const polls = startWith(
      makeProfile('quiet_otter', { _count: { posts: 0, comments: 0, upvotes: 0, polls: 2 } }),
      null,
    );
    await settle();
    polls.actor.send({ type: 'item.deleted', kind: 'poll', id: 'poll-1' });
    expect(polls.actor.getSnapshot().context.profile?._count.polls).toBe(1);
  });

  it('shows and patches only the pictures of what an upload answered', async () => {
    const { actor, patchViewer } = startWith(mine, me);
    await settle();
    const answered = {
      ...mine,
      username: 'renamed_meanwhile',
      dp: '/uploads/users/a.webp',
      bgImg: '/b.webp',
    };
    actor.send({ type: 'image.saved', result: answered });
    const pictures = { dp: answered.dp, bgImg: answered.bgImg };
    expect(actor.getSnapshot().context.profile).toEqual({ ...mine, ...pictures });
    expect(patchViewer).toHaveBeenCalledWith(expect.anything(), { patch: pictures });
  });

  it('reloads for another user or viewer, not for the same name in another letter case', async () => {
    const { actor, asked } = startWith(theirs, null);
    await settle();
    actor.send({ type: 'profile.visit', username: 'Quiet_Otter' });
    actor.send({ type: 'viewer.change', viewerName: null });
    await settle();
    expect(asked).toEqual([me]);
    actor.send({ type: 'profile.visit', username: 'brave_fox' });
    await settle();
    expect(asked).toEqual([me, 'brave_fox']);
    actor.send({ type: 'viewer.change', viewerName: me });
    await settle();
    expect(asked).toEqual([me, 'brave_fox', 'brave_fox']);
  });
});
