import * as z from 'zod/mini';
import { PaymentAccountType } from './payments';

export * from './billTypes';

/**
 * The money calls of spec §7 (deposits, withdrawals, payment accounts, withdrawal password, records):
 * their names and request bodies, shared by the server's routes and the app's pages. Amounts are integer
 * centavos on the wire; the spec's presets and limits are pesos (constants.ts) and are converted once.
 * Answers are in answers/money.ts. Every call is prefix 'main' and player-only.
 */

export const MoneyCall = {
  // Deposits
  queryPayWays: 'deposit/queryPayWays',
  createOnlineOrder: 'deposit/createOnlineOrder',
  createDeposit: 'deposit/createDeposit',
  cancelDeposit: 'deposit/cancelDeposit',
  uploadDepositReceipt: 'deposit/uploadDepositReceipt',
  queryDepositBankInfos: 'deposit/queryDepositBankInfos',
  depositByVoucher: 'deposit/depositByVoucher',
  depositByAgent: 'deposit/depositByAgent',
  // Withdrawals
  withdrawSwitch: 'withdraw/withdrawSwitch',
  withdrawBanks: 'withdraw/bank',
  checkOrderQuota: 'withdraw/checkOrderQuota',
  createWithdrawalRequest: 'withdraw/createWithdrawalRequest',
  withdrawByAgent: 'withdraw/withdrawByAgent',
  queryMayaWithdrawalUrl: 'withdraw/queryMayaWithdrawalUrl',
  createMayaWithdrawalRequest: 'withdraw/v2/createMayaWithdrawalRequest',
  // Payment accounts
  bankAccountList: 'account/bankAccountList',
  createBankAccount: 'account/createBankAccount',
  deleteBankAccount: 'account/deleteBankAccount',
  // Withdrawal password (sensitive fields are encrypted by the client, spec §5)
  /** The SMS code for a first set or a reset, to the player's own phone; answers { waitSeconds }. */
  sendVerificationCode: 'customer/sendVerificationCode',
  setWithdrawPwd: 'customer/setWithdrawPwd',
  modifyWithdrawPwd: 'customer/modifyWithdrawPwd',
  forgetWithdrawPwd: 'customer/forgetWithdrawPwd',
  // Records
  queryCustBill: 'transactionRecord/queryCustBill',
  billDetail: 'transactionRecord/billDetail',
  querySubList: 'transactionRecord/querySubList',
  queryWithdrawalStatus: 'transactionRecord/queryWithdrawalStatus',
  // Vouchers and gift cards
  receiveVoucher: 'customer/receiveVoucher',
  giftCardList: 'giftCard/list',
  redeemGiftCard: 'giftCard/redeem',
} as const;
export type MoneyCall = (typeof MoneyCall)[keyof typeof MoneyCall];

/** How a player pays in (queryPayWays payType) or takes out. */
export const PayType = { GCash: 'gcash', Maya: 'maya', Bank: 'bank', Voucher: 'voucher', Agent: 'agent', Lazada: 'lazada' } as const;
export type PayType = (typeof PayType)[keyof typeof PayType];

/** A deposit order's life: pending until the provider's signed final status (or an operator's review) ends it. */
export const DepositStatus = ['pending', 'paid', 'failed', 'expired', 'cancelled', 'reviewing', 'rejected'] as const;
export type DepositStatus = (typeof DepositStatus)[number];

/**
 * A withdrawal order's life: `pending` (held, payout asked) → `processing` (the provider accepted it) →
 * `paid`, or `failed` (the money is back in the wallet); a paid one can later be `reversed` (back too).
 */
export const WithdrawalStatus = ['pending', 'processing', 'paid', 'failed', 'reversed'] as const;
export type WithdrawalStatus = (typeof WithdrawalStatus)[number];

export const accountTypeSchema = z.union([
  z.literal(PaymentAccountType.Bank),
  z.literal(PaymentAccountType.GCash),
  z.literal(PaymentAccountType.Maya),
]);

/** Whole centavos, more than zero. */
export const amountField = z
  .int({ message: 'Please enter a valid amount.' })
  .check(z.positive({ message: 'Please enter a valid amount.' }));
const orderNo = z.string().check(z.minLength(1), z.maxLength(64));
/**
 * A withdrawal while a bonus is active (issue 35): the amount the player was shown would be forfeited and
 * confirmed (the server refuses with GW_800801 and that amount until it is sent back exactly).
 */
const forfeitField = z.optional(z.int().check(z.minimum(0)));
/** Manila calendar days, YYYY-MM-DD. */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Please pick a date.' }));
const page = { pageNo: z.optional(z.int().check(z.positive())), pageSize: z.optional(z.int().check(z.positive(), z.maximum(100))) };

