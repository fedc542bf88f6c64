import { eq } from 'drizzle-orm';
import { customers } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/security';
import { call, encrypt, fundedPlayer } from './player';
import type { TestServer } from './server';

/** A player ready to withdraw: money in the wallet, a withdrawal password, a bound account. */
export const WITHDRAW_PASSWORD = '482915';

export interface Withdrawer {
  token: string;
  customerId: number;
  bankAccountId: number;
}

export async function readyToWithdraw(
  server: TestServer,
  pesos = 5_000,
  account: { accountType: number; accountNo: string; bankCode?: string } = { accountType: 11, accountNo: '09171234567' },
): Promise<Withdrawer> {
  const { token, customerId } = await fundedPlayer(server, pesos);
  // The password's own SMS flow is tested in withdrawals.test.ts; here it is set as that flow stores it.
  await server.database.db
    .update(customers)
    .set({ withdrawPasswordHash: await hashPassword(WITHDRAW_PASSWORD) })
    .where(eq(customers.id, customerId));
  const bound = await call<{ account: { bankAccountId: number } }>(
    server,
    'main',
    'account/createBankAccount',
    { ...account, accountNo: await encrypt(server, account.accountNo), accountName: 'Juan Dela Cruz' },
    { token },
  );
  if (bound.code !== '0000') throw new Error(`createBankAccount: ${bound.message}`);
  return { token, customerId, bankAccountId: bound.data.account.bankAccountId };
}
