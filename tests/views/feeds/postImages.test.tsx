/**
 * Post images and pictures as the cards show them: described (the author's words, else from the
 * title), in the size their slot needs (srcset of the server's copies, sizes), and the first image of
 * a feed fetched at once and first.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePoll, makePost } from '../../support/feedFakes.ts';
import { renderFeeds } from './feedServer.ts';

const photo = (id: string) => `/uploads/posts/0b7c1e52-0000-4000-8000-00000000000${id}.webp`;
const postImage = (title: string) =>
  within(screen.getByRole('article', { name: title }))
    .getAllByRole('img')
    .find((img) => img.getAttribute('src')?.startsWith('/uploads/posts/')) as HTMLImageElement;

describe('post images', () => {
  it('say what they show: the author’s description, else one made from the title', async () => {
    renderFeeds('/', {
      homePosts: [
        [
          makePost('p1', { img: photo('1'), imgAlt: 'A whiteboard with a binary tree' }),
          makePost('p2', { title: 'Our fest stage', img: photo('2') }),
        ],
      ],
    });
    await screen.findByText('Our fest stage');
    expect(postImage('Post p1').alt).toBe('A whiteboard with a binary tree');
    expect(postImage('Our fest stage').alt).toBe('Image for the post "Our fest stage"');
  });

  it('offer the server’s 320, 640 and 1080 px copies for the width of the card’s slot, in a reserved 3:2 box', async () => {
    renderFeeds('/', { homePosts: [[makePost('p1', { img: photo('1') })]] });
    await screen.findByText('Post p1');
    const img = postImage('Post p1');
    const base = photo('1').replace('.webp', '');
    expect(img.getAttribute('srcset')).toBe(
      `${base}-320w.webp 320w, ${base}-640w.webp 640w, ${base}-1080w.webp 1080w`,
    );
    // phones: the window less the page's and the card's padding; wide screens: at most 706 px
    expect(img.getAttribute('sizes')).toMatch(/^\(max-width: 640px\) min\(calc\(100vw - 58px\), 706px\), /);
    expect(img.getAttribute('sizes')).toMatch(/, min\(calc\(100vw - 690px\), 706px\)$/);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '800']);
  });

  it('load the first image of the feed at once and first, the others lazily', async () => {
    renderFeeds('/', {
      homePosts: [
        [
          makePost('p1'),
          makePost('p2', { img: photo('2') }),
          makePost('p3', { img: photo('3') }),
          makePost('p4', { img: photo('4') }),
        ],
      ],
      homePolls: [[makePoll('q1')]],
    });
    await screen.findByText('Post p4');
    const first = postImage('Post p2');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    for (const title of ['Post p3', 'Post p4']) {
      const later = postImage(title);
      expect(later.getAttribute('loading'), title).toBe('lazy');
      expect(later.getAttribute('decoding'), title).toBe('async');
      expect(later.getAttribute('fetchpriority'), title).toBeNull();
    }
  });

  it('on the post page, load the post’s image at once and first, described the same way', async () => {
    const post = makePost('p9', { title: 'Sunset over Gomti', img: photo('9') });
    renderFeeds('/post/p9', {}, { calls: { fetchPost: async () => ({ ...post, comments: [] }) } });
    await screen.findByRole('heading', { name: 'Sunset over Gomti' });
    const img = postImage('Sunset over Gomti');
    expect(img.alt).toBe('Image for the post "Sunset over Gomti"');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('srcset')).toContain('-640w.webp 640w');
  });
});

describe('avatars', () => {
  it('offer the server’s square copies at the size shown; the default picture has none', async () => {
    const dp = '/uploads/users/0b7c1e52-0000-4000-8000-000000000009.webp';
    renderFeeds('/', {
      homePosts: [[makePost('p1', { user: { username: 'calm_owl', dp } }), makePost('p2')]],
    });
    await screen.findByText('Post p2');
    // decorative beside the name (alt ''), so not in the accessibility tree
    const withPicture = screen.getByRole('article', { name: 'Post p1' }).querySelector('img');
    const base = dp.replace('.webp', '');
    expect(withPicture?.getAttribute('srcset')).toBe(
      `${base}-40x40.webp 40w, ${base}-96x96.webp 96w, ${base}-192x192.webp 192w`,
    );
    expect(withPicture?.getAttribute('sizes')).toBe('32px');
    const fallback = screen.getByRole('article', { name: 'Post p2' }).querySelector('img');
    expect(fallback?.getAttribute('src')).toBe('/default-avatar.svg');
    expect(fallback?.getAttribute('srcset')).toBeNull();
  });
});
