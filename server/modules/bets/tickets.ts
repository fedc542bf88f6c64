import { randomBytes } from 'node:crypto';
import {
  type BetMode,
  type BetTicket,
  type LegOutcome,
  type TicketLeg,
  type TicketStatus,
  betReturn,
  combinations,
  isOpenTicket,
} from '../../../src/contract/betting';
import type { OddsType } from '../../../src/contract/sports';
import type { betCombos, betLegs, betTickets } from '../../db/schema';
import type { PlayerWallet } from '../wallet';

/**
 * A ticket as the service handles it, without the database: what a placement would write, the money
 * math over its legs, and the ticket as a player reads it (the SQL is in repository.ts).
 */

export type TicketRow = typeof betTickets.$inferSelect;
export type LegRow = typeof betLegs.$inferSelect;
export type ComboRow = typeof betCombos.$inferSelect;
export type NewLeg = Omit<typeof betLegs.$inferInsert, 'id' | 'ticketId' | 'legNo' | 'outcome' | 'score' | 'settledAt'>;

export interface NewTicket {
  customerId: number;
  mode: BetMode;
  status: 'waiting' | 'running';
  wallet: Extract<PlayerWallet, 'main' | 'saba'>;
  stake: number;
  potentialReturn: number;
  oddsType: OddsType;
  acceptOdds: 'none' | 'higher' | 'any';
  acceptAt: Date | null;
  legs: NewLeg[];
  combos?: { comboType: string; size: number; stake: number; bets: number }[];
  /** A free bet token paying the stake (issue 35; sports singles from the main wallet). */
  freeBetId?: number | undefined;
  /** A bet builder's price of the whole combination, hundredths (its legs' own prices are only shown). */
  priceH?: number;
}

/** An 18-digit ticket number (trans_id), random so that numbers say nothing about volume. */
export function newTransId(): string {
  const value = randomBytes(8).readBigUInt64BE() % 900_000_000_000_000_000n;
  return String(100_000_000_000_000_000n + value);
}

/** A ticket as written: its row, legs and combos (ids are the database's, once it has written them). */
export interface Written {
  row: TicketRow;
  legs: LegRow[];
  combos: ComboRow[];
}

/**
 * The rows a new ticket is written as, with the database's defaults, at the transaction's time: what
 * its answer is made of before the write (the answer is stored with the write, under its idempotency key).
 */
export function newTicketRows(ticket: NewTicket, transId: string, createdAt: Date, stakeAccountId: number): Written {
  const row: TicketRow = {
    id: 0,
    transId,
    customerId: ticket.customerId,
    mode: ticket.mode,
    status: ticket.status,
    wallet: ticket.wallet,
    stake: ticket.stake,
    potentialReturn: ticket.potentialReturn,
    payout: 0,
    oddsType: ticket.oddsType,
    acceptOdds: ticket.acceptOdds,
    createdAt,
    acceptAt: ticket.acceptAt,
    settledAt: null,
    reason: null,
    stakeAccountId,
    priceH: ticket.priceH ?? null,
  };
  const legs: LegRow[] = ticket.legs.map((leg, legNo) => ({
    id: 0,
    ticketId: 0,
    legNo,
    marketId: leg.marketId,
    matchId: leg.matchId,
    sportTypeId: leg.sportTypeId,
    leagueId: leg.leagueId ?? '',
    leagueName: leg.leagueName ?? '',
    homeName: leg.homeName ?? '',
    awayName: leg.awayName ?? '',
    kickoff: leg.kickoff,
    key: leg.key,
    keyEn: leg.keyEn,
    betType: leg.betType,
    betTypeName: leg.betTypeName,
    periodName: leg.periodName ?? '',
    point: leg.point ?? null,
    point2: leg.point2 ?? null,
    priceH: leg.priceH,
    outcome: 'running',
    score: null,
    playerId: leg.playerId ?? null,
    playerName: leg.playerName ?? null,
    teamId: leg.teamId ?? null,
    teamName: leg.teamName ?? null,
    settledAt: null,
  }));
  const combos: ComboRow[] = (ticket.combos ?? []).map((combo) => ({ ticketId: 0, ...combo }));
  return { row, legs, combos };
}

