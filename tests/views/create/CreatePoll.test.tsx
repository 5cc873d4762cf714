import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/domain/constants.ts';
import { POLLS } from '../../../src/domain/messages.ts';
import { testRoom } from '../../support/createFakes.ts';
import { button, byLabel, notices, renderCreate } from '../../support/createScreens.tsx';

const renderPollTab = () => renderCreate('/create/poll');

const optionFields = () => screen.getAllByRole('textbox', { name: /^Option \d$/ }) as HTMLInputElement[];
const removeButtons = () => screen.queryAllByRole('button', { name: /^Remove option/ });

describe('the poll tab of the create modal', () => {
  it('starts with 2 options that cannot be removed', async () => {
    await renderPollTab();
    expect(optionFields()).toHaveLength(2);
    expect(removeButtons()).toHaveLength(0);
  });

  it('adds options up to 7, with remove buttons only from option 3, then disables Add option and says Options_Limit_Reached', async () => {
    const { user, platform } = await renderPollTab();
    expect(button('Add option').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(POLLS.optionCount(2, LIMITS.pollOptionsMax))).toBeTruthy();
    for (let i = 0; i < 5; i += 1) {
      await user.click(button('Add option'));
      // the new option takes the focus
      expect(document.activeElement).toBe(optionFields().at(-1));
    }
    expect(optionFields()).toHaveLength(LIMITS.pollOptionsMax);
    expect(removeButtons().map((b) => b.getAttribute('aria-label'))).toEqual(
      [3, 4, 5, 6, 7].map((n) => `Remove option ${n}`),
    );
    expect(button('Add option').disabled).toBe(true);
    const hint = screen.getByText(POLLS.optionsLimitHint(LIMITS.pollOptionsMax));
    expect(button('Add option').getAttribute('aria-describedby')).toBe(hint.id);
    expect(platform.notify).not.toHaveBeenCalled();
    await user.click(button('Remove option 4'));
    expect(optionFields()).toHaveLength(6);
    expect(button('Add option').disabled).toBe(false);
    expect(screen.getByText(POLLS.optionCount(6, LIMITS.pollOptionsMax))).toBeTruthy();
  });

  it('counts the question as count/150 and cuts it there', async () => {
    const { user } = await renderPollTab();
    await user.type(byLabel(/^Question/), 'Best?');
    expect(screen.getByText('5/150')).toBeTruthy();
    await user.click(byLabel(/^Question/));
    await user.paste('q'.repeat(200));
    expect(byLabel(/^Question/).value).toHaveLength(LIMITS.pollQuestion);
    expect(screen.getByText('150/150')).toBeTruthy();
  });

  it('requires the question and the options, keeping Create Poll disabled until an edit', async () => {
    const { user, api } = await renderPollTab();
    await user.click(button(POLLS.createPoll));
    expect(screen.getByText(POLLS.questionRequired)).toBeTruthy();
    expect(screen.getByText(POLLS.optionRequired)).toBeTruthy();
    expect(button(POLLS.createPoll).disabled).toBe(true);
    await user.type(optionFields()[0] as HTMLInputElement, 'a');
    expect(button(POLLS.createPoll).disabled).toBe(false);
    expect(api.createPoll).not.toHaveBeenCalled();
  });

  it('drops blank options, says Poll Created!, resets and goes home', async () => {
    const { user, api, platform } = await renderPollTab();
    // Hold the navigation so the modal stays to be looked at after posting.
    platform.navigate.mockImplementation(() => {});
    await user.selectOptions(byLabel('Topic'), 'sports');
    await user.type(byLabel(/^Question/), 'Best ground?');
    await user.click(button('Add option'));
    await user.type(optionFields()[0] as HTMLInputElement, 'North');
    await user.type(optionFields()[1] as HTMLInputElement, 'South');
    await user.click(button(POLLS.createPoll));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/' }));
    expect(api.createPoll).toHaveBeenCalledExactlyOnceWith({
      title: 'Best ground?',
      topic: 'sports',
      options: ['North', 'South'],
    });
    expect(platform.navigate).toHaveBeenCalledTimes(1);
    expect(notices(platform)).toEqual([{ kind: 'success', text: POLLS.created }]);
    expect(optionFields().map((field) => field.value)).toEqual(['', '']);
    expect(byLabel(/^Question/).value).toBe('');
  });

  it('in a room: no topic, sends the room as subCommunity, and returns to the room on its poll tab', async () => {
    const { user, api, platform, router } = await renderPollTab();
    await act(() => router.navigate('/create/poll', { state: { room: testRoom } }));
    await screen.findByText('q/chess_club');
    expect(screen.queryByLabelText('Topic')).toBeNull();
    await user.type(byLabel(/^Question/), 'Best opening?');
    await user.type(optionFields()[0] as HTMLInputElement, 'e4');
    await user.type(optionFields()[1] as HTMLInputElement, 'd4');
    await user.click(button(POLLS.createPoll));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalled());
    expect(api.createPoll).toHaveBeenCalledExactlyOnceWith({
      title: 'Best opening?',
      topic: null,
      options: ['e4', 'd4'],
      subCommunity: testRoom.id,
    });
    expect(platform.navigate).toHaveBeenCalledWith({
      to: '/room/u9/chess_club',
      state: { newPost: true, tab: 'poll' },
    });
    expect(router.state.location.pathname).toBe('/room/u9/chess_club');
  });
});
