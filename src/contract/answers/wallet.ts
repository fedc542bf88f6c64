import * as z from 'zod/mini';
import { centavos, flag } from './common';

/** customer/getBalance and refreshBalance: the main wallet, and balanceFlag (0 while a movement waits, spec §3). */
export const balanceAnswer = z.strictObject({ balance: centavos, balanceFlag: flag });
/** customer/getBalanceV3: every wallet. */
export const balancesAnswer = z.strictObject({
  balance: centavos,
  bonusBalance: centavos,
  sabaBalance: centavos,
  totalBalance: centavos,
  balanceFlag: flag,
});
export const bonusBalanceAnswer = z.strictObject({ bonusBalance: centavos });
/** game/sabaInBalance: the transfer, pending until the game wallet confirms. */
export const transferAnswer = z.strictObject({ transferId: z.int(), amount: centavos, status: z.literal('pending') });
