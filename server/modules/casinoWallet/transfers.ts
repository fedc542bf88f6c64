import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { GameCall } from '../../../src/contract/games';
import type { Database, Transaction } from '../../db';
import { casinoTransfers, customers, pendingMovements } from '../../db/schema';
import { CallError } from '../../lib/errors';
import type { MoneyGate } from '../../lib/moneyGate';
import { GameProviderError, type GameProvider, type TransferPlatformApi, type TransferResult } from '../../providers/games/types';
import type { PlayerEvents } from '../../realtime/bus';
import { HOUSE, houseAccountId, isAnswered, post, walletAccountId, withIdempotency } from '../wallet';

/**
 * Transfers to and from a transfer-wallet platform (/InGameTransfer): money moved into the platform's
 * own wallet before play and back after. Each transfer has its transferId, the platform's idempotency
 * key, so asking again never moves money twice.
 *
 * In the ledger: in = main → `house:transfers` (in flight) at once, then → `house:game-transfer-platforms`
 * when the platform says succeeded, or back to main when it says failed. Out = the platform withdraws
 * first; when it says succeeded, `house:game-transfer-platforms` → main. A transfer the platform did not
 * answer in time stays pending (balanceFlag 0 meanwhile, through its pending movement); the job
 * `casino-transfers` asks `transferStatus` and finishes it, or sends it again with the same transferId
 * when the platform never saw it — after a restart too, since all of it is in the database.
 */

export const TRANSFER_JOB = 'casino-transfers';
export const TRANSFER_JOB_MS = 10_000;
export const DEFAULT_TRANSFER_TIMEOUT_MS = 8_000;

type TransferRow = typeof casinoTransfers.$inferSelect;

export interface TransferOptions {
  db: Database;
  events: PlayerEvents;
  clock: () => number;
  provider: () => GameProvider | null;
  /** The operator closed this platform (site setting games.maintenance). */
  maintenance: (platformCode: string) => boolean | Promise<boolean>;
  /** How long one call to the platform may take before the transfer is left pending. */
  timeoutMs: number;
  /** The rules about money (responsible gaming): money moved into a platform is at stake. */
  gate: MoneyGate;
}

