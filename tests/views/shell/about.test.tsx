import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AboutPage } from '../../../src/views/pages/AboutPage.tsx';

describe('About', () => {
  it('explains Quad and credits the configured creators, linking where a page is given', () => {
    render(
      <AboutPage
        creators={[
          { name: 'Asha Verma', url: 'https://example.org/asha' },
          { name: 'Ravi Kumar', url: null },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'About Quad' })).toBeTruthy();
    expect(screen.getByText('Anonymous by design')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Asha Verma' });
    expect(link.getAttribute('href')).toBe('https://example.org/asha');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Ravi Kumar').closest('a')).toBeNull();
  });

  it('invents no names when none are configured', () => {
    render(<AboutPage creators={[]} />);
    expect(screen.queryByRole('heading', { name: 'Made by' })).toBeNull();
  });
});
