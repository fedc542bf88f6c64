import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { MoneyBody } from '../../../src/contract/money';
import type { Database, Transaction } from '../../db';
import { depositOrders } from '../../db/schema';
import { CallError } from '../../lib/errors';
import type { MoneyGate } from '../../lib/moneyGate';
import { depositAfter } from '../../providers/payments/outcomes';
import { PaymentProviderError, type PaymentErrorCode } from '../../providers/payments/types';
import type { PlayerEvents } from '../../realtime/bus';
import { withIdempotency } from '../wallet';
import type { PaymentConfig } from '../../config';
import type { Payments } from '../payments';
import type { AfterCommit, DepositEvent } from '../payments';
import { playerRefusal, providerIssue } from '../payments';
import { EWALLETS, amountProblem, attemptFailedMessage, ewalletChannel, outcomeMessage, payTypeEntries } from './ewallets';
import {
  closeDeposit,
  creditDeposit,
  expiredOrders,
  findOrder,
  hasDeposited,
  insertDepositOrder,
  lockOrder,
  type DepositOrder,
} from './repository';
import { tellDepositClosed, tellDepositCredited } from './notify';
import { orderView, type DepositOrderView } from './view';

/** How long an order may wait for its checkout to be made (a create that timed out and was not retried). */
export const CHECKOUT_START_MS = 15 * 60_000;
/** After the provider's expiry, how long we wait for its final webhook before asking it and closing ours. */
export const EXPIRY_GRACE_MS = 5 * 60_000;
export const EXPIRY_JOB_MS = 60_000;

const BRAND = Object.fromEntries(EWALLETS.map((channel) => [channel.payType, channel.name])) as Record<string, string>;
const brandOf = (order: { payType: string }) => BRAND[order.payType] ?? order.payType;

export interface DepositServiceOptions {
  db: Database;
  events: PlayerEvents;
  payments: Payments;
  config: PaymentConfig;
  log: FastifyBaseLogger;
  /** The rules about money (responsible gaming, the operator's switches), in the order's transaction. */
  gate: MoneyGate;
}

/**
 * E-wallet deposits (GCash, Maya): the order, the provider's hosted checkout, and the consumer of the
 * provider's verified final status. The wallet is credited by the verified `paid` event only, exactly
 * once per order (the order row is locked and credited in the inbox's transaction), never on the
 * player's return from the checkout and never on a poll.
 */
export class DepositService {
  private readonly db: Database;

  constructor(private readonly options: DepositServiceOptions) {
    this.db = options.db;
    const { payments } = options;
    payments.payWays.register(async ({ terminal }) => {
      const [gcash, maya] = await Promise.all([this.available('gcash'), this.available('maya')]);
      return payTypeEntries(options.config, { gcash, maya }, terminal);
    }, 10);
    payments.onDepositEvent((tx, event) => this.applyEvent(tx, event));
  }

  private async available(payType: 'gcash' | 'maya'): Promise<boolean> {
    return Boolean(this.options.payments.acquirers[payType]) && (await this.options.payments.available(payType));
  }

  async payWays(customerId: number, terminal: string | undefined) {
    const firstDeposit = !(await hasDeposited(this.db, customerId));
    const payTypes = await this.options.payments.payWays.list({ customerId, firstDeposit, terminal });
    return { payTypes, firstDeposit, turnoverPercent: this.options.config.turnoverPercent };
  }

