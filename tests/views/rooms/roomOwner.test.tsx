/**
 * A room owner's moderation in the app (docs/moderation.md "Room owners"): Remove in the ⋯ menu of
 * someone else's post, poll or comment in the owner's room, the owner's Members dialog with Remove,
 * and the members' Room log.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMENTS, ROOM_PAGE, ROOMS } from '../../../src/domain/messages.ts';
import { ROOM_OWNER } from '../../../src/domain/roomOwnerMessages.ts';
import type { RoomLogEntry, RoomMember } from '../../../src/domain/roomOwnerSchemas.ts';
import { postId, testComment, testPost } from '../../support/createFakes.ts';
import { makeRoom, makeRoomPoll, makeRoomPost } from '../../support/feedFakes.ts';
import { pager } from '../support/serverAnswers.ts';
import { renderApp, testUser } from '../support/shell.tsx';
import { refusal, renderRooms, shown } from './roomAnswers.ts';

const mine = makeRoom('Chess', { CreatorId: testUser.userID, _count: { posts: 2, polls: 1, members: 3 } });
const theirs = makeRoom('Chess', { CreatorId: 'creator-9', _count: { posts: 2, polls: 1, members: 3 } });
const ref = (room: typeof mine) => ({ id: room.id, title: room.title, CreatorId: room.CreatorId });
const othersPost = makeRoomPost('p1', ref(mine), { userId: 'u2' });
const ownPost = makeRoomPost('p2', ref(mine), {
  userId: testUser.userID,
  user: { username: 'quiet_otter', dp: null },
});

const member = (username: string, owner = false): RoomMember => ({ username, dp: null, owner });
const entry = (id: string, kind: RoomLogEntry['kind']): RoomLogEntry => ({
  id,
  kind,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
});

const roomMenu = () => screen.getByRole('button', { name: 'Room menu' });
const menuItems = async () => (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
const main = () => within(screen.getByRole('main'));
/** The count under `label` in the room's info cards (under the header, and the right column's). */
const countsOf = (label: string) => [
  ...new Set(
    screen
      .getAllByRole('region', { name: 'About this room', hidden: true })
      .map((card) => within(card).getByText(label).nextElementSibling?.textContent),
  ),
];

/** Removals answered as the server does: the item's or member's msg. */
const removals = {
  removeFromRoom: async (target: { kind: string }) => ({
    msg: target.kind === 'member' ? ROOMS.removedMember : ROOMS.removedItem,
  }),
};

