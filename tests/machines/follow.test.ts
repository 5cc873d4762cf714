/**
 * src/system/follow.ts: how an actor follows another inside the one actor system. The followers run
 * in a small system (the app's root on fakes, tests/support/machineApp.ts) with the real session and a
 * real room page, and are heard by a chart that records every event its follower sends it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  assign,
  createActor,
  fromPromise,
  setup,
} from 'xstate';
import type { Room, UserInfo } from '../../src/domain/entities.ts';
import { followsNobody } from '../../src/machines/effects.ts';
import { postVoteMachine } from '../../src/machines/postVote.machine.ts';
import { type LoadedRoom, roomPageMachine } from '../../src/machines/roomPage.machine.ts';
import type { SessionActorRef } from '../../src/system/appActors.ts';
import { voterFollows } from '../../src/system/feed.ts';
import { followActor, followViewer } from '../../src/system/follow.ts';
import { makeRoom } from '../support/feedFakes.ts';
import { appOnFakes } from '../support/machineApp.ts';
import { makeUser } from '../support/users.ts';

const user = makeUser({ userID: 'u7', username: 'quiet_otter' });

/** A chart that invokes `follow` (with `source` as its input) and records every event it is sent. */
const listenerMachine = setup({
  types: {
    input: {} as { source: AnyActorRef | null },
    context: {} as { source: AnyActorRef | null; heard: AnyEventObject[] },
  },
  actors: { follow: followsNobody<{ source: AnyActorRef | null }>() },
}).createMachine({
  id: 'listener',
  context: ({ input }) => ({ source: input.source, heard: [] }),
  invoke: { id: 'follow', src: 'follow', input: ({ context }) => ({ source: context.source }) },
  on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
});

/** The roots started by a test, stopped after it (a screen actor, joined with a parent, cannot be). */
const running: AnyActorRef[] = [];
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

/** The app's system on fakes, started; its session is still restoring (no one signed in). */
function startApp() {
  const app = createActor(appOnFakes({ user }), { input: { visited: true } }).start();
  running.push(app);
  const session = app.system.get('session') as SessionActorRef;
  return { app, session };
}

/** An actor joined to the app's system, as the views' hooks create screen actors. */
function joined<T extends AnyActorLogic>(app: AnyActorRef, logic: T, input: unknown) {
  return createActor(logic, { parent: app, input } as never).start();
}

function listen(app: AnyActorRef, follow: AnyActorLogic, source: AnyActorRef | null = null) {
  const listener = joined(app, listenerMachine.provide({ actors: { follow } }), { source });
  return () => listener.getSnapshot().context.heard.map(({ type, ...rest }) => ({ type, ...rest }));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followViewer', () => {
  it('tells at once who is signed in, then only when that changes', async () => {
    const { app, session } = startApp();
    const byId = listen(
      app,
      followViewer((viewer: UserInfo | null) => ({
        type: 'viewer.change',
        viewerId: viewer?.userID ?? null,
      })),
    );
    const byName = listen(
      app,
      followViewer((viewer: UserInfo | null) => ({
        type: 'viewer.change',
        viewerName: viewer?.username ?? null,
      })),
    );
    // at once: no one yet (the session is restoring)
    expect(byId()).toEqual([{ type: 'viewer.change', viewerId: null }]);

    // the restore answers 401: still no one, so nothing more is told
    await settle();
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(byId()).toHaveLength(1);

    // signing in is told once; the notifications loading after it change nothing the follower maps
    session.send({ type: 'session.login', email: user.email });
    await settle();
    await settle();
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    expect(byId()).toEqual([
      { type: 'viewer.change', viewerId: null },
      { type: 'viewer.change', viewerId: 'u7' },
    ]);

    // a new bio changes the session's user but neither mapped event; a new username changes one
    session.send({ type: 'user.patch', patch: { about: 'Night owl' } });
    session.send({ type: 'user.patch', patch: { username: 'brave_fox' } });
    expect(byId()).toHaveLength(2);
    expect(byName()).toEqual([
      { type: 'viewer.change', viewerName: null },
      { type: 'viewer.change', viewerName: 'quiet_otter' },
      { type: 'viewer.change', viewerName: 'brave_fox' },
    ]);

    // signing out is told
    session.send({ type: 'session.logout' });
    await settle();
    await settle();
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(byId()).toEqual([
      { type: 'viewer.change', viewerId: null },
      { type: 'viewer.change', viewerId: 'u7' },
      { type: 'viewer.change', viewerId: null },
    ]);
  });

  it('tells nothing when the mapping says there is nothing to tell', async () => {
    const { app, session } = startApp();
    // a comment box only cares about its writer leaving
    const heard = listen(
      app,
      followViewer((viewer) => (viewer ? null : { type: 'comment.cancel' })),
    );
    expect(heard()).toEqual([{ type: 'comment.cancel' }]);
    await settle();
    session.send({ type: 'session.login', email: user.email });
    await settle();
    await settle();
    expect(heard()).toEqual([{ type: 'comment.cancel' }]);
    session.send({ type: 'session.logout' });
    await settle();
    await settle();
    expect(heard()).toEqual([{ type: 'comment.cancel' }, { type: 'comment.cancel' }]);
  });

  it('tells nothing in a system that runs no session', () => {
    const follow: AnyActorLogic = followViewer(() => ({ type: 'viewer.change' }));
    const lonely = createActor(listenerMachine.provide({ actors: { follow } }), {
      input: { source: null },
    }).start();
    running.push(lonely);
    expect(lonely.getSnapshot().context.heard).toEqual([]);
  });
});

