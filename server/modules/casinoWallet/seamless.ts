import { and, eq, sql } from 'drizzle-orm';
import { PLAY_CURRENCY } from '../../../src/contract/games';
import { rgCategoryOfGame } from '../../../src/contract/responsibleGaming';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { MoneyGate } from '../../lib/moneyGate';
import { casinoRounds, casinoSessions, casinoTransactions, customers, ledgerAccounts } from '../../db/schema';
import { newToken, sha256 } from '../../lib/security';
import type {
  BalanceRequest,
  BetRequest,
  RollbackRequest,
  TransactionAnswer,
  UserInfoRequest,
  WalletAnswer,
  WalletStatus,
  WinRequest,
} from '../../providers/games/types';
import type { PlayerEvents } from '../../realtime/bus';
import { HOUSE, houseAccountId, post, walletAccountId } from '../wallet';
import type { CasinoSession, OpenSessionInput } from './api';

/**
 * The operator side of the seamless wallet (Hub88's /user/* and /transaction/*): the provider moves the
 * player's main-wallet money one transaction at a time, each by its transaction_uuid, never twice.
 *
 * - Every transaction call runs in one database transaction that first locks the player's main account,
 *   so a repeat racing the first, or a rollback racing its bet, is decided in a single order.
 * - A transaction that was decided (accepted, refused for money, a rollback's tombstone) is stored with
 *   its first answer; a repeat answers it again (with the repeat's own request_uuid), whatever the
 *   balance is by then. Refusals that depend on nothing stored (a bad token, a wrong currency) are not
 *   stored: asked again, they answer the same.
 * - A rollback whose target we never saw answers RS_OK and leaves a tombstone (Hub88: the provider must
 *   be able to close its books); the late bet is then refused with RS_ERROR_TRANSACTION_ROLLED_BACK and
 *   moves no money.
 * - A rollback of a bet whose round already has a win is refused with RS_ERROR_UNKNOWN (Evolution's
 *   "already settled": the round's result stands; the provider must not undo a stake it paid on).
 * - Wins and rollbacks are accepted after the token expired, and for a disabled player (money owed).
 */

export interface SessionPolicy {
  /** A session expires after this long without a bet or a balance call. */
  idleMs: number;
  /** …and never lives longer than this. */
  maxMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 30 * 60_000, maxMs: 4 * 3_600_000 };

type SessionRow = typeof casinoSessions.$inferSelect;
type TransactionRow = typeof casinoTransactions.$inferSelect;

/** A refusal that is answered, not stored. */
class Refusal {
  constructor(
    readonly status: WalletStatus,
    readonly balance = 0,
  ) {}
}

export class SeamlessWallet {
  constructor(
    private readonly options: { db: Database; events: PlayerEvents; clock: () => number; policy: SessionPolicy; gate: MoneyGate },
  ) {}

  private now(): Date {
    return new Date(this.options.clock());
  }

  async openSession(input: OpenSessionInput): Promise<CasinoSession> {
    const { db } = this.options;
    const [customer] = await db.select({ loginName: customers.loginName }).from(customers).where(eq(customers.id, input.customerId));
    if (!customer) throw new Error(`no customer ${input.customerId}`);
    const token = newToken();
    const now = this.now();
    const maxExpiresAt = new Date(now.getTime() + this.options.policy.maxMs);
    const expiresAt = new Date(Math.min(now.getTime() + this.options.policy.idleMs, maxExpiresAt.getTime()));
    await db.insert(casinoSessions).values({
      tokenHash: sha256(token),
      customerId: input.customerId,
      userName: customer.loginName,
      gameId: input.gameId ?? 0,
      gameCode: input.gameCode,
      gameName: input.gameName ?? input.gameCode,
      platformCode: input.platformCode,
      category: input.category ?? 0,
      currency: input.currency,
      createdAt: now,
      expiresAt,
      maxExpiresAt,
    });
    return { token, user: customer.loginName, expiresAt };
  }

  /** The session of a token sent by the provider, if it is the user's (a token of another user is unknown). */
  private async session(token: string, user: string): Promise<SessionRow> {
    const [row] = await this.options.db
      .select()
      .from(casinoSessions)
      .where(eq(casinoSessions.tokenHash, sha256(token)));
    if (!row || row.userName !== user) throw new Refusal('RS_ERROR_INVALID_TOKEN');
    return row;
  }

  private expired(session: SessionRow): boolean {
    return this.options.clock() >= session.expiresAt.getTime();
  }

  /** Play keeps the session alive, up to its longest life. */
  private async touch(db: Database | Transaction, session: SessionRow): Promise<void> {
    const next = Math.min(this.options.clock() + this.options.policy.idleMs, session.maxExpiresAt.getTime());
    if (next > session.expiresAt.getTime()) {
      await db
        .update(casinoSessions)
        .set({ expiresAt: new Date(next) })
        .where(eq(casinoSessions.id, session.id));
    }
  }

