/**
 * Every journey fails on an error its pages reported: a hydration mismatch between the server's page
 * and the app, an uncaught exception, a console error (browser.ts leaves out HTTP refusals).
 */
import { afterEach, expect } from 'vitest';
import { takePageErrors } from './browser.ts';

afterEach(() => {
  expect(takePageErrors().join('\n'), 'errors the pages reported').toBe('');
});
