import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type * as z from 'zod/mini';
import type { depositOrderAnswer } from '../../../src/contract/answers/money';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import type { MoneyGate } from '../../lib/moneyGate';
import { fitImage, refusePicture } from '../../lib/images';
import { newMediaKey } from '../../lib/security';
import type { AgentCallback, AgentNetwork } from '../../providers/agents/cashIn';
import type { PlayerEvents } from '../../realtime/bus';
import { closeDeposit, creditDeposit, lockOrder } from '../deposits';
import { tellDepositClosed, tellDepositCredited } from '../deposits';
import { orderView } from '../deposits';
import { providerIssue } from '../payments';
import { withIdempotency } from '../wallet';
import * as repo from './repository';
import type { DepositOrder } from './repository';
import type { ManualDepositSettings } from '../../config';

/**
 * Deposits a person completes: a bank transfer to the house's account with the receipt uploaded and
 * reviewed by the operator, and cash given to an agent or store cashier against a payment code. Both are
 * orders in deposit_orders; each is credited once (house:payments → the player's main wallet) by the
 * single UPDATE that moves it to 'paid', whatever the number of approvals or callbacks that race.
 *
 * balanceFlag stays 1 for these orders: they wait on a person (the player's transfer, the operator, the
 * cashier) for hours, not on a provider's confirmation that the §4 polling could wait for.
 */
export interface ManualDepositOptions {
  db: Database;
  events: PlayerEvents;
  settings: ManualDepositSettings;
  /** The agent network; absent where none is contracted (production until one is): cash-in is then closed. */
  agents?: AgentNetwork;
  /** Whether the bank channel takes deposits now (the payments core's outage switch). */
  bankAvailable?: () => Promise<boolean>;
  clock?: () => number;
  /** The rules about money (responsible gaming, the operator's switches), in the order's transaction. */
  gate: MoneyGate;
}

export type DepositOrderAnswer = z.infer<typeof depositOrderAnswer>;

/** spec §9: pictures at most 750 px on their longest side, quality 0.9. */
export const RECEIPT_MAX_SIDE = 750;
export const RECEIPT_QUALITY = 0.9;

const ORDER_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 'BK' + 10 characters: short enough to write on a transfer as its reference, unique as the order number. */
const newOrderNo = (prefix: string) => prefix + Array.from({ length: 10 }, () => ORDER_ALPHABET[randomInt(ORDER_ALPHABET.length)]).join('');

