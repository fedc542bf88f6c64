import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WithdrawalStatus } from '../../../src/contract/money';
import { GatewayCode, SpecCode } from '../../../src/contract/errorCodes';
import type { PaymentChannel, PayoutRail, PayoutStatus } from '../../../src/contract/payments';
import { manilaDate } from '../../../src/contract/people';
import { formatCentavos } from '../../../src/lib/money';
import type { Database, Transaction } from '../../db';
import { pendingMovements } from '../../db/schema';
import { CallError } from '../../lib/errors';
import { PaymentProviderError, type Payout, type PayoutDestination, type PayoutProvider } from '../../providers/payments/types';
import { payoutAfter } from '../../providers/payments/outcomes';
import type { PlayerEvents } from '../../realtime/bus';
import type { WithdrawConfig } from '../../config';
import { sendMessage } from '../messages';
import { accountById, findAccount } from '../paymentAccounts';
import { type PaymentAccountService, destinationOf } from '../paymentAccounts';
import { HOUSE, balances, houseAccountId, post, walletAccountId, withIdempotency } from '../wallet';
import { BANKS, bankLogo } from '../paymentAccounts';
import { type QuotaVerdict, type WithdrawWay, WAY_NAME, channelMax, checkQuota, wayOfAccountType, withdrawPresets } from './limits';
import type { WithdrawPasswords } from './password';
import {
  type WithdrawalOrderRow,
  dueOrders,
  findOrder,
  insertOrder,
  lockMainWallet,
  passwordHolder,
  turnoverFigures,
  updateOrder,
} from './repository';

/**
 * Withdrawals (spec §7 withdraw/*). A withdrawal is one ledger posting, main → house:pending-withdrawals,
 * with its order and a pending movement (balanceFlag 0), in the transaction of the call's idempotency
 * key; then the payout is asked of the provider with a key derived from the order, so a retry after a
 * timeout or a restart finds the same payout. The payout's statuses, from webhooks or from asking
 * again, move the order forward only: succeeded → the held money goes to house:payments; failed → it
 * returns to the wallet; a reversal of a paid payout returns it too. Each return comes with a message.
 */

export interface WithdrawalOptions {
  db: Database;
  events: PlayerEvents;
  config: WithdrawConfig;
  accounts: PaymentAccountService;
  passwords: WithdrawPasswords;
  /** The payout providers by name: `xendit` for e-wallets and banks, `agent` for store cash-outs. */
  payouts: () => { xendit?: PayoutProvider | undefined; agent?: PayoutProvider | undefined };
  /** Whether a channel takes payouts now (false while its outage switch is on: GW_801104). */
  available?: (channel: PaymentChannel) => Promise<boolean>;
  now?: () => number;
  log?: FastifyBaseLogger;
  /**
   * In the withdrawal's transaction (issue 35): with an active bonus, refuses unless the player confirmed
   * the exact amount that would be forfeited, and forfeits it when confirmed (app.promotions.atWithdrawal).
   */
  bonus?: (tx: Transaction, customerId: number, confirmed: number | undefined) => Promise<void>;
}

/** An order's status as the payout's (payoutAfter's rules decide what an event changes) and back. */
const PAYOUT_STATE: Record<WithdrawalStatus, PayoutStatus> = {
  pending: 'accepted',
  processing: 'pending',
  paid: 'succeeded',
  failed: 'failed',
  reversed: 'reversed',
};
const ORDER_STATUS: Record<PayoutStatus, WithdrawalStatus> = {
  accepted: 'pending',
  pending: 'processing',
  succeeded: 'paid',
  failed: 'failed',
  reversed: 'reversed',
};

/** What a payout webhook carries that a withdrawal needs. */
export interface PayoutEventLike {
  payoutId: string;
  reference: string;
  status: PayoutStatus;
  failureCode?: string | undefined;
}