  /** deposit/createOnlineOrder: once per idempotency key; a retry after a timeout asks the provider again with the same key. */
  async createOnlineOrder(customerId: number, key: string, body: MoneyBody['createOnlineOrder'], host = ''): Promise<DepositOrderView> {
    const channel = ewalletChannel(body.payType, body.channelId);
    if (!channel) throw new CallError(GatewayCode.InvalidRequest, 'Please choose a way to pay from the list.', 400);
    const problem = amountProblem(body.amount, this.options.config.deposit[channel.payType], channel.name);
    if (problem) throw new CallError(GatewayCode.InvalidAmount, problem, 400);
    const acquirer = this.options.payments.acquirers[channel.payType];
    if (!acquirer) throw providerIssue();

    // Asked before the transaction: the provider (or its simulator's store) is not part of it.
    if (!(await this.options.payments.available(channel.payType))) throw providerIssue();
    const now = this.options.payments.clock();
    const { orderNo } = await withIdempotency(
      this.db,
      { customerId, key, call: 'deposit/createOnlineOrder', request: body },
      async (tx) => {
        // A session opened through a partner host deposits under that host's switch too (issue 36).
        await this.options.gate(tx, {
          customerId,
          action: 'deposit',
          amount: body.amount,
          channel: channel.payType,
          host: host || undefined,
        });
        const order = await insertDepositOrder(tx, {
          customerId,
          payType: channel.payType,
          channelId: channel.channelId,
          provider: channel.provider,
          amount: body.amount,
          expiresAt: new Date(now + CHECKOUT_START_MS),
        });
        return { orderNo: order.orderNo };
      },
    );
    // balanceFlag is 0 from now until the order ends: the header starts its wait at once.
    this.options.events.publish({ type: 'balance', customerId });
    let order = await findOrder(this.db, customerId, orderNo);
    if (!order) throw new CallError(GatewayCode.OrderNotFound, 'We could not find this deposit. Please start again.', 404);
    if (order.providerCheckoutId === null && order.status === 'pending') order = await this.startCheckout(order);
    if (order.status === 'failed' && order.providerCheckoutId === null) {
      throw playerRefusal(new PaymentProviderError((order.failureCode ?? 'PROVIDER_DOWN') as PaymentErrorCode, ''), channel.name);
    }
    return orderView(order);
  }

  /** Makes the provider's checkout for an order (idempotent at the provider by the order number). */
  private async startCheckout(order: DepositOrder): Promise<DepositOrder> {
    const acquirer = this.options.payments.acquirers[order.payType as 'gcash' | 'maya']!;
    const back = `${this.options.payments.publicUrl}/gpoorder?orderNo=${encodeURIComponent(order.orderNo)}`;
    let checkout;
    try {
      checkout = await acquirer.createCheckout({
        amount: order.amount,
        reference: order.orderNo,
        idempotencyKey: order.orderNo,
        returnUrls: { success: back, failure: `${back}&result=failed`, cancel: `${back}&result=cancelled` },
        description: `Panalo deposit ${order.orderNo}`,
      });
    } catch (error) {
      // A timeout may have made the checkout: the order stays pending, and a retry asks again with the same key.
      if (error instanceof PaymentProviderError && error.code !== 'TIMEOUT') {
        await this.db.transaction(async (tx) => {
          const locked = await lockOrder(tx, { id: order.id });
          if (locked) await closeDeposit(tx, locked, 'failed', String((playerRefusal(error, brandOf(order)) as Error).message), error.code);
        });
        this.options.events.publish({ type: 'balance', customerId: order.customerId });
      }
      throw playerRefusal(error, brandOf(order));
    }
    const [updated] = await this.db
      .update(depositOrders)
      .set({ providerCheckoutId: checkout.checkoutId, checkoutUrl: checkout.checkoutUrl, expiresAt: new Date(checkout.expiresAt) })
      .where(and(eq(depositOrders.id, order.id), isNull(depositOrders.providerCheckoutId)))
      .returning();
    return updated ?? (await findOrder(this.db, order.customerId, order.orderNo))!;
  }

  /** One of the player's deposit orders (what the support chat shows its agent); undefined when it is not theirs. */
  async order(customerId: number, orderNo: string): Promise<DepositOrderView | undefined> {
    const order = await findOrder(this.db, customerId, orderNo);
    return order ? orderView(order) : undefined;
  }

