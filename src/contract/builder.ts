import * as z from 'zod/mini';

/**
 * The bet builder (same-game parlay, issue 38): several selections of one match in one ticket, priced
 * by the feed's custom-bet API (server/providers/feed/customBet.ts) from its model of the match's
 * scoring, not as a product of independent prices. Shared by the server, the match page's Bet Builder
 * tab and My Bets.
 *
 * Rules: 2 to BUILDER_MAX_SELECTIONS selections of one match, at most one per builder market; a
 * combination that cannot happen is refused naming the conflicting selections; placement re-prices on
 * the server (a moved price is answered with the new one to accept, never taken silently); the ticket
 * wins only if every selection wins; a match without a result voids the ticket (stake back); no cash-out.
 */

export const BuilderCall = {
  /** Public. The builder's markets of a match with each selection's own price. */
  selections: 'builder/selections',
  /** Public. The combined price of a choice (or why not) and what still combines with it. */
  calculate: 'builder/calculate',
  /** Player, idempotent. Places a builder as one ticket. */
  place: 'builder/place',
} as const;

export const BUILDER_MIN_SELECTIONS = 2;
export const BUILDER_MAX_SELECTIONS = 6;
/** The bet type code of a builder's legs (the feed's markets use Saba's codes; this one is the book's own). */
export const BUILDER_BET_TYPE = 9000;
/** Stake limits of a builder in whole pesos (a builder is priced by the book, not by one market's limits). */
export const BUILDER_LIMITS = { min: 10, max: 5_000 } as const;

export interface CustomBetSelection {
  /** The provider's selection id ('1x2:h', 'tg2.5:o', 'btts:y'…). */
  selectionId: string;
  /** English name (team names included). */
  name: string;
  /** Its own decimal price alone. */
  price: number;
}

export interface CustomBetMarket {
  marketId: string;
  name: string;
  selections: CustomBetSelection[];
}

/**
 * A combination's price (`ok`), or why not: `conflict` (selectionIds names the conflicting pair: of one
 * market, or that cannot both happen), `unavailable` (the match offers no builder now, or a selection is
 * no longer offered), `incomplete` (too few or too many selections).
 */
export type CustomBetCalculation =
  | { status: 'ok'; price: number }
  | { status: 'conflict'; message: string; selectionIds: string[] }
  | { status: 'unavailable'; message: string; selectionIds?: string[] }
  | { status: 'incomplete'; message: string };

export interface CustomBetFilter {
  /** Selections not chosen that still combine with the choice. */
  combinable: string[];
}

export interface CustomBetSettlement {
  outcomes: Record<string, 'won' | 'lost' | 'void'>;
  /** The full-time score the selections settled on, or null (no result: all void). */
  score: string | null;
}

export interface BuilderSelectionsResponse {
  matchId: string;
  /** Empty with `message` when the match offers no builder now. */
  markets: CustomBetMarket[];
  message?: string;
}

export interface BuilderCalculateResponse {
  calculation: CustomBetCalculation;
  combinable: string[];
}

// ── The calls ───────────────────────────────────────────────────────────────────────────────────────

const matchId = z.string({ message: 'Unknown match.' }).check(z.regex(/^[\w-]{1,40}$/, { message: 'Unknown match.' }));
const selectionIds = z
  .array(z.string().check(z.regex(/^[a-z0-9.:]{1,16}$/, { message: 'Unknown selection.' })), { message: 'selectionIds must be a list.' })
  .check(z.maxLength(BUILDER_MAX_SELECTIONS, { message: `A Bet Builder takes at most ${BUILDER_MAX_SELECTIONS} selections.` }));

export const builderSelectionsBody = z.object({ matchId });
export const builderCalculateBody = z.object({ matchId, selectionIds });
