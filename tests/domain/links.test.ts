import { describe, expect, it } from 'vitest';
import { findLinks } from '../../src/domain/links.ts';

const linksIn = (text: string) => findLinks(text).filter((part) => part.kind === 'link');
/** A link to `text`, its target as the browser normalises it (a bare host gains its '/'). */
const link = (text: string, href = new URL(text).href) => ({ kind: 'link', text, href });

describe('the web addresses in text people wrote', () => {
  it('cuts text into plain parts and links, losing nothing', () => {
    const text = 'Notes: https://cp-algorithms.com/graph/dfs.html and http://ietlucknow.ac.in/x?y=1#z ok';
    const parts = findLinks(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'Notes: ' },
      link('https://cp-algorithms.com/graph/dfs.html'),
      { kind: 'text', text: ' and ' },
      link('http://ietlucknow.ac.in/x?y=1#z'),
      { kind: 'text', text: ' ok' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });

  it('leaves text without an address as one plain part, and an empty text as none', () => {
    expect(findLinks('no links here, just www.example.com')).toEqual([
      { kind: 'text', text: 'no links here, just www.example.com' },
    ]);
    expect(findLinks('')).toEqual([]);
  });

  it.each([
    ['see https://x.dev.', 'https://x.dev'],
    ['really? https://x.dev/a?!', 'https://x.dev/a'],
    ['(https://x.dev/a)', 'https://x.dev/a'],
    ['[https://x.dev/a].', 'https://x.dev/a'],
    ['"https://x.dev/a",', 'https://x.dev/a'],
    [
      'https://en.wikipedia.org/wiki/Heap_(data_structure)',
      'https://en.wikipedia.org/wiki/Heap_(data_structure)',
    ],
    [
      '(see https://en.wikipedia.org/wiki/Heap_(data_structure))',
      'https://en.wikipedia.org/wiki/Heap_(data_structure)',
    ],
  ])('ends the address of %j at %s', (text, address) => {
    expect(linksIn(text)).toEqual([link(address)]);
  });

  it('links only http and https, in any letter case', () => {
    expect(linksIn('javascript:alert(1) data:text/html,hi ftp://x.dev mailto:a@b.c')).toEqual([]);
    expect(linksIn('HTTPS://Example.com/Path')).toEqual([
      link('HTTPS://Example.com/Path', 'https://example.com/Path'),
    ]);
  });

  it('does not link an address that is not one', () => {
    expect(linksIn('https:// and http://')).toEqual([]);
    expect(linksIn('xhttps://x.dev')).toEqual([]);
  });

  it('never lets markup or quotes into a link', () => {
    expect(linksIn('<a href="https://x.dev/a">https://x.dev/b</a>')).toEqual([
      link('https://x.dev/a'),
      link('https://x.dev/b'),
    ]);
  });
});