  /** deposit/cancelDeposit: the player gives up a pending order (a payment made anyway is still credited). */
  async cancel(customerId: number, orderNo: string): Promise<DepositOrderView> {
    let closed: DepositOrder | undefined;
    const order = await this.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, { orderNo });
      if (!locked || locked.customerId !== customerId) {
        throw new CallError(GatewayCode.OrderNotFound, 'We could not find this deposit.', 404);
      }
      if (locked.status === 'reviewing') {
        throw new CallError(GatewayCode.InvalidRequest, 'This deposit is being checked and can no longer be cancelled.', 400);
      }
      if (locked.status !== 'pending') return locked;
      await closeDeposit(tx, locked, 'cancelled', 'You cancelled this deposit.');
      closed = locked;
      return (await lockOrder(tx, { id: locked.id }))!;
    });
    if (closed) this.options.events.publish({ type: 'balance', customerId });
    return orderView(order);
  }

  /** The consumer of a verified deposit event, inside the inbox's transaction. */
  async applyEvent(tx: Transaction, event: DepositEvent): Promise<AfterCommit | void> {
    const order =
      (await lockOrder(tx, { provider: event.provider, checkoutId: event.checkoutId })) ??
      (event.reference ? await lockOrder(tx, { orderNo: event.reference }) : undefined);
    if (!order || order.provider !== event.provider) {
      this.options.log.error(
        { provider: event.provider, checkoutId: event.checkoutId, reference: event.reference },
        'payment event for no order of ours',
      );
      return;
    }
    if (event.amount !== order.amount) {
      // Never credit an amount we did not ask for: left unhandled, on record for reconciliation.
      throw new Error(`order ${order.orderNo}: event amount ${event.amount} differs from the order's ${order.amount}`);
    }
    const state =
      order.status === 'pending' || order.status === 'reviewing'
        ? 'pending'
        : (order.status as 'paid' | 'failed' | 'expired' | 'cancelled');
    const next = depositAfter(state, event);
    if (next.credit) {
      await creditDeposit(tx, order, { metadata: { checkoutId: event.checkoutId, eventId: event.eventId } });
      return () => tellDepositCredited(this.db, this.options.events, order);
    }
    if (next.state !== 'pending' && next.state !== state && event.outcome !== 'paid') {
      const message = outcomeMessage(event.outcome, brandOf(order), event.failureCode);
      await closeDeposit(tx, order, event.outcome, message, event.failureCode);
      return () => tellDepositClosed(this.db, this.options.events, order, message);
    }
    if (state === 'pending' && event.outcome === 'failed' && !event.final) {
      await tx
        .update(depositOrders)
        .set({ message: attemptFailedMessage(brandOf(order), event.failureCode), failureCode: event.failureCode ?? null })
        .where(eq(depositOrders.id, order.id));
    }
  }

  /**
   * The expiry job: pending e-wallet orders past their provider's expiry (and a grace for its webhook)
   * are asked about once more. The answer is informative only: a checkout the provider calls paid is
   * left pending for its webhook (which credits it); an ended or expired one closes our order.
   */
  async expireOrders(now: number): Promise<number> {
    let closed = 0;
    for (const order of await expiredOrders(this.db, new Date(now - EXPIRY_GRACE_MS))) {
      const acquirer = this.options.payments.acquirers[order.payType as 'gcash' | 'maya'];
      // Another provider's order (a partner host's payment) is asked about by its own module.
      if (!acquirer || acquirer.provider !== order.provider) continue;
      let outcome: 'expired' | 'cancelled' | 'failed' = 'expired';
      if (order.providerCheckoutId !== null) {
        try {
          const checkout = await acquirer.queryCheckout(order.providerCheckoutId);
          if (checkout.outcome === 'paid') {
            this.options.log.warn({ orderNo: order.orderNo }, 'the provider says paid but no webhook came yet: waiting for it');
            continue;
          }
          if (checkout.outcome === null && checkout.expiresAt > now) {
            await this.db
              .update(depositOrders)
              .set({ expiresAt: new Date(checkout.expiresAt) })
              .where(eq(depositOrders.id, order.id));
            continue;
          }
          if (checkout.outcome) outcome = checkout.outcome;
        } catch (error) {
          if (!(error instanceof PaymentProviderError && error.code === 'NOT_FOUND')) continue;
        }
      }
      const message = outcomeMessage(outcome, brandOf(order));
      const ended = await this.db.transaction(async (tx) => {
        const locked = await lockOrder(tx, { id: order.id });
        return locked ? closeDeposit(tx, locked, outcome, message) : false;
      });
      if (ended) {
        closed++;
        await tellDepositClosed(this.db, this.options.events, order, message);
      }
    }
    return closed;
  }
}
