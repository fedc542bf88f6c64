import { and, eq, isNull, sql } from 'drizzle-orm';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { type Database, type Queryable, type Transaction, sqlState } from '../../db';
import { idempotencyKeys, ledgerAccounts, ledgerEntries, ledgerTransactions, pendingMovements } from '../../db/schema';
import { CallError } from '../../lib/errors';
import { sha256 } from '../../lib/security';

/**
 * The double-entry wallet ledger. Every movement is one ledger transaction whose entries sum to zero;
 * the database applies each entry to its account's balance and refuses a player account below zero
 * (see migration 0001), so an overdraw is impossible whatever the concurrency. Money-moving calls run
 * inside `withIdempotency`: the same key answers the first answer and moves money once.
 */

export const PLAYER_WALLETS = ['main', 'bonus', 'saba'] as const;
export type PlayerWallet = (typeof PLAYER_WALLETS)[number];

/** House accounts: where money comes from and goes to outside the players' wallets. */
export const HOUSE = {
  /** Money received from and paid out to payment providers. */
  payments: 'house:payments',
  /** Transfers on their way to a game provider, not yet confirmed. */
  transfers: 'house:transfers',
  /** Bonus funding. */
  bonus: 'house:bonus',
  /** Stakes of bets not settled yet (they leave it as a payout, a refund or the book's win). */
  openBets: 'house:open-bets',
  /** The sportsbook's result: stakes it kept minus winnings beyond the stake it paid. */
  sportsbook: 'house:sportsbook',
  /** Withdrawals held out of the player's wallet until their payout settles (or comes back). */
  pendingWithdrawals: 'house:pending-withdrawals',
  /** Vouchers and gift cards: the promotion budget they are paid from. */
  vouchers: 'house:vouchers',
  /** The casino's result on seamless play: stakes received minus wins paid (issue 13). */
  casino: 'house:casino',
  /** Money players moved into transfer-wallet game platforms and not brought back yet (issue 13). */
  gameTransferPlatforms: 'house:game-transfer-platforms',
  /** Winnings of a player matched on the restricted-persons list, held for an operator's review (issue 34). */
  rgReview: 'house:rg-review',
  /** Held winnings the operator forfeited after review (a confirmed prohibited player). */
  rgForfeited: 'house:rg-forfeited',
} as const;
export type HouseAccount = (typeof HOUSE)[keyof typeof HOUSE];

/**
 * house:open-bets in 16 shards (migration 0015), so that placements do not queue up on one row: a
 * placement takes a shard no other transaction holds, and the ticket's refund or settlement takes its
 * stake back out of the same one. Each shard holds the stakes of its open tickets; their sum is what
 * house:open-bets alone held before.
 */
export const OPEN_BETS_SHARDS: readonly string[] = [HOUSE.openBets, ...Array.from({ length: 15 }, (_, i) => `${HOUSE.openBets}:${i + 1}`)];

export async function openWallets(db: Queryable, customerId: number): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(PLAYER_WALLETS.map((kind) => ({ customerId, kind })))
    .onConflictDoNothing();
}

export async function walletAccountId(db: Queryable, customerId: number, kind: PlayerWallet): Promise<number> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.customerId, customerId), eq(ledgerAccounts.kind, kind)));
  if (row) return row.id;
  await openWallets(db, customerId);
  return walletAccountId(db, customerId, kind);
}

export async function houseAccountId(db: Queryable, kind: HouseAccount): Promise<number> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.customerId), eq(ledgerAccounts.kind, kind)));
  if (row) return row.id;
  await db.insert(ledgerAccounts).values({ customerId: null, kind }).onConflictDoNothing();
  return houseAccountId(db, kind);
}

export interface Posting {
  kind: string;
  customerId: number | null;
  reference?: string;
  metadata?: Record<string, unknown>;
  entries: { accountId: number; amount: number }[];
}

/** Posts one balanced ledger transaction inside the caller's database transaction. */
export async function post(tx: Transaction, posting: Posting): Promise<number> {
  const total = posting.entries.reduce((sum, entry) => sum + entry.amount, 0);
  if (total !== 0) throw new Error(`ledger posting ${posting.kind} does not balance (off by ${total})`);
  for (const entry of posting.entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0)
      throw new Error(`ledger amount must be whole non-zero centavos, not ${entry.amount}`);
  }
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({ kind: posting.kind, customerId: posting.customerId, reference: posting.reference ?? '', metadata: posting.metadata ?? {} })
    .returning({ id: ledgerTransactions.id });
  const transactionId = row!.id;
  try {
    await tx
      .insert(ledgerEntries)
      .values(posting.entries.map((entry) => ({ transactionId, accountId: entry.accountId, amount: entry.amount })));
  } catch (error) {
    if (sqlState(error).code === '23514') {
      throw new CallError(GatewayCode.InsufficientBalance, 'Your balance is not enough for this.', 400);
    }
    throw error;
  }
  return transactionId;
}

export interface Balances {
  main: number;
  bonus: number;
  saba: number;
}

export async function balances(db: Queryable, customerId: number): Promise<Balances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.customerId, customerId));
  const result: Balances = { main: 0, bonus: 0, saba: 0 };
  for (const row of rows) if ((PLAYER_WALLETS as readonly string[]).includes(row.kind)) result[row.kind as PlayerWallet] = row.balance;
  return result;
}

/** 1 when no movement of the player waits on an outside party, 0 while one does (spec §3 balanceFlag). */
export async function balanceFlag(db: Queryable, customerId: number): Promise<0 | 1> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pendingMovements)
    .where(and(eq(pendingMovements.customerId, customerId), eq(pendingMovements.status, 'pending')));
  return (row?.count ?? 0) > 0 ? 0 : 1;
}

/**
 * Runs a money-moving call once per idempotency key. The key and the answer are stored in the same
 * database transaction as the movement, so a retry (even one racing the first) gets the first answer
 * and never a second movement. A key reused for a different request is refused.
 */
export async function withIdempotency<T>(
  db: Database,
  scope: { customerId: number; key: string; call: string; request: unknown },
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const requestHash = sha256(JSON.stringify(scope.request));
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ customerId: scope.customerId, key: scope.key, call: scope.call, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) {
      const [existing] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.customerId, scope.customerId), eq(idempotencyKeys.key, scope.key)));
      if (!existing || existing.call !== scope.call || existing.requestHash !== requestHash) {
        throw new CallError(
          GatewayCode.IdempotencyConflict,
          'This request was already made with different details. Please start again.',
          409,
        );
      }
      return existing.response as T;
    }
    const response = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: response as unknown })
      .where(and(eq(idempotencyKeys.customerId, scope.customerId), eq(idempotencyKeys.key, scope.key)));
    return response;
  });
}

/**
 * Whether a money call made with this Idempotency-Key has its answer stored (the key, the work and the
 * answer commit together, so a stored key is an answered call): its repeat gets that answer, and is
 * not a new attempt for a limit that counts attempts.
 */
export async function isAnswered(db: Queryable, customerId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
  return row !== undefined;
}

/** The whole ledger's sum: zero, always (every transaction balances). Used by tests and health checks. */
export async function ledgerTotal(db: Queryable): Promise<{ entries: number; balances: number }> {
  const [entries] = await db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries);
  const [accounts] = await db.select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` }).from(ledgerAccounts);
  return { entries: Number(entries?.total ?? 0), balances: Number(accounts?.total ?? 0) };
}
