import { describe, expect, it } from 'vitest';
import { fieldRefusal, isFieldText, serverText, shownError } from '../../src/machines/failure.ts';
import { apiError } from '../support/createFakes.ts';

/** Issue 33 part 8: a raw validation text never reaches the screen (`/poll/abc` showed 'id: * must be an id'). */
describe('what a failure shows', () => {
  it.each([
    ['id: * must be an id'],
    ['title: *Name cannot include spaces.'],
    ['body.options.0: * Option is required'],
  ])('keeps the validation text %s off screens and toasts', (message) => {
    const error = apiError(400, message);
    expect(isFieldText(error)).toBe(true);
    expect(serverText(error, 'Poll not found')).toBe('Poll not found');
    expect(shownError(error)).toBeNull();
  });

  it('still lets a chart place a validation text under its field', () => {
    expect(fieldRefusal(apiError(400, 'bio: * Bio is at most 300 characters'), ['bio'])).toEqual({
      field: 'bio',
      message: '* Bio is at most 300 characters',
    });
  });

  it.each([
    [400, 'Sorry quad is not available'],
    [403, 'Forbidden!'],
    [410, 'Removed by moderators: Spam'],
    [500, 'Something went wrong on our side. Try again.'],
  ])('shows the server’s own words otherwise (%i %s)', (status, message) => {
    expect(serverText(apiError(status, message), 'fallback')).toBe(message);
    expect(shownError(apiError(status, message))).toBe(message);
  });

  it('falls back when the server said nothing', () => {
    expect(serverText(apiError(0, ''), 'Try Again Later')).toBe('Try Again Later');
    expect(shownError(new Error(''))).toBeNull();
  });
});
