import { and, asc, desc, eq, exists, getTableColumns, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { type BetMode, type BetTicket, type LegOutcome, type TicketStatus, OPEN_TICKET_STATUSES } from '../../../src/contract/betting';
import type { Queryable, Transaction } from '../../db';
import { betCombos, betLegs, betTickets, customers } from '../../db/schema';
import { HOUSE, OPEN_BETS_SHARDS, type PlayerWallet, houseAccountId, post, walletAccountId } from '../wallet';
import { type ComboRow, type LegRow, type TicketRow, type Written, toTicket } from './tickets';

/**
 * The bets' SQL. Every movement of a ticket's money is one ledger transaction in the same database
 * transaction as the ticket's change of status: the stake goes from the player's wallet to a shard of
 * house:open-bets when the ticket is written (placements, in batches: lockPlacements + writePlacements,
 * two statements whatever the batch's size), and leaves that shard once, as a refund (rejected) or a
 * settlement (payout to the player, the rest to house:sportsbook).
 *
 * Locks are taken players' wallets first (in the order of their ids), then the shard, then the book, in
 * every transaction that moves a ticket's money, so placements and settlements cannot deadlock.
 */

// ── Placement ───────────────────────────────────────────────────────────────────────────────────────

/** The one value a `SELECT f(…) AS r` answers (json, parsed by the driver). */
async function callJson<T>(tx: Transaction, query: SQL): Promise<T> {
  const result = (await tx.execute(query)) as unknown as { rows: { r: T }[] };
  return result.rows[0]!.r;
}

/** PostgreSQL's text[] literal of the shards' kinds (a constant, so the statement's text never changes). */
const SHARDS = `{${OPEN_BETS_SHARDS.map((kind) => `"${kind}"`).join(',')}}`;

export const walletKey = (customerId: number, kind: string) => `${customerId}:${kind}`;
export const callKey = (customerId: number, key: string) => `${customerId}\u0000${key}`;

export interface StoredAnswer {
  call: string;
  requestHash: string;
  response: unknown;
}

export interface PlacementLocks {
  /** The transaction's time: the tickets' createdAt. */
  now: Date;
  /** The players' wallets, locked: id and balance by `customerId:kind`. */
  wallets: Map<string, { id: number; balance: number }>;
  /** Answers already stored under the batch's idempotency keys, by callKey. */
  stored: Map<string, StoredAnswer>;
  /** The shard of house:open-bets this batch's stakes go to, locked. */
  shard: number;
}

/**
 * The lock step of a placement batch, one round trip (bet_placement_lock, migration 0015): locks the
 * wallets the batch's tickets take their stakes from, reads the answers already stored under its keys,
 * and takes a free shard of house:open-bets.
 */
export async function lockPlacements(
  tx: Transaction,
  wallets: { customerId: number; wallet: PlayerWallet }[],
  keys: { customerId: number; key: string }[],
): Promise<PlacementLocks> {
  const walletsJson = JSON.stringify(wallets.map((w) => ({ customer_id: w.customerId, kind: w.wallet })));
  const keysJson = JSON.stringify(keys.map((k) => ({ customer_id: k.customerId, key: k.key })));
  const r = await callJson<{
    now: number;
    wallets: [number, number, string, number][];
    stored: [number, string, string, string, unknown][];
    shard: number;
  }>(tx, sql`SELECT bet_placement_lock(${walletsJson}::json, ${keysJson}::json, ${SHARDS}::text[]) AS r`);
  return {
    now: new Date(Number(r.now)),
    wallets: new Map(
      r.wallets.map(([id, customerId, kind, balance]) => [
        walletKey(Number(customerId), kind),
        { id: Number(id), balance: Number(balance) },
      ]),
    ),
    stored: new Map(
      r.stored.map(([customerId, key, call, requestHash, response]) => [callKey(Number(customerId), key), { call, requestHash, response }]),
    ),
    shard: Number(r.shard),
  };
}

export interface PlacementWrite {
  /** Each call of the batch: its key and answer. */
  calls: { customerId: number; key: string; call: string; requestHash: string; response: unknown }[];
  /** The tickets to write as their rows (the shard in stakeAccountId), each with its call's key and the wallet its stake comes from. */
  tickets: { written: Written; key: string; walletAccountId: number }[];
}

/**
 * The write step of a placement batch, one round trip (bet_placement_write, migration 0015): the calls'
 * keys and answers, and the tickets of the calls whose key was new, each with its ledger transaction.
 * Answers which keys were written and each written ticket's id by trans_id.
 */
export async function writePlacements(
  tx: Transaction,
  write: PlacementWrite,
): Promise<{ keys: Set<string>; ticketIds: Map<string, number> }> {
  const keys = write.calls.map((c) => ({
    customer_id: c.customerId,
    key: c.key,
    call: c.call,
    request_hash: c.requestHash,
    response: c.response,
  }));
  const tickets = write.tickets.map(({ written: { row }, key, walletAccountId: wallet }, n) => ({
    n,
    customer_id: row.customerId,
    key,
    trans_id: row.transId,
    mode: row.mode,
    status: row.status,
    wallet: row.wallet,
    stake: row.stake,
    potential_return: row.potentialReturn,
    odds_type: row.oddsType,
    accept_odds: row.acceptOdds,
    accept_at: row.acceptAt?.toISOString() ?? null,
    wallet_account: wallet,
    stake_account: row.stakeAccountId,
    price_h: row.priceH,
  }));
  // The legs' and combos' columns by their SQL names (ids and what the database sets left out).
  const legs = write.tickets.flatMap(({ written: { row, legs: rows } }) =>
    rows.map(({ id: _id, ticketId: _ticket, outcome: _outcome, score: _score, settledAt: _settled, ...leg }) => ({
      trans_id: row.transId,
      ...snakeCase(leg),
    })),
  );
  const combos = write.tickets.flatMap(({ written: { row, combos: rows } }) =>
    rows.map(({ ticketId: _ticket, ...combo }) => ({ trans_id: row.transId, ...snakeCase(combo) })),
  );
  const r = await callJson<{ keys: [number, string][]; tickets: [string, number][] }>(
    tx,
    sql`SELECT bet_placement_write(${JSON.stringify(keys)}::json, ${JSON.stringify(tickets)}::json, ${JSON.stringify(legs)}::json, ${JSON.stringify(combos)}::json) AS r`,
  );
  return {
    keys: new Set(r.keys.map(([customerId, key]) => callKey(Number(customerId), key))),
    ticketIds: new Map(r.tickets.map(([transId, id]) => [transId, Number(id)])),
  };
}

/** A row's fields under their column names (legNo → leg_no). */
function snakeCase(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([name, value]) => [name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]));
}

