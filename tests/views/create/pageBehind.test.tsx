import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRoomState } from '../../../src/views/pages/create/roomContext.ts';
import { makePost, makeRoom } from '../../support/feedFakes.ts';
import { feedCalls } from '../feeds/feedServer.ts';
import { roomCalls } from '../rooms/roomAnswers.ts';
import { renderApp, testUser } from '../support/shell.tsx';

/** The page drawn under the create modal: the inert part of the main column. */
const pageBehind = () => {
  const inert = screen.getByRole('main', { hidden: true }).querySelector('[inert]');
  if (!(inert instanceof HTMLElement)) throw new Error('no page under the modal');
  return inert;
};

const timetable = makePost('p1', { title: 'Exam timetable is out' });

describe('the page under the create modal', () => {
  it('is the home feed, which closing it returns to, out of reach behind the dialog', async () => {
    const { user, router } = renderApp('/create/post', {
      user: testUser,
      // Asked for twice: under the modal, then afresh on the page closing it returns to.
      calls: feedCalls({ homePosts: [[timetable], [timetable]] }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create' });
    expect(await within(pageBehind()).findByText('Exam timetable is out')).toBeTruthy();
    expect(dialog.contains(pageBehind())).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('main').querySelector('[inert]')).toBeNull();
    expect(await screen.findByText('Exam timetable is out')).toBeTruthy();
  });

  it('is the room the modal was opened from', async () => {
    const room = makeRoom('chess_club', { CreatorId: testUser.userID });
    const { router, settled } = renderApp('/', { user: testUser, calls: roomCalls() });
    await settled();
    await act(() => router.navigate('/create/post', { state: createRoomState(room) }));
    await screen.findByRole('dialog', { name: 'Create' });
    expect(
      await within(pageBehind()).findByRole('heading', { level: 1, name: 'q/chess_club', hidden: true }),
    ).toBeTruthy();
    // The room, loaded after the modal opened, leaves the tab's title to the modal.
    expect(document.title).toBe('Create a post · Quad');
  });

  it('is nothing on any other page', async () => {
    const { settled } = renderApp('/about/', { user: testUser });
    await settled();
    await screen.findByRole('heading', { level: 1, name: /About/ });
    expect(screen.getByRole('main').querySelector('[inert]')).toBeNull();
  });
});
