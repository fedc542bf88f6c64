import { createHash, randomUUID } from 'node:crypto';
import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { gameSimPendingCalls, gameSimWalletMoves, gameSimWallets } from '../../db/schema';
import type { BetRefusal, PlaySession, SessionWallet } from './engine';
import { signBody } from './signing';
import { OPERATOR_WALLET_PATHS, SIGNATURE_HEADER, type TransactionAnswer, type WalletStatus } from './types';

/**
 * How the simulator's games move money (SessionWallet), per session mode:
 * - seamless: Hub88 calls to the operator's wallet (OPERATOR_WALLET_PATHS), signed with the provider's
 *   key over the raw body, a fresh request_uuid per attempt and the same transaction_uuid on every retry.
 *   Like real aggregators it sometimes sends a transaction twice (DUPLICATE_RULE, or every time while the
 *   `duplicates` switch is on). A bet the wallet did not clearly answer (error, timeout) is rolled back.
 *   Wins and rollbacks are retried until RS_OK (or a duplicate's answer); what still fails is kept in
 *   game_sim_pending_calls and retried by the simulator's job.
 * - transfer: the platform's own balance of the player (game_sim_wallets `<platform>:<user>`).
 * - demo: the session's play money (game_sim_wallets `demo:<sessionId>`).
 */

export interface OperatorAnswer {
  status: number;
  body: string;
}
/** POSTs the exact bytes to the operator's wallet path (app.inject in development, fetch in production). */
export type OperatorTransport = (path: string, headers: Record<string, string>, body: string) => Promise<OperatorAnswer>;

export const DEMO_BALANCE = 1_000_000;
/** Immediate attempts of a win / rollback before it is left to the job. */
const ATTEMPTS = 3;
const RETRY_EVERY_MS = 5_000;

/** About one transaction in eight is delivered twice (a deterministic rule on its id), as real providers do. */
export function duplicateRule(transactionId: string): boolean {
  return createHash('sha256').update(transactionId).digest()[0]! < 32;
}

export const localAccount = (session: PlaySession) =>
  session.mode === 'demo' ? `demo:${session.sessionId}` : `${session.platformCode}:${session.user}`;

const REFUSALS: Partial<Record<WalletStatus, BetRefusal>> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'NOT_ENOUGH_MONEY',
  RS_ERROR_TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  RS_ERROR_INVALID_TOKEN: 'INVALID_TOKEN',
  RS_ERROR_USER_DISABLED: 'USER_DISABLED',
};

/**
 * Whether a win or rollback is finished with this answer: accepted (or a repeat of an accepted one); a
 * rollback of a bet the wallet never saw (it leaves its tombstone) or already rolled back; a win whose
 * bet was rolled back or never existed can never land, so it is not retried either.
 */