/** When the player completed a first deposit (the ending-game batch needs one), or null. */
export async function firstDepositAt(db: Queryable, customerId: number): Promise<Date | null> {
  const [customer] = await db.select({ at: customers.firstDepositAt }).from(customers).where(eq(customers.id, customerId));
  return customer?.at ?? null;
}

// ── A ticket's money after placement ────────────────────────────────────────────────────────────────

/** The shard of house:open-bets that holds a ticket's stake (house:open-bets itself for tickets from before the shards). */
async function stakeAccountOf(tx: Transaction, ticket: TicketRow): Promise<number> {
  return ticket.stakeAccountId ?? houseAccountId(tx, HOUSE.openBets);
}

/** Gives a rejected ticket's stake back (the caller changed its status from waiting, under its lock). */
export async function refundStake(tx: Transaction, ticket: TicketRow): Promise<void> {
  await post(tx, {
    kind: 'bet_refund',
    customerId: ticket.customerId,
    reference: `bet:${ticket.transId}`,
    entries: [
      { accountId: await walletAccountId(tx, ticket.customerId, ticket.wallet as PlayerWallet), amount: ticket.stake },
      { accountId: await stakeAccountOf(tx, ticket), amount: -ticket.stake },
    ],
  });
}

/** Moves a settled ticket's stake out of its shard: the payout to the player, the rest to (or from) the book. */
export async function payOut(tx: Transaction, ticket: TicketRow, payout: number): Promise<void> {
  const entries: { accountId: number; amount: number }[] = [];
  if (payout > 0) entries.push({ accountId: await walletAccountId(tx, ticket.customerId, ticket.wallet as PlayerWallet), amount: payout });
  entries.push({ accountId: await stakeAccountOf(tx, ticket), amount: -ticket.stake });
  if (payout !== ticket.stake) entries.push({ accountId: await houseAccountId(tx, HOUSE.sportsbook), amount: ticket.stake - payout });
  await post(tx, { kind: 'bet_payout', customerId: ticket.customerId, reference: `bet:${ticket.transId}`, entries });
}