/** Run once the handling transaction committed: the inbox message and the balance event. */
export type AfterCommit = () => Promise<void>;
/** Transient payout-create failures are retried with the same key, waiting longer each time (capped). */
const RETRY_MS = [5_000, 15_000, 60_000, 5 * 60_000, 15 * 60_000];
/** How often the resume job looks for payouts to ask for or look up. */
export const WITHDRAWAL_RESUME_MS = 5_000;
/** After the expected arrival, we ask the provider ourselves if no webhook came. */
const LOOK_AGAIN_MS = 10 * 60_000;

function newOrderNo(now: number): string {
  return `WD${manilaDate(new Date(now)).replaceAll('-', '')}${randomBytes(5).toString('hex').toUpperCase()}`;
}

export class WithdrawalService {
  private readonly db: Database;
  private readonly now: () => number;

  constructor(private readonly options: WithdrawalOptions) {
    this.db = options.db;
    this.now = options.now ?? Date.now;
  }

  // ---------------------------------------------------------------- what the player may do

  /** The balance, the turnover still owed, and what may be withdrawn now. */
  async figures(customerId: number, db: Database | Transaction = this.db) {
    const [{ main }, { deposited, staked }] = await Promise.all([balances(db, customerId), turnoverFigures(db, customerId)]);
    const required = Math.ceil((deposited * this.options.config.turnoverPercent) / 100);
    const turnoverRemaining = Math.max(0, required - staked);
    return { balance: main, turnoverRemaining, withdrawable: Math.max(0, main - turnoverRemaining) };
  }

  private async wayOpen(way: WithdrawWay): Promise<boolean> {
    const providers = this.options.payouts();
    if (way === 'agent') return providers.agent !== undefined;
    if (!providers.xendit) return false;
    return (await this.options.available?.(way)) ?? true;
  }

  async withdrawSwitch(customerId: number) {
    const { config } = this.options;
    const [gcash, maya, bank, agent, figures, holder] = await Promise.all([
      this.wayOpen('gcash'),
      this.wayOpen('maya'),
      this.wayOpen('bank'),
      this.wayOpen('agent'),
      this.figures(customerId),
      passwordHolder(this.db, customerId),
    ]);
    return {
      gcash,
      maya,
      bank,
      agent,
      minWithdrawAmount: config.minAmount,
      maxWithdrawAmount: config.maxAmount,
      amountList: withdrawPresets(config),
      channelMax: {
        gcash: channelMax('gcash', config),
        maya: channelMax('maya', config),
        bank: channelMax('bank', config),
        agent: channelMax('agent', config),
      },
      withdrawable: figures.withdrawable,
      turnoverRemaining: figures.turnoverRemaining,
      hasWithdrawPassword: Boolean(holder?.hash),
    };
  }

  banks() {
    return { list: BANKS.map((bank) => ({ ...bank, logo: bankLogo(bank.bankCode) })) };
  }

  async checkOrderQuota(customerId: number, amount: number, accountType: number) {
    const figures = await this.figures(customerId);
    const verdict = checkQuota(amount, wayOfAccountType(accountType), this.options.config, figures.withdrawable);
    return {
      allowed: verdict.allowed,
      channelMax: verdict.channelMax,
      splits: verdict.splits,
      ...(verdict.message ? { message: this.quotaMessage(verdict, amount, figures) } : {}),
    };
  }

  /** The verdict's words, with the turnover rule said plainly when it is what stands in the way. */
  private quotaMessage(verdict: QuotaVerdict, amount: number, figures: { balance: number; turnoverRemaining: number }): string {
    if (verdict.reason !== 'balance' || figures.turnoverRemaining === 0 || amount > figures.balance) {
      return verdict.message ?? '';
    }
    const times = this.options.config.turnoverPercent === 100 ? 'once' : `${this.options.config.turnoverPercent}% of their amount`;
    return `Deposits must be staked ${times} before they can be withdrawn: bet ${formatCentavos(figures.turnoverRemaining)} more in settled bets to withdraw everything. ${verdict.message}`;
  }

  // ---------------------------------------------------------------- a withdrawal