  private async mainBalance(db: Database | Transaction, customerId: number, lock = false): Promise<{ accountId: number; balance: number }> {
    const accountId = await walletAccountId(db, customerId, 'main');
    const query = db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
    const [row] = lock ? await query.for('update') : await query;
    return { accountId, balance: row?.balance ?? 0 };
  }

  private async disabled(db: Database | Transaction, customerId: number): Promise<boolean> {
    const [row] = await db.select({ status: customers.status }).from(customers).where(eq(customers.id, customerId));
    return row?.status !== 'active';
  }

  private base(request: { user: string; request_uuid: string }, status: WalletStatus, balance: number): WalletAnswer {
    return { user: request.user, request_uuid: request.request_uuid, status, currency: PLAY_CURRENCY, balance };
  }

  /** /user/info: who the player is (any session of theirs, expired or not). */
  async info(request: UserInfoRequest): Promise<WalletAnswer> {
    return this.answering(request, async () => {
      const session = await this.session(request.token, request.user);
      if (await this.disabled(this.options.db, session.customerId)) throw new Refusal('RS_ERROR_USER_DISABLED');
      return this.base(request, 'RS_OK', (await this.mainBalance(this.options.db, session.customerId)).balance);
    });
  }

  /** /user/balance: the main wallet's balance, for a live session. */
  async balance(request: BalanceRequest): Promise<WalletAnswer> {
    return this.answering(request, async () => {
      const session = await this.session(request.token, request.user);
      const { balance } = await this.mainBalance(this.options.db, session.customerId);
      if (this.expired(session)) throw new Refusal('RS_ERROR_TOKEN_EXPIRED', balance);
      if (await this.disabled(this.options.db, session.customerId)) throw new Refusal('RS_ERROR_USER_DISABLED', balance);
      await this.touch(this.options.db, session);
      return this.base(request, 'RS_OK', balance);
    });
  }

  async bet(request: BetRequest): Promise<TransactionAnswer> {
    return this.transaction(request, 'bet', async (tx, session, main, existing) => {
      if (existing) return existing;
      if (request.currency !== session.currency) throw new Refusal('RS_ERROR_WRONG_CURRENCY', main.balance);
      if (request.game_code !== session.gameCode) throw new Refusal('RS_ERROR_INVALID_TOKEN', main.balance);
      if (this.expired(session)) throw new Refusal('RS_ERROR_TOKEN_EXPIRED', main.balance);
      if (await this.disabled(tx, session.customerId)) throw new Refusal('RS_ERROR_USER_DISABLED', main.balance);
      const [tombstone] = await tx
        .select({ uuid: casinoTransactions.transactionUuid })
        .from(casinoTransactions)
        .where(
          and(
            eq(casinoTransactions.customerId, session.customerId),
            eq(casinoTransactions.kind, 'rollback'),
            eq(casinoTransactions.referenceUuid, request.transaction_uuid),
          ),
        );
      if (tombstone) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK', main.balance);
      const amount = request.amount;
      if (amount > main.balance) {
        const answer = { ...this.base(request, 'RS_ERROR_NOT_ENOUGH_MONEY', main.balance), transaction_uuid: request.transaction_uuid };
        await this.store(tx, request, session, { kind: 'bet', status: 'refused', amount, answer });
        return { answer, moved: false };
      }
      const ledgerId =
        amount > 0
          ? await post(tx, {
              kind: 'casino_bet',
              customerId: session.customerId,
              reference: `casino:${request.transaction_uuid}`,
              metadata: { round: request.round, game: session.gameCode, platform: session.platformCode },
              entries: [
                { accountId: main.accountId, amount: -amount },
                { accountId: await houseAccountId(tx, HOUSE.casino), amount },
              ],
            })
          : null;
      await this.roundChanged(tx, session, request.round, { bet: amount, closed: request.round_closed });
      const after = await this.mainBalance(tx, session.customerId);
      const answer = { ...this.base(request, 'RS_OK', after.balance), transaction_uuid: request.transaction_uuid };
      await this.store(tx, request, session, { kind: 'bet', status: 'accepted', amount, answer, ledgerId });
      await this.touch(tx, session);
      return { answer, moved: amount > 0 };
    });
  }

