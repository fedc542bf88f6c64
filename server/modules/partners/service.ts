import type { FastifyBaseLogger } from 'fastify';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { TRADE_PAY_RESULT, type HostLoginAnswer } from '../../../src/contract/partners';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import type { MoneyGate } from '../../lib/moneyGate';
import { HostError, HostUnreachable, type HostPayment, type SuperAppHost } from '../../providers/hosts/types';
import type { PlayerEvents } from '../../realtime/bus';
import type { ChannelLimits } from '../../config';
import { type Client, type SessionPolicy, findById, findByPhone, logIn } from '../auth';
import {
  amountProblem,
  attachCheckout,
  closeDeposit,
  findOrder,
  insertDepositOrder,
  lockOrder,
  orderView,
  pendingOrdersOf,
  tellDepositClosed,
  type DepositService,
} from '../deposits';
import { providerIssue, type DepositEvent } from '../payments';
import { withIdempotency } from '../wallet';
import { link, linkedCustomer, markPartnerOrigin } from './repository';

/** A host order waits this long for the player's pay sheet before the host is asked and it is closed. */
export const HOST_ORDER_MS = 15 * 60_000;
/** Pending host orders older than this are asked about by the poll job (8000, 6004, U, a lost page). */
export const POLL_AFTER_MS = 10_000;
export const POLL_JOB_MS = 15_000;

const HOST_NAME: Record<string, string> = { gcash: 'GCash', lazada: 'Lazada' };
/** A host's deposit orders' pay type, and the channel whose kill switch also closes them. */
const PAY_TYPE: Record<string, 'gcash' | 'lazada'> = { gcash: 'gcash', lazada: 'lazada' };

export interface PartnerServiceOptions {
  db: Database;
  /** The super-app host per name; absent: not configured (production without a host contract). */
  hosts: Partial<Record<string, SuperAppHost>>;
  policy: SessionPolicy;
  deposits: DepositService;
  gate: MoneyGate;
  events: PlayerEvents;
  limits: ChannelLimits;
  clock: () => number;
  log: FastifyBaseLogger;
  /** Whether an operator's switch ('host:lazada', 'channel:gcash') is in withdraw-only mode. */
  withdrawOnly: (key: string) => Promise<boolean>;
}

type DepositOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/**
 * Partner hosts (issue 36): the super-app's silent login (an auth code exchanged once at the host, on our
 * server only) and its host payments. A host deposit is an ordinary deposit order (provider alipayplus)
 * made before the host's pay; it is credited by the deposits consumer on the host's verified callback or
 * on its signed inquiry answer, never on the page's result code.
 */
export class PartnerService {
  constructor(private readonly options: PartnerServiceOptions) {}

  private host(name: string): SuperAppHost {
    const host = this.options.hosts[name];
    if (!host) throw providerIssue();
    return host;
  }

  async hostLogin(
    body: { host: string; authCode: string },
    caller: { client: Client; sessionId: number | undefined },
  ): Promise<HostLoginAnswer> {
    const { db, policy } = this.options;
    const host = this.host(body.host);
    const brand = HOST_NAME[body.host] ?? body.host;
    let token;
    try {
      token = await host.applyToken(body.authCode);
    } catch (error) {
      if (error instanceof HostError) {
        this.options.log.warn({ host: body.host, resultCode: error.resultCode }, 'host auth code refused');
        throw new CallError(
          GatewayCode.TicketInvalid,
          `This ${brand} sign-in link has expired or was already used. Please open Panalo again from ${brand}.`,
          401,
        );
      }
      throw this.unreachable(error, body.host);
    }
    let customerId = await linkedCustomer(db, body.host, token.hostUserId);
    if (customerId === undefined) {
      // auth_base says only who the host user is; binding needs the verified number behind auth_user.
      if (!token.scopes.includes('auth_user')) return { status: 'needConsent' };
      let info;
      try {
        info = await host.userInfo(token.accessToken);
      } catch (error) {
        throw this.unreachable(error, body.host);
      }
      const customer = await findByPhone(db, info.mobile);
      if (!customer)
        throw new CallError(
          GatewayCode.InvalidRequest,
          `No Panalo account uses your ${brand} number yet. Register in Panalo with this number first, then open Panalo from ${brand} again.`,
          404,
        );
      customerId = await link(db, body.host, token.hostUserId, customer.id);
    }
    // userInfo's isFromGlife / isFromLazada (spec §3): the account came through this host.
    await markPartnerOrigin(db, customerId, body.host);
    const customer = await findById(db, customerId);
    const result = await logIn(db, policy, customer!, caller.client, caller.sessionId, body.host);
    return { status: 'loggedIn', ...result };
  }

  /** The order first (idempotency key, the money gate with the host's kill switch), then the host's pay. */
  async hostPayOrder(customerId: number, key: string, body: { host: string; amount: number }) {
    const { db, events, clock } = this.options;
    const host = this.host(body.host);
    const brand = HOST_NAME[body.host] ?? body.host;
    const problem = amountProblem(body.amount, this.options.limits, brand);
    if (problem) throw new CallError(GatewayCode.InvalidAmount, problem, 400);
    const { orderNo } = await withIdempotency(db, { customerId, key, call: 'partner/hostPayOrder', request: body }, async (tx) => {
      const payType = PAY_TYPE[body.host] ?? 'gcash';
      await this.options.gate(tx, { customerId, action: 'deposit', amount: body.amount, channel: payType, host: body.host });
      const order = await insertDepositOrder(tx, {
        customerId,
        payType,
        channelId: `${body.host}-miniapp`,
        provider: host.provider,
        amount: body.amount,
        expiresAt: new Date(clock() + HOST_ORDER_MS),
      });
      return { orderNo: order.orderNo };
    });
    events.publish({ type: 'balance', customerId });
    let order = (await findOrder(db, customerId, orderNo))!;
    if (order.providerCheckoutId === null && order.status === 'pending') {
      let payment;
      try {
        payment = await host.pay({ paymentRequestId: order.orderNo, amount: order.amount, description: `Panalo deposit ${order.orderNo}` });
      } catch (error) {
        // The same order number asks the host again on a retry: its pay is idempotent on paymentRequestId.
        throw this.unreachable(error, body.host);
      }
      order = (await attachCheckout(db, order.id, payment.paymentId, payment.paymentUrl)) ?? (await findOrder(db, customerId, orderNo))!;
    }
    return orderView(order);
  }

