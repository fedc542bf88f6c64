import * as z from 'zod/mini';
import { DepositStatus, WithdrawalStatus } from '../money';
import { centavos, isoTime } from './common';

/** Answers of the money calls (src/contract/money.ts). Account numbers are always masked (•••• 1234). */

const channel = z.strictObject({
  channelId: z.string(),
  name: z.string(),
  /** The provider behind the channel (paymongo, maya, xendit, bank, agent): for support and logs. */
  provider: z.string(),
  /** Path of the channel's logo (a static asset of the app). */
  logo: z.string(),
  minAmount: centavos,
  maxAmount: centavos,
  /** The fee in words ('No fee', '₱10 per transfer'). */
  feeText: z.string(),
  /** False while the provider is down (GW_801104): shown, but not selectable. */
  available: z.boolean(),
});

export const payWaysAnswer = z.strictObject({
  payTypes: z.array(
    z.strictObject({
      payType: z.enum(['gcash', 'maya', 'bank', 'voucher', 'agent']),
      name: z.string(),
      logo: z.string(),
      channels: z.array(channel),
      minAmount: centavos,
      maxAmount: centavos,
      /** Presets in centavos, at most 6 (spec §9). */
      amountList: z.array(centavos),
      /** Presets for a first deposit. */
      firstAmountList: z.array(centavos),
    }),
  ),
  /** True until the first deposit is credited (spec §3 firstDepositFlag). */
  firstDeposit: z.boolean(),
  /**
   * The operator's turnover rule, said to the player before they deposit: deposits must be staked this
   * many times (in hundredths: 100 = once) before they can be withdrawn; 0 = no rule.
   */
  turnoverPercent: z.int(),
});

export const depositOrderAnswer = z.strictObject({
  orderNo: z.string(),
  payType: z.enum(['gcash', 'maya', 'bank', 'voucher', 'agent', 'lazada']),
  amount: centavos,
  status: z.enum(DepositStatus),
  /** Where the player pays (the provider's hosted checkout); absent for bank, voucher and agent deposits. */
  checkoutUrl: z.optional(z.string()),
  /** For a bank transfer: the house account to pay into, and the reference to write on the transfer. */
  bank: z.optional(z.strictObject({ bankName: z.string(), accountName: z.string(), accountNo: z.string(), reference: z.string() })),
  /** For an agent/store deposit: the code the cashier enters. */
  agentCode: z.optional(z.string()),
  /** What the player can do next, when the order ended without money ('The checkout expired. Please try again.'). */
  message: z.optional(z.string()),
  createdAt: isoTime,
  expiresAt: z.optional(isoTime),
  completedAt: z.optional(isoTime),
});

export const depositBankInfosAnswer = z.strictObject({
  list: z.array(
    z.strictObject({
      bankInfoId: z.int(),
      bankName: z.string(),
      accountName: z.string(),
      accountNo: z.string(),
      minAmount: centavos,
      maxAmount: centavos,
    }),
  ),
});

export const withdrawSwitchAnswer = z.strictObject({
  /** Whether each way out is open now (operator configuration and provider outages). */
  gcash: z.boolean(),
  maya: z.boolean(),
  bank: z.boolean(),
  agent: z.boolean(),
  minWithdrawAmount: centavos,
  maxWithdrawAmount: centavos,
  /** Presets in centavos (spec §9). */
  amountList: z.array(centavos),
  /** The most one payout carries on each way (larger amounts are offered as a split). */
  channelMax: z.strictObject({ gcash: centavos, maya: centavos, bank: centavos, agent: centavos }),
  /** What can be withdrawn now: the balance less any turnover still owed on deposits. */
  withdrawable: centavos,
  /** Turnover still to stake before everything can be withdrawn (0 when none). */
  turnoverRemaining: centavos,
  hasWithdrawPassword: z.boolean(),
});

export const withdrawBanksAnswer = z.strictObject({
  list: z.array(z.strictObject({ bankCode: z.string(), bankName: z.string(), logo: z.string() })),
});

export const orderQuotaAnswer = z.strictObject({
  /** True when the amount can go in one withdrawal. */
  allowed: z.boolean(),
  channelMax: centavos,
  /** When not allowed because of the channel's limit: the amounts of the split withdrawal offered. */
  splits: z.array(centavos),
  /** The reason in the player's words, when not allowed. */
  message: z.optional(z.string()),
});

export const withdrawalAnswer = z.strictObject({
  orderNo: z.string(),
  amount: centavos,
  status: z.enum(WithdrawalStatus),
  /** Where the money goes, masked: 'GCash •••• 4567'. */
  destination: z.string(),
  rail: z.optional(z.enum(['instapay', 'pesonet'])),
  /** For an agent/store withdrawal: the claim code to show the cashier. */
  claimCode: z.optional(z.string()),
  message: z.optional(z.string()),
  createdAt: isoTime,
  expectedBy: z.optional(isoTime),
  completedAt: z.optional(isoTime),
});

export const mayaWithdrawalUrlAnswer = z.strictObject({ url: z.string() });

export const paymentAccount = z.strictObject({
  bankAccountId: z.int(),
  accountType: z.int(),
  /** Masked: '•••• 4567'. The full number never leaves the server. */
  accountNo: z.string(),
  accountName: z.string(),
  bankCode: z.optional(z.string()),
  bankName: z.optional(z.string()),
  createdAt: isoTime,
});
export const bankAccountListAnswer = z.strictObject({
  list: z.array(paymentAccount),
  /** True when the player has no account of any type yet (spec §3 isFirstBindCard). */
  isFirstBindCard: z.boolean(),
  /** The most accounts of this type a player may keep. */
  maxAccounts: z.int(),
});
export const createBankAccountAnswer = z.strictObject({ account: paymentAccount, isFirstBindCard: z.boolean() });

const bill = z.strictObject({
  billNo: z.string(),
  type: z.int(),
  /** The bill's name in the player's words ('Deposit', 'Withdrawal returned'). */
  title: z.string(),
  /** Signed: + into the wallet, − out of it. */
  amount: centavos,
  /** The main balance after this bill. */
  balanceAfter: centavos,
  /** The order it belongs to (deposit, withdrawal or ticket number), when there is one. */
  orderNo: z.optional(z.string()),
  status: z.optional(z.string()),
  createdAt: isoTime,
});
export const custBillAnswer = z.strictObject({ total: z.int(), list: z.array(bill) });
export const billDetailAnswer = z.strictObject({
  bill: z.optional(bill),
  deposit: z.optional(depositOrderAnswer),
  withdrawal: z.optional(withdrawalAnswer),
});
export const subListAnswer = z.strictObject({
  total: z.int(),
  deposits: z.optional(z.array(depositOrderAnswer)),
  withdrawals: z.optional(z.array(withdrawalAnswer)),
});

export const voucherAnswer = z.strictObject({ amount: centavos, message: z.string() });

/** customer/sendVerificationCode: the code is on its way; the next one may be asked after waitSeconds. */
export const codeSentAnswer = z.strictObject({ waitSeconds: z.int() });
export const GiftCardStatus = ['active', 'redeemed', 'expired'] as const;
export const giftCardListAnswer = z.strictObject({
  list: z.array(
    z.strictObject({
      giftCardId: z.int(),
      /** Masked: '•••• K7QF'. The whole code is shown once, to whoever issued it. */
      code: z.string(),
      amount: centavos,
      status: z.enum(GiftCardStatus),
      expiresAt: isoTime,
      redeemedAt: z.optional(isoTime),
    }),
  ),
});
