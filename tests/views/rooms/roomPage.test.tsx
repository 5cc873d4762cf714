import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LISTS, POSTS, ROOM_FORMS, ROOM_PAGE, ROOMS, SCREENS } from '../../../src/domain/messages.ts';
import { makePoll, makePost, makeRoom } from '../../support/feedFakes.ts';
import { testUser } from '../support/shell.tsx';
import { fakeRoomPageApi, renderRoomPage, shown } from './roomPageFakes.tsx';

const chess = makeRoom('Chess', { CreatorId: 'creator-9', _count: { posts: 0, polls: 0, members: 2 } });
const secret = makeRoom('Secret', { CreatorId: 'creator-9', privateRoom: true });
const mine = makeRoom('Mine', { CreatorId: testUser.userID, _count: { posts: 3, polls: 1, members: 4 } });

/** The number shown under a count's label in the info card. */
const countIn = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling?.textContent;

const roomMenu = () => screen.getByRole('button', { name: 'Room menu' });
const main = () => within(screen.getByRole('main'));

describe('a public room seen by a user who has not joined it', () => {
  it('offers Join, then shows the member controls and one member more', async () => {
    const api = fakeRoomPageApi({ room: shown.notJoined(chess) });
    const { user } = await renderRoomPage('/room/creator-9/Chess', api);
    expect(await screen.findByRole('heading', { name: 'q/Chess', level: 1 })).toBeTruthy();
    expect(api.loadRoom).toHaveBeenCalledWith('Chess');
    expect(screen.queryByRole('link', { name: ROOM_PAGE.post })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Room menu' })).toBeNull();

    await user.click(screen.getByRole('button', { name: ROOM_PAGE.join }));
    const post = await screen.findByRole('link', { name: ROOM_PAGE.post });
    expect(post.getAttribute('href')).toBe('/create/post');
    expect(api.join).toHaveBeenCalledWith('Chess');
    expect(api.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.joined });
    expect(api.roomsChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: ROOM_PAGE.join })).toBeNull();
    expect(screen.queryByRole('button', { name: ROOM_PAGE.addMember })).toBeNull();
    for (const card of screen.getAllByRole('region', { name: 'About this room' })) {
      expect(countIn(card, ROOM_PAGE.members)).toBe('3');
    }
    await user.click(roomMenu());
    expect(screen.getByRole('menuitem', { name: ROOM_PAGE.leave })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: ROOM_PAGE.delete })).toBeNull();
  });

  it('shows the info card with the name, counts and Share', async () => {
    const api = fakeRoomPageApi({ room: shown.notJoined(chess) });
    await renderRoomPage('/room/creator-9/Chess', api);
    const [card] = await screen.findAllByRole('region', { name: 'About this room' });
    if (!card) throw new Error('no info card');
    expect(within(card).getByText(ROOM_PAGE.name).parentElement?.textContent).toBe('Name:Chess');
    expect(countIn(card, ROOM_PAGE.posts)).toBe('0');
    expect(countIn(card, ROOM_PAGE.polls)).toBe('0');
    expect(countIn(card, ROOM_PAGE.members)).toBe('2');
    expect(within(card).getByRole('button', { name: ROOM_PAGE.share })).toBeTruthy();
    // The right column shows the room instead of the topics.
    expect(screen.queryByRole('heading', { name: 'HOT-TOPICS', hidden: true })).toBeNull();
  });

  it('asks a visitor to sign in instead of joining', async () => {
    const api = fakeRoomPageApi({ room: shown.notJoined(chess) });
    const { user } = await renderRoomPage('/room/creator-9/Chess', api, { signedIn: false });
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.join }));
    expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: POSTS.signInFirst });
    expect(api.join).not.toHaveBeenCalled();
  });

  it('goes home when joining is refused', async () => {
    const api = fakeRoomPageApi({ room: shown.notJoined(chess) });
    api.join.mockRejectedValueOnce({ status: 404, message: ROOMS.notFound });
    const { user, router } = await renderRoomPage('/room/creator-9/Chess', api);
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.join }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: ROOMS.notFound });
  });
});

