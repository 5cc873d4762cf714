/**
 * The room page's room (spec §2 Room page, §4 Membership, §6 Private room): loading the room by its
 * title, then one of
 * - `open`: the viewer may read it, as its `owner` (the viewer's id is the CreatorId AND they joined),
 *   a `member`, or an `outsider` of a public room (who may join);
 * - `forbidden`: a private room the viewer has not joined (the 403 screen), where a request may be
 *   sent (`canRequest`), is pending (`requested`: 'Request sent', with Cancel; the owner's answer
 *   arriving as a notice loads the room again), or the owner's invitation waits for the viewer
 *   (`invited`: Accept invitation, which opens the room; so does accepting it from the panel);
 * - `removed` (410: removed by moderators; the server's 'Removed by moderators: {rule}' is the page),
 * - `notFound` (404: the app's 404 screen) or `failed` (anything else: retry with 'room.reload').
 *
 * The membership flows (join, request, cancel, leave) and the owner's edits (rename, images) send the
 * page what changed: 'room.joined', 'room.requested', 'room.requestCancelled', 'room.left',
 * 'room.renamed' and 'image.saved' (the updated room), or 'room.reload' when a membership call found
 * things otherwise than the page showed them; 'item.deleted' follows a post or poll deleted from the room's feeds (or removed by
 * the owner), and 'member.removed' a member the owner removed.
 * 'room.visit' opens another room (the route changed) and 'viewer.change' reloads for whoever signed
 * in or out; neither reloads when nothing changed (a rename's new address is the same room).
 *
 * While the room is open the live stream watches it by its id (the invoked `watchLive`: tallies of its
 * posts and polls), and when the stream says what was missed is too old (`live.reload`, told by
 * `followLive`) the room loads again, and its feeds with it.
 *
 * Tags: `busy` (loading), `member` (owner or member: the Post button, feeds' membership), `owner`
 * (the owner's controls).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Room } from '../domain/entities.ts';
import type { Watch } from '../domain/live.ts';
import type { MaskFlags } from '../domain/safety.ts';
import { followsNobody, notProvided } from './effects.ts';
import { failed, failedWith, shownError } from './failure.ts';

/** What a non-member sees of a private room: enough to name it and offer Send Request. */
export type RoomBasics = Pick<Room, 'id' | 'title' | 'img' | 'bgImg' | 'privateRoom' | 'CreatorId'>;

/** The answer of the room load: the whole room to those who may read it, its basics otherwise. */
export type LoadedRoom = MaskFlags &
  (
    | { access: 'open'; room: Room; joined: boolean; requested: boolean; invited: boolean }
    | { access: 'forbidden'; room: RoomBasics; requested: boolean; invited: boolean }
  );

export interface RoomPageInput {
  title: string;
  /** The signed-in user's id; null for a visitor. */
  viewerId: string | null;
}

export interface RoomPageContext {
  title: string;
  viewerId: string | null;
  /** The whole room, while it is open. */
  room: Room | null;
  /** What every state with a room shows (header, 403 screen): the room itself when open. */
  basics: RoomBasics | null;
  /** Why the load failed, for the failed screen. */
  error: string | null;
  /** The room's mask after reports as loaded (the page waits behind "View anyway" while `masked`). */
  mask: MaskFlags;
}

export type RoomPageEvent =
  | { type: 'room.reload' }
  | { type: 'room.visit'; title: string }
  | { type: 'viewer.change'; viewerId: string | null }
  | { type: 'room.joined'; room: Room }
  | { type: 'room.left' }
  | { type: 'room.requested' }
  /** The viewer withdrew their request (roomMembership's 'request.cancel'). */
  | { type: 'room.requestCancelled' }
  | { type: 'room.renamed'; room: Room }
  /** The owner's background or icon change saved: the updated room (imageChange's `owner`). */
  | { type: 'image.saved'; result: Room }
  /** A post or poll of the room was deleted or removed by the owner (deleteItem's or removeFromRoom's `page`). */
  | { type: 'item.deleted'; kind: 'post' | 'poll'; id: string }
  /** The owner removed a member (removeFromRoom's `page`): one member less. */
  | { type: 'member.removed' }
  /** The live stream missed too much: load the room again. */
  | { type: 'live.reload' }
  /** The viewer's own rooms changed (the side navigation's lists, told by `followMyRooms`). */
  | { type: 'rooms.mine'; ids: string[] }
  /** The owner answered a request of the viewer's (a notice arrived, told by `followRequestAnswers`). */
  | { type: 'request.answered'; roomId: string };