describe('the owner in their room', () => {
  it('removes a member’s post from the ⋯ menu after confirming; their own post offers Edit and Delete only', async () => {
    const view = await renderRooms('/room/u1/Chess', {
      room: shown.joined(mine),
      posts: [[othersPost, ownPost]],
    });
    view.api.removeFromRoom.mockImplementation(removals.removeFromRoom);
    const card = await screen.findByRole('article', { name: 'Post p1' });
    await view.user.click(
      within(screen.getByRole('article', { name: 'Post p2' })).getByRole('button', { name: 'Post menu' }),
    );
    expect(await menuItems()).toEqual(['Edit', 'Delete']);
    await view.user.keyboard('{Escape}');

    await view.user.click(within(card).getByRole('button', { name: 'Post menu' }));
    await view.user.click(await screen.findByRole('menuitem', { name: ROOM_OWNER.remove }));
    const dialog = await screen.findByRole('dialog', { name: ROOM_OWNER.removeTitle('post') });
    expect(dialog.textContent).toContain(ROOM_OWNER.removeConfirm('post'));
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Post p1' })).toBeNull());
    expect(view.api.removeFromRoom).toHaveBeenCalledExactlyOnceWith({ kind: 'post', id: 'p1' });
    expect(view.platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.removedItem });
    expect(countsOf(ROOM_PAGE.posts)).toEqual(['1']);
    expect(screen.getByRole('article', { name: 'Post p2' })).toBeTruthy();
  });

  it('keeps the post and shows the server’s words when the removal is refused, and Cancle changes nothing', async () => {
    const view = await renderRooms('/room/u1/Chess', { room: shown.joined(mine), posts: [[othersPost]] });
    view.api.removeFromRoom.mockRejectedValue(refusal(409, ROOMS.alreadyRemoved));
    const card = await screen.findByRole('article', { name: 'Post p1' });
    await view.user.click(within(card).getByRole('button', { name: 'Post menu' }));
    await view.user.click(await screen.findByRole('menuitem', { name: ROOM_OWNER.remove }));
    await view.user.click(await screen.findByRole('button', { name: 'Cancle' }));
    expect(view.api.removeFromRoom).not.toHaveBeenCalled();

    await view.user.click(within(card).getByRole('button', { name: 'Post menu' }));
    await view.user.click(await screen.findByRole('menuitem', { name: ROOM_OWNER.remove }));
    await view.user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(view.platform.notify).toHaveBeenCalledWith({ kind: 'error', text: ROOMS.alreadyRemoved }),
    );
    expect(screen.getByRole('article', { name: 'Post p1' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes a member’s poll from the Poll tab', async () => {
    const poll = makeRoomPoll('q1', ref(mine), { userId: 'u2' });
    const view = await renderRooms('/room/u1/Chess', { room: shown.joined(mine), polls: [[poll]] });
    view.api.removeFromRoom.mockImplementation(removals.removeFromRoom);
    await view.user.click(await screen.findByRole('tab', { name: 'Poll' }));
    const card = await screen.findByRole('article', { name: poll.title });
    await view.user.click(within(card).getByRole('button', { name: 'Poll menu' }));
    await view.user.click(await screen.findByRole('menuitem', { name: ROOM_OWNER.remove }));
    await view.user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: poll.title })).toBeNull());
    expect(view.api.removeFromRoom).toHaveBeenCalledExactlyOnceWith({ kind: 'poll', id: 'q1' });
    expect(countsOf(ROOM_PAGE.polls)).toEqual(['0']);
  });

  it('lists the members, owner first without Remove, loads more, and removes one after confirming', async () => {
    const view = await renderRooms('/room/u1/Chess', { room: shown.joined(mine) });
    const firstPage = [
      member('quiet_otter', true),
      ...Array.from({ length: 9 }, (_, i) => member(`fox_${i}`)),
    ];
    view.api.fetchRoomMembers.mockImplementation(pager([firstPage, [member('calm_cat')]]));
    view.api.removeFromRoom.mockImplementation(removals.removeFromRoom);
    await screen.findByRole('heading', { name: 'q/Chess', level: 1 });
    await view.user.click(roomMenu());
    expect(await menuItems()).toEqual([
      ROOM_PAGE.title,
      ROOM_OWNER.members,
      ROOM_OWNER.roomLog,
      ROOM_PAGE.delete,
    ]);
    await view.user.click(screen.getByRole('menuitem', { name: ROOM_OWNER.members }));

    const dialog = await screen.findByRole('dialog', { name: ROOM_OWNER.members });
    const list = await within(dialog).findByRole('list', { name: ROOM_OWNER.members });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('u/quiet_otter');
    expect(rows[0]?.textContent).toContain(ROOM_OWNER.owner);
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(view.api.fetchRoomMembers).toHaveBeenCalledExactlyOnceWith({
      title: 'Chess',
      offset: 0,
      limit: 10,
    });

    await view.user.click(within(dialog).getByRole('button', { name: ROOM_OWNER.loadMore }));
    expect(await within(dialog).findByRole('link', { name: 'u/calm_cat' })).toBeTruthy();
    expect(view.api.fetchRoomMembers).toHaveBeenLastCalledWith({ title: 'Chess', offset: 10, limit: 10 });
    // a short page ends the list
    expect(within(dialog).queryByRole('button', { name: ROOM_OWNER.loadMore })).toBeNull();

    await view.user.click(within(dialog).getByRole('button', { name: ROOM_OWNER.removeMember('fox_3') }));
    const confirm = await screen.findByRole('dialog', { name: ROOM_OWNER.removeTitle('member', 'fox_3') });
    await view.user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(dialog).queryByRole('link', { name: 'u/fox_3' })).toBeNull());
    expect(view.api.removeFromRoom).toHaveBeenCalledExactlyOnceWith({
      kind: 'member',
      title: 'Chess',
      username: 'fox_3',
    });
    expect(view.platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.removedMember });
    expect(countsOf(ROOM_PAGE.members)).toEqual(['2']);
  });

  it('removes someone else’s comment on a post of the room: it stays as the owner’s line', async () => {
    const post = {
      ...testPost({ room: { ...ref(mine), privateRoom: false, joined: true } }),
      comments: [] as ReturnType<typeof testComment>[],
    };
    const theirComment = testComment({ id: 'c-their', body: 'Rude words' });
    const ownComment = testComment({
      id: 'c-own',
      body: 'My words',
      userId: testUser.userID,
      user: { username: 'quiet_otter', dp: null },
    });
    post.comments = [theirComment, ownComment];
    const view = renderApp(`/post/${postId}`, {
      user: testUser,
      calls: { fetchPost: async () => post, ...removals },
    });
    await view.settled();
    const mineArticle = await screen.findByRole('article', { name: 'Comment by u/quiet_otter' });
    await view.user.click(within(mineArticle).getByRole('button', { name: 'Comment menu' }));
    expect(await menuItems()).toEqual(['Edit', 'Delete']);
    await view.user.keyboard('{Escape}');

    const theirsArticle = screen.getByRole('article', { name: 'Comment by u/brave_fox' });
    await view.user.click(within(theirsArticle).getByRole('button', { name: 'Comment menu' }));
    await view.user.click(await screen.findByRole('menuitem', { name: ROOM_OWNER.remove }));
    await view.user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(ROOMS.removedByOwner)).toBeTruthy();
    expect(screen.queryByText('Rude words')).toBeNull();
    expect(view.api.removeFromRoom).toHaveBeenCalledExactlyOnceWith({ kind: 'comment', id: 'c-their' });
    expect(view.api.deleteComment).not.toHaveBeenCalled();
    expect(screen.queryByText(COMMENTS.deletedBody)).toBeNull();
  });
});