function settles(path: string, status: WalletStatus): boolean {
  if (status === 'RS_OK' || status === 'RS_ERROR_DUPLICATE_TRANSACTION') return true;
  return (
    (path === OPERATOR_WALLET_PATHS.rollback || path === OPERATOR_WALLET_PATHS.win) &&
    (status === 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' || status === 'RS_ERROR_TRANSACTION_ROLLED_BACK')
  );
}

export interface SimWalletOptions {
  db: Database;
  transport: OperatorTransport;
  /** The provider's private key (signs the wallet calls). */
  providerPrivateKey: () => string;
  clock: () => number;
  /** The dev switch: deliver every transaction twice. */
  duplicates: () => Promise<boolean>;
}

export class SimWallet implements SessionWallet {
  constructor(private readonly options: SimWalletOptions) {}

  // --- Seamless ---------------------------------------------------------------------------------------

  private async send(path: string, request: Record<string, unknown>): Promise<TransactionAnswer | null> {
    const body = JSON.stringify({ ...request, request_uuid: randomUUID() });
    try {
      const answer = await this.options.transport(
        path,
        { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(this.options.providerPrivateKey(), body) },
        body,
      );
      if (answer.status < 200 || answer.status >= 300) return null;
      const parsed = JSON.parse(answer.body) as TransactionAnswer;
      return typeof parsed?.status === 'string' ? parsed : null;
    } catch {
      return null;
    }
  }

  private async transaction(path: string, request: Record<string, unknown>): Promise<TransactionAnswer | null> {
    const first = await this.send(path, request);
    const twice = await this.options.duplicates().then((on) => on || duplicateRule(String(request['transaction_uuid'])));
    if (!twice) return first;
    const second = await this.send(path, request);
    // The repeat must answer the first result (or say it is a duplicate); the first answer is what counts.
    return first ?? second;
  }

  private base(session: PlaySession) {
    return { user: session.user, token: session.token ?? '', game_code: session.gameCode };
  }

  /** A win or rollback: retried until the wallet accepts it; left to the job after ATTEMPTS. */
  private async deliver(path: string, request: Record<string, unknown>): Promise<number | null> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const answer = await this.transaction(path, request);
      if (answer && settles(path, answer.status)) return answer.balance;
    }
    await this.options.db
      .insert(gameSimPendingCalls)
      .values({
        transactionId: String(request['transaction_uuid']),
        path,
        body: request,
        dueAt: new Date(this.options.clock() + RETRY_EVERY_MS),
      })
      .onConflictDoNothing();
    return null;
  }

  /** The job: delivers the pending wins and rollbacks that are due. */
  async retryPending(now: number): Promise<number> {
    const due = await this.options.db
      .select()
      .from(gameSimPendingCalls)
      .where(lte(gameSimPendingCalls.dueAt, new Date(now)))
      .limit(50);
    let delivered = 0;
    for (const call of due) {
      const answer = await this.transaction(call.path, call.body);
      const done = answer && settles(call.path, answer.status);
      if (done) {
        await this.options.db.delete(gameSimPendingCalls).where(eq(gameSimPendingCalls.transactionId, call.transactionId));
        delivered += 1;
      } else {
        await this.options.db
          .update(gameSimPendingCalls)
          .set({ attempts: call.attempts + 1, dueAt: new Date(now + RETRY_EVERY_MS * Math.min(12, call.attempts + 1)) })
          .where(eq(gameSimPendingCalls.transactionId, call.transactionId));
      }
    }
    return delivered;
  }

  // --- Local balances (transfer platform, demo) --------------------------------------------------------

  private async localBalance(account: string): Promise<number> {
    const [row] = await this.options.db.select().from(gameSimWallets).where(eq(gameSimWallets.account, account));
    return row?.balance ?? 0;
  }

  /**
   * One idempotent move on a local balance: the same transaction id again answers its first result.
   * `amount` > 0 credits, < 0 debits (refused, and recorded as failed, when the balance is short).
   */
  async move(account: string, transactionId: string, kind: string, amount: number, reference?: string) {
    return this.options.db.transaction(async (tx) => {
      const [seen] = await tx.select().from(gameSimWalletMoves).where(eq(gameSimWalletMoves.transactionId, transactionId));
      if (seen) return { status: seen.status as 'succeeded' | 'failed', balance: seen.balance, repeated: true };
      await tx.insert(gameSimWallets).values({ account, balance: 0 }).onConflictDoNothing();
      const updated = await tx
        .update(gameSimWallets)
        .set({ balance: sql`${gameSimWallets.balance} + ${amount}` })
        .where(sql`${gameSimWallets.account} = ${account} AND ${gameSimWallets.balance} + ${amount} >= 0`)
        .returning({ balance: gameSimWallets.balance });
      const status = updated.length > 0 ? ('succeeded' as const) : ('failed' as const);
      const balance =
        updated[0]?.balance ?? (await tx.select().from(gameSimWallets).where(eq(gameSimWallets.account, account)))[0]?.balance ?? 0;
      await tx.insert(gameSimWalletMoves).values({
        transactionId,
        account,
        kind,
        amount,
        status,
        balance,
        reference: reference ?? null,
        createdAt: new Date(this.options.clock()),
      });
      return { status, balance, repeated: false };
    });
  }

  private async moveOf(transactionId: string) {
    const [row] = await this.options.db.select().from(gameSimWalletMoves).where(eq(gameSimWalletMoves.transactionId, transactionId));
    return row;
  }

  // --- SessionWallet ----------------------------------------------------------------------------------

  async balance(session: PlaySession): Promise<number> {
    if (session.mode !== 'seamless') return this.localBalance(localAccount(session));
    const answer = await this.send(OPERATOR_WALLET_PATHS.balance, this.base(session));
    if (!answer || answer.status !== 'RS_OK') throw new Error(`the operator's wallet answered ${answer?.status ?? 'nothing'}`);
    return answer.balance;
  }

  async bet(
    session: PlaySession,
    input: { round: string; transactionId: string; amount: number; bet: string; roundClosed: boolean },
  ): Promise<{ ok: true; balance: number } | { ok: false; refusal: BetRefusal; balance: number | null }> {
    if (session.mode !== 'seamless') {
      const moved = await this.move(localAccount(session), input.transactionId, 'bet', -input.amount, input.round);
      return moved.status === 'succeeded'
        ? { ok: true, balance: moved.balance }
        : { ok: false, refusal: 'NOT_ENOUGH_MONEY', balance: moved.balance };
    }
    const request = {
      ...this.base(session),
      transaction_uuid: input.transactionId,
      supplier_transaction_id: input.transactionId,
      round: input.round,
      round_closed: input.roundClosed,
      is_free: false,
      currency: session.currency,
      bet: input.bet,
      amount: input.amount,
    };
    const answer = await this.transaction(OPERATOR_WALLET_PATHS.bet, request);
    if (answer?.status === 'RS_OK' || answer?.status === 'RS_ERROR_DUPLICATE_TRANSACTION') return { ok: true, balance: answer.balance };
    const refusal = answer ? REFUSALS[answer.status] : undefined;
    if (answer && refusal) return { ok: false, refusal, balance: answer.balance };
    // No clear answer: the bet may or may not have landed, so it is cancelled.
    const balance = await this.rollback(session, {
      round: input.round,
      transactionId: `${input.transactionId}:rollback`,
      betTransactionId: input.transactionId,
    }).then(
      (done) => done.balance,
      () => answer?.balance ?? null,
    );
    return { ok: false, refusal: 'WALLET_DOWN', balance };
  }

  async win(
    session: PlaySession,
    input: { round: string; transactionId: string; betTransactionId: string; amount: number; roundClosed: boolean },
  ): Promise<{ balance: number | null }> {
    if (session.mode !== 'seamless') {
      const moved = await this.move(localAccount(session), input.transactionId, 'win', input.amount, input.betTransactionId);
      return { balance: moved.balance };
    }
    const balance = await this.deliver(OPERATOR_WALLET_PATHS.win, {
      ...this.base(session),
      transaction_uuid: input.transactionId,
      supplier_transaction_id: input.transactionId,
      reference_transaction_uuid: input.betTransactionId,
      round: input.round,
      round_closed: input.roundClosed,
      is_free: false,
      currency: session.currency,
      bet: 'win',
      amount: input.amount,
    });
    return { balance: balance ?? (await this.balance(session).catch(() => null)) };
  }

  async rollback(
    session: PlaySession,
    input: { round: string; transactionId: string; betTransactionId: string },
  ): Promise<{ balance: number | null }> {
    if (session.mode !== 'seamless') {
      const bet = await this.moveOf(input.betTransactionId);
      const amount = bet && bet.status === 'succeeded' ? -bet.amount : 0;
      const moved = await this.move(localAccount(session), input.transactionId, 'rollback', amount, input.betTransactionId);
      return { balance: moved.balance };
    }
    const balance = await this.deliver(OPERATOR_WALLET_PATHS.rollback, {
      ...this.base(session),
      transaction_uuid: input.transactionId,
      supplier_transaction_id: input.transactionId,
      reference_transaction_uuid: input.betTransactionId,
      round: input.round,
      round_closed: true,
      is_free: false,
      currency: session.currency,
    });
    return { balance: balance ?? (await this.balance(session).catch(() => null)) };
  }
}
