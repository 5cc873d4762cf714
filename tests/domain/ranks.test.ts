import { describe, expect, it } from 'vitest';
import { NEUTRAL_RANK_COLOUR, RANK_TIERS, rankStyle, UNRATED } from '../../src/domain/ranks.ts';

describe('Codeforces rank tiers (spec §2 Profile)', () => {
  it('lists the ten tiers from newbie to legendary grandmaster', () => {
    expect(RANK_TIERS).toEqual([
      'newbie',
      'pupil',
      'specialist',
      'expert',
      'candidate master',
      'master',
      'international master',
      'grandmaster',
      'international grandmaster',
      'legendary grandmaster',
    ]);
  });

  it.each([
    ['newbie', '#808080', 1],
    ['pupil', '#008000', 2],
    ['specialist', '#03a89e', 3],
    ['expert', '#0000ff', 4],
    ['candidate master', '#aa00aa', 5],
    ['master', '#ff8c00', 6],
    ['international master', '#ff8c00', 7],
    ['grandmaster', '#ff0000', 8],
    ['international grandmaster', '#ff0000', 9],
    ['legendary grandmaster', '#ff0000', 10],
  ])('shows %s in Codeforces’ colour %s at level %i', (rank, colour, level) => {
    expect(rankStyle(rank)).toMatchObject({ label: rank, tier: rank, colour, level });
  });

  it('reads a rank whatever its letter case and spacing', () => {
    expect(rankStyle('  Candidate   Master ')).toMatchObject({ label: 'candidate master', level: 5 });
    expect(rankStyle('EXPERT')?.tier).toBe('expert');
  });

  it('draws the first letter of a legendary grandmaster dark, as Codeforces does, and no other', () => {
    expect(rankStyle('legendary grandmaster')?.firstLetterDark).toBe(true);
    expect(RANK_TIERS.slice(0, -1).map((rank) => rankStyle(rank)?.firstLetterDark)).toEqual(
      Array(9).fill(false),
    );
  });

  it('gives unrated and unknown ranks a neutral style outside the tiers', () => {
    expect(rankStyle(UNRATED)).toEqual({
      label: 'unrated',
      tier: null,
      level: 0,
      colour: NEUTRAL_RANK_COLOUR,
      firstLetterDark: false,
    });
    expect(rankStyle('headquarters')).toMatchObject({ tier: null, colour: NEUTRAL_RANK_COLOUR });
  });

  it('shows nothing without a rank', () => {
    expect(rankStyle(null)).toBeNull();
    expect(rankStyle(undefined)).toBeNull();
    expect(rankStyle('   ')).toBeNull();
  });
});
