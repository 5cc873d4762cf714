import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMENTS } from '../../../src/domain/messages.ts';
import { codeColours } from '../../../src/views/components/markdown/markdownStyles.ts';
import { FORMATTING } from '../../../src/views/components/markdown/WriteOrPreview.tsx';
import { postId, testComment, testPost } from '../../support/createFakes.ts';
import { renderApp, testUser } from '../support/shell.tsx';

const body = [
  'Which is **faster** here, _really_? See [the notes](https://x.dev/notes) and `pq.top()`:',
  '',
  '```cpp',
  'int main() { return 0; }',
  '```',
  '',
  '- arrays',
  '  - nested',
  '',
  '> quoted',
  '',
  '<script>alert(1)</script> [click](javascript:alert(1)) ![cat](https://x.dev/cat.png)',
].join('\n');

async function postPage(
  comments = [testComment({ id: 'fmt', body: 'Try `heapq`:\n\n```\nplain code\n```' })],
) {
  const view = renderApp(`/post/${postId}`, {
    user: testUser,
    calls: {
      fetchPost: async () => ({ ...testPost({ body, commentCount: comments.length }), comments }),
      createComment: async () => testComment(),
    },
  });
  await view.settled();
  return view;
}

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('Markdown in posts and comments', () => {
  it('draws the subset as elements, the code highlighted, and what is outside it as text', async () => {
    await postPage();
    const strong = await screen.findByText('faster');
    const post = strong.closest('article') as HTMLElement;
    expect(strong.tagName).toBe('STRONG');
    expect(within(post).getByText('really').tagName).toBe('EM');
    expect(within(post).getByText('pq.top()').tagName).toBe('CODE');
    const notes = within(post).getByRole('link', { name: 'the notes (opens in a new tab)' });
    expect(notes.getAttribute('href')).toBe('https://x.dev/notes');
    expect(notes.getAttribute('target')).toBe('_blank');
    expect(notes.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(within(post).getByText('nested').closest('ul')?.parentElement?.closest('ul')).toBeTruthy();
    expect(within(post).getByText('quoted').closest('blockquote')).toBeTruthy();

    const code = post.querySelector('pre[data-language="cpp"]') as HTMLElement;
    expect(code.textContent).toBe('int main() { return 0; }');
    // highlight.js loads with the first code block that names a language
    expect((await within(code).findByText('return')).className).toBe('hl-keyword');
    expect(code.tabIndex).toBe(0);

    // raw HTML, a javascript: link and an image stay what they were typed as
    const text = within(post).getByText('quoted').closest('blockquote')?.parentElement as HTMLElement;
    expect(text.textContent).toContain('<script>alert(1)</script> [click](javascript:alert(1)) !cat');
    expect(text.querySelectorAll('script, img, iframe, [onerror], [onclick]')).toHaveLength(0);
    const hrefs = [...text.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://x.dev/notes', 'https://x.dev/cat.png']);

    const comment = screen.getByRole('article', { name: 'Comment by u/brave_fox' });
    expect((await within(comment).findByText('heapq')).tagName).toBe('CODE');
    expect(within(comment).getByText('plain code').tagName).toBe('CODE');
    expect(comment.querySelector('pre')?.dataset.language).toBeUndefined();
  });

  it('colours code at 4.5:1 or more on its background (WCAG AA)', () => {
    const { background, ...colours } = codeColours;
    for (const [name, colour] of Object.entries(colours)) {
      expect(contrast(colour, background), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('previews a comment as it will read, by keyboard, and sends it from the preview', async () => {
    const { user, api } = await postPage([]);
    await user.click(await screen.findByRole('button', { name: COMMENTS.addComment }));
    expect(screen.getByText(FORMATTING.hint)).toBeTruthy();
    expect(screen.getByLabelText('Your comment').getAttribute('aria-describedby')).toContain(
      screen.getByText(FORMATTING.hint).id,
    );
    await user.type(screen.getByLabelText('Your comment'), 'Use **BFS**');
    const write = screen.getByRole('button', { name: FORMATTING.write });
    expect(write.getAttribute('aria-pressed')).toBe('true');

    // the switch is a pair of buttons: Enter presses the focused one
    screen.getByRole('button', { name: FORMATTING.preview }).focus();
    await user.keyboard('{Enter}');
    const preview = screen.getByRole('region', { name: 'Your comment preview' });
    expect((await within(preview).findByText('BFS')).tagName).toBe('STRONG');
    expect(screen.queryByLabelText('Your comment')).toBeNull();
    expect(screen.getByRole('button', { name: FORMATTING.preview }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await user.click(screen.getByRole('button', { name: FORMATTING.write }));
    expect((screen.getByLabelText('Your comment') as HTMLTextAreaElement).value).toBe('Use **BFS**');
    await user.click(screen.getByRole('button', { name: FORMATTING.preview }));
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(api.createComment).toHaveBeenCalledExactlyOnceWith({
      postId,
      commentId: null,
      content: 'Use **BFS**',
    });
  });

  it('says there is nothing to preview for an empty comment', async () => {
    const { user } = await postPage([]);
    await user.click(await screen.findByRole('button', { name: COMMENTS.addComment }));
    await user.click(screen.getByRole('button', { name: FORMATTING.preview }));
    expect(screen.getByText(FORMATTING.nothing)).toBeTruthy();
  });
});
