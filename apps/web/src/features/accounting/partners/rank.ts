import type { TextKey } from '../../../i18n/keys.ts';

/**
 * Spec 3: a partner's rank has five styles. Each rank has its own tag colour, star count and name, so the five
 * are told apart at a glance in the list and in the form.
 */
export const RANKS = [1, 2, 3, 4, 5] as const;
export type Rank = (typeof RANKS)[number];

export interface RankStyle {
  /** antd Tag preset colour. */
  color: string;
  stars: number;
  /** i18n key of the rank's name. */
  labelKey: TextKey;
}

export const RANK_STYLES: Record<Rank, RankStyle> = {
  1: { color: 'default', stars: 1, labelKey: 'partnerPage.rank1' },
  2: { color: 'cyan', stars: 2, labelKey: 'partnerPage.rank2' },
  3: { color: 'blue', stars: 3, labelKey: 'partnerPage.rank3' },
  4: { color: 'gold', stars: 4, labelKey: 'partnerPage.rank4' },
  5: { color: 'magenta', stars: 5, labelKey: 'partnerPage.rank5' },
};

/** The style of a rank; an out-of-range rank (never from the server) falls back to the lowest. */
export const rankStyle = (rank: number): RankStyle => RANK_STYLES[(RANKS as readonly number[]).includes(rank) ? (rank as Rank) : 1];

export const rankStars = (rank: number) => '★'.repeat(rankStyle(rank).stars) + '☆'.repeat(5 - rankStyle(rank).stars);