const basicsOf = (room: RoomBasics): RoomBasics => ({
  id: room.id,
  title: room.title,
  img: room.img,
  bgImg: room.bgImg,
  privateRoom: room.privateRoom,
  CreatorId: room.CreatorId,
});

const sameTitle = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const loaded = ({ event }: { event: { output: LoadedRoom } }) => ({ loaded: event.output });
const setLoaded = { type: 'setLoaded' as const, params: loaded };
const roomOf = ({ event }: { event: { room: Room } }) => ({ room: event.room });

const unmasked: MaskFlags = { masked: false, maskedForOthers: false };

export const roomPageMachine = setup({
  types: {
    input: {} as RoomPageInput,
    context: {} as RoomPageContext,
    events: {} as RoomPageEvent,
    tags: {} as 'busy' | 'member' | 'owner',
  },
  actors: {
    loadRoom: fromPromise<LoadedRoom, { title: string }>(async () => notProvided('roomPage', 'loadRoom')),
    followViewer: followsNobody(),
    watchLive: followsNobody<{ watch: Watch }>(),
    followLive: followsNobody(),
    followMyRooms: followsNobody(),
    followRequestAnswers: followsNobody(),
  },
  actions: {
    setRoom: assign((_, params: { room: Room }) => ({ room: params.room, basics: basicsOf(params.room) })),
    setLoaded: assign((_, params: { loaded: LoadedRoom }) => {
      const { loaded } = params;
      const mask = { masked: loaded.masked, maskedForOthers: loaded.maskedForOthers };
      return loaded.access === 'open'
        ? { room: loaded.room, basics: basicsOf(loaded.room), error: null, mask }
        : { room: null, basics: basicsOf(loaded.room), error: null, mask };
    }),
    setError: assign((_, params: { error: unknown }) => ({ error: shownError(params.error) })),
    setTitle: assign((_, params: { title: string }) => ({ title: params.title })),
    setViewer: assign((_, params: { viewerId: string | null }) => ({ viewerId: params.viewerId })),
    /** The viewer left, or the owner removed a member: one member less. */
    countLeaving: assign(({ context }) => {
      if (!context.room) return {};
      const room = {
        ...context.room,
        _count: { ...context.room._count, members: Math.max(0, context.room._count.members - 1) },
      };
      return { room, basics: basicsOf(room) };
    }),
    forgetRoom: assign({ room: null }),
    countRemoved: assign(({ context }, params: { kind: 'post' | 'poll' }) => {
      if (!context.room) return {};
      const key = params.kind === 'post' ? 'posts' : 'polls';
      const count = { ...context.room._count, [key]: Math.max(0, context.room._count[key] - 1) };
      return { room: { ...context.room, _count: count } };
    }),
  },
  guards: {
    failedWith,
    isForbidden: (_, params: { loaded: LoadedRoom }) => params.loaded.access === 'forbidden',
    wasRequested: (_, params: { loaded: LoadedRoom }) =>
      params.loaded.access === 'forbidden' && params.loaded.requested,
    wasInvited: (_, params: { loaded: LoadedRoom }) =>
      params.loaded.access === 'forbidden' && params.loaded.invited,
    /** Owner = the viewer's id is the CreatorId and they joined (spec §4 Membership). */
    loadedByOwner: ({ context }, params: { loaded: LoadedRoom }) =>
      params.loaded.access === 'open' &&
      params.loaded.joined &&
      context.viewerId !== null &&
      params.loaded.room.CreatorId === context.viewerId,
    loadedByMember: (_, params: { loaded: LoadedRoom }) =>
      params.loaded.access === 'open' && params.loaded.joined,
    isOwner: ({ context }) => context.viewerId !== null && context.room?.CreatorId === context.viewerId,
    isPrivate: ({ context }) => context.room?.privateRoom === true,
    isOtherRoom: ({ context }, params: { title: string }) => !sameTitle(context.title, params.title),
    isOtherViewer: ({ context }, params: { viewerId: string | null }) => context.viewerId !== params.viewerId,
    isAmong: ({ context }, params: { ids: string[] }) =>
      context.basics !== null && params.ids.includes(context.basics.id),
    isThisRoom: ({ context }, params: { roomId: string }) => context.basics?.id === params.roomId,
  },
}).createMachine({
  id: 'roomPage',
  context: ({ input }) => ({
    title: input.title,
    viewerId: input.viewerId,
    room: null,
    basics: null,
    error: null,
    mask: unmasked,
  }),
  initial: 'loading',
  invoke: { id: 'followViewer', src: 'followViewer' },
  on: {
    'room.visit': {
      guard: { type: 'isOtherRoom', params: ({ event }) => ({ title: event.title }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'setTitle', params: ({ event }) => ({ title: event.title }) },
    },
    'viewer.change': {
      guard: { type: 'isOtherViewer', params: ({ event }) => ({ viewerId: event.viewerId }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'setViewer', params: ({ event }) => ({ viewerId: event.viewerId }) },
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRoom',
        src: 'loadRoom',
        input: ({ context }) => ({ title: context.title }),
        onDone: [
          {
            guard: { type: 'wasRequested', params: loaded },
            target: 'forbidden.requested',
            actions: setLoaded,
          },
          {
            guard: { type: 'wasInvited', params: loaded },
            target: 'forbidden.invited',
            actions: setLoaded,
          },
          {
            guard: { type: 'isForbidden', params: loaded },
            target: 'forbidden.canRequest',
            actions: setLoaded,
          },
          { guard: { type: 'loadedByOwner', params: loaded }, target: 'open.owner', actions: setLoaded },
          { guard: { type: 'loadedByMember', params: loaded }, target: 'open.member', actions: setLoaded },
          { target: 'open.outsider', actions: setLoaded },
        ],
        onError: [
          { guard: failed(404), target: 'notFound' },
          // A title the name rules refuse names no room either.
          { guard: failed(400), target: 'notFound' },
          {
            guard: failed(410),
            target: 'removed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    open: {
      initial: 'outsider',
      invoke: [
        {
          id: 'watchLive',
          src: 'watchLive',
          input: ({ context }) => {
            if (!context.room) throw new Error('room page: an open room has its room');
            return { watch: { kind: 'room' as const, id: context.room.id } };
          },
        },
        { id: 'followLive', src: 'followLive' },
      ],
      on: {
        'room.reload': { target: 'loading' },
        'live.reload': { target: 'loading' },
        'item.deleted': {
          actions: { type: 'countRemoved', params: ({ event }) => ({ kind: event.kind }) },
        },
      },
      states: {
        /** Just joined: the owner (joining their own room again) or a member. */
        joining: {
          always: [{ guard: 'isOwner', target: 'owner' }, { target: 'member' }],
        },
        owner: {
          tags: ['member', 'owner'],
          on: {
            'room.renamed': {
              actions: [
                { type: 'setRoom', params: roomOf },
                { type: 'setTitle', params: ({ event }) => ({ title: event.room.title }) },
              ],
            },
            'image.saved': { actions: { type: 'setRoom', params: ({ event }) => ({ room: event.result }) } },
            'member.removed': { actions: 'countLeaving' },
          },
        },
        member: {
          tags: ['member'],
          on: {
            'room.left': [
              { guard: 'isPrivate', target: '#roomPage.forbidden.canRequest', actions: 'forgetRoom' },
              { target: 'outsider', actions: 'countLeaving' },
            ],
          },
        },
        outsider: {
          on: {
            'room.joined': { target: 'joining', actions: { type: 'setRoom', params: roomOf } },
          },
        },
      },
    },
    forbidden: {
      initial: 'canRequest',
      on: { 'room.reload': { target: 'loading' } },
      states: {
        canRequest: {
          on: { 'room.requested': { target: 'requested' } },
        },
        /** The viewer's request waits; the owner's answer arriving (a notice) loads the room again. */
        requested: {
          invoke: { id: 'followRequestAnswers', src: 'followRequestAnswers' },
          on: {
            'room.requestCancelled': { target: 'canRequest' },
            'request.answered': {
              guard: { type: 'isThisRoom', params: ({ event }) => ({ roomId: event.roomId }) },
              target: '#roomPage.loading',
            },
          },
        },
        /**
         * The owner invited the viewer: accepting here (joining) opens the room; accepting from the
         * notification elsewhere puts the room among the viewer's rooms, and the page loads it again.
         */
        invited: {
          invoke: { id: 'followMyRooms', src: 'followMyRooms' },
          on: {
            'room.joined': { target: '#roomPage.open.joining', actions: { type: 'setRoom', params: roomOf } },
            'rooms.mine': {
              guard: { type: 'isAmong', params: ({ event }) => ({ ids: event.ids }) },
              target: '#roomPage.loading',
            },
          },
        },
      },
    },
    notFound: {},
    removed: {},
    failed: {
      on: { 'room.reload': { target: 'loading' } },
    },
  },
});
