import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../../src/domain/publicConfig.ts';
import { fakePlatform } from '../../support/fakeSystem.ts';
import { renderApp } from '../support/shell.tsx';

/** The About page at its route, with the creators and college the server configured. */
async function renderAbout(config: Partial<PublicConfig>) {
  const view = renderApp('/about/', { platform: fakePlatform({ config }) });
  await screen.findByRole('heading', { name: 'About Quad' });
  return { ...view, page: within(screen.getByRole('main')) };
}

describe('About', () => {
  it('explains Quad and credits the configured creators, linking where a page is given', async () => {
    const { page } = await renderAbout({
      collegeDomain: 'example.edu',
      creators: [
        { name: 'Asha Verma', url: 'https://example.org/asha' },
        { name: 'Ravi Kumar', url: null },
      ],
    });
    expect(page.getByText('Anonymous by design')).toBeTruthy();
    expect(page.getByText(/the anonymous discussion board of example\.edu/)).toBeTruthy();
    expect(page.getByRole('heading', { name: 'Made by' })).toBeTruthy();
    const link = page.getByRole('link', { name: 'Asha Verma' });
    expect(link.getAttribute('href')).toBe('https://example.org/asha');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(page.getByText('Ravi Kumar').closest('a')).toBeNull();
  });

  it('invents no names when none are configured', async () => {
    const { page } = await renderAbout({ creators: [] });
    expect(page.getByText('Anonymous by design')).toBeTruthy();
    expect(page.queryByRole('heading', { name: 'Made by' })).toBeNull();
  });
});
