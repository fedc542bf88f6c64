// Without zod, for the shell's route search (issue 14); contract/money.ts re-exports it.

/**
 * Bill types of /record (transactionRecord/queryCustBill `type`; 0 or absent = all). querySubList's
 * `type 1` of spec §7 is the deposit records, 2 the withdrawal records.
 */
export const BillType = {
  All: 0,
  Deposit: 1,
  Withdrawal: 2,
  /** A failed or reversed withdrawal coming back. */
  WithdrawalReturn: 3,
  Bet: 4,
  Payout: 5,
  Refund: 6,
  Transfer: 7,
  Bonus: 8,
  Voucher: 9,
} as const;
export type BillType = (typeof BillType)[keyof typeof BillType];