describe('a member of the room', () => {
  it('reads the room log from the room menu, newest first, and offers no Members or Remove', async () => {
    const post = makeRoomPost('p1', ref(theirs), { userId: 'u2' });
    const view = await renderRooms('/room/creator-9/Chess', { room: shown.joined(theirs), posts: [[post]] });
    const page = [entry('l1', 'post'), ...Array.from({ length: 9 }, (_, i) => entry(`m${i}`, 'member'))];
    view.api.fetchRoomLog.mockImplementation(pager([page, [entry('l2', 'comment')]]));
    const card = await screen.findByRole('article', { name: 'Post p1' });
    await view.user.click(within(card).getByRole('button', { name: 'Post menu' }));
    expect(await menuItems()).not.toContain(ROOM_OWNER.remove);
    await view.user.keyboard('{Escape}');

    await view.user.click(roomMenu());
    expect(await menuItems()).toEqual([ROOM_OWNER.roomLog, ROOM_PAGE.leave, 'Report']);
    await view.user.click(screen.getByRole('menuitem', { name: ROOM_OWNER.roomLog }));
    const dialog = await screen.findByRole('dialog', { name: ROOM_OWNER.roomLog });
    const log = await within(dialog).findByRole('list', { name: ROOM_OWNER.roomLog });
    const first = within(log).getAllByRole('listitem')[0];
    expect(first?.textContent).toContain(ROOM_OWNER.logEntry('post'));
    expect(first?.textContent).toContain('5 minutes ago');
    expect(view.api.fetchRoomLog).toHaveBeenCalledExactlyOnceWith({ title: 'Chess', offset: 0, limit: 10 });
    await view.user.click(within(dialog).getByRole('button', { name: ROOM_OWNER.loadMore }));
    expect(await within(dialog).findByText(ROOM_OWNER.logEntry('comment'))).toBeTruthy();
    expect(view.api.fetchRoomLog).toHaveBeenLastCalledWith({ title: 'Chess', offset: 10, limit: 10 });
    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(main().getByRole('heading', { level: 1 }).textContent).toBe('q/Chess');
  });

  it('sees an empty log said so, and a refused one with the server’s words and a retry', async () => {
    const view = await renderRooms('/room/creator-9/Chess', { room: shown.joined(theirs) });
    view.api.fetchRoomLog.mockRejectedValueOnce(refusal(403, ROOMS.logMembersOnly)).mockResolvedValueOnce([]);
    await screen.findByRole('heading', { name: 'q/Chess', level: 1 });
    await view.user.click(roomMenu());
    await view.user.click(await screen.findByRole('menuitem', { name: ROOM_OWNER.roomLog }));
    const dialog = await screen.findByRole('dialog', { name: ROOM_OWNER.roomLog });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(ROOMS.logMembersOnly);
    await view.user.click(within(dialog).getByRole('button', { name: ROOM_OWNER.retry }));
    expect(await within(dialog).findByText(ROOM_OWNER.logEmpty)).toBeTruthy();
  });
});