  async win(request: WinRequest): Promise<TransactionAnswer> {
    return this.transaction(request, 'win', async (tx, session, main, existing) => {
      if (existing) return existing;
      if (request.currency !== session.currency) throw new Refusal('RS_ERROR_WRONG_CURRENCY', main.balance);
      const bet = await this.target(tx, session.customerId, request.reference_transaction_uuid);
      if (!bet || bet.kind !== 'bet' || bet.status === 'refused') throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', main.balance);
      if (bet.status === 'rolled_back') throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK', main.balance);
      const amount = request.amount;
      const ledgerId =
        amount > 0
          ? await post(tx, {
              kind: 'casino_win',
              customerId: session.customerId,
              reference: `casino:${request.transaction_uuid}`,
              metadata: { round: bet.roundId, bet: bet.transactionUuid },
              entries: [
                { accountId: await houseAccountId(tx, HOUSE.casino), amount: -amount },
                { accountId: main.accountId, amount },
              ],
            })
          : null;
      await this.roundChanged(tx, session, bet.roundId, { win: amount, closed: true });
      const after = await this.mainBalance(tx, session.customerId);
      const answer = {
        ...this.base(request, 'RS_OK', after.balance),
        transaction_uuid: request.transaction_uuid,
        reference_transaction_uuid: request.reference_transaction_uuid,
      };
      await this.store(tx, { ...request, round: bet.roundId }, session, { kind: 'win', status: 'accepted', amount, answer, ledgerId });
      return { answer, moved: amount > 0 };
    });
  }

  async rollback(request: RollbackRequest): Promise<TransactionAnswer> {
    return this.transaction(request, 'rollback', async (tx, session, main, existing) => {
      if (existing) return existing;
      const target = await this.target(tx, session.customerId, request.reference_transaction_uuid);
      const ok = (balance: number) => ({
        ...this.base(request, 'RS_OK', balance),
        transaction_uuid: request.transaction_uuid,
        reference_transaction_uuid: request.reference_transaction_uuid,
      });
      if (!target) {
        // Before its bet: a tombstone, so the late bet is refused.
        const answer = ok(main.balance);
        await this.store(tx, request, session, { kind: 'rollback', status: 'tombstone', amount: 0, answer });
        return { answer, moved: false };
      }
      if (target.kind !== 'bet') throw new Refusal('RS_ERROR_UNKNOWN', main.balance);
      if (target.status !== 'accepted') {
        // A refused or already rolled-back bet: nothing to give back.
        const answer = ok(main.balance);
        await this.store(tx, { ...request, round: target.roundId }, session, { kind: 'rollback', status: 'accepted', amount: 0, answer });
        return { answer, moved: false };
      }
      const [win] = await tx
        .select({ uuid: casinoTransactions.transactionUuid })
        .from(casinoTransactions)
        .where(
          and(
            eq(casinoTransactions.customerId, session.customerId),
            eq(casinoTransactions.roundId, target.roundId),
            eq(casinoTransactions.kind, 'win'),
          ),
        )
        .limit(1);
      if (win) throw new Refusal('RS_ERROR_UNKNOWN', main.balance);
      const amount = target.amount;
      const ledgerId =
        amount > 0
          ? await post(tx, {
              kind: 'casino_rollback',
              customerId: session.customerId,
              reference: `casino:${request.transaction_uuid}`,
              metadata: { round: target.roundId, bet: target.transactionUuid },
              entries: [
                { accountId: await houseAccountId(tx, HOUSE.casino), amount: -amount },
                { accountId: main.accountId, amount },
              ],
            })
          : null;
      await tx
        .update(casinoTransactions)
        .set({ status: 'rolled_back' })
        .where(eq(casinoTransactions.transactionUuid, target.transactionUuid));
      await this.roundChanged(tx, session, target.roundId, { bet: -amount, rolledBack: true });
      const after = await this.mainBalance(tx, session.customerId);
      const answer = ok(after.balance);
      await this.store(tx, { ...request, round: target.roundId }, session, {
        kind: 'rollback',
        status: 'accepted',
        amount,
        answer,
        ledgerId,
      });
      return { answer, moved: amount > 0 };
    });
  }

  /** A bet (or win) of the player by its uuid. */
  private async target(tx: Transaction, customerId: number, uuid: string): Promise<TransactionRow | undefined> {
    const [row] = await tx
      .select()
      .from(casinoTransactions)
      .where(and(eq(casinoTransactions.transactionUuid, uuid), eq(casinoTransactions.customerId, customerId)));
    return row;
  }

  private async store(
    tx: Transaction,
    request: { transaction_uuid: string; round: string; supplier_transaction_id?: string; reference_transaction_uuid?: string },
    session: SessionRow,
    row: { kind: string; status: string; amount: number; answer: TransactionAnswer; ledgerId?: number | null },
  ): Promise<void> {
    await tx.insert(casinoTransactions).values({
      transactionUuid: request.transaction_uuid,
      kind: row.kind,
      customerId: session.customerId,
      sessionId: session.id,
      roundId: request.round,
      referenceUuid: request.reference_transaction_uuid ?? null,
      supplierTransactionId: request.supplier_transaction_id ?? '',
      amount: row.amount,
      status: row.status,
      ledgerTransactionId: row.ledgerId ?? null,
      answer: row.answer,
      createdAt: this.now(),
    });
  }

