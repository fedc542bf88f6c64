import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  type BetMode,
  type BetTicket,
  type LegOutcome,
  type TicketLeg,
  type TicketStatus,
  OPEN_TICKET_STATUSES,
  betReturn,
  combinations,
  isOpenTicket,
} from '../../../src/contract/betting';
import type { OddsType } from '../../../src/contract/sports';
import type { Queryable, Transaction } from '../../db';
import { betCombos, betLegs, betTickets } from '../../db/schema';
import { HOUSE, type PlayerWallet, houseAccountId, post, walletAccountId } from '../wallet';

/**
 * Tickets in the database, and the money around them. Every movement of a ticket's money is one
 * ledger transaction in the same database transaction as the ticket's change of status: the stake
 * goes from the player's wallet to house:open-bets when the ticket is written, and leaves it once, as
 * a refund (rejected) or a settlement (payout to the player, the rest to house:sportsbook).
 *
 * Entries are always written player wallet first, then open bets, then the book: the trigger locks
 * the accounts in that order, so a placement and a settlement of the same player cannot deadlock.
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
}

/** An 18-digit ticket number (trans_id), random so that numbers say nothing about volume. */
export function newTransId(): string {
  const value = randomBytes(8).readBigUInt64BE() % 900_000_000_000_000_000n;
  return String(100_000_000_000_000_000n + value);
}

/** Writes a ticket with its legs and combos and takes its stake; throws InsufficientBalance (the ledger) when it cannot. */
export async function writeTicket(tx: Transaction, ticket: NewTicket): Promise<{ row: TicketRow; legs: LegRow[]; combos: ComboRow[] }> {
  const transId = newTransId();
  const [row] = await tx
    .insert(betTickets)
    .values({
      transId,
      customerId: ticket.customerId,
      mode: ticket.mode,
      status: ticket.status,
      wallet: ticket.wallet,
      stake: ticket.stake,
      potentialReturn: ticket.potentialReturn,
      oddsType: ticket.oddsType,
      acceptOdds: ticket.acceptOdds,
      acceptAt: ticket.acceptAt,
    })
    .returning();
  const ticketId = row!.id;
  const legs = await tx
    .insert(betLegs)
    .values(ticket.legs.map((leg, legNo) => ({ ...leg, ticketId, legNo })))
    .returning();
  const combos = ticket.combos?.length
    ? await tx
        .insert(betCombos)
        .values(ticket.combos.map((combo) => ({ ...combo, ticketId })))
        .returning()
    : [];
  await post(tx, {
    kind: 'bet',
    customerId: ticket.customerId,
    reference: `bet:${transId}`,
    metadata: { mode: ticket.mode },
    entries: [
      { accountId: await walletAccountId(tx, ticket.customerId, ticket.wallet), amount: -ticket.stake },
      { accountId: await houseAccountId(tx, HOUSE.openBets), amount: ticket.stake },
    ],
  });
  return { row: row!, legs: legs.sort((a, b) => a.legNo - b.legNo), combos };
}

/** Gives a rejected ticket's stake back (the caller changed its status from waiting, under its lock). */
export async function refundStake(tx: Transaction, ticket: TicketRow): Promise<void> {
  await post(tx, {
    kind: 'bet_refund',
    customerId: ticket.customerId,
    reference: `bet:${ticket.transId}`,
    entries: [
      { accountId: await walletAccountId(tx, ticket.customerId, ticket.wallet as PlayerWallet), amount: ticket.stake },
      { accountId: await houseAccountId(tx, HOUSE.openBets), amount: -ticket.stake },
    ],
  });
}

/** Moves a settled ticket's stake out of open bets: the payout to the player, the rest to (or from) the book. */
export async function payOut(tx: Transaction, ticket: TicketRow, payout: number): Promise<void> {
  const entries: { accountId: number; amount: number }[] = [];
  if (payout > 0) entries.push({ accountId: await walletAccountId(tx, ticket.customerId, ticket.wallet as PlayerWallet), amount: payout });
  entries.push({ accountId: await houseAccountId(tx, HOUSE.openBets), amount: -ticket.stake });
  if (payout !== ticket.stake) entries.push({ accountId: await houseAccountId(tx, HOUSE.sportsbook), amount: ticket.stake - payout });
  await post(tx, { kind: 'bet_payout', customerId: ticket.customerId, reference: `bet:${ticket.transId}`, entries });
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
    odds: ticketOdds(ordered),
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

/** Tickets with their legs and combos, in the order of `rows`. */
export async function withDetails(db: Queryable, rows: TicketRow[]): Promise<BetTicket[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [legs, combos] = await Promise.all([
    db.select().from(betLegs).where(inArray(betLegs.ticketId, ids)).orderBy(asc(betLegs.ticketId), asc(betLegs.legNo)),
    db.select().from(betCombos).where(inArray(betCombos.ticketId, ids)),
  ]);
  return rows.map((row) =>
    toTicket(
      row,
      legs.filter((leg) => leg.ticketId === row.id),
      combos.filter((combo) => combo.ticketId === row.id),
    ),
  );
}

export async function ticketOf(db: Queryable, customerId: number, transId: string): Promise<BetTicket | undefined> {
  const rows = await db
    .select()
    .from(betTickets)
    .where(and(eq(betTickets.transId, transId), eq(betTickets.customerId, customerId)));
  return (await withDetails(db, rows))[0];
}

const MANILA_OFFSET = '+08:00';
const DAY_MS = 86_400_000;

export interface ListQuery {
  customerId: number;
  status: 'running' | 'settled';
  pageNo: number;
  pageSize: number;
  beginDate?: string | undefined;
  endDate?: string | undefined;
  mode?: BetMode | undefined;
}

/**
 * A player's tickets, newest first: running (waiting and running) or settled (everything else), placed
 * between two Manila days inclusive. Totals are over every filtered ticket, rejected ones left out
 * (their stake went back).
 */
export async function listTickets(
  db: Queryable,
  query: ListQuery,
): Promise<{ total: number; tickets: BetTicket[]; totals: { stake: number; payout: number } }> {
  const where: SQL[] = [
    eq(betTickets.customerId, query.customerId),
    (query.status === 'running' ? inArray : notInArray)(betTickets.status, [...OPEN_TICKET_STATUSES]),
  ];
  if (query.beginDate) where.push(gte(betTickets.createdAt, new Date(`${query.beginDate}T00:00:00${MANILA_OFFSET}`)));
  if (query.endDate) where.push(lt(betTickets.createdAt, new Date(Date.parse(`${query.endDate}T00:00:00${MANILA_OFFSET}`) + DAY_MS)));
  if (query.mode) where.push(eq(betTickets.mode, query.mode));
  const condition = and(...where);
  const [summary] = await db
    .select({
      total: sql<number>`count(*)::int`,
      stake: sql<string>`coalesce(sum(${betTickets.stake}) filter (where ${betTickets.status} <> 'reject'), 0)`,
      payout: sql<string>`coalesce(sum(case when ${betTickets.status} in ('waiting', 'running') then ${betTickets.potentialReturn} else ${betTickets.payout} end), 0)`,
    })
    .from(betTickets)
    .where(condition);
  const rows = await db
    .select()
    .from(betTickets)
    .where(condition)
    .orderBy(desc(betTickets.createdAt), desc(betTickets.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return {
    total: summary?.total ?? 0,
    tickets: await withDetails(db, rows),
    totals: { stake: Number(summary?.stake ?? 0), payout: Number(summary?.payout ?? 0) },
  };
}
