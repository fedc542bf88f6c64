import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db';
import { betCashoutQuotes, betCashoutRules, betCashouts, betCombos, betTickets } from '../../db/schema';
import { HOUSE, type PlayerWallet, houseAccountId, post, walletAccountId } from '../wallet';
import type { TicketRow } from './tickets';

/**
 * Cash-out's SQL (issue 38). A cash-out is one database transaction under the ticket's row lock: the
 * bet_cashouts row (the database refuses it for a ticket not running, another player's, a stake that
 * moved, or a bonus-funded stake: migration 0024), the ticket's change (full: 'cashout' with its value
 * as payout; partial: the stake shrinks), and one balanced ledger transaction that takes the part of the
 * stake out of its shard of house:open-bets: the value to the player, the rest to (or from) the book.
 */

export type QuoteRow = typeof betCashoutQuotes.$inferSelect;
export type RuleRow = typeof betCashoutRules.$inferSelect;

export const newQuoteId = () => randomBytes(18).toString('base64url');

export async function insertQuote(db: Queryable, quote: Omit<QuoteRow, 'createdAt'>): Promise<void> {
  await db.insert(betCashoutQuotes).values(quote);
}

export async function quoteOf(db: Queryable, customerId: number, quoteId: string): Promise<QuoteRow | undefined> {
  const [row] = await db
    .select()
    .from(betCashoutQuotes)
    .where(and(eq(betCashoutQuotes.id, quoteId), eq(betCashoutQuotes.customerId, customerId)));
  return row;
}

export async function ticketByTransId(db: Queryable, customerId: number, transId: string): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(betTickets)
    .where(and(eq(betTickets.transId, transId), eq(betTickets.customerId, customerId)));
  return row;
}

/** Whether bonus grants paid part of a ticket's stake (no cash-out for those). */
export async function bonusFunded(db: Queryable, transIds: readonly string[]): Promise<Set<string>> {
  if (transIds.length === 0) return new Set();
  const refs = transIds.map((id) => `bet:${id}`);
  const result = (await db.execute(
    sql`SELECT DISTINCT reference FROM bonus_stakes WHERE reference IN (${sql.join(
      refs.map((r) => sql`${r}`),
      sql`, `,
    )})`,
  )) as unknown as { rows: { reference: string }[] };
  return new Set(result.rows.map((row) => row.reference.slice('bet:'.length)));
}

export interface CashoutWrite {
  ticket: TicketRow;
  quoteId: string | null;
  kind: 'full' | 'partial' | 'auto';
  part: number;
  value: number;
  /** A partial cash-out: the potential return of the stake left on (and a one-combination parlay's combo stake). */
  remainingReturn?: number;
  now: Date;
}

/** Writes a cash-out (the caller holds the ticket's row lock and checked it runs); answers the ticket's row after. */
export async function writeCashout(tx: Transaction, write: CashoutWrite): Promise<TicketRow> {
  const { ticket, part, value } = write;
  await tx.insert(betCashouts).values({
    ticketId: ticket.id,
    customerId: ticket.customerId,
    quoteId: write.quoteId,
    kind: write.kind,
    stakeBefore: ticket.stake,
    part,
    value,
  });
  const full = write.kind !== 'partial';
  const [row] = await tx
    .update(betTickets)
    .set(
      full
        ? { status: 'cashout', payout: value, settledAt: write.now }
        : { stake: ticket.stake - part, potentialReturn: write.remainingReturn ?? 0 },
    )
    .where(and(eq(betTickets.id, ticket.id), eq(betTickets.status, 'running')))
    .returning();
  if (!row) throw new Error(`ticket ${ticket.transId} left running under its lock`);
  if (!full) await tx.update(betCombos).set({ stake: row.stake }).where(eq(betCombos.ticketId, ticket.id));
  // A manual cash-out of any kind removes the auto rule; a full one ends the ticket.
  await tx.delete(betCashoutRules).where(eq(betCashoutRules.ticketId, ticket.id));
  const entries = [
    { accountId: await walletAccountId(tx, ticket.customerId, ticket.wallet as PlayerWallet), amount: value },
    { accountId: ticket.stakeAccountId ?? (await houseAccountId(tx, HOUSE.openBets)), amount: -part },
  ];
  if (part !== value) entries.push({ accountId: await houseAccountId(tx, HOUSE.sportsbook), amount: part - value });
  await post(tx, {
    kind: 'bet_cashout',
    customerId: ticket.customerId,
    reference: `bet:${ticket.transId}`,
    metadata: { part, value, kind: write.kind },
    entries,
  });
  return row;
}

export async function setRule(db: Queryable, ticket: TicketRow, threshold: number | null): Promise<void> {
  if (threshold === null) {
    await db.delete(betCashoutRules).where(eq(betCashoutRules.ticketId, ticket.id));
    return;
  }
  await db
    .insert(betCashoutRules)
    .values({ ticketId: ticket.id, customerId: ticket.customerId, threshold })
    .onConflictDoUpdate({ target: betCashoutRules.ticketId, set: { threshold } });
}

/** The rules of running tickets (the others are left to lapse with their ticket). */
export async function activeRules(db: Queryable): Promise<RuleRow[]> {
  return db
    .select({
      ticketId: betCashoutRules.ticketId,
      customerId: betCashoutRules.customerId,
      threshold: betCashoutRules.threshold,
      createdAt: betCashoutRules.createdAt,
    })
    .from(betCashoutRules)
    .innerJoin(betTickets, eq(betTickets.id, betCashoutRules.ticketId))
    .where(eq(betTickets.status, 'running'));
}

/** The auto thresholds of some tickets, by trans_id. */
export async function rulesOf(db: Queryable, transIds: readonly string[]): Promise<Map<string, number>> {
  if (transIds.length === 0) return new Map();
  const rows = await db
    .select({ transId: betTickets.transId, threshold: betCashoutRules.threshold })
    .from(betCashoutRules)
    .innerJoin(betTickets, eq(betTickets.id, betCashoutRules.ticketId))
    .where(inArray(betTickets.transId, [...transIds]));
  return new Map(rows.map((row) => [row.transId, row.threshold]));
}

/** Quotes expired before `before` that no cash-out refers to. */
export async function dropExpiredQuotes(db: Queryable, before: Date): Promise<void> {
  await db
    .delete(betCashoutQuotes)
    .where(
      and(lt(betCashoutQuotes.expiresAt, before), sql`NOT EXISTS (SELECT 1 FROM bet_cashouts c WHERE c.quote_id = ${betCashoutQuotes.id})`),
    );
}
