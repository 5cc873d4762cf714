import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import type { Profile } from '../../src/domain/entities.ts';
import { PROFILE } from '../../src/domain/peopleMessages.ts';
import { profilePageMachine, upvoteDelta } from '../../src/machines/profilePage.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';
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

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      done('loadProfile', mine),
      done('loadProfile', theirs),
      failure('loadProfile', apiError(404, 'User not found')),
      failure('loadProfile', apiError(400, 'key: User not found')),
      failure('loadProfile', apiError(0, 'Network Error')),
      { type: 'profile.reload' },
      { type: 'profile.visit', username: 'someone_else' },
      { type: 'profile.visit', username: 'QUIET_OTTER' },
      { type: 'viewer.change', viewerName: null },
      { type: 'viewer.change', viewerName: me },
      { type: 'profile.imageChanged', images: newAvatar },
      { type: 'profile.itemRemoved', kind: 'post' },
      { type: 'profile.voteChanged', from: 0, to: 1 },
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/**
 * What is compared at every step: whose profile, who looks, the counts and the avatar. The upvote
 * count is capped at 1 to keep the traversal finite (each vote may add one).
 */
const selectContext = (context: Snapshot['context']) => ({
  username: context.username.toLowerCase(),
  viewerName: context.viewerName,
  shown: context.profile?.username ?? null,
  counts: context.profile
    ? { ...context.profile._count, upvotes: Math.min(context.profile._count.upvotes, 1) }
    : null,
  dp: context.profile?.dp ?? null,
});
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, selectContext(snapshot.context)]);

const viewers = [
  { viewerName: me, who: 'its owner' },
  { viewerName: 'brave_fox', who: 'another user' },
  { viewerName: null, who: 'a visitor' },
];

const pathsOf = (viewerName: string | null) =>
  generatePaths(profilePageMachine, {
    events: events as never,
    input: { username: me, viewerName },
    serializeState: serializeState as never,
    simplePaths: false,
  });

/** The toasts and session patches a path should cause, read from its steps. */
function expectedEffects(path: MachinePath<Machine>) {
  const notices: unknown[] = [];
  const patches: unknown[] = [];
  let before: Snapshot | null = null;
  for (const step of path.steps) {
    const event = step.event as { type: string; error?: { status: number }; images?: unknown };
    if (event.type === 'xstate.error.actor.loadProfile' && ![404, 400].includes(event.error?.status ?? 0)) {
      notices.push({ kind: 'error', text: PROFILE.loadFailed });
    }
    if (event.type === 'profile.imageChanged' && before?.matches({ shown: 'owner' })) {
      patches.push({ patch: event.images });
    }
    before = step.state as Snapshot;
  }
  return { notices, patches };
}

describe.each(viewers)('the profile page seen by $who', ({ viewerName }) => {
  const paths = pathsOf(viewerName);
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const notify = vi.fn();
      const patchViewer = vi.fn();
      await executePath(profilePageMachine, path as MachinePath<Machine>, {
        input: { username: me, viewerName },
        promiseActors: ['loadProfile'],
        provide: { actions: { notify, patchViewer } },
        selectContext,
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
      });
      const want = expectedEffects(path as MachinePath<Machine>);
      expect(notify.mock.calls.map(([, notice]) => notice)).toEqual(want.notices);
      expect(patchViewer.mock.calls.map(([, params]) => params)).toEqual(want.patches);
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
    actor.send({ type: 'profile.voteChanged', from: 0, to: 1 });
    actor.send({ type: 'profile.voteChanged', from: 0, to: 1 });
    expect(actor.getSnapshot().context.profile?._count.upvotes).toBe(2);
    actor.send({ type: 'profile.voteChanged', from: 1, to: 0 });
    actor.send({ type: 'profile.voteChanged', from: 1, to: -1 });
    actor.send({ type: 'profile.voteChanged', from: 1, to: 0 });
    expect(actor.getSnapshot().context.profile?._count.upvotes).toBe(0);

    const visitor = startWith(mine, 'brave_fox');
    await settle();
    visitor.actor.send({ type: 'profile.voteChanged', from: 0, to: 1 });
    expect(visitor.actor.getSnapshot().context.profile?._count.upvotes).toBe(0);
  });
});

describe('profile page chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(
      profilePageMachine,
      viewers.flatMap(({ viewerName }) => pathsOf(viewerName)),
    );
  });

  it('makes the signed-in user the owner of their profile whatever the letter case', async () => {
    const { actor } = startWith(mine, 'QUIET_otter');
    await settle();
    expect(actor.getSnapshot().value).toEqual({ shown: 'owner' });
    expect(actor.getSnapshot().hasTag('owner')).toBe(true);
    const visitor = startWith(mine, null);
    await settle();
    expect(visitor.actor.getSnapshot().value).toEqual({ shown: 'visitor' });
  });

  it('shows the new avatar and patches the session’s user, only for the owner', async () => {
    const { actor, patchViewer } = startWith(mine, me);
    await settle();
    actor.send({ type: 'profile.imageChanged', images: newAvatar });
    expect(actor.getSnapshot().context.profile?.dp).toBe(newAvatar.dp);
    expect(patchViewer).toHaveBeenCalledWith(expect.anything(), { patch: newAvatar });

    const other = startWith(theirs, me);
    await settle();
    other.actor.send({ type: 'profile.imageChanged', images: newAvatar });
    expect(other.actor.getSnapshot().context.profile?.dp).toBeNull();
    expect(other.patchViewer).not.toHaveBeenCalled();
  });

  it('lowers the post or poll count when one is deleted, never below 0', async () => {
    const { actor } = startWith(mine, null);
    await settle();
    actor.send({ type: 'profile.itemRemoved', kind: 'post' });
    actor.send({ type: 'profile.itemRemoved', kind: 'post' });
    actor.send({ type: 'profile.itemRemoved', kind: 'poll' });
    expect(actor.getSnapshot().context.profile?._count).toMatchObject({ posts: 0, polls: 0 });
    const polls = startWith(
      makeProfile('quiet_otter', { _count: { posts: 0, comments: 0, upvotes: 0, polls: 2 } }),
      null,
    );
    await settle();
    polls.actor.send({ type: 'profile.itemRemoved', kind: 'poll' });
    expect(polls.actor.getSnapshot().context.profile?._count.polls).toBe(1);
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

  it('forgets the shown profile while another user’s loads', async () => {
    const { actor } = startWith(theirs, null);
    await settle();
    actor.send({ type: 'profile.visit', username: 'someone' });
    expect(actor.getSnapshot().context.profile).toBeNull();
  });

  it('keeps the message of a failed load and retries', async () => {
    const { actor, asked } = startWith(apiError(0, 'Network Error'), null);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Network Error');
    actor.send({ type: 'profile.reload' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(asked).toEqual([me, me]);
  });
});
