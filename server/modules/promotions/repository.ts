import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db';
import {
  bonusContributions,
  bonusGrants,
  bonusStakes,
  checkIns,
  freeBets,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  promoOffers,
  rebateDays,
  rebates,
} from '../../db/schema';

/**
 * The promotions' SQL: the offer catalogue, grants (each with its own ledger account, kind
 * `bonus:<offer>`), the parts of stakes grants paid, and contributions (once per grant and reference).
 */

export type GrantRow = typeof bonusGrants.$inferSelect;
export type OfferRow = typeof promoOffers.$inferSelect;

export function offers(db: Queryable): Promise<OfferRow[]> {
  return db.select().from(promoOffers).orderBy(asc(promoOffers.id));
}

export async function offer(db: Queryable, id: string): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(promoOffers).where(eq(promoOffers.id, id));
  return row;
}

/** An offer's row locked (a coupon's receipts queue here, on every instance). */
export async function lockOffer(tx: Transaction, id: string): Promise<OfferRow | undefined> {
  const [row] = await tx.select().from(promoOffers).where(eq(promoOffers.id, id)).for('update');
  return row;
}

/** One more player received the coupon (its row is locked by the caller). */
export async function countClaim(tx: Transaction, id: string): Promise<void> {
  await tx
    .update(promoOffers)
    .set({ claimed: sql`${promoOffers.claimed} + 1` })
    .where(eq(promoOffers.id, id));
}

export async function seedOffers(db: Queryable, rows: { id: string; terms: unknown }[]): Promise<void> {
  if (rows.length > 0) await db.insert(promoOffers).values(rows).onConflictDoNothing();
}

export async function saveOffer(db: Queryable, id: string, terms: unknown, active: boolean): Promise<void> {
  await db
    .insert(promoOffers)
    .values({ id, terms, active })
    .onConflictDoUpdate({ target: promoOffers.id, set: { terms, active, updatedAt: new Date() } });
}

/** A player's grants with their accounts' balances, newest first. */
export async function grantsOf(db: Queryable, customerId: number): Promise<(GrantRow & { balance: number })[]> {
  return db
    .select({ ...grantColumns, balance: ledgerAccounts.balance })
    .from(bonusGrants)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, bonusGrants.accountId))
    .where(eq(bonusGrants.customerId, customerId))
    .orderBy(desc(bonusGrants.id));
}

const grantColumns = {
  id: bonusGrants.id,
  customerId: bonusGrants.customerId,
  offerId: bonusGrants.offerId,
  kind: bonusGrants.kind,
  accountId: bonusGrants.accountId,
  vertical: bonusGrants.vertical,
  amount: bonusGrants.amount,
  multiple: bonusGrants.multiple,
  wageringRequired: bonusGrants.wageringRequired,
  wagered: bonusGrants.wagered,
  contribution: bonusGrants.contribution,
  maxBet: bonusGrants.maxBet,
  maxWin: bonusGrants.maxWin,
  expiresAt: bonusGrants.expiresAt,
  status: bonusGrants.status,
  endReason: bonusGrants.endReason,
  converted: bonusGrants.converted,
  forfeited: bonusGrants.forfeited,
  createdAt: bonusGrants.createdAt,
  endedAt: bonusGrants.endedAt,
};

/**
 * A player's active grants locked (of one vertical, or all), earliest expiry first, with their balances
 * (read after the lock: the balance moves only with the grant locked).
 */
export async function lockActiveGrants(
  tx: Transaction,
  customerId: number,
  vertical?: string,
): Promise<(GrantRow & { balance: number })[]> {
  const where = [eq(bonusGrants.customerId, customerId), eq(bonusGrants.status, 'active')];
  if (vertical) where.push(eq(bonusGrants.vertical, vertical));
  const rows = await tx
    .select()
    .from(bonusGrants)
    .where(and(...where))
    .orderBy(asc(bonusGrants.expiresAt), asc(bonusGrants.id))
    .for('update');
  return withBalances(tx, rows);
}

export async function lockGrant(tx: Transaction, grantId: number): Promise<(GrantRow & { balance: number }) | undefined> {
  const rows = await tx.select().from(bonusGrants).where(eq(bonusGrants.id, grantId)).for('update');
  return (await withBalances(tx, rows))[0];
}

async function withBalances(tx: Transaction, rows: GrantRow[]): Promise<(GrantRow & { balance: number })[]> {
  if (rows.length === 0) return [];
  const accounts = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.id,
        rows.map((row) => row.accountId),
      ),
    );
  const balance = new Map(accounts.map((a) => [a.id, a.balance]));
  return rows.map((row) => ({ ...row, balance: balance.get(row.accountId) ?? 0 }));
}

