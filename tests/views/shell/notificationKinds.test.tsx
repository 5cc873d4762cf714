import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROOMS } from '../../../src/domain/messages.ts';
import { roomPath } from '../../../src/domain/roomRoutes.ts';
import { ApiError } from '../../../src/services/http.ts';
import { makeRoom } from '../../support/feedFakes.ts';
import { renderApp, testNotification, testUser } from '../support/shell.tsx';

/** The panel's calls; the pages a notification leads to load forever: only the path matters here. */
const invitedRoom = makeRoom('chess', { id: 'room-1', CreatorId: 'u9', privateRoom: true });

const panelCalls = {
  markNotificationRead: async () => ({ msg: 'Notification marked as read' }),
  acceptJoinRequest: async () => ({ msg: ROOMS.accepted }),
  declineJoinRequest: async () => ({ msg: ROOMS.declined }),
  joinRoom: async () => ({ msg: ROOMS.joined, room: invitedRoom }),
  fetchPost: () => new Promise(() => {}),
  fetchPollAccess: () => new Promise(() => {}),
  fetchRoom: () => new Promise(() => {}),
};

async function openPanel(notifications: ReturnType<typeof testNotification>[]) {
  const view = renderApp('/', { user: testUser, notifications, calls: panelCalls });
  await view.user.click(await screen.findByRole('button', { name: /Notifications/ }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  return { ...view, panel: within(panel) };
}

describe('notifications by kind', () => {
  it('a comment vote opens the post the comment is on', async () => {
    const { panel, user, router, api } = await openPanel([
      testNotification({
        id: 'n1',
        kind: 'commentVote',
        postId: 'p7',
        commentId: 'c1',
        body: 'upvoted your comment!',
      }),
    ]);
    await user.click(panel.getByRole('button', { name: /upvoted your comment!/ }));
    expect(api.markNotificationRead).toHaveBeenCalledExactlyOnceWith('n1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/p7'));
  });

  const invitation = testNotification({
    id: 'n2',
    kind: 'roomInvitation',
    postId: null,
    roomId: 'room-1',
    title: 'Join My Room',
    body: 'chess',
    fromUser: 'u9',
  });
  const joinRequest = testNotification({
    id: 'n3',
    kind: 'joinRequest',
    postId: null,
    roomId: 'room-1',
    body: 'chess',
  });

  it('a room invitation opens the room; its Accept is the invitee’s join, never the owner’s acceptance', async () => {
    const { panel, user, router, api } = await openPanel([invitation]);
    expect(panel.queryByRole('button', { name: /^Decline/ })).toBeNull();
    expect(panel.queryByRole('button', { name: /^Accept u\// })).toBeNull();
    await user.click(panel.getByRole('button', { name: /Join My Room/ }));
    expect(api.acceptJoinRequest).not.toHaveBeenCalled();
    expect(api.joinRoom).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(roomPath({ CreatorId: 'u9', title: 'chess' })),
    );
  });

  it('a room invitation is accepted from the panel: the room is joined and opened', async () => {
    const { panel, user, router, api, platform } = await openPanel([invitation]);
    await user.click(panel.getByRole('button', { name: 'Accept the invitation to q/chess' }));
    expect(api.joinRoom).toHaveBeenCalledExactlyOnceWith('room-1');
    expect(api.acceptJoinRequest).not.toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe(roomPath(invitedRoom)));
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.joined });
  });

  it('a join request offers the owner Accept and Decline, by the room’s id', async () => {
    const { panel, user, api, platform } = await openPanel([joinRequest]);
    expect(panel.getByRole('button', { name: 'Accept u/brave_fox into q/chess' })).toBeTruthy();
    expect(panel.queryByRole('button', { name: /^Accept the invitation/ })).toBeNull();
    await user.click(panel.getByRole('button', { name: "Decline u/brave_fox's request to join q/chess" }));
    expect(api.declineJoinRequest).toHaveBeenCalledExactlyOnceWith('room-1', joinRequest.fromUser);
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: ROOMS.declined }),
    );
    expect(api.acceptJoinRequest).not.toHaveBeenCalled();
  });

  it('says why a decline failed (the request was withdrawn meanwhile)', async () => {
    const { panel, user, api, platform } = await openPanel([joinRequest]);
    api.declineJoinRequest.mockRejectedValueOnce(new ApiError(404, ROOMS.noRequest));
    await user.click(panel.getByRole('button', { name: /^Decline/ }));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: ROOMS.noRequest }),
    );
  });

  it.each([
    ['requestAccepted', ROOMS.requestAcceptedTitle],
    ['requestDeclined', ROOMS.requestDeclinedTitle],
  ] as const)(
    'the owner’s answer (%s) opens the room and offers no button of its own',
    async (kind, title) => {
      const { panel, user, router } = await openPanel([
        testNotification({
          id: 'n6',
          kind,
          postId: null,
          roomId: 'room-1',
          title,
          body: 'chess',
          fromUser: 'u9',
        }),
      ]);
      expect(panel.queryByRole('button', { name: /^(Accept|Decline)/ })).toBeNull();
      await user.click(panel.getByRole('button', { name: new RegExp(title) }));
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(roomPath({ CreatorId: 'u9', title: 'chess' })),
      );
    },
  );

  it('a removal by a room’s owner opens the post’s page and offers no Appeal', async () => {
    const { panel, user, router } = await openPanel([
      testNotification({
        id: 'n5',
        kind: 'roomRemoval',
        postId: 'p7',
        fromUser: null,
        user2: null,
        title: "Removed by the room's owner",
        body: 'Off-topic rant',
      }),
    ]);
    expect(panel.queryByRole('button', { name: /^Appeal/ })).toBeNull();
    await user.click(panel.getByRole('button', { name: /^Quad.*Off-topic rant/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/p7'));
  });

  it('a removal of a poll opens the poll’s page', async () => {
    const { panel, user, router } = await openPanel([
      testNotification({
        id: 'n4',
        kind: 'removal',
        postId: null,
        pollId: 'q9',
        fromUser: null,
        user2: null,
        title: 'Removed by moderators',
        body: 'Your poll was removed: Spam',
      }),
    ]);
    await user.click(panel.getByRole('button', { name: /^Quad.*Your poll was removed/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/poll/q9'));
  });

  it('a report outcome about an account is only marked read', async () => {
    const { panel, user, router, api } = await openPanel([
      testNotification({
        id: 'n5',
        kind: 'reportOutcome',
        postId: null,
        fromUser: null,
        user2: null,
        title: 'Your report',
        body: 'The account you reported was removed.',
      }),
    ]);
    await user.click(panel.getByRole('button', { name: /The account you reported/ }));
    await waitFor(() => expect(api.markNotificationRead).toHaveBeenCalledExactlyOnceWith('n5'));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('the Moderation link', () => {
  it('is in a moderator’s account menu and drawer, and nobody else’s', async () => {
    const moderator = { ...testUser, moderator: true };
    const { user } = renderApp('/', { user: moderator, calls: panelCalls });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu', { name: 'Account menu' });
    expect(within(menu).getByRole('menuitem', { name: 'Moderation' }).getAttribute('href')).toBe('/mod');
    expect(
      screen.getAllByRole('link', { name: 'Moderation', hidden: true }).some((link) => !menu.contains(link)),
    ).toBe(true);
  });

  it('is not offered to a member who is not a moderator', async () => {
    const { user } = renderApp('/', { user: testUser, calls: panelCalls });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu', { name: 'Account menu' });
    expect(within(menu).queryByRole('menuitem', { name: 'Moderation' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Moderation', hidden: true })).toBeNull();
  });
});