  /**
   * Holds the money and makes the order (once per idempotency key), then asks for the payout. Refusals
   * move nothing: a wrong password, an amount outside the limits, turnover still owed, a closed way.
   */
  async create(
    customerId: number,
    key: string,
    call: string,
    input: {
      way: WithdrawWay;
      amount: number;
      withdrawPassword: string;
      bankAccountId?: number | undefined;
      /** The bonus forfeit the player was shown and confirmed (issue 35). */
      forfeitBonus?: number | undefined;
    },
  ) {
    const { way, amount } = input;
    if (!(await this.wayOpen(way))) {
      throw new CallError(
        SpecCode.PaymentProviderIssue,
        `Withdrawals to ${WAY_NAME[way]} are paused while a payment provider issue is being resolved. Please try again later or choose another way.`,
        400,
      );
    }
    await this.options.passwords.verify(customerId, input.withdrawPassword);
    const request = { way, amount, bankAccountId: input.bankAccountId ?? null, forfeitBonus: input.forfeitBonus ?? null };
    const held = await withIdempotency(this.db, { customerId, key, call, request }, async (tx) => {
      // One withdrawal of a player at a time: the figures below stay true until the hold is posted.
      await lockMainWallet(tx, await walletAccountId(tx, customerId, 'main'));
      let destinationText = 'Partner store cash-out';
      if (way !== 'agent') {
        const account =
          input.bankAccountId === undefined ? undefined : await findAccount(tx, customerId, input.bankAccountId, { lock: true });
        if (!account || wayOfAccountType(account.accountType) !== way) {
          throw new CallError(GatewayCode.PaymentAccountRefused, 'Please choose one of your saved accounts to withdraw to.', 400);
        }
        destinationText = destinationOf(account);
      }
      const figures = await this.figures(customerId, tx);
      const verdict = checkQuota(amount, way, this.options.config, figures.withdrawable);
      if (!verdict.allowed) throw this.refusal(verdict, amount, figures);
      // An active bonus: refused until the player confirmed the exact forfeit; confirmed, forfeited here.
      await this.options.bonus?.(tx, customerId, input.forfeitBonus);
      const now = this.now();
      const orderNo = newOrderNo(now);
      const holdTransactionId = await post(tx, {
        kind: 'withdrawal',
        customerId,
        reference: `withdrawal:${orderNo}`,
        metadata: { way, destination: destinationText },
        entries: [
          { accountId: await walletAccountId(tx, customerId, 'main'), amount: -amount },
          { accountId: await houseAccountId(tx, HOUSE.pendingWithdrawals), amount },
        ],
      });
      const [movement] = await tx
        .insert(pendingMovements)
        .values({ customerId, kind: 'withdrawal', amount, transactionId: holdTransactionId })
        .returning({ id: pendingMovements.id });
      const order = await insertOrder(tx, {
        orderNo,
        customerId,
        paymentAccountId: input.bankAccountId ?? null,
        channel: way,
        amount,
        destination: destinationText,
        provider: way === 'agent' ? 'agent' : 'xendit',
        payoutKey: `wd-${orderNo}`,
        holdTransactionId,
        pendingMovementId: movement!.id,
        // Due at once: if this process stops before the payout is asked, the resume job asks it.
        nextAttemptAt: new Date(now),
        createdAt: new Date(now),
        updatedAt: new Date(now),
      });
      // Only the order number: this answer is stored with the idempotency key, and no account number may be.
      return { orderNo: order.orderNo };
    });
    this.balanceChanged(customerId);
    await this.submit(held.orderNo);
    const order = await findOrder(this.db, held.orderNo, { customerId });
    return orderView(order!);
  }

  private refusal(verdict: QuotaVerdict, amount: number, figures: { balance: number; turnoverRemaining: number }): CallError {
    const message = this.quotaMessage(verdict, amount, figures);
    if (verdict.reason === 'split') return new CallError(GatewayCode.SplitNeeded, message, 400, { splits: verdict.splits });
    if (verdict.reason === 'balance') {
      if (amount > figures.balance)
        return new CallError(GatewayCode.InsufficientBalance, 'Your balance is not enough for this withdrawal.', 400);
      return new CallError(GatewayCode.TurnoverNotMet, message, 400, { turnoverRemaining: figures.turnoverRemaining });
    }
    return new CallError(GatewayCode.InvalidAmount, message, 400);
  }