class TimedOut extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimedOut('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const unavailable = () =>
  new CallError(GatewayCode.TransferFailed, 'Transfers to this game are not available right now. Please try again later.', 400);

/** A platform's definite "no" (as opposed to no answer). */
const definiteRefusal = (error: unknown) =>
  error instanceof GameProviderError && (error.code === 'INSUFFICIENT_FUNDS' || error.code === 'INVALID_ARGUMENT');

export class CasinoTransfers {
  constructor(private readonly options: TransferOptions) {}

  private now(): Date {
    return new Date(this.options.clock());
  }

  /** The platform's transfer API, once it is known to be an open transfer-wallet platform. */
  private async platform(platformCode: string): Promise<TransferPlatformApi> {
    const provider = this.options.provider();
    if (!provider) throw unavailable();
    if (await this.options.maintenance(platformCode)) {
      throw new CallError(GatewayCode.GameMaintenance, 'This game is under maintenance. Please try again later.', 400);
    }
    let platforms;
    try {
      platforms = await withTimeout(provider.platforms(), this.options.timeoutMs);
    } catch {
      throw unavailable();
    }
    const platform = platforms.find((p) => p.platformCode === platformCode);
    if (!platform || platform.wallet !== 'transfer') {
      throw new CallError(GatewayCode.TransferFailed, 'This game does not use transfers: play it straight from your wallet.', 400);
    }
    return provider.transfers;
  }

  private async loginName(customerId: number): Promise<string> {
    const [row] = await this.options.db.select({ loginName: customers.loginName }).from(customers).where(eq(customers.id, customerId));
    return row!.loginName;
  }

  /** Whether this idempotency key was used already: its retry answers where that transfer stands, whatever the platform's state now. */
  private keyUsed(customerId: number, key: string): Promise<boolean> {
    return isAnswered(this.options.db, customerId, key);
  }

  /**
   * A new transfer, pending: its pending movement (balanceFlag 0 until it is finished; an "in" one names
   * the ledger posting that took the money from main) and its row.
   */
  private async record(
    tx: Transaction,
    transfer: {
      transferId: string;
      customerId: number;
      user: string;
      platformCode: string;
      direction: 'in' | 'out';
      amount: number;
      ledgerId?: number;
    },
  ): Promise<void> {
    const { transferId, customerId, user, platformCode, direction, amount, ledgerId } = transfer;
    const [movement] = await tx
      .insert(pendingMovements)
      .values({ customerId, kind: `casino_transfer_${direction}`, amount, ...(ledgerId === undefined ? {} : { transactionId: ledgerId }) })
      .returning({ id: pendingMovements.id });
    await tx.insert(casinoTransfers).values({
      transferId,
      customerId,
      userName: user,
      platformCode,
      direction,
      amount,
      movementId: movement!.id,
      createdAt: this.now(),
      updatedAt: this.now(),
    });
  }

  async transferIn(customerId: number, key: string, platformCode: string, amount: number) {
    if (!(await this.keyUsed(customerId, key))) await this.platform(platformCode);
    const user = await this.loginName(customerId);
    const { db } = this.options;
    const started = await withIdempotency(
      db,
      { customerId, key, call: GameCall.transferIn, request: { platformCode, amount } },
      async (tx) => {
        // A platform holds games of several categories: their switches are checked at launch; limits here.
        await this.options.gate(tx, { customerId, action: 'transferIn', amount });
        const transferId = `ti-${randomUUID()}`;
        const ledgerId = await post(tx, {
          kind: 'casino_transfer_out',
          customerId,
          reference: `casino-transfer:${transferId}`,
          metadata: { platformCode },
          entries: [
            { accountId: await walletAccountId(tx, customerId, 'main'), amount: -amount },
            { accountId: await houseAccountId(tx, HOUSE.transfers), amount },
          ],
        });
        await this.record(tx, { transferId, customerId, user, platformCode, direction: 'in', amount, ledgerId });
        return { transferId };
      },
    );
    this.balanceChanged(customerId);
    return this.finish(started.transferId);
  }

  async transferOut(customerId: number, key: string, platformCode: string, requested: number) {
    const asked = await this.keyUsed(customerId, key);
    const transfers = asked ? undefined : await this.platform(platformCode);
    const user = await this.loginName(customerId);
    const { db } = this.options;
    let amount = requested;
    if (requested === 0 && transfers) {
      // 0 = everything the player has at the platform.
      try {
        amount = await withTimeout(transfers.balance({ user, platformCode }), this.options.timeoutMs);
      } catch {
        throw unavailable();
      }
      if (amount <= 0) return { platformCode, amount: 0, status: 'done' as const, transferBalance: 0 };
    }
    const started = await withIdempotency(
      db,
      { customerId, key, call: GameCall.transferOut, request: { platformCode, amount: requested } },
      async (tx) => {
        const transferId = `to-${randomUUID()}`;
        await this.record(tx, { transferId, customerId, user, platformCode, direction: 'out', amount });
        return { transferId };
      },
    );
    return this.finish(started.transferId);
  }

  async balance(customerId: number, platformCode: string) {
    const transfers = await this.platform(platformCode);
    const user = await this.loginName(customerId);
    try {
      const transferBalance = await withTimeout(transfers.balance({ user, platformCode }), this.options.timeoutMs);
      return { platformCode, transferBalance };
    } catch {
      throw unavailable();
    }
  }

  /** Sends a pending transfer (again) and answers where it stands; a failed one is the player's refusal. */
  private async finish(transferId: string) {
    await this.attempt(transferId, false);
    const row = await this.row(transferId);
    if (row.status === 'failed') {
      throw new CallError(
        GatewayCode.TransferFailed,
        row.direction === 'in'
          ? 'The game did not accept the transfer. Your money is back in your wallet.'
          : 'The game did not release the money. Please check your balance in the game and try again.',
        400,
      );
    }
    return {
      platformCode: row.platformCode,
      amount: row.amount,
      status: row.status === 'done' ? ('done' as const) : ('pending' as const),
      transferBalance: row.status === 'done' ? row.platformBalance : null,
    };
  }

  private async row(transferId: string): Promise<TransferRow> {
    const [row] = await this.options.db.select().from(casinoTransfers).where(eq(casinoTransfers.transferId, transferId));
    return row!;
  }

  /**
   * One try at a pending transfer: `ask` first asks the platform what became of it (the job, after a
   * timeout or a restart) and sends it again only if the platform never saw it. No answer leaves it
   * pending; a definite answer settles it.
   */
  private async attempt(transferId: string, ask: boolean): Promise<void> {
    const row = await this.row(transferId);
    if (row.status !== 'pending') return;
    const provider = this.options.provider();
    if (!provider) return;
    await this.options.db
      .update(casinoTransfers)
      .set({ attempts: row.attempts + 1, updatedAt: this.now() })
      .where(eq(casinoTransfers.transferId, transferId));
    const request = { user: row.userName, platformCode: row.platformCode, amount: row.amount, transferId };
    const send = () => (row.direction === 'in' ? provider.transfers.deposit(request) : provider.transfers.withdraw(request));
    let result: TransferResult;
    try {
      if (ask) {
        try {
          result = await withTimeout(
            provider.transfers.transferStatus({ platformCode: row.platformCode, transferId }),
            this.options.timeoutMs,
          );
        } catch (error) {
          if (!(error instanceof GameProviderError && error.code === 'NOT_FOUND')) throw error;
          result = await withTimeout(send(), this.options.timeoutMs);
        }
      } else result = await withTimeout(send(), this.options.timeoutMs);
    } catch (error) {
      if (!definiteRefusal(error)) return;
      result = { transferId, status: 'failed', balance: 0 };
    }
    await this.settle(transferId, result);
  }

  private async settle(transferId: string, result: TransferResult): Promise<void> {
    let customerId: number | undefined;
    await this.options.db.transaction(async (tx) => {
      const [row] = await tx.select().from(casinoTransfers).where(eq(casinoTransfers.transferId, transferId)).for('update');
      if (!row || row.status !== 'pending') return;
      customerId = row.customerId;
      const succeeded = result.status === 'succeeded';
      const inFlight = () => houseAccountId(tx, HOUSE.transfers);
      const platforms = () => houseAccountId(tx, HOUSE.gameTransferPlatforms);
      const main = () => walletAccountId(tx, row.customerId, 'main');
      const move = async (kind: string, from: number, to: number) =>
        post(tx, {
          kind,
          customerId: row.customerId,
          reference: `casino-transfer:${transferId}:${kind}`,
          metadata: { platformCode: row.platformCode },
          entries: [
            { accountId: from, amount: -row.amount },
            { accountId: to, amount: row.amount },
          ],
        });
      if (row.direction === 'in') {
        if (succeeded) await move('casino_transfer_placed', await inFlight(), await platforms());
        else await move('casino_transfer_refund', await inFlight(), await main());
      } else if (succeeded) await move('casino_transfer_in', await platforms(), await main());
      await tx
        .update(casinoTransfers)
        .set({ status: succeeded ? 'done' : 'failed', platformBalance: succeeded ? result.balance : null, updatedAt: this.now() })
        .where(eq(casinoTransfers.transferId, transferId));
      if (row.movementId !== null) {
        await tx
          .update(pendingMovements)
          .set({ status: succeeded ? 'done' : 'failed', completedAt: this.now() })
          .where(eq(pendingMovements.id, row.movementId));
      }
    });
    if (customerId !== undefined) this.balanceChanged(customerId);
  }

  /** The job: every transfer left pending longer than one call's timeout is asked about again. */
  async resume(now = this.options.clock()): Promise<{ pending: number }> {
    const due = await this.options.db
      .select({ transferId: casinoTransfers.transferId })
      .from(casinoTransfers)
      .where(and(eq(casinoTransfers.status, 'pending'), lt(casinoTransfers.updatedAt, new Date(now - this.options.timeoutMs))));
    for (const { transferId } of due) await this.attempt(transferId, true);
    return { pending: due.length };
  }

  private balanceChanged(customerId: number): void {
    this.options.events.publish({ type: 'balance', customerId });
  }
}