export async function insertGrant(tx: Transaction, grant: typeof bonusGrants.$inferInsert): Promise<GrantRow | undefined> {
  const [row] = await tx.insert(bonusGrants).values(grant).onConflictDoNothing().returning();
  return row;
}

export async function endGrant(
  tx: Transaction,
  grantId: number,
  end: { status: 'converted' | 'forfeited'; endReason: string; converted: number; forfeited: number; at: Date },
): Promise<void> {
  await tx
    .update(bonusGrants)
    .set({ status: end.status, endReason: end.endReason, converted: end.converted, forfeited: end.forfeited, endedAt: end.at })
    .where(eq(bonusGrants.id, grantId));
}

/** Grants still active past their expiry. */
export async function expiredGrants(db: Queryable, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: bonusGrants.id })
    .from(bonusGrants)
    .where(and(eq(bonusGrants.status, 'active'), lte(bonusGrants.expiresAt, now)));
  return rows.map((row) => row.id);
}

export async function customerOfferGrants(db: Queryable, customerId: number): Promise<{ offerId: string }[]> {
  return db.select({ offerId: bonusGrants.offerId }).from(bonusGrants).where(eq(bonusGrants.customerId, customerId));
}

export async function insertStakeParts(tx: Transaction, rows: (typeof bonusStakes.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(bonusStakes).values(rows).onConflictDoNothing();
}

/** The parts of a stake grants paid and not settled yet, marked settled now (once: the caller's ticket lock orders them). */
export async function takeStakeParts(
  tx: Transaction,
  reference: string,
  at: Date,
): Promise<{ grantId: number; stake: number; amount: number }[]> {
  return tx
    .update(bonusStakes)
    .set({ settledAt: at })
    .where(and(eq(bonusStakes.reference, reference), isNull(bonusStakes.settledAt)))
    .returning({ grantId: bonusStakes.grantId, stake: bonusStakes.stake, amount: bonusStakes.amount });
}

/** Counts a settled stake toward a grant once per reference: answers whether it was new. */
export async function addContribution(tx: Transaction, row: typeof bonusContributions.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(bonusContributions).values(row).onConflictDoNothing().returning({ grantId: bonusContributions.grantId });
  if (inserted.length === 0) return false;
  if (row.weighted > 0) {
    await tx
      .update(bonusGrants)
      .set({ wagered: sql`${bonusGrants.wagered} + ${row.weighted}` })
      .where(eq(bonusGrants.id, row.grantId));
  }
  return true;
}

/** The player's qualifying deposits (ledger transactions of kind deposit into main), oldest first. */
export async function deposits(db: Queryable, customerId: number, mainAccountId: number): Promise<{ amount: number; at: Date }[]> {
  return db
    .select({ amount: ledgerEntries.amount, at: ledgerTransactions.createdAt })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.customerId, customerId),
        eq(ledgerTransactions.kind, 'deposit'),
        eq(ledgerEntries.accountId, mainAccountId),
      ),
    )
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id));
}

// ── Daily rebates ─────────────────────────────────────────────────────────────────────────────────

export type RebateRow = typeof rebates.$inferSelect;

/** Takes a Manila day's computation (once across instances: the day's row is the guard). */
export async function takeRebateDay(tx: Transaction, day: string, at: Date): Promise<boolean> {
  const rows = await tx.insert(rebateDays).values({ day, computedAt: at }).onConflictDoNothing().returning({ day: rebateDays.day });
  return rows.length > 0;
}

/**
 * A Manila day's valid settled turnover per player and vertical: sports tickets settled that day (won or
 * lost, from the main wallet, at decimal odds of at least `minOddsHundredths`, no grant paying any of the
 * stake, no free bet paying it), and casino rounds settled that day none of whose stakes a grant paid. Void, rejected and
 * cashed-out tickets and rolled-back rounds do not count.
 */
export async function dayTurnover(
  tx: Transaction,
  from: Date,
  to: Date,
  minOddsHundredths: number,
): Promise<{ customerId: number; vertical: 'sports' | 'casino'; turnover: number }[]> {
  const result = (await tx.execute(sql`
    SELECT t.customer_id AS "customerId", 'sports' AS vertical, SUM(t.stake)::bigint AS turnover
      FROM bet_tickets t
     WHERE t.settled_at >= ${from} AND t.settled_at < ${to}
       AND t.status IN ('won', 'lost', 'halfWon', 'halfLost') AND t.wallet = 'main'
       AND t.potential_return * 100 >= t.stake * ${minOddsHundredths}
       AND NOT EXISTS (SELECT 1 FROM bonus_stakes s WHERE s.reference = 'bet:' || t.trans_id)
       AND NOT EXISTS (SELECT 1 FROM free_bets f WHERE f.reference = 'bet:' || t.trans_id)
     GROUP BY t.customer_id
    UNION ALL
    SELECT r.customer_id AS "customerId", 'casino' AS vertical, SUM(r.bet)::bigint AS turnover
      FROM casino_rounds r
     WHERE r.last_at >= ${from} AND r.last_at < ${to} AND r.status = 'settled' AND r.bet > 0
       AND NOT EXISTS (
         SELECT 1 FROM casino_transactions c JOIN bonus_stakes s ON s.reference = 'casino:' || c.transaction_uuid
          WHERE c.customer_id = r.customer_id AND c.round_id = r.round_id AND c.kind = 'bet')
     GROUP BY r.customer_id`)) as unknown as {
    rows: { customerId: string | number; vertical: 'sports' | 'casino'; turnover: string | number }[];
  };
  return result.rows.map((row) => ({ customerId: Number(row.customerId), vertical: row.vertical, turnover: Number(row.turnover) }));
}