  /**
   * Asks the provider for the order's payout (again), with the order's own key: a retry after a timeout
   * or a restart finds the payout already made instead of making a second one. Transient failures wait
   * and try again; a refusal that will not change returns the money.
   */
  async submit(orderNo: string): Promise<void> {
    const order = await findOrder(this.db, orderNo);
    if (!order || order.status !== 'pending' || order.payoutId) return;
    const provider = this.options.payouts()[order.provider as 'xendit' | 'agent'];
    if (!provider) return this.retryLater(order, 'no payout provider configured');
    let payout: Payout;
    try {
      payout = await provider.createPayout({
        amount: order.amount,
        reference: order.orderNo,
        idempotencyKey: order.payoutKey,
        destination: await this.destinationFor(order),
      });
    } catch (error) {
      if (
        error instanceof PaymentProviderError &&
        ['CHANNEL_UNAVAILABLE', 'ACCOUNT_BLOCKED', 'AMOUNT_ABOVE_LIMIT', 'INVALID_AMOUNT'].includes(error.code)
      ) {
        return this.apply(order.orderNo, { status: 'failed', failureCode: error.code });
      }
      return this.retryLater(order, error instanceof Error ? error.message : String(error));
    }
    await this.recordPayout(order, payout);
  }

  private async destinationFor(order: WithdrawalOrderRow): Promise<PayoutDestination> {
    // A store cash-out goes to whoever shows the claim code: the agent network takes no account.
    if (order.paymentAccountId === null) return { channel: 'bank', accountNumber: order.orderNo, accountName: 'store cash-out' };
    const account = await accountById(this.db, order.paymentAccountId);
    if (!account) throw new Error(`withdrawal ${order.orderNo}: its account ${order.paymentAccountId} is missing`);
    return {
      channel: order.channel as PaymentChannel,
      accountNumber: this.options.accounts.openNumber(account),
      accountName: account.accountName,
      ...(account.bankCode ? { bankCode: account.bankCode } : {}),
    };
  }

  private async retryLater(order: WithdrawalOrderRow, reason: string): Promise<void> {
    const wait = RETRY_MS[Math.min(order.attempts, RETRY_MS.length - 1)]!;
    this.options.log?.warn(
      { orderNo: order.orderNo, attempt: order.attempts + 1, reason },
      'payout create failed; trying again with the same key',
    );
    await updateOrder(this.db, order.id, { attempts: order.attempts + 1, nextAttemptAt: new Date(this.now() + wait) });
  }