describe('a private room the viewer has not joined', () => {
  it('shows the 403 screen with Send Request, then Requested', async () => {
    const api = fakeRoomPageApi({ room: shown.forbidden(secret) });
    const { user } = await renderRoomPage('/room/creator-9/Secret', api);
    expect(await screen.findByRole('heading', { name: SCREENS.forbiddenTitle })).toBeTruthy();
    expect(screen.getByText(SCREENS.forbiddenCode)).toBeTruthy();
    expect(api.posts).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: ROOM_PAGE.sendRequest }));
    const requested = await screen.findByRole('button', { name: ROOM_PAGE.requested });
    expect((requested as HTMLButtonElement).disabled).toBe(true);
    expect(api.request).toHaveBeenCalledWith(testUser.username, 'Secret');
    expect(api.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.requestSent });
  });

  it('shows Requested when a request already waits', async () => {
    const api = fakeRoomPageApi({ room: shown.forbidden(secret, true) });
    await renderRoomPage('/room/creator-9/Secret', api);
    const requested = await screen.findByRole('button', { name: ROOM_PAGE.requested });
    expect((requested as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks a visitor to sign in and sends nothing', async () => {
    const api = fakeRoomPageApi({ room: shown.forbidden(secret) });
    const { user } = await renderRoomPage('/room/creator-9/Secret', api, { signedIn: false });
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.sendRequest }));
    expect(api.notify).toHaveBeenCalledWith({ kind: 'error', text: POSTS.signInFirst });
    expect(api.request).not.toHaveBeenCalled();
  });
});

describe('a member', () => {
  it('leaves after confirming, with Processing... until the server answers', async () => {
    const api = fakeRoomPageApi({ room: shown.joined(chess) });
    const { user } = await renderRoomPage('/room/creator-9/Chess', api);
    await screen.findByRole('heading', { name: 'q/Chess', level: 1 });

    await user.click(roomMenu());
    await user.click(screen.getByRole('menuitem', { name: ROOM_PAGE.leave }));
    expect(screen.getByText(ROOMS.leaveConfirm)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancle' }));
    expect(screen.queryByText(ROOMS.leaveConfirm)).toBeNull();
    expect(api.leave).not.toHaveBeenCalled();

    await user.click(roomMenu());
    await user.click(screen.getByRole('menuitem', { name: ROOM_PAGE.leave }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: ROOM_PAGE.join })).toBeTruthy();
    expect(api.leave).toHaveBeenCalledWith(chess.id);
    expect(api.notify.mock.calls.map(([notice]) => notice)).toEqual([
      { kind: 'loading', text: ROOMS.processing, id: 'roomMembership.leaving' },
      { kind: 'success', text: ROOMS.left, id: 'roomMembership.leaving' },
    ]);
    expect(screen.queryByRole('link', { name: ROOM_PAGE.post })).toBeNull();
  });

  it('opens the create modal in the room from the Post button', async () => {
    const api = fakeRoomPageApi({ room: shown.joined(chess) });
    const { user, router } = await renderRoomPage('/room/creator-9/Chess', api);
    await user.click(await screen.findByRole('link', { name: ROOM_PAGE.post }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/post'));
    expect(router.state.location.state).toEqual({
      room: { id: chess.id, title: 'Chess', CreatorId: 'creator-9' },
    });
  });
});

describe('the owner', () => {
  it('has Title and Delete in the menu, Add member, and the image changes', async () => {
    const api = fakeRoomPageApi({ room: shown.joined(mine) });
    const { user } = await renderRoomPage(`/room/${testUser.userID}/Mine`, api);
    await screen.findByRole('heading', { name: 'q/Mine', level: 1 });
    expect(screen.getByRole('button', { name: ROOM_PAGE.addMember })).toBeTruthy();
    expect(screen.getByRole('button', { name: ROOM_PAGE.changeBackground })).toBeTruthy();
    expect(screen.getByRole('button', { name: ROOM_PAGE.changeIcon })).toBeTruthy();
    await user.click(roomMenu());
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      ROOM_PAGE.title,
      ROOM_PAGE.delete,
    ]);
    await user.click(screen.getByRole('menuitem', { name: ROOM_PAGE.title }));
    expect(await screen.findByRole('dialog', { name: ROOM_FORMS.renameTitle })).toBeTruthy();
  });

  it('deletes the room after confirming and goes home', async () => {
    const api = fakeRoomPageApi({ room: shown.joined(mine) });
    const { user, router } = await renderRoomPage(`/room/${testUser.userID}/Mine`, api);
    await screen.findByRole('heading', { name: 'q/Mine', level: 1 });
    await user.click(roomMenu());
    await user.click(screen.getByRole('menuitem', { name: ROOM_PAGE.delete }));
    expect(screen.getByText(ROOMS.deleteConfirm)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.remove).toHaveBeenCalledWith('Mine');
    expect(api.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.deleted });
    expect(api.roomsChanged).toHaveBeenCalledTimes(1);
  });

  it('invites a member picked from the suggestions only', async () => {
    const api = fakeRoomPageApi({
      room: shown.joined(mine),
      people: [
        { username: 'brave_fox', dp: null },
        { username: 'brave_owl', dp: null },
      ],
    });
    const { user } = await renderRoomPage(`/room/${testUser.userID}/Mine`, api);
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.addMember }));
    const dialog = within(await screen.findByRole('dialog', { name: ROOM_PAGE.addMember }));
    await user.type(dialog.getByLabelText(ROOM_PAGE.searchPeople), 'brave');
    expect(await dialog.findByRole('button', { name: 'u/brave_owl' })).toBeTruthy();
    expect(api.search).toHaveBeenCalledTimes(1);
    expect(api.search).toHaveBeenCalledWith('brave');
    const send = dialog.getByRole('button', { name: ROOM_PAGE.sendRequest }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'u/brave_owl' }));
    expect(send.disabled).toBe(false);
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.request).toHaveBeenCalledWith('brave_owl', 'Mine');
    expect(api.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.requestSent });
  });

  it('says when no user matches', async () => {
    const api = fakeRoomPageApi({ room: shown.joined(mine), people: [] });
    const { user } = await renderRoomPage(`/room/${testUser.userID}/Mine`, api);
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.addMember }));
    await user.type(screen.getByLabelText(ROOM_PAGE.searchPeople), 'nobody');
    expect(await screen.findByText(ROOMS.noMatchingUsers)).toBeTruthy();
  });

  it('changes the icon: choose, preview, Save, Updated', async () => {
    const api = fakeRoomPageApi({ room: shown.joined(mine) });
    const { user } = await renderRoomPage(`/room/${testUser.userID}/Mine`, api);
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.changeIcon }));
    const dialog = within(await screen.findByRole('dialog', { name: ROOM_PAGE.changeIcon }));
    const save = dialog.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const file = new File([new Uint8Array(8)], 'icon.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText('Choose an image'), file);
    expect(await dialog.findByAltText('Preview of the chosen image')).toBeTruthy();
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.upload).toHaveBeenCalledWith('Mine', 'icon', file);
    expect(api.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.updated });
    expect(main().getByAltText('q/Mine icon').getAttribute('src')).toBe('/uploads/rooms/new-icon.webp');
  });
});