export async function insertRebates(tx: Transaction, rows: (typeof rebates.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(rebates).values(rows).onConflictDoNothing();
}

export function rebatesOf(db: Queryable, customerId: number): Promise<RebateRow[]> {
  return db.select().from(rebates).where(eq(rebates.customerId, customerId)).orderBy(desc(rebates.day), asc(rebates.vertical)).limit(30);
}

/** A player's rebates still to claim, locked (racing claims wait here, then see them claimed). */
export function lockUnclaimed(tx: Transaction, customerId: number): Promise<RebateRow[]> {
  return tx
    .select()
    .from(rebates)
    .where(and(eq(rebates.customerId, customerId), eq(rebates.status, 'available')))
    .for('update');
}

export async function markClaimed(tx: Transaction, ids: number[], at: Date): Promise<void> {
  if (ids.length > 0) await tx.update(rebates).set({ status: 'claimed', claimedAt: at }).where(inArray(rebates.id, ids));
}

// ── Free bets ─────────────────────────────────────────────────────────────────────────────────────

export type FreeBetRow = typeof freeBets.$inferSelect;

/** A new token, once per player and source: undefined when the player already has one from it. */
export async function insertFreeBet(tx: Transaction, row: typeof freeBets.$inferInsert): Promise<FreeBetRow | undefined> {
  const [inserted] = await tx.insert(freeBets).values(row).onConflictDoNothing().returning();
  return inserted;
}

export function freeBetsOf(db: Queryable, customerId: number): Promise<FreeBetRow[]> {
  return db.select().from(freeBets).where(eq(freeBets.customerId, customerId)).orderBy(desc(freeBets.id)).limit(50);
}

/** A token locked for a placement (two bets racing for it, on any instance, queue here). */
export async function lockFreeBet(tx: Transaction, id: number): Promise<FreeBetRow | undefined> {
  const [row] = await tx.select().from(freeBets).where(eq(freeBets.id, id)).for('update');
  return row;
}

/** The token a bet was placed with, locked (its settlement). */
export async function lockFreeBetOf(tx: Transaction, reference: string): Promise<FreeBetRow | undefined> {
  const [row] = await tx.select().from(freeBets).where(eq(freeBets.reference, reference)).for('update');
  return row;
}

export async function useFreeBet(tx: Transaction, id: number, reference: string, at: Date): Promise<void> {
  await tx
    .update(freeBets)
    .set({ status: 'used', reference, usedAt: at })
    .where(and(eq(freeBets.id, id), eq(freeBets.status, 'active')));
}

export async function settleFreeBet(tx: Transaction, id: number, won: number, at: Date): Promise<void> {
  await tx.update(freeBets).set({ status: 'settled', won, settledAt: at }).where(eq(freeBets.id, id));
}

/** A voided bet gives its token back (usable again until it expires). */
export async function restoreFreeBet(tx: Transaction, id: number): Promise<void> {
  await tx.update(freeBets).set({ status: 'active', reference: null, usedAt: null }).where(eq(freeBets.id, id));
}

// ── Daily check-in ────────────────────────────────────────────────────────────────────────────────

export type CheckInRow = typeof checkIns.$inferSelect;

/** A player's latest check-ins, newest first. */
export function checkInsOf(db: Queryable, customerId: number, limit = 7): Promise<CheckInRow[]> {
  return db.select().from(checkIns).where(eq(checkIns.customerId, customerId)).orderBy(desc(checkIns.day)).limit(limit);
}

/** Today's check-in, once per player and Manila day: undefined when it exists already (a repeat or a race). */
export async function insertCheckIn(tx: Transaction, row: typeof checkIns.$inferInsert): Promise<CheckInRow | undefined> {
  const [inserted] = await tx.insert(checkIns).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function setCheckInFreeBet(tx: Transaction, customerId: number, day: string, freeBetId: number): Promise<void> {
  await tx
    .update(checkIns)
    .set({ freeBetId })
    .where(and(eq(checkIns.customerId, customerId), eq(checkIns.day, day)));
}