/** The room the page shows: public, created by someone else. */
const chess: Room = makeRoom('Chess', { CreatorId: 'creator-1', _count: { posts: 2, polls: 0, members: 2 } });

function startRoomPage(app: AnyActorRef, answer: LoadedRoom) {
  return joined(app, roomPageMachine.provide({ actors: { loadRoom: fromPromise(async () => answer) } }), {
    title: 'Chess',
    viewerId: null,
  });
}

const membership = followActor((page: { hasTag(tag: 'member'): boolean }) => ({
  type: 'membership.change',
  roomMember: page.hasTag('member'),
}));

describe('followActor', () => {
  it('tells at once what the followed actor shows, then only when that changes', async () => {
    const { app } = startApp();
    const page = startRoomPage(app, {
      access: 'open',
      room: chess,
      joined: false,
      requested: false,
      invited: false,
      masked: false,
      maskedForOthers: false,
    });
    const heard = listen(app, membership, page);
    expect(heard()).toEqual([{ type: 'membership.change', roomMember: false }]);

    // loaded for an outsider: the page changed, the membership did not
    await settle();
    expect(page.getSnapshot().value).toEqual({ open: 'outsider' });
    expect(heard()).toHaveLength(1);

    page.send({ type: 'room.joined', room: chess });
    page.send({ type: 'item.deleted', kind: 'post', id: 'p1' });
    page.send({ type: 'room.left' });
    expect(heard()).toEqual([
      { type: 'membership.change', roomMember: false },
      { type: 'membership.change', roomMember: true },
      { type: 'membership.change', roomMember: false },
    ]);
  });

  it('tells nothing without an actor to follow', () => {
    const { app } = startApp();
    const heard = listen(app, membership, null);
    expect(heard()).toEqual([]);
  });
});

describe('a vote card following the system (src/system/feed.ts voterFollows)', () => {
  it('may vote once its viewer signs in and joins the room shown by the page', async () => {
    const { app, session } = startApp();
    const page = startRoomPage(app, {
      access: 'open',
      room: chess,
      joined: false,
      requested: false,
      invited: false,
      masked: false,
      maskedForOthers: false,
    });
    const votes: unknown[] = [];
    const card = joined(
      app,
      postVoteMachine.provide({
        actors: {
          ...voterFollows,
          vote: fromPromise(async ({ input }) => {
            votes.push(input);
            return { upvotes: 1, downvotes: 0, myVote: 1 as const };
          }),
        },
      }),
      {
        postId: 'p1',
        commentId: null,
        tally: { upvotes: 0, downvotes: 0, myVote: 0 },
        signedIn: true,
        roomMember: true,
        roomPage: page,
      },
    );
    // what the card was given gives way to what the system says: no one signed in, not in the room
    const voter = () => {
      const { signedIn, roomMember } = card.getSnapshot().context;
      return { signedIn, roomMember };
    };
    expect(voter()).toEqual({ signedIn: false, roomMember: false });

    await settle();
    session.send({ type: 'session.login', email: user.email });
    await settle();
    await settle();
    expect(voter()).toEqual({ signedIn: true, roomMember: false });

    page.send({ type: 'room.joined', room: chess });
    expect(voter()).toEqual({ signedIn: true, roomMember: true });
    card.send({ type: 'vote.up' });
    expect(votes).toEqual([{ postId: 'p1', commentId: null, val: 1 }]);
  });
});