describe('the room feeds', () => {
  it('load the posts after the delay, 10 a page, and say when there are no polls', async () => {
    const api = fakeRoomPageApi({ room: shown.joined(chess), posts: [[makePost('p1', { topic: null })]] });
    const { user } = await renderRoomPage('/room/creator-9/Chess', api);
    await screen.findByRole('heading', { name: 'q/Chess', level: 1 });
    expect(api.posts).not.toHaveBeenCalled();
    expect(await screen.findByText('Post p1')).toBeTruthy();
    expect(api.posts).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 10, title: 'Chess' });

    await user.click(screen.getByRole('button', { name: 'Poll' }));
    expect(await screen.findByText(LISTS.pollsEmpty)).toBeTruthy();
    expect(api.polls).toHaveBeenCalledWith({ offset: 0, page: 0, limit: 10, roomId: chess.id });
  });

  it('say when there are no posts yet', async () => {
    const api = fakeRoomPageApi({ room: shown.notJoined(chess) });
    await renderRoomPage('/room/creator-9/Chess', api);
    expect(await screen.findByText(LISTS.postsEmpty)).toBeTruthy();
  });

  it('open on the poll tab when the create modal says so', async () => {
    const api = fakeRoomPageApi({ room: shown.joined(chess), polls: [[makePoll('q1', { topic: null })]] });
    await renderRoomPage('/room/creator-9/Chess', api, { state: { newPost: true, tab: 'poll' } });
    expect(await screen.findByText('Poll q1?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Poll' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('a room that cannot be shown', () => {
  it('shows the 404 screen for an unknown room', async () => {
    const api = fakeRoomPageApi({ room: { status: 404, message: ROOMS.notFound } });
    await renderRoomPage('/room/creator-9/Nope', api);
    expect(await screen.findByRole('heading', { name: SCREENS.notFoundTitle })).toBeTruthy();
  });

  it('offers a retry when loading fails', async () => {
    const api = fakeRoomPageApi({ room: { status: 0, message: 'Network Error' } });
    const { user } = await renderRoomPage('/room/creator-9/Chess', api);
    expect(await screen.findByRole('heading', { name: ROOM_PAGE.loadFailed })).toBeTruthy();
    expect(screen.getByText('Network Error')).toBeTruthy();
    api.loadRoom.mockResolvedValueOnce(shown.notJoined(chess));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'q/Chess', level: 1 })).toBeTruthy();
  });
});