  private async recordPayout(order: WithdrawalOrderRow, payout: Payout): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await findOrder(tx, order.orderNo, { lock: true });
      if (!current || current.payoutId) return;
      await updateOrder(tx, current.id, {
        // The provider has it: the order is processing from now on.
        status: current.status === 'pending' ? 'processing' : current.status,
        payoutId: payout.payoutId,
        rail: payout.rail,
        claimCode: payout.claimCode ?? null,
        attempts: current.attempts + 1,
        expectedBy: new Date(payout.expectedBy),
        nextAttemptAt: new Date(Math.max(payout.expectedBy, this.now()) + LOOK_AGAIN_MS),
      });
    });
    await this.apply(order.orderNo, { status: payout.status, ...(payout.failureCode ? { failureCode: payout.failureCode } : {}) });
  }

  /**
   * A verified payout webhook (the payments inbox calls this inside its transaction): moves the order
   * forward only, once. A reference that is not one of our withdrawals is logged and left alone.
   */
  async onPayoutEvent(tx: Transaction, event: PayoutEventLike): Promise<AfterCommit | undefined> {
    const order = await findOrder(tx, event.reference, { lock: true });
    if (!order) {
      this.options.log?.warn({ reference: event.reference, payoutId: event.payoutId }, 'payout event for no withdrawal of ours');
      return undefined;
    }
    if (order.payoutId && order.payoutId !== event.payoutId) {
      this.options.log?.error({ orderNo: order.orderNo, payoutId: event.payoutId }, 'payout event names another payout than the order’s');
      return undefined;
    }
    if (!order.payoutId) await updateOrder(tx, order.id, { payoutId: event.payoutId });
    return this.applyIn(tx, order.orderNo, event);
  }

  /** A status we learnt ourselves (the create's answer, or asking the provider), in its own transaction. */
  private async apply(orderNo: string, change: { status: PayoutStatus; failureCode?: string | undefined }): Promise<void> {
    const after = await this.db.transaction((tx) => this.applyIn(tx, orderNo, change));
    await after?.();
  }

  /**
   * Moves the order by the payout's status, with payoutAfter's rules (src: providers/payments/outcomes):
   * succeeded → the held money goes to house:payments; failed or reversed → it returns to the wallet,
   * with a message; anything late or repeated changes nothing.
   */
  private async applyIn(
    tx: Transaction,
    orderNo: string,
    change: { status: PayoutStatus; failureCode?: string | undefined },
  ): Promise<AfterCommit | undefined> {
    const order = await findOrder(tx, orderNo, { lock: true });
    if (!order) return undefined;
    const from = PAYOUT_STATE[order.status as WithdrawalStatus];
    const next = payoutAfter(from, change.status);
    if (next.state === from) {
      if (from !== change.status && ['succeeded', 'failed'].includes(change.status) && ['succeeded', 'failed'].includes(from)) {
        // A paid payout that fails, or a returned one that succeeds: a mismatch for reconciliation, not a movement.
        this.options.log?.error({ orderNo, from, to: change.status }, 'payout status contradicts the order; left for reconciliation');
      }
      return undefined;
    }
    const target = ORDER_STATUS[next.state];
    const now = new Date(this.now());
    const pending = await houseAccountId(tx, HOUSE.pendingWithdrawals);
    const changes: Partial<WithdrawalOrderRow> = { status: target };
    let notice: { title: string; body: string } | undefined;
    if (target === 'paid') {
      changes.settleTransactionId = await post(tx, {
        kind: 'withdrawal_paid',
        customerId: order.customerId,
        reference: `withdrawal:${order.orderNo}`,
        entries: [
          { accountId: pending, amount: -order.amount },
          { accountId: await houseAccountId(tx, HOUSE.payments), amount: order.amount },
        ],
      });
      changes.completedAt = now;
    }
    if (next.giveBack) {
      // A reversal of a paid payout takes the money back from what was paid out; a failure, or a
      // reversal that overtook its own success, from the money still held.
      const source = order.status === 'paid' ? await houseAccountId(tx, HOUSE.payments) : pending;
      changes.returnTransactionId = await post(tx, {
        kind: target === 'failed' ? 'withdrawal_return' : 'withdrawal_reversal',
        customerId: order.customerId,
        reference: `withdrawal:${order.orderNo}`,
        metadata: change.failureCode ? { failureCode: change.failureCode } : {},
        entries: [
          { accountId: source, amount: -order.amount },
          { accountId: await walletAccountId(tx, order.customerId, 'main'), amount: order.amount },
        ],
      });
      const amount = formatCentavos(order.amount);
      const body =
        target === 'failed'
          ? `Your withdrawal of ${amount} to ${order.destination} could not be completed, so the money is back in your wallet. Please check the account details, or choose another account, and try again.`
          : `Your withdrawal of ${amount} to ${order.destination} was sent back by the receiving bank or e-wallet, so the money is back in your wallet. Please check the account, or choose another one, and try again.`;
      changes.failureCode = change.failureCode ?? null;
      changes.message = body;
      changes.completedAt = now;
      notice = { title: target === 'failed' ? 'Withdrawal returned' : 'Withdrawal reversed', body };
    }
    const settled = target !== 'processing';
    if (settled) {
      changes.nextAttemptAt = null;
      if (order.pendingMovementId !== null) {
        await tx
          .update(pendingMovements)
          .set({ status: target === 'paid' ? 'done' : 'failed', completedAt: now })
          .where(and(eq(pendingMovements.id, order.pendingMovementId), eq(pendingMovements.status, 'pending')));
      }
    }
    await updateOrder(tx, order.id, changes);
    if (!settled) return undefined;
    return async () => {
      if (notice) await sendMessage(this.db, this.options.events, { customerId: order.customerId, type: 1, ...notice });
      // Web Push (server/modules/push): paid, or failed/reversed with the money back.
      this.options.events.publish({
        type: 'notice',
        customerId: order.customerId,
        notice: { kind: 'withdrawal', status: target === 'paid' ? 'paid' : 'failed', orderNo: order.orderNo, amount: order.amount },
      });
      this.balanceChanged(order.customerId);
    };
  }

  /**
   * The resume job (run by the leader every few seconds): payouts not asked yet are asked (again, with
   * the same key); payouts past their expected arrival without a final webhook are looked up.
   */
  async resume(limit = 50): Promise<number> {
    const due = await dueOrders(this.db, new Date(this.now()), limit);
    for (const order of due) {
      try {
        if (order.status === 'pending' && !order.payoutId) await this.submit(order.orderNo);
        else await this.lookUp(order);
      } catch (error) {
        this.options.log?.error({ err: error, orderNo: order.orderNo }, 'withdrawal resume failed');
      }
    }
    return due.length;
  }

  private async lookUp(order: WithdrawalOrderRow): Promise<void> {
    const provider = this.options.payouts()[order.provider as 'xendit' | 'agent'];
    if (!provider || !order.payoutId) return;
    const payout = await provider.queryPayout(order.payoutId);
    // Until the payout settles we keep asking now and then; after that, a reversal arrives as a webhook.
    const settled = ['succeeded', 'failed', 'reversed'].includes(payout.status);
    await updateOrder(this.db, order.id, { nextAttemptAt: settled ? null : new Date(this.now() + LOOK_AGAIN_MS) });
    await this.apply(order.orderNo, { status: payout.status, ...(payout.failureCode ? { failureCode: payout.failureCode } : {}) });
  }

  async status(customerId: number, orderNo: string) {
    const order = await findOrder(this.db, orderNo, { customerId });
    if (!order) throw new CallError(GatewayCode.OrderNotFound, 'We could not find this withdrawal. Please check your records.', 404);
    return orderView(order);
  }

  private balanceChanged(customerId: number): void {
    this.options.events.publish({ type: 'balance', customerId });
  }
}

