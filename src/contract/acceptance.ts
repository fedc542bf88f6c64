/**
 * The odds-acceptance rule (spec §4, §8 'Odds Changed'): which price moves a player takes without being
 * asked. One rule for the slip (what it shows as changed), the placement (what it sends) and the
 * server (what it accepts), so the three never disagree.
 */

export const ODDS_ACCEPTANCES = ['none', 'higher', 'any'] as const;
/** none: ask every time; higher: take a better price, ask for a worse one; any: take every move. */
export type OddsAcceptance = (typeof ODDS_ACCEPTANCES)[number];

/**
 * What a player takes until they choose otherwise: better odds, the middle of the three choices that
 * sportsbooks and bet-acceptance services (Sportradar MTS's oddsChange: none / higher / any) offer.
 * A better price never costs the player, and a live bet refused because the price moved in their
 * favour is the refusal they resent most; a worse price, or a moved line, still waits for their say.
 */
export const DEFAULT_ODDS_ACCEPTANCE: OddsAcceptance = 'higher';

/** sabaCombo/comboBetToSaba `parlay_odds_option`: 0 none, 1 only higher, 2 any. */
export const PARLAY_ODDS_OPTION: Record<OddsAcceptance, 0 | 1 | 2> = { none: 0, higher: 1, any: 2 };
export const ACCEPTANCE_OF_PARLAY_OPTION: Record<0 | 1 | 2, OddsAcceptance> = { 0: 'none', 1: 'higher', 2: 'any' };

/** A price as the player saw it or as it stands now, with its line (absent where a market has none). */
export interface Quote {
  /** Decimal odds or hundredths: the same unit on both sides. */
  price: number;
  point?: number | null | undefined;
}

/**
 * Whether the price now may stand in for the one the player saw without asking them. A moved line
 * (handicap, total) is a different bet and always asks, whatever the setting.
 */
export function acceptsPriceChange(seen: Quote, now: Quote, accept: OddsAcceptance): boolean {
  const lineMoved = seen.point !== undefined && now.point !== undefined && (seen.point ?? null) !== (now.point ?? null);
  if (lineMoved) return false;
  if (now.price === seen.price || accept === 'any') return true;
  return accept === 'higher' && now.price > seen.price;
}
