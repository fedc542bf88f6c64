import { createHash, randomInt } from 'node:crypto';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { MoneyGate } from '../../lib/moneyGate';
import type { PlayerEvents } from '../../realtime/bus';
import { creditDeposit, insertDepositOrder, lockOrder, newOrderNo } from '../deposits';
import { HOUSE, houseAccountId, isAnswered, post, walletAccountId, withIdempotency } from '../wallet';
import * as repo from './repository';
import type { VoucherKind, VoucherRow } from './repository';

/**
 * Vouchers and gift cards: codes the operator issues (only their hash is kept), redeemed into the
 * player's main wallet from the house's voucher budget (HOUSE.vouchers), once per code use and once per
 * player. A deposit voucher is bought for cash at a store (deposit/depositByVoucher); a promo voucher is
 * the operator's gift (customer/receiveVoucher), at most `promoPerDay` a day for one player; a gift card
 * belongs to one player (giftCard/list, giftCard/redeem, or its code through receiveVoucher).
 */
export interface VoucherOptions {
  db: Database;
  events: PlayerEvents;
  /** Operator vouchers one player may receive in 24 hours (default 5). */
  promoPerDay?: number;
  clock?: () => number;
  /**
   * The rules about money (responsible gaming): a deposit voucher is a deposit, a promo voucher or gift
   * card a promotion claim. app.ts always passes it; tools that only issue codes may leave it out.
   */
  gate?: MoneyGate;
}

/** 12 characters from an alphabet without look-alikes (no 0/O, 1/I/L): 60 bits, shown as XXXX-XXXX-XXXX. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newVoucherCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** What a player may type: any case, with or without dashes and spaces. */
export function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export const codeHash = (code: string) =>
  createHash('sha256')
    .update(`voucher:${normalizeCode(code)}`)
    .digest('hex');
export const maskCode = (tail: string) => `•••• ${tail}`;

const KIND_TITLE: Record<VoucherKind, string> = { deposit: 'Deposit voucher', promo: 'Voucher', giftcard: 'Gift card' };

