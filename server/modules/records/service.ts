import { BillType } from '../../../src/contract/money';
import { DEPOSIT_RECORDS } from '../../../src/contract/constants';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import { findOrder as findDeposit, ordersBetween } from '../deposits';
import { orderView as depositView } from '../deposits';
import { walletAccountId } from '../wallet';
import { findOrder, pageOrders } from '../withdrawals';
import { orderView } from '../withdrawals';
import { type BillRow, billOfTransaction, pageBills } from './repository';

/**
 * The player's records (spec §7 transactionRecord/*): bills from the ledger (/record, /recordDetail)
 * and the deposit and withdrawal orders (querySubList). Days are Manila calendar days.
 */

const DAY_MS = 24 * 60 * 60_000;
/** The longest span of bills one query covers. */
export const BILL_WINDOW_DAYS = 90;

/** The bill's name in the player's words, by bill type (and ledger kind where one type has several). */
const TITLES: Record<number, string> = {
  [BillType.Deposit]: 'Deposit',
  [BillType.Withdrawal]: 'Withdrawal',
  [BillType.WithdrawalReturn]: 'Withdrawal returned',
  [BillType.Bet]: 'Bet',
  [BillType.Payout]: 'Bet winnings',
  [BillType.Refund]: 'Bet refund',
  [BillType.Transfer]: 'Transfer',
  [BillType.Bonus]: 'Bonus',
  [BillType.Voucher]: 'Voucher',
};
const KIND_TITLES: Record<string, string> = {
  withdrawal_reversal: 'Withdrawal reversed',
  transfer_out: 'Transfer to sports wallet',
  transfer_refund: 'Transfer returned',
};

/** The order a ledger reference names ('withdrawal:WD…', 'deposit:…', 'bet:…'), when it names one. */
function orderNoOf(reference: string): string | undefined {
  const match = /^(withdrawal|deposit|bet|voucher|agent|order):(.+)$/.exec(reference);
  return match?.[2];
}

export const billNo = (transactionId: number) => `B${transactionId}`;

function billView(row: BillRow) {
  const orderNo = orderNoOf(row.reference);
  return {
    billNo: billNo(row.transactionId),
    type: row.type,
    title: KIND_TITLES[row.kind] ?? TITLES[row.type] ?? 'Transfer',
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    ...(orderNo ? { orderNo } : {}),
    ...(row.withdrawalStatus ? { status: row.withdrawalStatus } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/** [from, to) instants of Manila days beginDate..endDate, refused in the player's words when wrong or too long. */
export function manilaSpan(beginDate: string, endDate: string, maxDays: number): { from: Date; to: Date } {
  const from = Date.parse(`${beginDate}T00:00:00+08:00`);
  const to = Date.parse(`${endDate}T00:00:00+08:00`) + DAY_MS;
  if (Number.isNaN(from) || Number.isNaN(to)) throw new CallError(GatewayCode.InvalidRequest, 'Please pick a date.', 400);
  if (to <= from) throw new CallError(GatewayCode.InvalidRequest, 'The start date must not be after the end date.', 400);
  if ((to - from) / DAY_MS > maxDays) {
    throw new CallError(GatewayCode.InvalidRequest, `Please choose at most ${maxDays} days at a time.`, 400);
  }
  return { from: new Date(from), to: new Date(to) };
}

function paging(page: { pageNo?: number | undefined; pageSize?: number | undefined }, defaultSize: number) {
  const limit = page.pageSize ?? defaultSize;
  return { offset: ((page.pageNo ?? 1) - 1) * limit, limit };
}

export class RecordService {
  constructor(private readonly options: { db: Database }) {}

  async bills(
    customerId: number,
    query: {
      beginDate: string;
      endDate: string;
      type?: number | undefined;
      types?: number[] | undefined;
      pageNo?: number | undefined;
      pageSize?: number | undefined;
    },
  ) {
    const { db } = this.options;
    const span = manilaSpan(query.beginDate, query.endDate, BILL_WINDOW_DAYS);
    const account = await walletAccountId(db, customerId, 'main');
    const { total, rows } = await pageBills(
      db,
      account,
      { ...span, types: query.type ? [query.type] : query.types?.length ? query.types : undefined },
      paging(query, DEPOSIT_RECORDS.pageSize),
    );
    return { total, list: rows.map(billView) };
  }

  async billDetail(customerId: number, query: { billNo?: string | undefined; orderNo?: string | undefined }) {
    const { db } = this.options;
    let bill: ReturnType<typeof billView> | undefined;
    const transactionId = /^B(\d{1,15})$/.exec(query.billNo ?? '')?.[1];
    if (transactionId) {
      const row = await billOfTransaction(db, await walletAccountId(db, customerId, 'main'), Number(transactionId));
      if (row) bill = billView(row);
    }
    const orderNo = query.orderNo ?? bill?.orderNo;
    const withdrawal = orderNo ? await findOrder(db, orderNo, { customerId }) : undefined;
    const depositRow = orderNo && !withdrawal ? await findDeposit(db, customerId, orderNo) : undefined;
    const deposit = depositRow ? depositView(depositRow) : undefined;
    if (!bill && !withdrawal && !deposit) {
      throw new CallError(GatewayCode.OrderNotFound, 'We could not find this record. Please refresh your records.', 404);
    }
    return {
      ...(bill ? { bill } : {}),
      ...(withdrawal ? { withdrawal: orderView(withdrawal) } : {}),
      ...(deposit ? { deposit } : {}),
    };
  }

  async subList(
    customerId: number,
    query: { beginDate: string; endDate: string; type: 1 | 2; pageNo?: number | undefined; pageSize?: number | undefined },
  ) {
    const { db } = this.options;
    const span = manilaSpan(query.beginDate, query.endDate, DEPOSIT_RECORDS.windowDays);
    const page = paging(query, DEPOSIT_RECORDS.pageSize);
    if (query.type === 2) {
      const { total, rows } = await pageOrders(db, customerId, span.from, span.to, page);
      return { total, withdrawals: rows.map(orderView) };
    }
    // ordersBetween's end is inclusive: the last millisecond of the span.
    const { total, rows } = await ordersBetween(db, customerId, span.from, new Date(span.to.getTime() - 1), page);
    return { total, deposits: rows.map((row) => depositView(row)) };
  }
}