// ── Live acceptance and settlement ──────────────────────────────────────────────────────────────────

/** A ticket locked for a change of status (the change is then guarded by the status it leaves). */
export async function lockTicket(tx: Transaction, ticketId: number): Promise<TicketRow | undefined> {
  const [ticket] = await tx.select().from(betTickets).where(eq(betTickets.id, ticketId)).for('update');
  return ticket;
}

export function legsOf(db: Queryable, ticketId: number): Promise<LegRow[]> {
  return db.select().from(betLegs).where(eq(betLegs.ticketId, ticketId)).orderBy(asc(betLegs.legNo));
}

export function combosOf(db: Queryable, ticketId: number): Promise<ComboRow[]> {
  return db.select().from(betCombos).where(eq(betCombos.ticketId, ticketId));
}

/** Moves a ticket from `from` to the values given; answers the row, or nothing when it had left `from` already. */
export async function moveTicket(
  tx: Transaction,
  ticketId: number,
  from: TicketStatus,
  to: Partial<Pick<TicketRow, 'status' | 'reason' | 'settledAt' | 'payout' | 'potentialReturn' | 'priceH'>>,
): Promise<TicketRow | undefined> {
  const [row] = await tx
    .update(betTickets)
    .set(to)
    .where(and(eq(betTickets.id, ticketId), eq(betTickets.status, from)))
    .returning();
  return row;
}

export async function repriceLeg(tx: Transaction, legId: number, priceH: number): Promise<void> {
  await tx.update(betLegs).set({ priceH }).where(eq(betLegs.id, legId));
}

/** Settles a running leg (once: a leg already settled stays as it is). */
export async function settleLeg(tx: Transaction, legId: number, result: { outcome: LegOutcome; score: string | null }, at: Date) {
  await tx
    .update(betLegs)
    .set({ outcome: result.outcome, score: result.score, settledAt: at })
    .where(and(eq(betLegs.id, legId), eq(betLegs.outcome, 'running')));
}

/** Live tickets waiting for their check: all of them, or those whose time passed before `before`. */
export function waitingTickets(db: Queryable, before?: Date): Promise<{ id: number; acceptAt: Date | null }[]> {
  const waiting = eq(betTickets.status, 'waiting');
  return db
    .select({ id: betTickets.id, acceptAt: betTickets.acceptAt })
    .from(betTickets)
    .where(before ? and(waiting, lt(betTickets.acceptAt, before)) : waiting);
}

/** Every running leg of a running ticket (the restart rule reads them all). */
export function runningLegs(db: Queryable): Promise<LegRow[]> {
  return db
    .select(getTableColumns(betLegs))
    .from(betLegs)
    .innerJoin(betTickets, eq(betTickets.id, betLegs.ticketId))
    .where(and(eq(betLegs.outcome, 'running'), eq(betTickets.status, 'running')));
}

/** Open tickets with a running leg on a match. */
export async function ticketsOnMatch(db: Queryable, matchId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: betLegs.ticketId })
    .from(betLegs)
    .innerJoin(betTickets, eq(betTickets.id, betLegs.ticketId))
    .where(and(eq(betLegs.matchId, matchId), eq(betLegs.outcome, 'running'), inArray(betTickets.status, [...OPEN_TICKET_STATUSES])));
  return rows.map((row) => row.id);
}

/** Tickets with a running leg on an outright's season. */
export async function ticketsOnOutright(db: Queryable, outrightOddsId: string, eventDate: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: betLegs.ticketId })
    .from(betLegs)
    .where(and(eq(betLegs.marketId, outrightOddsId), eq(betLegs.kickoff, eventDate), eq(betLegs.outcome, 'running')));
  return rows.map((row) => row.id);
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────────

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
  matchId?: string | undefined;
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
  if (query.matchId) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(betLegs)
          .where(and(eq(betLegs.ticketId, betTickets.id), eq(betLegs.matchId, query.matchId))),
      ),
    );
  }
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