  /** Keeps the round's sums and status with each accepted transaction. */
  private async roundChanged(
    tx: Transaction,
    session: SessionRow,
    roundId: string,
    change: { bet?: number; win?: number; closed?: boolean; rolledBack?: boolean },
  ): Promise<void> {
    const now = this.now();
    const bet = change.bet ?? 0;
    const win = change.win ?? 0;
    const [existing] = await tx
      .select()
      .from(casinoRounds)
      .where(and(eq(casinoRounds.customerId, session.customerId), eq(casinoRounds.roundId, roundId)))
      .for('update');
    if (!existing) {
      await tx.insert(casinoRounds).values({
        customerId: session.customerId,
        roundId,
        gameId: session.gameId,
        gameCode: session.gameCode,
        gameName: session.gameName,
        platformCode: session.platformCode,
        category: session.category,
        startedAt: now,
        lastAt: now,
        status: change.closed ? 'settled' : 'open',
        bet,
        win,
      });
      return;
    }
    let status = existing.status;
    if (change.rolledBack) {
      const [left] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(casinoTransactions)
        .where(
          and(
            eq(casinoTransactions.customerId, session.customerId),
            eq(casinoTransactions.roundId, roundId),
            eq(casinoTransactions.kind, 'bet'),
            eq(casinoTransactions.status, 'accepted'),
          ),
        );
      if ((left?.count ?? 0) === 0) status = 'rolled_back';
    } else if (change.closed) status = 'settled';
    else if (status === 'rolled_back') status = 'open';
    await tx
      .update(casinoRounds)
      .set({ bet: existing.bet + bet, win: existing.win + win, status, lastAt: now })
      .where(eq(casinoRounds.id, existing.id));
  }

  /**
   * The frame of every transaction call: the session (any age: expiry is each call's own rule), one
   * database transaction holding the player's main account, the stored first answer of a repeat, and
   * the balance pushed to the player when money moved.
   */
  private async transaction(
    request: BetRequest | WinRequest | RollbackRequest,
    kind: 'bet' | 'win' | 'rollback',
    work: (
      tx: Transaction,
      session: SessionRow,
      main: { accountId: number; balance: number },
      existing: { answer: TransactionAnswer; moved: false } | undefined,
    ) => Promise<{ answer: TransactionAnswer; moved: boolean }>,
  ): Promise<TransactionAnswer> {
    return this.answering(request, async () => {
      const session = await this.session(request.token, request.user);
      const result = await this.options.db.transaction(async (tx) => {
        // A new stake passes the rules about money first (responsible gaming), before the main account is
        // locked (the gate locks the player's row first, as every money path does); a repeat of a stored
        // bet answers its first answer whatever the rules say now.
        if (kind === 'bet') await this.gate(tx, request as BetRequest, session);
        const main = await this.mainBalance(tx, session.customerId, true);
        const [stored] = await tx.select().from(casinoTransactions).where(eq(casinoTransactions.transactionUuid, request.transaction_uuid));
        let existing: { answer: TransactionAnswer; moved: false } | undefined;
        if (stored) {
          if (stored.kind !== kind || stored.customerId !== session.customerId)
            throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION', main.balance);
          existing = { answer: { ...(stored.answer as TransactionAnswer), request_uuid: request.request_uuid }, moved: false };
        }
        return work(tx, session, main, existing);
      });
      if (result.moved) this.options.events.publish({ type: 'balance', customerId: session.customerId });
      return result.answer;
    });
  }

  /** The gate for a new round's stake; its refusal is Hub88's 'the user can't place new bets'. */
  private async gate(tx: Transaction, request: BetRequest, session: SessionRow): Promise<void> {
    const [stored] = await tx
      .select({ uuid: casinoTransactions.transactionUuid })
      .from(casinoTransactions)
      .where(eq(casinoTransactions.transactionUuid, request.transaction_uuid));
    if (stored) return;
    try {
      await this.options.gate(tx, {
        customerId: session.customerId,
        action: 'round',
        category: rgCategoryOfGame(session.category),
        amount: request.amount,
      });
    } catch (error) {
      if (!(error instanceof CallError)) throw error;
      throw new Refusal('RS_ERROR_USER_DISABLED', (await this.mainBalance(tx, session.customerId)).balance);
    }
  }

  /** Turns a refusal into its answer (HTTP 200, as Hub88 answers). */
  private async answering<T extends WalletAnswer>(
    request: { user: string; request_uuid: string },
    work: () => Promise<T>,
  ): Promise<T | WalletAnswer> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Refusal) return this.base(request, error.status, error.balance);
      throw error;
    }
  }
}
