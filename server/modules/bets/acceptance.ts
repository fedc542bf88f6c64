import { ACCEPTANCE_OF_PARLAY_OPTION, type OddsAcceptance, acceptsPriceChange } from '../../../src/contract/acceptance';
import { BetCode, oddsHundredths } from '../../../src/contract/betting';
import type { Market, Match, Outright } from '../../../src/contract/feed';
import { MarketStatus, isLiveEvent } from '../../../src/contract/sports';
import type { FeedProvider } from '../../providers/feed/types';

/**
 * Whether a selection can be bet on now, and at what price: the feed's word against what the slip
 * sent. Used at placement and again when a live ticket's acceptance delay ends.
 */

/** The price change a player accepts without being asked: the contract's one rule (src/contract/acceptance.ts). */
export type Acceptance = OddsAcceptance;

/** parlay_odds_option: 0 none, 1 only higher, 2 any. */
export const PARLAY_ACCEPTANCE = ACCEPTANCE_OF_PARLAY_OPTION;

/** Where a refused selection stands now (spec §7 answers carry the current price). */
export interface Current {
  price: number;
  status: MarketStatus;
  point: number | null;
}

export type Refusal = { ok: false; code: number; message: string; current?: Current };

export type MatchPick = { ok: true; match: Match; market: Market; live: boolean; priceH: number; keyEn: string } | Refusal;
export type OutrightPick = { ok: true; outright: Outright; team: Outright['teams'][number]; priceH: number } | Refusal;

const STATUS_CODE: Record<MarketStatus, number> = {
  [MarketStatus.Running]: BetCode.Ok,
  [MarketStatus.Closed]: BetCode.MarketClosed,
  [MarketStatus.ClosedPrice]: BetCode.PriceClosed,
  [MarketStatus.Suspend]: BetCode.MarketSuspended,
};

/** Spec §5: 'Market {status}'. */
export const marketMessage = (status: MarketStatus) => `Market ${status}`;
export const ODDS_CHANGED = 'Odds Changed';
const MATCH_GONE = 'This match is over or no longer available.';

/**
 * A match selection: the match still to be decided, the market running with a price, the line the slip
 * shows (a moved line is a different bet: always refused with the new one), and the price within what
 * the player accepts. Accepted at the CURRENT price.
 */
export function checkMatchPick(
  feed: FeedProvider,
  pick: { matchId: string; marketId: string; key: string; priceH: number; point?: number | null | undefined },
  accept: Acceptance,
): MatchPick {
  const match = feed.match(pick.matchId);
  if (!match || match.eventStatus !== 'running' || match.runningStatus === '2') {
    return { ok: false, code: BetCode.MatchNotAvailable, message: MATCH_GONE };
  }
  const market = feed.market(pick.marketId);
  if (!market || market.matchId !== match.matchId) {
    return { ok: false, code: BetCode.MatchNotAvailable, message: 'This market is no longer available.' };
  }
  const selection = market.selections.find((s) => s.key === pick.key);
  if (!selection) return { ok: false, code: BetCode.MatchNotAvailable, message: 'This selection is not offered in this market.' };
  const current: Current = { price: selection.price, status: market.status, point: market.point };
  if (market.status !== MarketStatus.Running) {
    return { ok: false, code: STATUS_CODE[market.status], message: marketMessage(market.status), current };
  }
  if (selection.price <= 1) {
    return {
      ok: false,
      code: BetCode.PriceClosed,
      message: marketMessage(MarketStatus.ClosedPrice),
      current: { ...current, status: MarketStatus.ClosedPrice },
    };
  }
  const currentH = oddsHundredths(selection.price);
  if (!acceptsPriceChange({ price: pick.priceH, point: pick.point }, { price: currentH, point: market.point }, accept)) {
    return { ok: false, code: BetCode.OddsChanged, message: ODDS_CHANGED, current };
  }
  return { ok: true, match, market, live: isLiveEvent(match), priceH: currentH, keyEn: selection.keyEn };
}

/** An outright selection: offered, running, before its eventDate, the team's price within what the player accepts. */
export function checkOutrightPick(
  feed: FeedProvider,
  pick: { outrightOddsId: string; teamId: string; priceH: number },
  accept: Acceptance,
): OutrightPick {
  const outright = feed.outright(pick.outrightOddsId);
  if (!outright) return { ok: false, code: BetCode.MatchNotAvailable, message: 'This outright is no longer offered.' };
  const team = outright.teams.find((t) => t.teamId === pick.teamId);
  if (!team) return { ok: false, code: BetCode.MatchNotAvailable, message: 'This team is not in this outright.' };
  const current: Current = { price: team.price, status: outright.status, point: null };
  if (feed.now() >= Date.parse(outright.eventDate)) {
    return {
      ok: false,
      code: BetCode.MarketClosed,
      message: marketMessage(MarketStatus.Closed),
      current: { ...current, status: 'Closed' },
    };
  }
  if (outright.status !== MarketStatus.Running) {
    return { ok: false, code: STATUS_CODE[outright.status], message: marketMessage(outright.status), current };
  }
  if (team.price <= 1) {
    return {
      ok: false,
      code: BetCode.PriceClosed,
      message: marketMessage(MarketStatus.ClosedPrice),
      current: { ...current, status: MarketStatus.ClosedPrice },
    };
  }
  const currentH = oddsHundredths(team.price);
  if (!acceptsPriceChange({ price: pick.priceH }, { price: currentH }, accept))
    return { ok: false, code: BetCode.OddsChanged, message: ODDS_CHANGED, current };
  return { ok: true, outright, team, priceH: currentH };
}

const pesos = new Intl.NumberFormat('en-US');

/** A stake in whole pesos within 1..cap and the market's own limits; the refusal names the limits. */
export function stakeRefusal(stake: number, limits: { min: number; max: number }): Refusal | undefined {
  if (Number.isInteger(stake) && stake >= limits.min && stake <= limits.max) return undefined;
  return {
    ok: false,
    code: BetCode.StakeOutOfRange,
    message: `The stake must be between ₱${pesos.format(limits.min)} and ₱${pesos.format(limits.max)}.`,
  };
}

/** Centavos as the player reads them: ₱20,000,000.00. */
export function formatCentavos(centavos: number): string {
  return `₱${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(centavos / 100)}`;
}
