import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { EMPTY } from '../../../src/domain/emptyStates.ts';
import { LISTS, POSTS, ROOM_FORMS, ROOM_PAGE, ROOMS, SCREENS } from '../../../src/domain/messages.ts';
import { ROOM_OWNER } from '../../../src/domain/roomOwnerMessages.ts';
import { SAFETY } from '../../../src/domain/safety.ts';
import { theme } from '../../../src/views/theme.ts';
import { makePoll, makePost, makeRoom, makeRoomPost } from '../../support/feedFakes.ts';
import { renderApp, testNotification, testUser } from '../support/shell.tsx';
import { refusal, renderRooms, roomCalls, shown } from './roomAnswers.ts';

const chess = makeRoom('Chess', { CreatorId: 'creator-9', _count: { posts: 0, polls: 0, members: 2 } });
const secret = makeRoom('Secret', { CreatorId: 'creator-9', privateRoom: true });
const mine = makeRoom('Mine', { CreatorId: testUser.userID, _count: { posts: 3, polls: 1, members: 4 } });

/** The number shown under a count's label in the info card. */
const countIn = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling?.textContent;

/** The room's info cards: under the header, and in the right column's slot. */
const infoCards = () => screen.getAllByRole('region', { name: 'About this room', hidden: true });
const rightColumnSlot = () => {
  const slot = document.querySelector<HTMLElement>('aside [data-slot]');
  if (!slot) throw new Error('no right column');
  return slot;
};

/** A list of the side navigation, by its toggle's name. */
const sideList = (name: string) => {
  const toggle = screen.getByRole('button', { name });
  const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error(`no list for ${name}`);
  return within(list);
};

/** A window wide enough for the right column (the test window is 1024 px wide: no right column). */
function onWideScreen() {
  const { happyDOM } = window as unknown as {
    happyDOM: { setViewport(size: { width: number; height: number }): void };
  };
  happyDOM.setViewport({ width: 1400, height: 900 });
  onTestFinished(() => happyDOM.setViewport({ width: 1024, height: 768 }));
}

const roomMenu = () => screen.getByRole('button', { name: 'Room menu' });
const main = () => within(screen.getByRole('main'));

