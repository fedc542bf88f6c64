import { and, count, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { voucherRedemptions, vouchers } from '../../db/schema';

/** The vouchers' rows: codes by their hash, who used them, and the gift cards of a player. */

export type VoucherKind = 'deposit' | 'promo' | 'giftcard';
export type VoucherRow = typeof vouchers.$inferSelect;
export type NewVoucher = Pick<
  typeof vouchers.$inferInsert,
  'codeHash' | 'codeTail' | 'kind' | 'amount' | 'customerId' | 'maxUses' | 'expiresAt' | 'issuedBy'
>;

export async function insertVouchers(db: Queryable, rows: NewVoucher[]): Promise<void> {
  if (rows.length) await db.insert(vouchers).values(rows).onConflictDoNothing();
}

export async function voucherByHash(db: Queryable, codeHash: string): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.codeHash, codeHash));
  return row;
}

/**
 * Takes one use of a code, if it is of one of `kinds`, unexpired, not used up and this player's to use.
 * One UPDATE: concurrent redemptions of a single-use code queue on its row, and only the first finds a
 * use left (the others see the committed count and take nothing).
 */
export async function takeUse(
  db: Queryable,
  where: { codeHash?: string; id?: number; kinds: VoucherKind[]; customerId: number; now: Date },
): Promise<VoucherRow | undefined> {
  const [row] = await db
    .update(vouchers)
    .set({ uses: sql`${vouchers.uses} + 1` })
    .where(
      and(
        where.codeHash !== undefined ? eq(vouchers.codeHash, where.codeHash) : eq(vouchers.id, where.id ?? -1),
        inArray(vouchers.kind, where.kinds),
        lt(vouchers.uses, vouchers.maxUses),
        gt(vouchers.expiresAt, where.now),
        sql`(${vouchers.customerId} IS NULL OR ${vouchers.customerId} = ${where.customerId})`,
      ),
    )
    .returning();
  return row;
}

/** Records a player's use of a code; false when this player already used it (the caller rolls back). */
export async function recordRedemption(db: Queryable, voucherId: number, customerId: number, transactionId: number): Promise<boolean> {
  const rows = await db
    .insert(voucherRedemptions)
    .values({ voucherId, customerId, transactionId })
    .onConflictDoNothing()
    .returning({ voucherId: voucherRedemptions.voucherId });
  return rows.length === 1;
}

export async function hasRedeemed(db: Queryable, voucherId: number, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucherId, voucherId), eq(voucherRedemptions.customerId, customerId)));
  return (row?.n ?? 0) > 0;
}

/** How many operator vouchers (promo kind) a player received since a moment. */
export async function promoRedemptionsSince(db: Queryable, customerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(voucherRedemptions)
    .innerJoin(vouchers, eq(vouchers.id, voucherRedemptions.voucherId))
    .where(and(eq(voucherRedemptions.customerId, customerId), eq(vouchers.kind, 'promo'), gte(voucherRedemptions.createdAt, since)));
  return row?.n ?? 0;
}

/** A player's gift cards, newest first, with the moment each was redeemed (when it was). */
export async function giftCardsOf(db: Queryable, customerId: number) {
  return db
    .select({
      id: vouchers.id,
      codeTail: vouchers.codeTail,
      amount: vouchers.amount,
      uses: vouchers.uses,
      maxUses: vouchers.maxUses,
      expiresAt: vouchers.expiresAt,
      redeemedAt: voucherRedemptions.createdAt,
    })
    .from(vouchers)
    .leftJoin(voucherRedemptions, and(eq(voucherRedemptions.voucherId, vouchers.id), eq(voucherRedemptions.customerId, customerId)))
    .where(and(eq(vouchers.kind, 'giftcard'), eq(vouchers.customerId, customerId)))
    .orderBy(desc(vouchers.id))
    .limit(100);
}

export async function giftCardOf(db: Queryable, id: number, customerId: number): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.id, id), eq(vouchers.kind, 'giftcard'), eq(vouchers.customerId, customerId)));
  return row;
}

/** The newest vouchers, for the operator's page. */
export async function latestVouchers(db: Queryable, limit = 100): Promise<VoucherRow[]> {
  return db.select().from(vouchers).orderBy(desc(vouchers.id)).limit(limit);
}