  /**
   * Whether deposits and withdrawals through a super-app host are open (spec §6: separate switches by
   * host). The operator's withdraw-only switch for the host (`host:<name>`) or for its pay channel closes
   * deposits; withdrawals stay open, as the central bank's August 2025 order required.
   */
  async hostSwitches(body: { host: string }): Promise<{ deposit: boolean; withdraw: boolean; message: string }> {
    this.host(body.host);
    const brand = HOST_NAME[body.host] ?? body.host;
    const closed =
      (await this.options.withdrawOnly(`host:${body.host}`)) ||
      (await this.options.withdrawOnly(`channel:${PAY_TYPE[body.host] ?? 'gcash'}`));
    return {
      deposit: !closed,
      withdraw: true,
      message: closed ? `Deposits through ${brand} are paused for now. You can still withdraw your balance.` : '',
    };
  }

  /**
   * What the page's tradePay answered. The code decides nothing about money: the host is asked, and its
   * signed answer settles the order (credit once, or close). 6001 closes a payment the host did not take.
   */
  async hostPayResult(customerId: number, body: { orderNo: string; resultCode: string }) {
    const order = await findOrder(this.options.db, customerId, body.orderNo);
    if (!order || !this.options.hosts[hostOfChannel(order.channelId)] || order.providerCheckoutId === null)
      throw new CallError(GatewayCode.OrderNotFound, 'We could not find this deposit.', 404);
    if (order.status === 'pending') await this.settle(order, body.resultCode === TRADE_PAY_RESULT.cancelled);
    return orderView((await findOrder(this.options.db, customerId, body.orderNo))!);
  }

  /** Asks the host about an order and applies its authoritative answer through the deposits consumer. */
  private async settle(order: DepositOrder, playerCancelled: boolean): Promise<void> {
    const { db, deposits, clock } = this.options;
    const name = hostOfChannel(order.channelId);
    const host = this.options.hosts[name]!;
    let payment: HostPayment;
    try {
      payment = await host.inquiry(order.orderNo);
    } catch (error) {
      if (error instanceof HostError && error.resultCode === 'ORDER_NOT_EXIST')
        payment = {
          paymentId: order.providerCheckoutId ?? '',
          paymentRequestId: order.orderNo,
          amount: order.amount,
          status: 'PROCESSING',
        };
      else {
        this.options.log.warn({ orderNo: order.orderNo, err: error }, 'host inquiry failed; the order stays pending');
        return;
      }
    }
    if (payment.status === 'SUCCESS' || payment.status === 'FAIL') {
      const event: DepositEvent = {
        kind: 'deposit',
        provider: host.provider,
        eventId: `inquiry:${payment.paymentId}:${payment.status}`,
        checkoutId: payment.paymentId,
        reference: payment.paymentRequestId,
        amount: payment.amount,
        outcome: payment.status === 'SUCCESS' ? 'paid' : 'failed',
        final: true,
        occurredAt: clock(),
      };
      const after = await db.transaction((tx) => deposits.applyEvent(tx, event));
      if (after) await after();
      return;
    }
    const expired = order.expiresAt !== null && order.expiresAt.getTime() <= clock();
    if (payment.status === 'CANCELLED' || playerCancelled || expired) {
      const brand = HOST_NAME[name] ?? name;
      const message =
        expired && !playerCancelled && payment.status !== 'CANCELLED'
          ? `The ${brand} payment was not completed in time. Nothing was taken; please start a new deposit.`
          : `You cancelled the ${brand} payment. Nothing was taken; you can start a new deposit any time.`;
      const closed = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, { id: order.id });
        return locked ? closeDeposit(tx, locked, expired && !playerCancelled ? 'expired' : 'cancelled', message) : false;
      });
      if (closed) await tellDepositClosed(db, this.options.events, order, message);
    }
  }

  /** The poll job: pending host orders (8000, 6004, U, a page that never reported) are asked about. */
  async pollOrders(now: number): Promise<number> {
    let asked = 0;
    for (const [name, host] of Object.entries(this.options.hosts)) {
      if (!host) continue;
      for (const order of await pendingOrdersOf(this.options.db, host.provider, new Date(now - POLL_AFTER_MS))) {
        if (hostOfChannel(order.channelId) !== name) continue;
        await this.settle(order, false);
        asked++;
      }
    }
    return asked;
  }

  private unreachable(error: unknown, name: string): Error {
    if (error instanceof HostUnreachable || error instanceof HostError) {
      this.options.log.error({ host: name, err: error }, 'partner host call failed');
      return providerIssue();
    }
    return error as Error;
  }
}

/** The host of a host order, from its channel id ('gcash-miniapp', 'lazada-miniapp'). */
function hostOfChannel(channelId: string): string {
  return channelId.endsWith('-miniapp') ? channelId.slice(0, -'-miniapp'.length) : '';
}