describe('a public room seen by a user who has not joined it', () => {
  it('offers Join, then shows the member controls, one member more and the room in My Rooms', async () => {
    const { user, api, platform } = await renderRooms('/room/creator-9/Chess', {
      room: shown.notJoined(chess),
      lists: [
        { mine: [], publicNotJoined: [chess] },
        { mine: [chess], publicNotJoined: [] },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'q/Chess', level: 1 })).toBeTruthy();
    expect(api.fetchRoom).toHaveBeenCalledWith('Chess');
    expect(main().queryByRole('link', { name: ROOM_PAGE.post })).toBeNull();
    // an outsider's menu holds only Report
    await user.click(roomMenu());
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Report']);
    await user.keyboard('{Escape}');
    await sideList(ROOM_FORMS.publicRooms).findByRole('link', { name: 'q/Chess' });

    await user.click(screen.getByRole('button', { name: ROOM_PAGE.join }));
    const post = await main().findByRole('link', { name: ROOM_PAGE.post });
    expect(post.getAttribute('href')).toBe('/create/post');
    expect(api.joinRoom).toHaveBeenCalledWith('Chess');
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.joined });
    expect(screen.queryByRole('button', { name: ROOM_PAGE.join })).toBeNull();
    // a member of a public room may add people too (spec §2 Room page)
    expect(screen.getByRole('button', { name: ROOM_PAGE.addMember })).toBeTruthy();
    for (const card of infoCards()) expect(countIn(card, ROOM_PAGE.members)).toBe('3');
    // the side navigation's lists were loaded again: the room moved to My Rooms
    expect(await sideList(ROOM_FORMS.myRooms).findByRole('link', { name: 'q/Chess' })).toBeTruthy();
    expect(sideList(ROOM_FORMS.publicRooms).queryByRole('link', { name: 'q/Chess' })).toBeNull();
    expect(api.fetchSideRooms).toHaveBeenCalledTimes(2);
    await user.click(roomMenu());
    expect(await screen.findByRole('menuitem', { name: ROOM_PAGE.leave })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: ROOM_PAGE.delete })).toBeNull();
  });

  it('shows the info card with the name, counts and Share in the right column', async () => {
    onWideScreen();
    const { user, platform } = await renderRooms('/room/creator-9/Chess', { room: shown.notJoined(chess) });
    await screen.findByRole('heading', { name: 'q/Chess', level: 1 });
    const card = within(rightColumnSlot()).getByRole('region', { name: 'About this room' });
    expect(within(card).getByText(ROOM_PAGE.name).parentElement?.textContent).toBe('Name:Chess');
    expect(countIn(card, ROOM_PAGE.posts)).toBe('0');
    expect(countIn(card, ROOM_PAGE.polls)).toBe('0');
    expect(countIn(card, ROOM_PAGE.members)).toBe('2');
    // The right column shows the room instead of the topics.
    expect(screen.getByRole('heading', { name: 'HOT-TOPICS', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'HOT-TOPICS' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: ROOM_PAGE.share }));
    expect(platform.share).toHaveBeenCalledWith({
      path: '/room/creator-9/Chess',
      text: ROOM_PAGE.shareText('Chess'),
      copied: ROOM_PAGE.linkCopied,
    });
  });

  it('asks a visitor to sign in instead of joining', async () => {
    const { user, api, platform } = await renderRooms(
      '/room/creator-9/Chess',
      { room: shown.notJoined(chess) },
      { signedIn: false },
    );
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.join }));
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: POSTS.signInFirst });
    expect(api.joinRoom).not.toHaveBeenCalled();
  });

  it('goes home when joining is refused', async () => {
    const { user, api, platform, router } = await renderRooms('/room/creator-9/Chess', {
      room: shown.notJoined(chess),
    });
    api.joinRoom.mockRejectedValueOnce(refusal(404, ROOMS.notFound));
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.join }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: ROOMS.notFound });
    expect(platform.navigate).toHaveBeenCalledWith({ to: '/' });
  });
});