const peso = (centavos: number) => `₱${(centavos / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;
const notFound = () =>
  new CallError(GatewayCode.OrderNotFound, 'This deposit order was not found. Please check your deposit records.', 404);
const badAmount = (min: number, max: number) =>
  new CallError(GatewayCode.InvalidAmount, `Please enter an amount from ${peso(min)} to ${peso(max)}.`, 400);

export const EXPIRED_MESSAGE = {
  bank: 'This deposit expired before a receipt was sent. If you already transferred, please contact Customer Service with your receipt.',
  agent: 'The payment code expired. Please create a new one.',
} as const;

export type ReviewOutcome = { done: true; order: DepositOrder } | { done: false; message: string };

export class ManualDepositService {
  private readonly db: Database;
  private readonly clock: () => number;

  constructor(private readonly options: ManualDepositOptions) {
    this.db = options.db;
    this.clock = options.clock ?? Date.now;
  }

  /** Whether bank transfers are taken now (the operator's outage switch). */
  async bankAvailable(): Promise<boolean> {
    return this.options.bankAvailable ? this.options.bankAvailable() : true;
  }

  bankInfos() {
    return { list: this.options.settings.banks.map((bank) => ({ ...bank })) };
  }

  /** The order as the player sees it; a pending order past its time reads as expired before the job marks it. */
  view(order: DepositOrder): DepositOrderAnswer {
    const expired = order.status === 'pending' && order.expiresAt !== null && order.expiresAt.getTime() <= this.clock();
    return orderView(order, expired ? { status: 'expired', message: EXPIRED_MESSAGE[order.payType as 'bank' | 'agent'] } : {});
  }

  async createBankDeposit(customerId: number, body: { bankInfoId: number; amount: number }, key: string): Promise<DepositOrderAnswer> {
    const bank = this.options.settings.banks.find((b) => b.bankInfoId === body.bankInfoId);
    if (!bank) throw new CallError(GatewayCode.ChannelClosed, 'This bank account is not available. Please choose another.', 400);
    if (body.amount < bank.minAmount || body.amount > bank.maxAmount) throw badAmount(bank.minAmount, bank.maxAmount);
    if (!(await this.bankAvailable())) throw providerIssue();
    return withIdempotency(this.db, { customerId, key, call: 'deposit/createDeposit', request: body }, async (tx) => {
      await this.options.gate(tx, { customerId, action: 'deposit', amount: body.amount, channel: 'bank' });
      const order = await repo.insertOrder(tx, {
        orderNo: newOrderNo('BK'),
        customerId,
        payType: 'bank',
        channelId: `bank-${bank.bankInfoId}`,
        provider: 'bank',
        amount: body.amount,
        status: 'pending',
        details: {
          bankInfoId: bank.bankInfoId,
          bank: { bankName: bank.bankName, accountName: bank.accountName, accountNo: bank.accountNo },
        },
        expiresAt: new Date(this.clock() + this.options.settings.bankExpiryMs),
      });
      return this.view(order);
    });
  }

  /** The receipt: checked by its bytes, fitted to 750 px, kept under an unguessable key; the order goes to review. */
  async uploadReceipt(customerId: number, orderNo: string, image: string): Promise<DepositOrderAnswer> {
    const order = await repo.orderByNo(this.db, orderNo);
    if (!order || order.customerId !== customerId || order.payType !== 'bank') throw notFound();
    const view = this.view(order);
    if (view.status !== 'pending' && view.status !== 'reviewing') {
      throw new CallError(GatewayCode.InvalidRequest, `This deposit is ${view.status} already: a receipt can no longer be added.`, 400);
    }
    const match = /^data:[\w.+/-]*(?:;[\w=.+-]+)*;base64,([A-Za-z0-9+/=\s]+)$/.exec(image);
    const data = match ? Buffer.from(match[1]!, 'base64') : undefined;
    const unreadable =
      'This file is not a picture we can read. Please upload a photo or screenshot of your transfer receipt (JPEG, PNG or WebP).';
    if (!data) throw new CallError(GatewayCode.ReceiptInvalid, unreadable, 400);
    const fitted = await fitImage(data, RECEIPT_MAX_SIDE, RECEIPT_QUALITY, `player:${customerId}`).catch((error: unknown) =>
      refusePicture(error, GatewayCode.ReceiptInvalid, unreadable),
    );
    const moved = await this.db.transaction(async (tx) => {
      const reviewing = await repo.moveOrder(tx, order.id, ['pending', 'reviewing'], { status: 'reviewing' });
      if (!reviewing) return undefined;
      await repo.saveReceipt(tx, {
        orderId: order.id,
        mediaKey: newMediaKey(),
        contentType: fitted.contentType,
        data: fitted.data,
        width: fitted.width,
        height: fitted.height,
      });
      return reviewing;
    });
    if (!moved) throw new CallError(GatewayCode.InvalidRequest, 'This deposit was decided already: a receipt can no longer be added.', 400);
    return this.view(moved);
  }

  /** The operator approves a bank deposit under review: credited once, however many approvals race (the order row is locked). */
  async approve(orderNo: string, reviewer: string): Promise<ReviewOutcome> {
    const outcome = await this.db.transaction(async (tx): Promise<ReviewOutcome> => {
      const order = await lockOrder(tx, { orderNo });
      if (!order || order.payType !== 'bank') return { done: false, message: 'No bank deposit has this number.' };
      if (order.status !== 'reviewing') return { done: false, message: `Deposit ${orderNo} was decided already (${order.status}).` };
      const { credited } = await creditDeposit(tx, order, { metadata: { reviewedBy: reviewer } });
      if (!credited) return { done: false, message: `Deposit ${orderNo} was credited already.` };
      await repo.markReviewed(tx, order.id, reviewer);
      return { done: true, order };
    });
    if (outcome.done) await tellDepositCredited(this.db, this.options.events, outcome.order);
    return outcome;
  }

  /** The operator rejects a bank deposit under review: closed with the reason, which the player reads in the inbox. */
  async reject(orderNo: string, reason: string, reviewer: string): Promise<ReviewOutcome> {
    const words = reason.trim() || 'The receipt could not be matched to a transfer.';
    const message = `${/[.!?]$/.test(words) ? words : `${words}.`} Nothing was added to your wallet. If you did transfer the money, please contact Customer Service with your receipt.`;
    const outcome = await this.db.transaction(async (tx): Promise<ReviewOutcome> => {
      const order = await lockOrder(tx, { orderNo });
      if (!order || order.payType !== 'bank') return { done: false, message: 'No bank deposit has this number.' };
      if (order.status !== 'reviewing' || !(await closeDeposit(tx, order, 'rejected', message))) {
        return { done: false, message: `Deposit ${orderNo} was decided already (${order.status}).` };
      }
      await repo.markReviewed(tx, order.id, reviewer);
      return { done: true, order: { ...order, status: 'rejected', message } };
    });
    if (outcome.done) await tellDepositClosed(this.db, this.options.events, outcome.order, message);
    return outcome;
  }

  async createAgentDeposit(customerId: number, amount: number, key: string): Promise<DepositOrderAnswer> {
    const { agentMinAmount, agentMaxAmount, agentCodeMs } = this.options.settings;
    if (amount < agentMinAmount || amount > agentMaxAmount) throw badAmount(agentMinAmount, agentMaxAmount);
    // The code is registered with the network first (a call outside, never inside a database
    // transaction); a retry of the same request answers the first order, and its unused new code expires.
    const orderNo = newOrderNo('AG');
    const expiresAt = new Date(this.clock() + agentCodeMs);
    const agents = this.options.agents;
    if (!agents)
      throw new CallError(GatewayCode.ChannelClosed, 'Cash-in at a store is not available yet. Please choose another way to deposit.', 400);
    const payment = await agents.createPayment({ reference: orderNo, amount, expiresAt });
    return withIdempotency(this.db, { customerId, key, call: 'deposit/depositByAgent', request: { amount } }, async (tx) => {
      await this.options.gate(tx, { customerId, action: 'deposit', amount, channel: 'agent' });
      const order = await repo.insertOrder(tx, {
        orderNo,
        customerId,
        payType: 'agent',
        channelId: 'agent',
        provider: 'agent',
        providerCheckoutId: payment.paymentId,
        amount,
        status: 'pending',
        details: { agentCode: payment.code },
        expiresAt,
      });
      return this.view(order);
    });
  }

  /**
   * The agent network's signed callback (verified by the route): the order is credited once; a repeat
   * changes nothing. An amount that differs from the order's is not credited and is logged (and
   * reconciliation reports it). Cash taken before the code expired is credited even if the order was
   * marked expired meanwhile: the player paid.
   */
  async agentPaid(callback: AgentCallback, log: FastifyBaseLogger): Promise<'credited' | 'repeat' | 'unknown' | 'mismatch'> {
    const result = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, { provider: 'agent', checkoutId: callback.paymentId });
      if (!order || order.payType !== 'agent' || order.orderNo !== callback.reference) return { outcome: 'unknown' as const };
      if (order.amount !== callback.amount) return { outcome: 'mismatch' as const, order };
      const { credited } = await creditDeposit(tx, order, { metadata: { paymentId: callback.paymentId, store: callback.store } });
      return { outcome: credited ? ('credited' as const) : ('repeat' as const), order };
    });
    if (result.outcome === 'unknown') log.warn({ callback }, 'agent callback for no order of ours');
    if (result.outcome === 'mismatch') {
      log.error(
        { orderNo: result.order.orderNo, ours: result.order.amount, theirs: callback.amount },
        'agent callback amount differs from the order: not credited',
      );
    }
    if (result.outcome === 'credited') await tellDepositCredited(this.db, this.options.events, result.order);
    return result.outcome;
  }

  /** Pending bank and agent orders past their time are closed as expired, and the player told (a job runs this). */
  async expireDue(now = this.clock()): Promise<number> {
    let closed = 0;
    for (const due of await repo.dueToExpire(this.db, new Date(now))) {
      const payType = due.payType as 'bank' | 'agent';
      const order = await this.db.transaction(async (tx) => {
        const locked = await lockOrder(tx, { id: due.id });
        return locked && (await closeDeposit(tx, locked, 'expired', EXPIRED_MESSAGE[payType])) ? locked : undefined;
      });
      if (!order) continue;
      closed++;
      await tellDepositClosed(this.db, this.options.events, order, EXPIRED_MESSAGE[payType]);
    }
    return closed;
  }
}
