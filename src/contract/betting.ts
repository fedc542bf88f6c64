import type { OddsAcceptance } from './acceptance';
import type { Market, Match } from './feed';
import type { MarketStatus, OddsType } from './sports';

/**
 * Betting, shared by the slip (src/features/betslip), the worker's bet-order refresh and the betting
 * service (server/modules/bets): the call payloads and answers of spec §7, combos (§5), and the money
 * math of returns and settlement.
 *
 * Units: stakes travel in whole pesos (the slip rounds down, spec §5), as do the feed's minBet/maxBet;
 * every amount the server keeps or answers is integer centavos. Prices are decimal odds with two
 * decimals; all return math runs on whole hundredths of odds and whole centavos (BigInt where products
 * grow), so no floating-point money exists anywhere.
 */

export const BET_MODES = ['single', 'parlay', 'endingGame', 'outright', 'player', 'builder'] as const;
export type BetMode = (typeof BET_MODES)[number];

/** Where a ticket stands. `waiting`: a live bet inside its acceptance delay. */
export const TICKET_STATUSES = ['waiting', 'running', 'reject', 'won', 'lost', 'void', 'halfWon', 'halfLost', 'cashout'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A ticket not settled yet: waiting for its live check, or running. My Bets' Running tab. */
export const OPEN_TICKET_STATUSES = ['waiting', 'running'] as const satisfies readonly TicketStatus[];

export function isOpenTicket(status: string): boolean {
  return (OPEN_TICKET_STATUSES as readonly string[]).includes(status);
}

/** A settled leg's (or single's) outcome. */
export type LegOutcome = 'won' | 'lost' | 'void' | 'halfWon' | 'halfLost';

/** Saba-style business codes of a placement answer (`data.code`), spec §8 "Betting". */
export const BetCode = {
  Ok: 0,
  MarketClosed: 7,
  PriceClosed: 24,
  MarketSuspended: 25,
  /** Odds changed against the player (code 39: the answer carries the current prices). */
  OddsChanged: 39,
  StakeOutOfRange: 41,
  InsufficientBalance: 42,
  ComboNotAllowed: 43,
  MatchNotAvailable: 44,
  /** The ticket could return more than MAX_TICKET_RETURN (parlays: payout_list names the legs). */
  PayoutLimit: 45,
  /** The stake is above the max bet of the player's active bonus (issue 35): its own words, never "insufficient balance". */
  BonusMaxBet: 46,
  /** A free bet that cannot be used for this bet (used, expired, another stake, odds under its floor): the words say which. */
  FreeBetRefused: 47,
} as const;
export type BetCode = (typeof BetCode)[keyof typeof BetCode];

/** The market status a leg code stands for (spec §8: 7 closed, 24 price-closed, 25 suspended). */
export const LEG_CODE_STATUS: Partial<Record<number, MarketStatus>> = {
  [BetCode.MarketClosed]: 'Closed',
  [BetCode.PriceClosed]: 'ClosedPrice',
  [BetCode.MarketSuspended]: 'Suspend',
};

// ---- combos (spec §5) -----------------------------------------------------------------------------

/** 2 legs Doubles, 3 legs Trebles, otherwise Fold{n}. */
export function comboName(size: number): string {
  if (size === 2) return 'Doubles';
  if (size === 3) return 'Trebles';
  return `Fold${size}`;
}

/** The combo size a combo type names (Doubles 2, Trebles 3, Fold7 7), or undefined. */
export function comboSize(comboType: string): number | undefined {
  if (comboType === 'Doubles') return 2;
  if (comboType === 'Trebles') return 3;
  const match = /^Fold(\d{1,2})$/.exec(comboType);
  const size = match ? Number(match[1]) : NaN;
  return size >= 4 && size <= 20 ? size : undefined;
}

/** How many bets a combo of `size` makes from `legs` legs: C(legs, size). */
export function combinationCount(legs: number, size: number): number {
  if (size < 0 || size > legs) return 0;
  let count = 1;
  for (let i = 1; i <= size; i++) count = (count * (legs - size + i)) / i;
  return Math.round(count);
}

/** Every way of choosing `size` of the leg indexes 0..legs-1, in lexicographic order. */
export function combinations(legs: number, size: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (from: number) => {
    if (pick.length === size) {
      out.push([...pick]);
      return;
    }
    for (let i = from; i <= legs - (size - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  if (size >= 1 && size <= legs) walk(0);
  return out;
}

/** The combos a parlay of `legs` legs offers: Doubles up to Fold{legs}. */
export function availableCombos(legs: number): { comboType: string; size: number; bets: number }[] {
  const combos = [];
  for (let size = 2; size <= legs; size++) combos.push({ comboType: comboName(size), size, bets: combinationCount(legs, size) });
  return combos;
}

// ---- money math ----------------------------------------------------------------------------------

/** Decimal odds → whole hundredths (1.95 → 195). */
export function oddsHundredths(decimal: number): number {
  return Math.round(decimal * 100);
}

/** Whole pesos as the slip takes them: rounded down, capped at 999,999 (spec §5); 0 for nonsense. */
export function normalizeStake(pesos: number, cap = 999_999): number {
  if (!Number.isFinite(pesos) || pesos <= 0) return 0;
  return Math.min(Math.floor(pesos), cap);
}

/** What a leg multiplies the stake by, as a numerator over 200 (won = 2 × odds, void = 1, half won = (1 + odds) / 2). */
function legFactor200(outcome: LegOutcome | 'running', oddsH: number): bigint {
  switch (outcome) {
    case 'won':
    case 'running':
      return BigInt(2 * oddsH);
    case 'halfWon':
      return BigInt(oddsH + 100);
    case 'void':
      return 200n;
    case 'halfLost':
      return 100n;
    case 'lost':
      return 0n;
  }
}

/**
 * The return (stake included) of one bet in centavos, floored to the centavo: a single is one leg, a
 * combination several. Legs still running count as won (the potential return). Void legs count 1,
 * half-won legs (1 + odds) / 2, half-lost legs 1/2, lost legs 0 (Asian parlay rules).
 */
export function betReturn(stakeCentavos: number, legs: { oddsH: number; outcome: LegOutcome | 'running' }[]): number {
  let numerator = BigInt(stakeCentavos);
  let denominator = 1n;
  for (const leg of legs) {
    numerator *= legFactor200(leg.outcome, leg.oddsH);
    denominator *= 200n;
  }
  return Number(numerator / denominator);
}

/** The potential return of a whole parlay slip: each combo's stake on each of its combinations. */
export function parlayPotentialReturn(legOddsH: number[], combos: { size: number; stakeCentavos: number }[]): number {
  let total = 0;
  for (const combo of combos) {
    for (const pick of combinations(legOddsH.length, combo.size)) {
      total += betReturn(
        combo.stakeCentavos,
        pick.map((i) => ({ oddsH: legOddsH[i]!, outcome: 'running' as const })),
      );
    }
  }
  return total;
}

/** The whole stake a parlay slip costs: Σ combo stake × its number of combinations. */
export function parlayTotalStake(legs: number, combos: { size: number; stakeCentavos: number }[]): number {
  return combos.reduce((sum, combo) => sum + combo.stakeCentavos * combinationCount(legs, combo.size), 0);
}

/**
 * A settled parlay's status from what it returned against its whole stake (a single's status is its
 * leg's outcome): more than the stake won, the stake back void, nothing lost, part of it half lost.
 */
export function parlayStatus(stakeCentavos: number, returned: number): TicketStatus {
  if (returned === 0) return 'lost';
  if (returned === stakeCentavos) return 'void';
  if (returned > stakeCentavos) return 'won';
  return 'halfLost';
}

// ---- calls (spec §7) ------------------------------------------------------------------------------

/** saba/sabaDoPlaceBetV2 (single and player bets). Amounts: stake in whole pesos. */
export interface SinglePlacement {
  oddsType: OddsType;
  /** The decimal price the player saw and accepts. */
  price: number;
  /** true: the stake comes from the main wallet; false: from the sportsbook wallet. */
  seamless: boolean;
  stake: number;
  globalShowTime: string;
  key: string;
  keyEn: string;
  marketId: string;
  matchId: string;
  sportTypeId: string;
  leagueName: string;
  leagueId: string;
  point: number | null;
  point2: number | null;
  betType: number;
  recommendId: string;
  masterId: string;
  betOnPage: string;
  homeName: string;
  awayName: string;
  resourceid: string;
  fromSabaPromotion: boolean;
  widgetBet?: boolean;
  yesOrNo?: boolean;
  /** Accept a price change of this kind without asking (the player's setting). */
  acceptOddsChange?: OddsAcceptance;
  // Player bets
  playerId?: string;
  playerName?: string;
  parentMatchId?: string;
  /** A free bet token of the player's paying the whole stake (issue 35). */
  freeBetId?: number;
}

/** saba/sabaDoBatchPlaceBet (the ending-game multi-bet: several singles in one go, at most 10). */
export interface BatchPlacement {
  oddsType: OddsType;
  seamless: boolean;
  acceptOddsChange?: OddsAcceptance;
  bets: Omit<SinglePlacement, 'oddsType' | 'seamless' | 'acceptOddsChange'>[];
}

/** saba/sabaPlaceOutrightBetV2. */
export interface OutrightPlacement {
  oddsType: OddsType;
  seamless: boolean;
  stake: number;
  price: number;
  outrightOddsId: string;
  teamId: string;
  teamName: string;
  leagueId: string;
  leagueName: string;
  sportTypeId: string;
  eventDate: string;
  acceptOddsChange?: OddsAcceptance;
}

/** One leg of sabaCombo/comboBetToSaba. */
export interface ParlayLeg {
  key: string;
  market_id: string;
  point: number | null;
  point2: number | null;
  price: number;
  sport_type: string;
  home_name: string;
  away_name: string;
  league_name: string;
  betType: number;
  betTypeName: string;
  keyEn: string;
  eventId: string;
  matchDate: string;
}

/** sabaCombo/comboBetToSaba (60 s timeout). `parlay_odds_option`: 1 accept better odds, 2 accept any, 0 none. */
export interface ParlayPlacement {
  parlay_odds_option: 0 | 1 | 2;
  oddsType: OddsType;
  seamless: boolean;
  bet_combos: { combo_type: string; stake: number }[];
  bet_matches: ParlayLeg[];
}

/** Per leg of a parlay answer: state_code 0 fine, 7/24/25 the market's state, 39 its price moved. */
export interface PriceInfo {
  market_id: string;
  key: string;
  state_code: number;
  state_message: string;
  current_price: number;
}

/** A placed ticket as the records and the placement answers show it. Amounts in centavos. */
export interface BetTicket {
  transId: string;
  mode: BetMode;
  status: TicketStatus;
  /** Whole stake of the ticket (a parlay: all its combinations). */
  stake: number;
  /** Potential return while running; the amount paid once settled. */
  payout: number;
  /** The decimal odds of a single, or the product of a parlay's legs (one combination of all legs). */
  odds: number;
  oddsType: OddsType;
  createdAt: string;
  settledAt: string | null;
  /** Why a ticket was rejected. */
  reason?: string;
  combos?: { comboType: string; stake: number; bets: number }[];
  legs: TicketLeg[];
  /**
   * Cash-out (issue 38), on a running ticket read from My Bets: whether it is offered (not for a
   * bonus-funded stake), the operator's margin the value is worked out with, and the auto threshold.
   */
  cashout?: { offered: boolean; marginBp: number; auto: number | null };
}

export interface TicketLeg {
  marketId: string;
  matchId: string;
  key: string;
  keyEn: string;
  betType: number;
  betTypeName: string;
  point: number | null;
  price: number;
  sportTypeId: string;
  leagueName: string;
  homeName: string;
  awayName: string;
  kickoff: string;
  outcome: LegOutcome | 'running';
  /** The final score the leg settled on, e.g. '2-1'. */
  score?: string;
  playerName?: string;
  teamName?: string;
}

/** A placement answer (single, outright, batch item): `code` 0 or a BetCode with `message`. */
export interface PlacementResult {
  code: number;
  message: string;
  /** running | waiting | reject (spec §4: running means success). */
  bet_status: 'running' | 'waiting' | 'reject';
  ticket?: BetTicket;
  /** code 39 / 7 / 24 / 25: where the price and market stand now. */
  current?: { price: number; status: MarketStatus; point: number | null };
}

export interface ParlayResult {
  code: number;
  message: string;
  bet_status: 'running' | 'waiting' | 'reject';
  parlay_ticket_status: TicketStatus;
  trans_idStr: string;
  combos: { combo_type: string; stake: number; bet_count: number }[];
  current_combos: { combo_type: string; bet_count: number }[];
  price_info: PriceInfo[];
  /** Legs whose odds are abnormal (moved too far) and legs over a payout limit. */
  abnormal_odds: string[];
  payout_list: string[];
  ticket?: BetTicket;
}

/** saba/querySelectionDetailV2: the slip's orders as they stand now. */
export interface SelectionQuery {
  marketId: string;
  key: string;
  /** Outright orders. */
  outrightOddsId?: string;
  teamId?: string;
}

export interface SelectionDetail {
  marketId: string;
  key: string;
  outrightOddsId?: string;
  teamId?: string;
  /** Decimal price now; 0 when closed. */
  price: number;
  status: MarketStatus;
  point: number | null;
  point2: number | null;
  minBet: number;
  maxBet: number;
  /** False when the market or match is gone. */
  found: boolean;
}

/**
 * A match selection's detail as the live feed has it (the rule querySelectionDetailV2 answers by): a
 * match that is over closes its markets, a running market without a price is price-closed, and only a
 * running market carries a price. The realtime worker gives the slip this detail from the same market
 * data the rows show, the moment the rows get it, so the slip never shows an older price than the page.
 */
export function selectionDetailOf(
  market: Market,
  key: string,
  match: Pick<Match, 'eventStatus' | 'runningStatus'> | undefined,
): SelectionDetail | undefined {
  const selection = market.selections.find((s) => s.key === key);
  if (!selection || !match) return undefined;
  const over = match.eventStatus !== 'running' || match.runningStatus === '2';
  const status: MarketStatus = over ? 'Closed' : market.status === 'Running' && selection.price <= 1 ? 'ClosedPrice' : market.status;
  return {
    marketId: market.marketId,
    key,
    price: status === 'Running' ? selection.price : 0,
    status,
    point: market.point,
    point2: market.point2,
    minBet: market.minBet,
    maxBet: market.maxBet,
    found: true,
  };
}

/** The most one ticket may return, stake included, in centavos (₱20,000,000.00). */
export const MAX_TICKET_RETURN = 2_000_000_000;

/** saba/sabaDoBatchPlaceBet answer: one result per bet, in the order they were sent. */
export interface BatchPlacementResponse {
  results: PlacementResult[];
}

/** saba/queryTicketByTransId body; the answer is the BetTicket (only the player's own). */
export interface TicketQuery {
  transId: string;
}

/** saba/queryQuickBetSingleMarket and saba/refreshSingleMarket: one market as it stands now, with its match. */
export interface SingleMarketRequest {
  marketId: string;
}
export interface SingleMarketResponse {
  market: Market;
  match: Match;
}

/** What /user/queue/bets carries when a ticket's status changes (accepted, rejected, settled). Centavos. */
export interface BetPush {
  transId: string;
  status: TicketStatus;
  /** Potential return while waiting or running; the amount paid once settled (0 when rejected). */
  payout: number;
}

/**
 * The key a selection's details go by, on the slip and in the worker: `${marketId}:${key}`, and for
 * outrights `${outrightOddsId}:${teamId}` (the key when the order has no teamId). Takes a query or a
 * detail alike.
 */
export function selectionKey(selection: SelectionQuery): string {
  return selection.outrightOddsId
    ? `${selection.outrightOddsId}:${selection.teamId ?? selection.key}`
    : `${selection.marketId}:${selection.key}`;
}

/** At most this many selections in one querySelectionDetailV2 call. */
export const SELECTION_DETAIL_BATCH = 50;

/** saba/querySelectionDetailV2 body and answer. */
export interface SelectionDetailRequest {
  selections: SelectionQuery[];
}
export interface SelectionDetailResponse {
  selections: SelectionDetail[];
}

/** transactionRecord/queryBetList (main prefix): a player's tickets, newest first. */
export interface BetListRequest {
  /** running: waiting and running tickets; settled: everything else. */
  status: 'running' | 'settled';
  pageNo: number;
  pageSize: number;
  /** Manila days, YYYY-MM-DD, inclusive (settled list). */
  beginDate?: string;
  endDate?: string;
  mode?: BetMode;
  /** Only tickets with a leg on this match (the match page's own open tickets). */
  matchId?: string;
}
export interface BetListResponse {
  total: number;
  tickets: BetTicket[];
  /** Sums over the filtered tickets, centavos. */
  totals: { stake: number; payout: number };
}