describe('a private room the viewer has not joined', () => {
  it('shows the 403 screen with Send Request, then Request sent with Cancel', async () => {
    const { user, api, platform } = await renderRooms('/room/creator-9/Secret', {
      room: shown.forbidden(secret),
    });
    expect(await screen.findByRole('heading', { name: SCREENS.forbiddenTitle })).toBeTruthy();
    expect(screen.getByText(SCREENS.forbiddenCode)).toBeTruthy();
    expect(api.fetchRoomPosts).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: ROOM_PAGE.sendRequest }));
    expect(await screen.findByText(ROOM_PAGE.requestSent)).toBeTruthy();
    expect(screen.queryByRole('button', { name: ROOM_PAGE.sendRequest })).toBeNull();
    expect(screen.getByText(ROOM_PAGE.privateRequested, { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: ROOM_PAGE.cancelRequestLabel('Secret') })).toBeTruthy();
    expect(api.requestToJoin).toHaveBeenCalledWith(testUser.username, 'Secret');
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.requestSent });
  });

  it('withdraws a waiting request with Cancel: Send Request again', async () => {
    const { user, api, platform } = await renderRooms('/room/creator-9/Secret', {
      room: shown.forbidden(secret, 'requested'),
    });
    expect(await screen.findByText(ROOM_PAGE.requestSent)).toBeTruthy();
    const cancel = screen.getByRole('button', { name: ROOM_PAGE.cancelRequestLabel('Secret') });
    expect(cancel.textContent).toBe(ROOM_PAGE.cancelRequest);
    await user.click(cancel);
    expect(await screen.findByRole('button', { name: ROOM_PAGE.sendRequest })).toBeTruthy();
    expect(screen.queryByText(ROOM_PAGE.requestSent)).toBeNull();
    expect(api.cancelJoinRequest).toHaveBeenCalledExactlyOnceWith(secret.id);
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.requestCancelled });
  });

  it('reloads the room when the request was answered meanwhile, and says so', async () => {
    const { user, api, platform } = await renderRooms('/room/creator-9/Secret', {
      room: shown.forbidden(secret, 'requested'),
    });
    api.cancelJoinRequest.mockRejectedValueOnce(refusal(404, ROOMS.noOwnRequest));
    const loads = api.fetchRoom.mock.calls.length;
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.cancelRequestLabel('Secret') }));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: ROOMS.noOwnRequest }),
    );
    await waitFor(() => expect(api.fetchRoom.mock.calls.length).toBe(loads + 1));
  });

  it('opens the room when the invitation is accepted from the notifications panel meanwhile', async () => {
    const invitation = testNotification({
      id: 'n-invite',
      kind: 'roomInvitation',
      postId: null,
      roomId: secret.id,
      title: ROOMS.joinRequestTitle,
      body: 'Secret',
      fromUser: 'creator-9',
    });
    let joined = false;
    const { user, api } = renderApp('/room/creator-9/Secret', {
      user: testUser,
      notifications: [invitation],
      calls: {
        ...roomCalls(),
        fetchRoom: async () => (joined ? shown.joined(secret) : shown.forbidden(secret, 'invited')),
        joinRoom: async () => {
          joined = true;
          return { msg: ROOMS.joined, room: secret };
        },
        fetchSideRooms: async () => ({ mine: joined ? [secret] : [], publicNotJoined: [] }),
        markNotificationRead: async () => ({ msg: 'Notification marked as read' }),
      },
    });
    expect(await screen.findByRole('button', { name: ROOM_PAGE.acceptInvitation })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    await user.click(panel.getByRole('button', { name: 'Accept the invitation to q/Secret' }));
    expect(await screen.findByRole('heading', { name: 'q/Secret', level: 1 })).toBeTruthy();
    expect(api.joinRoom).toHaveBeenCalledExactlyOnceWith(secret.id);
    expect(screen.queryByRole('button', { name: ROOM_PAGE.acceptInvitation })).toBeNull();
  });

  it('shows Send Request again when the owner’s decline arrives while the request waits', async () => {
    let declined = false;
    const { session } = renderApp('/room/creator-9/Secret', {
      user: testUser,
      calls: {
        ...roomCalls(),
        fetchRoom: async () => shown.forbidden(secret, declined ? 'none' : 'requested'),
      },
    });
    expect(await screen.findByText(ROOM_PAGE.requestSent)).toBeTruthy();
    declined = true;
    session.send({
      type: 'notification.arrived',
      notification: testNotification({
        id: 'n-declined',
        kind: 'requestDeclined',
        postId: null,
        roomId: secret.id,
        title: ROOMS.requestDeclinedTitle,
        body: 'Secret',
        fromUser: 'creator-9',
      }),
    });
    expect(await screen.findByRole('button', { name: ROOM_PAGE.sendRequest })).toBeTruthy();
    expect(screen.queryByText(ROOM_PAGE.requestSent)).toBeNull();
  });

  it('accepts the owner’s invitation, which opens the room', async () => {
    const { user, api, platform } = await renderRooms('/room/creator-9/Secret', {
      room: shown.forbidden(secret, 'invited'),
    });
    expect(await screen.findByText(ROOM_PAGE.privateInvited, { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: ROOM_PAGE.sendRequest })).toBeNull();
    await user.click(screen.getByRole('button', { name: ROOM_PAGE.acceptInvitation }));
    expect(await screen.findByRole('heading', { name: 'q/Secret', level: 1 })).toBeTruthy();
    expect(api.joinRoom).toHaveBeenCalledExactlyOnceWith('Secret');
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.joined });
    expect(screen.queryByRole('heading', { name: SCREENS.forbiddenTitle })).toBeNull();
  });

  it('asks a visitor to sign in and sends nothing', async () => {
    const { user, api, platform } = await renderRooms(
      '/room/creator-9/Secret',
      { room: shown.forbidden(secret) },
      { signedIn: false },
    );
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.sendRequest }));
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: POSTS.signInFirst });
    expect(api.requestToJoin).not.toHaveBeenCalled();
  });
});