/** A withdrawal order as the calls answer it (withdrawalAnswer). */
export function orderView(order: WithdrawalOrderRow) {
  return {
    orderNo: order.orderNo,
    amount: order.amount,
    status: order.status as WithdrawalStatus,
    destination: order.destination,
    ...(order.rail === 'instapay' || order.rail === 'pesonet' ? { rail: order.rail as PayoutRail } : {}),
    ...(order.claimCode ? { claimCode: order.claimCode } : {}),
    ...(order.message
      ? { message: order.message }
      : order.status === 'pending' || order.status === 'processing'
        ? { message: inFlightMessage(order) }
        : {}),
    createdAt: order.createdAt.toISOString(),
    ...(order.expectedBy ? { expectedBy: order.expectedBy.toISOString() } : {}),
    ...(order.completedAt ? { completedAt: order.completedAt.toISOString() } : {}),
  };
}

function inFlightMessage(order: WithdrawalOrderRow): string {
  if (order.channel === 'agent') return 'Show the claim code at a partner store within 72 hours to get your cash.';
  if (order.rail === 'pesonet') return 'Your withdrawal goes out with the next PESONet cycle (banking days at 10:00, 13:00 and 16:00).';
  return 'Your withdrawal is on its way. It usually arrives within minutes.';
}
