import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db';
import type { MoneyGate } from '../../lib/moneyGate';
import { pendingMovements } from '../../db/schema';
import type { GameWalletProvider } from '../../providers/gameWallet';
import type { PlayerEvents } from '../../realtime/bus';
import { HOUSE, balanceFlag, balances, houseAccountId, post, walletAccountId, withIdempotency } from './ledger';

/**
 * The wallet service: balances as the calls show them, and transfers to a game wallet. A transfer
 * leaves the main wallet at once (idempotently, by the call's key) and reaches the game wallet when
 * the provider confirms; a restart asks again about the transfers it left pending.
 */
/** The pending movement of a transfer to the Saba wallet (the only kind this service settles). */
const SABA_IN = 'saba_in';
/** How often the shared job asks again about transfers left pending. */
export const WALLET_TRANSFER_JOB_MS = 30_000;
/** A transfer this young is still being confirmed by the call that made it. */
export const WALLET_TRANSFER_GRACE_MS = 30_000;

export interface WalletOptions {
  db: Database;
  gameWallet: GameWalletProvider;
  /** A balance change is told to the player on this bus (/user/queue/balance). */
  events: PlayerEvents;
  /** The rules about money (responsible gaming): money into a game wallet is at stake. */
  gate: MoneyGate;
}

export class WalletService {
  private readonly db: Database;

  constructor(private readonly options: WalletOptions) {
    this.db = options.db;
  }

  /** The player's wallets, with balanceFlag (0 while a movement waits on an outside party). */
  async balances(customerId: number) {
    const [wallets, flag] = await Promise.all([balances(this.db, customerId), balanceFlag(this.db, customerId)]);
    return { wallets, flag };
  }

  async bonusBalance(customerId: number): Promise<number> {
    return (await balances(this.db, customerId)).bonus;
  }

  /** Moves `amount` from main towards the Saba wallet, once per idempotency key; the provider confirms later. */
  async transferToSaba(customerId: number, key: string, amount: number) {
    const answer = await withIdempotency(this.db, { customerId, key, call: 'game/sabaInBalance', request: { amount } }, async (tx) => {
      // The sportsbook's own wallet: what goes in is at stake on sports.
      await this.options.gate(tx, { customerId, action: 'transferIn', category: 'sports', amount });
      const main = await walletAccountId(tx, customerId, 'main');
      const inFlight = await houseAccountId(tx, HOUSE.transfers);
      const transactionId = await post(tx, {
        kind: 'transfer_out',
        customerId,
        reference: `idem:${key}`,
        entries: [
          { accountId: main, amount: -amount },
          { accountId: inFlight, amount },
        ],
      });
      const [movement] = await tx
        .insert(pendingMovements)
        .values({ customerId, kind: SABA_IN, amount, transactionId })
        .returning({ id: pendingMovements.id });
      return { transferId: movement!.id, amount, status: 'pending' as const };
    });
    this.balanceChanged(customerId);
    const [movement] = await this.db.select().from(pendingMovements).where(eq(pendingMovements.id, answer.transferId));
    if (movement?.status === 'pending') void this.confirmWithProvider(movement.id, customerId, movement.amount);
    return answer;
  }

  /** Finishes a transfer once the provider answered: credit the game wallet, or give the money back. */
  async settleTransfer(movementId: number, outcome: 'accepted' | 'refused'): Promise<void> {
    let customerId: number | undefined;
    await this.db.transaction(async (tx) => {
      const [movement] = await tx.select().from(pendingMovements).where(eq(pendingMovements.id, movementId)).for('update');
      if (!movement || movement.status !== 'pending' || movement.kind !== SABA_IN) return;
      customerId = movement.customerId;
      const inFlight = await houseAccountId(tx, HOUSE.transfers);
      const target = await walletAccountId(tx, movement.customerId, outcome === 'accepted' ? 'saba' : 'main');
      await post(tx, {
        kind: outcome === 'accepted' ? 'transfer_in' : 'transfer_refund',
        customerId: movement.customerId,
        reference: `movement:${movement.id}`,
        entries: [
          { accountId: inFlight, amount: -movement.amount },
          { accountId: target, amount: movement.amount },
        ],
      });
      await tx
        .update(pendingMovements)
        .set({ status: outcome === 'accepted' ? 'done' : 'failed', completedAt: new Date() })
        .where(eq(pendingMovements.id, movement.id));
    });
    if (customerId !== undefined) this.balanceChanged(customerId);
  }

  /**
   * Transfers left pending (by a restart, or an instance that died) are asked again: the provider call is
   * idempotent by reference, and settling is once (a row lock and the status). A shared job
   * (WALLET_TRANSFER_JOB_MS, app.ts) runs it on one instance; a transfer younger than `olderThanMs` is
   * left to the call that is still confirming it. Answers how many were asked.
   */
  async resumePendingTransfers(now = Date.now(), olderThanMs = WALLET_TRANSFER_GRACE_MS): Promise<number> {
    // Only transfers: deposits and withdrawals are pending movements too, and end by their own events.
    const pending = await this.db
      .select()
      .from(pendingMovements)
      .where(
        and(
          eq(pendingMovements.status, 'pending'),
          eq(pendingMovements.kind, SABA_IN),
          lt(pendingMovements.createdAt, new Date(now - olderThanMs)),
        ),
      );
    await Promise.all(pending.map((movement) => this.confirmWithProvider(movement.id, movement.customerId, movement.amount)));
    return pending.length;
  }

  private async confirmWithProvider(movementId: number, customerId: number, amount: number): Promise<void> {
    let outcome: 'accepted' | 'refused';
    try {
      outcome = await this.options.gameWallet.transferIn({ customerId, amount, reference: `movement:${movementId}` });
    } catch {
      outcome = 'refused';
    }
    await this.settleTransfer(movementId, outcome);
  }

  private balanceChanged(customerId: number): void {
    this.options.events.publish({ type: 'balance', customerId });
  }
}