describe('a member', () => {
  it('leaves after confirming, with Processing... until the server answers', async () => {
    const { user, api, platform } = await renderRooms('/room/creator-9/Chess', { room: shown.joined(chess) });
    await screen.findByRole('heading', { name: 'q/Chess', level: 1 });
    await waitFor(() => expect(api.fetchSideRooms).toHaveBeenCalledTimes(1));
    platform.notify.mockClear(); // the session's restore toast

    await user.click(roomMenu());
    await user.click(await screen.findByRole('menuitem', { name: ROOM_PAGE.leave }));
    expect(await screen.findByText(ROOMS.leaveConfirm)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancle' }));
    expect(screen.queryByText(ROOMS.leaveConfirm)).toBeNull();
    expect(api.leaveRoom).not.toHaveBeenCalled();

    await user.click(roomMenu());
    await user.click(await screen.findByRole('menuitem', { name: ROOM_PAGE.leave }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: ROOM_PAGE.join })).toBeTruthy();
    expect(api.leaveRoom).toHaveBeenCalledWith(chess.id);
    expect(platform.notify.mock.calls.map(([notice]) => notice)).toEqual([
      { kind: 'loading', text: ROOMS.processing, id: 'roomMembership.leaving' },
      { kind: 'success', text: ROOMS.left, id: 'roomMembership.leaving' },
    ]);
    expect(main().queryByRole('link', { name: ROOM_PAGE.post })).toBeNull();
    for (const card of infoCards()) expect(countIn(card, ROOM_PAGE.members)).toBe('1');
    await waitFor(() => expect(api.fetchSideRooms).toHaveBeenCalledTimes(2));
  });

  it('of a public room invites someone with Add member: Successfully Send Request', async () => {
    const { user, api, platform } = await renderRooms('/room/creator-9/Chess', {
      room: shown.joined(chess),
      people: [{ username: 'quiet_elk', dp: null }],
    });
    await screen.findByRole('heading', { name: 'q/Chess', level: 1 });
    expect(main().getByRole('link', { name: ROOM_PAGE.post })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: ROOM_PAGE.addMember }));
    const dialog = within(await screen.findByRole('dialog', { name: ROOM_PAGE.addMember }));
    await user.type(dialog.getByLabelText(ROOM_PAGE.searchPeople), 'quiet');
    await user.click(await dialog.findByRole('button', { name: 'u/quiet_elk' }));
    await user.click(dialog.getByRole('button', { name: ROOM_PAGE.sendRequest }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestToJoin).toHaveBeenCalledExactlyOnceWith('quiet_elk', 'Chess');
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.requestSent });
  });

  it('of a private room has Post but no Add member: only the owner adds people there', async () => {
    const { user } = await renderRooms('/room/creator-9/Secret', { room: shown.joined(secret) });
    await screen.findByRole('heading', { name: 'q/Secret', level: 1 });
    expect(main().getByRole('link', { name: ROOM_PAGE.post })).toBeTruthy();
    expect(screen.queryByRole('button', { name: ROOM_PAGE.addMember })).toBeNull();
    await user.click(roomMenu());
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      ROOM_OWNER.roomLog,
      ROOM_PAGE.leave,
      'Report',
    ]);
  });

  it('opens the create modal in the room from the Post button', async () => {
    const { user, router } = await renderRooms('/room/creator-9/Chess', { room: shown.joined(chess) });
    await user.click(await main().findByRole('link', { name: ROOM_PAGE.post }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/post'));
    expect(router.state.location.state).toEqual({
      room: { id: chess.id, title: 'Chess', CreatorId: 'creator-9' },
    });
  });
});