export const MoneyBody = {
  queryPayWays: z.object({ terminal: z.optional(z.string().check(z.maxLength(32))) }),
  /** E-wallet deposit: off to the provider's hosted checkout. Idempotent (the request's key). */
  createOnlineOrder: z.object({ payType: z.enum(['gcash', 'maya']), channelId: z.string().check(z.maxLength(64)), amount: amountField }),
  /** Bank transfer deposit: the player transfers to the house account shown, then uploads the receipt. */
  createDeposit: z.object({ bankInfoId: z.int(), amount: amountField }),
  cancelDeposit: z.object({ orderNo }),
  queryDepositBankInfos: z.object({}),
  depositByVoucher: z.object({ voucherCode: z.string().check(z.minLength(4), z.maxLength(64)) }),
  depositByAgent: z.object({ amount: amountField }),
  /**
   * The transfer receipt of a bank deposit: a data: URL of a JPEG, PNG or WebP photo or screenshot. The
   * server checks it by its content and keeps it at most 750 px on its longest side (spec §9).
   */
  uploadDepositReceipt: z.object({
    orderNo,
    image: z.string().check(z.maxLength(1_900_000, { message: 'The picture is too large.' })),
  }),
  withdrawSwitch: z.object({}),
  /** spec §7: the withdraw bank list uses type 99. */
  withdrawBanks: z.object({ type: z.optional(z.literal(99)) }),
  checkOrderQuota: z.object({ amount: amountField, accountType: accountTypeSchema }),
  /** Idempotent. withdrawPassword arrives encrypted and is decrypted by the contract. */
  createWithdrawalRequest: z.object({
    bankAccountId: z.int(),
    amount: amountField,
    withdrawPassword: z.string().check(z.minLength(1)),
    forfeitBonus: forfeitField,
  }),
  withdrawByAgent: z.object({ amount: amountField, withdrawPassword: z.string().check(z.minLength(1)), forfeitBonus: forfeitField }),
  queryMayaWithdrawalUrl: z.object({}),
  createMayaWithdrawalRequest: z.object({
    amount: amountField,
    withdrawPassword: z.string().check(z.minLength(1)),
    forfeitBonus: forfeitField,
  }),
  bankAccountList: z.object({ accountType: accountTypeSchema }),
  /** accountNo arrives encrypted. bankCode is required for a bank account (from withdraw/bank). */
  createBankAccount: z.object({
    accountType: accountTypeSchema,
    accountNo: z.string().check(z.minLength(1), z.maxLength(34)),
    accountName: z.string().check(z.minLength(2), z.maxLength(80)),
    bankCode: z.optional(z.string().check(z.maxLength(32))),
  }),
  deleteBankAccount: z.object({ bankAccountId: z.int() }),
  sendVerificationCode: z.object({ purpose: z.optional(z.literal('withdrawPwd')) }),
  /** 6 digits. A first set needs the SMS code when the player has a phone (customer/sendVerificationCode). */
  setWithdrawPwd: z.object({ withdrawPassword: z.string(), code: z.optional(z.string()) }),
  modifyWithdrawPwd: z.object({ withdrawPassword: z.string(), newWithdrawalPwd: z.string() }),
  forgetWithdrawPwd: z.object({ code: z.string(), newWithdrawalPwd: z.string() }),
  /** `type` one bill type (0 or absent: all); `types` several at once (e.g. the wallet's own, without bets), our addition. */
  queryCustBill: z.object({
    beginDate: day,
    endDate: day,
    type: z.optional(z.int()),
    types: z.optional(z.array(z.int().check(z.minimum(1), z.maximum(99))).check(z.maxLength(16))),
    ...page,
  }),
  billDetail: z.object({ billNo: z.optional(z.string().check(z.maxLength(64))), orderNo: z.optional(orderNo) }),
  /** spec §7: beginDate, endDate, type 1 (deposits; 2 withdrawals), pageNo, pageSize 20, a 30-day window. */
  querySubList: z.object({ beginDate: day, endDate: day, type: z.union([z.literal(1), z.literal(2)]), ...page }),
  queryWithdrawalStatus: z.object({ orderNo }),
  receiveVoucher: z.object({ voucherCode: z.string().check(z.minLength(4), z.maxLength(64)) }),
  giftCardList: z.object({}),
  /** Idempotent: credits the gift card's amount to the main wallet once. */
  redeemGiftCard: z.object({ giftCardId: z.int() }),
} as const;

export type MoneyBody = { [K in keyof typeof MoneyBody]: z.infer<(typeof MoneyBody)[K]> };

/** A withdrawal password is 6 digits (like the SMS codes), not the birthday nor one digit repeated. */
export const WITHDRAW_PASSWORD_PATTERN = /^\d{6}$/;