const invalid = (message: string) => new CallError(GatewayCode.VoucherInvalid, message, 400);
const peso = (centavos: number) => `₱${(centavos / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;

export interface IssueRequest {
  kind: VoucherKind;
  amount: number;
  count: number;
  expiresAt: Date;
  maxUses?: number;
  customerId?: number | null;
  issuedBy?: string;
}

export class VoucherService {
  private readonly db: Database;
  private readonly clock: () => number;

  constructor(private readonly options: VoucherOptions) {
    this.db = options.db;
    this.clock = options.clock ?? Date.now;
  }

  /** Issues codes and answers them in full: this is the only time they exist outside a hash. */
  async issue(request: IssueRequest): Promise<string[]> {
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) throw new Error('a voucher amount is whole centavos above zero');
    const codes = Array.from({ length: request.count }, newVoucherCode);
    await repo.insertVouchers(
      this.db,
      codes.map((code) => this.row(code, request)),
    );
    return codes;
  }

  /** Issues one known code (development seeds); nothing when it exists already. */
  async issueCode(code: string, request: Omit<IssueRequest, 'count'>): Promise<void> {
    await repo.insertVouchers(this.db, [this.row(code, { ...request, count: 1 })]);
  }

  private row(code: string, request: IssueRequest): repo.NewVoucher {
    return {
      codeHash: codeHash(code),
      codeTail: normalizeCode(code).slice(-4),
      kind: request.kind,
      amount: request.amount,
      customerId: request.customerId ?? null,
      maxUses: request.maxUses ?? 1,
      expiresAt: request.expiresAt,
      issuedBy: request.issuedBy ?? '',
    };
  }

  /** Whether this call is the repeat of one already answered (same player and Idempotency-Key). */
  isRepeat(customerId: number, key: string): Promise<boolean> {
    return isAnswered(this.db, customerId, key);
  }

  /**
   * Redeems a typed code of one of `kinds` for the player, once per idempotency key: the use, the ledger
   * posting and the record of who used it land together or not at all.
   */
  async redeemCode(
    customerId: number,
    code: string,
    kinds: VoucherKind[],
    idempotency: { key: string; call: string },
  ): Promise<{ amount: number; message: string }> {
    const hash = codeHash(code);
    const answer = await withIdempotency(
      this.db,
      { customerId, key: idempotency.key, call: idempotency.call, request: { hash } },
      async (tx) => {
        const voucher = await repo.takeUse(tx, { codeHash: hash, kinds, customerId, now: new Date(this.clock()) });
        if (!voucher) throw await this.whyNot(tx, hash, kinds, customerId);
        return this.pay(tx, voucher, customerId);
      },
    );
    this.options.events.publish({ type: 'balance', customerId });
    return answer;
  }

  async giftCards(customerId: number) {
    const now = this.clock();
    const rows = await repo.giftCardsOf(this.db, customerId);
    return {
      list: rows.map((row) => ({
        giftCardId: row.id,
        code: maskCode(row.codeTail),
        amount: row.amount,
        status: row.redeemedAt
          ? ('redeemed' as const)
          : row.expiresAt.getTime() <= now || row.uses >= row.maxUses
            ? ('expired' as const)
            : ('active' as const),
        expiresAt: row.expiresAt.toISOString(),
        ...(row.redeemedAt ? { redeemedAt: row.redeemedAt.toISOString() } : {}),
      })),
    };
  }

  async redeemGiftCard(customerId: number, giftCardId: number, key: string): Promise<{ amount: number; message: string }> {
    const answer = await withIdempotency(this.db, { customerId, key, call: 'giftCard/redeem', request: { giftCardId } }, async (tx) => {
      const voucher = await repo.takeUse(tx, { id: giftCardId, kinds: ['giftcard'], customerId, now: new Date(this.clock()) });
      if (voucher) return this.pay(tx, voucher, customerId);
      const card = await repo.giftCardOf(tx, giftCardId, customerId);
      if (!card) throw invalid('This gift card was not found. Please refresh the list.');
      throw await this.whyNot(tx, card.codeHash, ['giftcard'], customerId);
    });
    this.options.events.publish({ type: 'balance', customerId });
    return answer;
  }

  /**
   * Moves the voucher's amount from the house's voucher budget to the player's main wallet. A deposit
   * voucher is a deposit like any other (an order of pay type voucher, credited by the deposits' one
   * path: the deposit records, the first-deposit date); a promo voucher or gift card is a plain credit.
   */
  private async pay(tx: Transaction, voucher: VoucherRow, customerId: number): Promise<{ amount: number; message: string }> {
    await this.options.gate?.(
      tx,
      voucher.kind === 'deposit'
        ? { customerId, action: 'deposit', amount: voucher.amount, channel: 'voucher' }
        : { customerId, action: 'promotion' },
    );
    let transactionId: number;
    if (voucher.kind === 'deposit') {
      const order = await insertDepositOrder(tx, {
        orderNo: newOrderNo('VC'),
        customerId,
        payType: 'voucher',
        channelId: 'voucher',
        provider: 'voucher',
        amount: voucher.amount,
        details: { voucherId: voucher.id, code: maskCode(voucher.codeTail) },
      });
      await creditDeposit(tx, order, { from: HOUSE.vouchers, metadata: { voucherId: voucher.id } });
      transactionId = (await lockOrder(tx, { id: order.id }))!.creditTransactionId!;
    } else {
      transactionId = await post(tx, {
        kind: 'voucher',
        customerId,
        reference: `voucher:${voucher.id}:${customerId}`,
        metadata: { voucherId: voucher.id, voucherKind: voucher.kind },
        entries: [
          { accountId: await houseAccountId(tx, HOUSE.vouchers), amount: -voucher.amount },
          { accountId: await walletAccountId(tx, customerId, 'main'), amount: voucher.amount },
        ],
      });
    }
    if (!(await repo.recordRedemption(tx, voucher.id, customerId, transactionId))) {
      throw invalid('You have already used this voucher.');
    }
    if (voucher.kind === 'promo') {
      const perDay = this.options.promoPerDay ?? 5;
      const received = await repo.promoRedemptionsSince(tx, customerId, new Date(this.clock() - 86_400_000));
      if (received > perDay) throw invalid(`You can receive up to ${perDay} vouchers a day. Please try again tomorrow.`);
    }
    return {
      amount: voucher.amount,
      message: `${KIND_TITLE[voucher.kind as VoucherKind]} redeemed: ${peso(voucher.amount)} added to your wallet.`,
    };
  }

  /** Why a code gave nothing, in the player's words (an unknown code and another player's read the same). */
  private async whyNot(tx: Transaction, hash: string, kinds: VoucherKind[], customerId: number): Promise<CallError> {
    const voucher = await repo.voucherByHash(tx, hash);
    if (!voucher || (voucher.customerId !== null && voucher.customerId !== customerId)) {
      return invalid('This voucher code is not valid. Please check the code and try again.');
    }
    if (!kinds.includes(voucher.kind as VoucherKind)) {
      return invalid(
        voucher.kind === 'deposit'
          ? 'This is a deposit voucher: please enter it on the Deposit page, under Voucher.'
          : 'This is a gift voucher: please enter it under Vouchers in your account.',
      );
    }
    if (await repo.hasRedeemed(tx, voucher.id, customerId)) return invalid('You have already used this voucher.');
    if (voucher.expiresAt.getTime() <= this.clock()) return invalid('This voucher has expired.');
    return invalid('This voucher has already been used.');
  }
}

/** The voucher pay type of deposit/queryPayWays: a code bought at a store, its amount fixed by the code. */
export const VOUCHER_PAY_TYPE = {
  payType: 'voucher' as const,
  name: 'Voucher',
  logo: '/payments/voucher.svg',
  channels: [
    {
      channelId: 'voucher',
      name: 'Voucher code',
      provider: 'voucher',
      logo: '/payments/voucher.svg',
      minAmount: 0,
      maxAmount: 0,
      feeText: 'Enter the code of a deposit voucher: its amount is added at once.',
      available: true,
    },
  ],
  minAmount: 0,
  maxAmount: 0,
  amountList: [],
  firstAmountList: [],
};