describe('the owner', () => {
  it('has Title, Members, Room log and Delete in the menu, Add member, and the image changes', async () => {
    const { user } = await renderRooms(`/room/${testUser.userID}/Mine`, { room: shown.joined(mine) });
    await screen.findByRole('heading', { name: 'q/Mine', level: 1 });
    expect(screen.getByRole('button', { name: ROOM_PAGE.addMember })).toBeTruthy();
    expect(screen.getByRole('button', { name: ROOM_PAGE.changeBackground })).toBeTruthy();
    expect(screen.getByRole('button', { name: ROOM_PAGE.changeIcon })).toBeTruthy();
    await user.click(roomMenu());
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      ROOM_PAGE.title,
      ROOM_OWNER.members,
      ROOM_OWNER.roomLog,
      ROOM_PAGE.delete,
    ]);
    await user.click(await screen.findByRole('menuitem', { name: ROOM_PAGE.title }));
    expect(await screen.findByRole('dialog', { name: ROOM_FORMS.renameTitle })).toBeTruthy();
  });

  it('deletes the room after confirming and goes home', async () => {
    const { user, api, platform, router } = await renderRooms(`/room/${testUser.userID}/Mine`, {
      room: shown.joined(mine),
      lists: [
        { mine: [mine], publicNotJoined: [] },
        { mine: [], publicNotJoined: [] },
      ],
    });
    await screen.findByRole('heading', { name: 'q/Mine', level: 1 });
    await sideList(ROOM_FORMS.myRooms).findByRole('link', { name: 'q/Mine' });
    await user.click(roomMenu());
    await user.click(await screen.findByRole('menuitem', { name: ROOM_PAGE.delete }));
    expect(screen.getByText(ROOMS.deleteConfirm)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(platform.navigate).toHaveBeenCalledWith({ to: '/', replace: true });
    expect(api.deleteRoom).toHaveBeenCalledWith('Mine');
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.deleted });
    await waitFor(() =>
      expect(sideList(ROOM_FORMS.myRooms).queryByRole('link', { name: 'q/Mine' })).toBeNull(),
    );
    expect(api.fetchSideRooms).toHaveBeenCalledTimes(2);
  });

  it('invites a member picked from the suggestions only', async () => {
    const { user, api, platform } = await renderRooms(`/room/${testUser.userID}/Mine`, {
      room: shown.joined(mine),
      people: [
        { username: 'brave_fox', dp: null },
        { username: 'brave_owl', dp: null },
      ],
    });
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.addMember }));
    const dialog = within(await screen.findByRole('dialog', { name: ROOM_PAGE.addMember }));
    await user.type(dialog.getByLabelText(ROOM_PAGE.searchPeople), 'brave');
    expect(await dialog.findByRole('button', { name: 'u/brave_owl' })).toBeTruthy();
    // the people not in the room yet are asked of the server for this room
    expect(api.memberCandidates).toHaveBeenCalledExactlyOnceWith('Mine', 'brave');
    const send = dialog.getByRole('button', { name: ROOM_PAGE.sendRequest }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'u/brave_owl' }));
    expect(send.disabled).toBe(false);
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestToJoin).toHaveBeenCalledWith('brave_owl', 'Mine');
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.requestSent });
  });

  it('says when no user matches', async () => {
    const { user } = await renderRooms(`/room/${testUser.userID}/Mine`, {
      room: shown.joined(mine),
      people: [],
    });
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.addMember }));
    await user.type(screen.getByLabelText(ROOM_PAGE.searchPeople), 'nobody');
    expect(await screen.findByText(ROOMS.noMatchingUsers)).toBeTruthy();
    expect(screen.getByText(EMPTY.addMember.text)).toBeTruthy();
  });

  it('changes the icon: choose, preview, Save, Updated, and the page shows it', async () => {
    const { user, api, platform } = await renderRooms(`/room/${testUser.userID}/Mine`, {
      room: shown.joined(mine),
    });
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.changeIcon }));
    const dialog = within(await screen.findByRole('dialog', { name: ROOM_PAGE.changeIcon }));
    const save = dialog.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const file = new File([new Uint8Array(8)], 'icon.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText('Choose an image'), file);
    expect(await dialog.findByAltText('Preview of the chosen image')).toBeTruthy();
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(platform.prepareImage).toHaveBeenCalledWith(file);
    expect(api.updateRoomImage).toHaveBeenCalledWith('Mine', 'icon', file);
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.updated });
    expect(main().getByAltText('q/Mine icon').getAttribute('src')).toBe('/uploads/rooms/new-icon.webp');
  });

  it('changes the background: the page shows the new one', async () => {
    const { user, api } = await renderRooms(`/room/${testUser.userID}/Mine`, { room: shown.joined(mine) });
    await user.click(await screen.findByRole('button', { name: ROOM_PAGE.changeBackground }));
    const dialog = within(await screen.findByRole('dialog', { name: ROOM_PAGE.changeBackground }));
    const file = new File([new Uint8Array(8)], 'bg.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText('Choose an image'), file);
    await dialog.findByAltText('Preview of the chosen image');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.updateRoomImage).toHaveBeenCalledWith('Mine', 'background', file);
    const background = () => getComputedStyle(screen.getByTestId('room-background')).backgroundImage;
    await waitFor(() => expect(background()).toContain('/uploads/rooms/bg.webp'));
  });
});

