import { GatewayCode } from '../../../src/contract/errorCodes';
import { PaymentAccountType } from '../../../src/contract/payments';
import { normalizePhone } from '../../../src/contract/people';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import type { AtRestCipher } from '../../lib/security';
import { BANKS, bankByCode } from './banks';
import {
  type PaymentAccountRow,
  countAccounts,
  findAccount,
  hasWithdrawalInFlight,
  insertAccount,
  listAccounts,
  lockOwner,
  markDeleted,
} from './repository';

/**
 * A player's payment accounts (where withdrawals go): checked in the player's words, the number sealed
 * at rest and only ever answered masked, at most `maxPerType` of each type, one number once, and never
 * removed while a withdrawal to it is on its way.
 */

export const ACCOUNT_TYPE_NAME: Record<number, string> = {
  [PaymentAccountType.Bank]: 'bank account',
  [PaymentAccountType.GCash]: 'GCash account',
  [PaymentAccountType.Maya]: 'Maya account',
};

export interface PaymentAccountView {
  bankAccountId: number;
  accountType: number;
  accountNo: string;
  accountName: string;
  bankCode?: string;
  bankName?: string;
  createdAt: string;
}

const refused = (message: string) => new CallError(GatewayCode.PaymentAccountRefused, message, 400);

/** '•••• 4567': all a player's screen ever shows of a number. */
export const maskedNumber = (last4: string) => `•••• ${last4}`;

/** How a destination reads in a withdrawal: 'GCash •••• 4567', 'BDO •••• 0123'. */
export function destinationOf(row: Pick<PaymentAccountRow, 'accountType' | 'accountNoLast4' | 'bankCode'>): string {
  const name =
    row.accountType === PaymentAccountType.GCash
      ? 'GCash'
      : row.accountType === PaymentAccountType.Maya
        ? 'Maya'
        : (row.bankCode ?? 'Bank');
  return `${name} ${maskedNumber(row.accountNoLast4)}`;
}

export function accountView(row: PaymentAccountRow): PaymentAccountView {
  const bank = bankByCode(row.bankCode);
  return {
    bankAccountId: row.id,
    accountType: row.accountType,
    accountNo: maskedNumber(row.accountNoLast4),
    accountName: row.accountName,
    ...(row.bankCode ? { bankCode: row.bankCode } : {}),
    ...(bank ? { bankName: bank.bankName } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The number as it is stored and paid to: 09XXXXXXXXX for an e-wallet, digits for a bank. */
export function checkedNumber(accountType: number, typed: string): string {
  if (accountType === PaymentAccountType.Bank) {
    const digits = typed.replace(/[\s-]/g, '');
    if (!/^\d{10,16}$/.test(digits)) {
      throw refused('Enter the account number as your bank shows it: 10 to 16 digits, no letters.');
    }
    return digits;
  }
  const phone = normalizePhone(typed);
  const wallet = accountType === PaymentAccountType.GCash ? 'GCash' : 'Maya';
  if (!phone) throw refused(`Enter your ${wallet} number: the 11-digit mobile number starting with 09, like 0917 123 4567.`);
  return `0${phone.slice(3)}`;
}

/** The name as the bank or e-wallet has it: letters, spaces and . , ' - only. */
export function checkedName(typed: string): string {
  const name = typed.trim().replace(/\s+/g, ' ');
  if (!/^[\p{L}][\p{L} .,'-]{1,79}$/u.test(name)) {
    throw refused('Enter the account name as your bank or e-wallet shows it (letters only).');
  }
  return name;
}

export interface PaymentAccountOptions {
  db: Database;
  cipher: AtRestCipher;
  maxPerType: number;
  now?: () => number;
}

export class PaymentAccountService {
  constructor(private readonly options: PaymentAccountOptions) {}

  async list(customerId: number, accountType: number) {
    const { db } = this.options;
    const [rows, counts] = await Promise.all([listAccounts(db, customerId, accountType), countAccounts(db, customerId)]);
    return { list: rows.map(accountView), isFirstBindCard: counts.size === 0, maxAccounts: this.options.maxPerType };
  }

  async create(customerId: number, input: { accountType: number; accountNo: string; accountName: string; bankCode?: string | undefined }) {
    const { db, cipher, maxPerType } = this.options;
    const accountNo = checkedNumber(input.accountType, input.accountNo);
    const accountName = checkedName(input.accountName);
    let bankCode: string | null = null;
    if (input.accountType === PaymentAccountType.Bank) {
      const bank = bankByCode(input.bankCode);
      if (!bank) throw refused(`Please choose your bank from the list (${BANKS.length} banks).`);
      bankCode = bank.bankCode;
    }
    const what = ACCOUNT_TYPE_NAME[input.accountType] ?? 'account';
    return db.transaction(async (tx) => {
      await lockOwner(tx, customerId);
      const counts = await countAccounts(tx, customerId);
      if ((counts.get(input.accountType) ?? 0) >= maxPerType) {
        throw refused(`You can keep at most ${maxPerType} of this kind (${what}). Please remove one first.`);
      }
      const row = await insertAccount(tx, {
        customerId,
        accountType: input.accountType,
        accountNoEncrypted: cipher.seal(accountNo),
        accountNoLast4: accountNo.slice(-4),
        accountNoHash: cipher.hash(`${input.accountType}:${bankCode ?? ''}:${accountNo}`),
        accountName,
        bankCode,
      });
      if (!row) throw refused(`This ${what} is already saved.`);
      return { account: accountView(row), isFirstBindCard: counts.size === 0 };
    });
  }

  async remove(customerId: number, bankAccountId: number): Promise<null> {
    const { db } = this.options;
    const now = this.options.now ?? Date.now;
    await db.transaction(async (tx) => {
      const row = await findAccount(tx, customerId, bankAccountId, { lock: true });
      if (!row) throw refused('This account is no longer saved. Please refresh the list.');
      if (await hasWithdrawalInFlight(tx, row.id)) {
        throw refused('A withdrawal to this account is on its way. You can remove the account once it is done.');
      }
      await markDeleted(tx, row.id, new Date(now()));
    });
    return null;
  }

  /** A live account of the player's (another player's reads as missing). */
  owned(customerId: number, bankAccountId: number): Promise<PaymentAccountRow | undefined> {
    return findAccount(this.options.db, customerId, bankAccountId);
  }

  /** The full number, for the payout only (never for an answer). */
  openNumber(row: PaymentAccountRow): string {
    return this.options.cipher.open(row.accountNoEncrypted);
  }
}
