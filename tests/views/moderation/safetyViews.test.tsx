import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comment, Post } from '../../../src/domain/entities.ts';
import { ROOMS } from '../../../src/domain/messages.ts';
import { SAFETY } from '../../../src/domain/safety.ts';
import { ApiError } from '../../../src/services/http.ts';
import { postId, testComment, testPost } from '../../support/createFakes.ts';
import { makePoll, makePost } from '../../support/feedFakes.ts';
import { renderApp, testUser } from '../support/shell.tsx';

const removedBySpam = () => new ApiError(410, SAFETY.removedBy('Spam'));

const postPage = (post: Post, comments: Comment[] = [], calls = {}) =>
  renderApp(`/post/${postId}`, {
    user: testUser,
    calls: { fetchPost: async () => ({ ...post, comments }), ...calls },
  });

describe('items masked after reports', () => {
  it('on its page, a masked post and its thread wait behind View anyway, which reveals them for this view', async () => {
    const { user } = postPage(testPost({ masked: true, userId: 'u2' }), [testComment({ body: 'First!' })]);
    expect(await screen.findByRole('heading', { level: 1, name: SAFETY.hiddenAfterReports })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${SAFETY.hiddenAfterReports} · Quad`));
    expect(screen.queryByText('Where to eat near the campus?')).toBeNull();
    expect(screen.queryByText('First!')).toBeNull();
    await user.click(screen.getByRole('button', { name: SAFETY.viewAnyway }));
    expect(screen.getByRole('heading', { level: 1, name: 'Where to eat near the campus?' })).toBeTruthy();
    expect(screen.getByText('First!')).toBeTruthy();
    expect(screen.queryByText(SAFETY.hiddenAfterReports)).toBeNull();
  });

  it('its author reads it in full, with a notice that others do not', async () => {
    postPage(testPost({ maskedForOthers: true }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Where to eat near the campus?' }),
    ).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(SAFETY.authorMasked);
  });

  it('in a feed, a masked post or poll is a card with View anyway', async () => {
    const { user } = renderApp('/', {
      calls: {
        fetchHomePage: async () => [[makePost('p1', { masked: true })], [makePoll('q1', { masked: true })]],
      },
    });
    await waitFor(() => expect(screen.getAllByRole('button', { name: SAFETY.viewAnyway })).toHaveLength(2));
    expect(screen.queryByText('Post p1')).toBeNull();
    const [first] = screen.getAllByRole('button', { name: SAFETY.viewAnyway });
    await user.click(first as HTMLElement);
    expect(screen.getAllByRole('button', { name: SAFETY.viewAnyway })).toHaveLength(1);
  });

  it('in a thread: a masked comment waits behind View anyway, a blocked author’s is one line, a removed one names its rule or its room’s owner', async () => {
    const { user } = postPage(testPost(), [
      testComment({ id: 'm', body: 'Masked words', masked: true }),
      testComment({
        id: 'b',
        body: 'Blocked words',
        authorBlocked: true,
        user: { username: 'blocked_bee', dp: null },
      }),
      testComment({ id: 'r', body: 'Removed words', removedRule: 'Harassment or bullying' }),
      testComment({ id: 'w', body: 'Owner removed words', removedRule: ROOMS.removedByOwner }),
      testComment({ id: 'o', body: 'Own words', maskedForOthers: true }),
    ]);
    expect(await screen.findByText(SAFETY.blockedUserLine)).toBeTruthy();
    expect(screen.queryByText('Blocked words')).toBeNull();
    expect(screen.queryByText('u/blocked_bee')).toBeNull();
    expect(screen.getByText(SAFETY.removedBy('Harassment or bullying'))).toBeTruthy();
    expect(screen.queryByText('Removed words')).toBeNull();
    expect(screen.getByText(ROOMS.removedByOwner)).toBeTruthy();
    expect(screen.queryByText('Owner removed words')).toBeNull();
    expect(screen.getByText('Own words')).toBeTruthy();
    expect(screen.getByText(SAFETY.authorMasked)).toBeTruthy();
    expect(screen.queryByText('Masked words')).toBeNull();
    await user.click(screen.getByRole('button', { name: SAFETY.viewAnyway }));
    expect(screen.getByText('Masked words')).toBeTruthy();
  });
});

describe('pages removed by moderators', () => {
  it('a post page says so, as its heading and title', async () => {
    renderApp(`/post/${postId}`, {
      calls: {
        fetchPost: async () => {
          throw removedBySpam();
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Removed by moderators: Spam' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Removed by moderators: Spam · Quad'));
    expect(screen.getByRole('link', { name: 'Moderation log' }).getAttribute('href')).toBe('/mod/log');
  });

  it('a poll page, a room page and a profile say so', async () => {
    const refuse = async () => {
      throw removedBySpam();
    };
    const poll = renderApp('/poll/q1', { calls: { fetchPollAccess: refuse } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Removed by moderators: Spam' }),
    ).toBeTruthy();
    poll.unmount();
    const room = renderApp('/room/u9/chess', { calls: { fetchRoom: refuse } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Removed by moderators: Spam' }),
    ).toBeTruthy();
    room.unmount();
    renderApp('/u/loud_crow/overview', { calls: { fetchProfile: refuse } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Removed by moderators: Spam' }),
    ).toBeTruthy();
  });
});

describe('crisis help for an author', () => {
  it('shows the campus resources under the author’s post on its page', async () => {
    const { api } = postPage(testPost({ crisisHelp: true }), [], {
      fetchCrisisResources: async () => [{ name: 'Campus counselling', phone: '+91 522 000 0000' }],
    });
    const card = within(await screen.findByRole('region', { name: SAFETY.crisisTitle }));
    expect(card.getByText('Campus counselling')).toBeTruthy();
    expect(api.fetchCrisisResources).toHaveBeenCalledOnce();
  });

  it('asks for nothing when the item needs no help', async () => {
    const { api } = postPage(testPost());
    await screen.findByRole('heading', { level: 1, name: 'Where to eat near the campus?' });
    expect(api.fetchCrisisResources).not.toHaveBeenCalled();
  });
});