// ── Money math over stored legs ─────────────────────────────────────────────────────────────────────

type LegLike = Pick<LegRow, 'priceH' | 'outcome'>;
const legInput = (leg: LegLike) => ({ oddsH: leg.priceH, outcome: leg.outcome as LegOutcome | 'running' });

/**
 * What a ticket returns with its legs as they stand (running legs count as won: the potential
 * return). A single or outright is its one leg; a parlay each combo's stake on each of its combinations.
 */
export function ticketReturn(stake: number, legs: LegLike[], combos: Pick<ComboRow, 'size' | 'stake'>[]): number {
  if (combos.length === 0) return betReturn(stake, legs.map(legInput));
  let total = 0;
  for (const combo of combos) {
    for (const pick of combinations(legs.length, combo.size))
      total += betReturn(
        combo.stake,
        pick.map((i) => legInput(legs[i]!)),
      );
  }
  return total;
}

/**
 * What a bet builder returns (issue 38): every selection won, the stake at the builder's price (floored
 * to the centavo); any lost, nothing; running legs count as won (the potential return). A void leg voids
 * the whole builder (stake back): its price is of the whole combination, which a void leg changes, and the
 * feed's contract (providers/feed/customBet.ts) voids selections only all together (no result).
 */
export function builderReturn(stake: number, priceH: number, legs: Pick<LegRow, 'outcome'>[]): number {
  if (legs.some((leg) => leg.outcome === 'lost' || leg.outcome === 'halfLost')) return 0;
  if (legs.some((leg) => leg.outcome === 'void' || leg.outcome === 'halfWon')) return stake;
  return Number((BigInt(stake) * BigInt(priceH)) / 100n);
}

/** What a ticket returns with its legs as they stand, whatever its mode. */
export function anyTicketReturn(ticket: Pick<TicketRow, 'stake' | 'priceH'>, legs: LegLike[], combos: Pick<ComboRow, 'size' | 'stake'>[]) {
  return ticket.priceH === null ? ticketReturn(ticket.stake, legs, combos) : builderReturn(ticket.stake, ticket.priceH, legs);
}

/** The decimal odds a ticket shows: a single's price, or the product of a parlay's legs (floored to hundredths). */
export function ticketOdds(legs: Pick<LegRow, 'priceH'>[]): number {
  let product = 1n;
  for (const leg of legs) product *= BigInt(leg.priceH);
  const hundredths = product / 100n ** BigInt(Math.max(0, legs.length - 1));
  return Number(hundredths) / 100;
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────────

function toLeg(leg: LegRow): TicketLeg {
  return {
    marketId: leg.marketId,
    matchId: leg.matchId,
    key: leg.key,
    keyEn: leg.keyEn,
    betType: leg.betType,
    betTypeName: leg.betTypeName,
    point: leg.point,
    price: leg.priceH / 100,
    sportTypeId: leg.sportTypeId,
    leagueName: leg.leagueName,
    homeName: leg.homeName,
    awayName: leg.awayName,
    kickoff: leg.kickoff,
    outcome: leg.outcome as TicketLeg['outcome'],
    ...(leg.score ? { score: leg.score } : {}),
    ...(leg.playerName ? { playerName: leg.playerName } : {}),
    ...(leg.teamName ? { teamName: leg.teamName } : {}),
  };
}

export function toTicket(row: TicketRow, legs: LegRow[], combos: ComboRow[]): BetTicket {
  const ordered = [...legs].sort((a, b) => a.legNo - b.legNo);
  return {
    transId: row.transId,
    mode: row.mode as BetMode,
    status: row.status as TicketStatus,
    stake: row.stake,
    payout: isOpenTicket(row.status) ? row.potentialReturn : row.payout,
    odds: row.priceH === null ? ticketOdds(ordered) : row.priceH / 100,
    oddsType: row.oddsType as OddsType,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt ? row.settledAt.toISOString() : null,
    ...(row.reason ? { reason: row.reason } : {}),
    ...(row.mode === 'parlay'
      ? {
          combos: [...combos]
            .sort((a, b) => a.size - b.size)
            .map((combo) => ({ comboType: combo.comboType, stake: combo.stake, bets: combo.bets })),
        }
      : {}),
    legs: ordered.map(toLeg),
  };
}
