/**
 * Codeforces rank tiers (spec §2 Profile: "Rank tiers shown with colours"), in order, with the
 * colours Codeforces itself uses: newbie gray, pupil green, specialist cyan, expert blue, candidate
 * master violet, master and international master orange, grandmaster and up red. A user without
 * rated contests is stored as 'unrated' (docs/decisions.md) and gets a neutral style.
 */

export const RANK_TIERS = [
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
] as const;
export type RankTier = (typeof RANK_TIERS)[number];

export const UNRATED = 'unrated';

/** Codeforces' own colours of each tier. */
export const RANK_COLOURS: Record<RankTier, string> = {
  newbie: '#808080',
  pupil: '#008000',
  specialist: '#03a89e',
  expert: '#0000ff',
  'candidate master': '#aa00aa',
  master: '#ff8c00',
  'international master': '#ff8c00',
  grandmaster: '#ff0000',
  'international grandmaster': '#ff0000',
  'legendary grandmaster': '#ff0000',
};

/** The colour of ranks outside the tiers ('unrated', or a tier Codeforces adds later). */
export const NEUTRAL_RANK_COLOUR = '#576f76';

export interface RankStyle {
  /** The rank as shown, lower case as Codeforces writes it. */
  label: string;
  /** The tier, or null for 'unrated' and unknown ranks. */
  tier: RankTier | null;
  /** 1 (newbie) to 10 (legendary grandmaster); 0 outside the tiers. */
  level: number;
  colour: string;
  /** Codeforces draws the first letter of a legendary grandmaster in black. */
  firstLetterDark: boolean;
}

const isTier = (rank: string): rank is RankTier => (RANK_TIERS as readonly string[]).includes(rank);

/** How a stored rank is shown; null when there is none. Letter case and extra spaces do not matter. */
export function rankStyle(rank: string | null | undefined): RankStyle | null {
  const label = (rank ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  if (!label) return null;
  if (!isTier(label)) {
    return { label, tier: null, level: 0, colour: NEUTRAL_RANK_COLOUR, firstLetterDark: false };
  }
  return {
    label,
    tier: label,
    level: RANK_TIERS.indexOf(label) + 1,
    colour: RANK_COLOURS[label],
    firstLetterDark: label === 'legendary grandmaster',
  };
}