describe('the background of a room without one', () => {
  it('is the one default in Quad’s colours, not a topic’s banner', async () => {
    await renderRooms('/room/creator-9/Chess', { room: shown.joined({ ...chess, bgImg: null }) });
    await screen.findByRole('heading', { name: 'q/Chess', level: 1 });
    const background = getComputedStyle(screen.getByTestId('room-background')).backgroundImage;
    expect(background).toContain(theme.color.brandSoft);
    // the q/dsa banner's blue and the other topics' colours are not there
    expect(background).not.toMatch(/#2563eb|#1e3a8a|#ec4899|#0f9d58/i);
  });
});

describe('the room feeds', () => {
  it('load the posts after the delay, 10 a page, and say when there are no polls', async () => {
    const { user, api } = await renderRooms('/room/creator-9/Chess', {
      room: shown.joined(chess),
      posts: [[makePost('p1', { topic: null })]],
    });
    await screen.findByRole('heading', { name: 'q/Chess', level: 1 });
    expect(api.fetchRoomPosts).not.toHaveBeenCalled();
    expect(await screen.findByText('Post p1')).toBeTruthy();
    expect(api.fetchRoomPosts).toHaveBeenCalledExactlyOnceWith({ title: 'Chess', offset: 0, limit: 10 });

    await user.click(screen.getByRole('tab', { name: 'Poll' }));
    expect(await screen.findByText(LISTS.pollsEmpty)).toBeTruthy();
    expect(api.fetchRoomPolls).toHaveBeenCalledExactlyOnceWith({ roomId: chess.id, offset: 0, limit: 10 });
  });

  it('follow the viewer’s membership: First Join The Room before joining, the vote goes through after', async () => {
    const post = makeRoomPost('p1', { id: chess.id, title: 'Chess', CreatorId: 'creator-9', joined: false });
    const { user, api, platform } = await renderRooms('/room/creator-9/Chess', {
      room: shown.notJoined(chess),
      posts: [[post]],
    });
    const card = await screen.findByRole('article', { name: 'Post p1' });
    await user.click(within(card).getByRole('button', { name: /^Upvote/ }));
    expect(platform.notify).toHaveBeenLastCalledWith({ kind: 'error', text: ROOMS.firstJoin });
    expect(api.votePost).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: ROOM_PAGE.join }));
    await main().findByRole('link', { name: ROOM_PAGE.post });
    await user.click(within(card).getByRole('button', { name: /^Upvote/ }));
    await waitFor(() =>
      expect(api.votePost).toHaveBeenCalledExactlyOnceWith({ postId: 'p1', commentId: null, val: 1 }),
    );
    expect(
      within(card)
        .getByRole('button', { name: /^Upvote/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('lower the room’s post count when the owner deletes a post from the feed', async () => {
    const post = makeRoomPost(
      'p1',
      { id: mine.id, title: 'Mine', CreatorId: testUser.userID },
      { userId: testUser.userID },
    );
    const { user, api } = await renderRooms(`/room/${testUser.userID}/Mine`, {
      room: shown.joined(mine),
      posts: [[post, makePost('p2', { topic: null, userId: testUser.userID })]],
    });
    const card = await screen.findByRole('article', { name: 'Post p1' });
    for (const info of infoCards()) expect(countIn(info, ROOM_PAGE.posts)).toBe('3');
    await user.click(within(card).getByRole('button', { name: 'Post menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Post p1' })).toBeNull());
    expect(api.deletePost).toHaveBeenCalledExactlyOnceWith('p1');
    expect(screen.getByRole('article', { name: 'Post p2' })).toBeTruthy();
    await waitFor(() => {
      for (const info of infoCards()) expect(countIn(info, ROOM_PAGE.posts)).toBe('2');
    });
    expect(countIn(infoCards()[0] as HTMLElement, ROOM_PAGE.polls)).toBe('1');
  });

  it('say when there are no posts yet: a visitor is asked to join, a member to post first', async () => {
    const { user } = await renderRooms('/room/creator-9/Chess', { room: shown.notJoined(chess) });
    expect(await screen.findByText(LISTS.postsEmpty)).toBeTruthy();
    expect(screen.getByText('Join q/Chess to post here.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create a post' })).toBeNull();
    await user.click(screen.getByRole('button', { name: ROOM_PAGE.join }));
    expect(await screen.findByText('No posts in q/Chess yet. Be the first:')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Create a post' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('open on the poll tab when the create modal says so', async () => {
    await renderRooms(
      '/room/creator-9/Chess',
      { room: shown.joined(chess), polls: [[makePoll('q1', { topic: null })]] },
      { state: { newPost: true, tab: 'poll' } },
    );
    expect(await screen.findByText('Poll q1?')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Poll' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('a room that cannot be shown', () => {
  it('shows the 404 screen for an unknown room', async () => {
    await renderRooms('/room/creator-9/Nope', { room: refusal(404, ROOMS.notFound) });
    expect(await screen.findByRole('heading', { name: SCREENS.notFoundTitle })).toBeTruthy();
  });

  it('offers a retry when loading fails', async () => {
    const { user, api } = await renderRooms('/room/creator-9/Chess', { room: refusal(0, 'Network Error') });
    expect(await screen.findByRole('heading', { name: ROOM_PAGE.loadFailed })).toBeTruthy();
    expect(screen.getByText('Network Error')).toBeTruthy();
    api.fetchRoom.mockResolvedValueOnce(shown.notJoined(chess));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'q/Chess', level: 1 })).toBeTruthy();
    expect(api.fetchRoom).toHaveBeenCalledTimes(2);
  });
});

describe('a room masked after reports', () => {
  it('waits behind Hidden after reports until View anyway, info card included', async () => {
    onWideScreen();
    const { user } = await renderRooms('/room/creator-9/Chess', { room: shown.masked(chess) });
    const hidden = await screen.findByRole('heading', { name: SAFETY.hiddenAfterReports, level: 1 });
    expect(hidden.closest('section')?.getAttribute('aria-label')).toBe('Room hidden after reports');
    expect(screen.queryByRole('heading', { name: 'q/Chess', level: 1 })).toBeNull();
    expect(within(rightColumnSlot()).queryByRole('region', { name: 'About this room' })).toBeNull();
    await user.click(screen.getByRole('button', { name: SAFETY.viewAnyway }));
    expect(await screen.findByRole('heading', { name: 'q/Chess', level: 1 })).toBeTruthy();
    expect(within(rightColumnSlot()).getByRole('region', { name: 'About this room' })).toBeTruthy();
    expect(screen.queryByText(SAFETY.authorMasked)).toBeNull();
  });

  it('shows its owner the room in full, with the notice that others do not see it', async () => {
    await renderRooms('/room/creator-9/Chess', { room: shown.maskedForOthers(chess) });
    expect(await screen.findByRole('heading', { name: 'q/Chess', level: 1 })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(SAFETY.authorMasked);
    expect(screen.queryByRole('button', { name: SAFETY.viewAnyway })).toBeNull();
  });
});
