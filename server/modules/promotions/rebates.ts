import { GatewayCode } from '../../../src/contract/errorCodes';
import { manilaDay, manilaDayStart } from '../../../src/lib/dates';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { PlayerEvents } from '../../realtime/bus';
import { HOUSE, houseAccountId, post, walletAccountId } from '../wallet';
import * as repo from './repository';

/**
 * Daily rebates (issue 35): a percentage of yesterday's (Manila day) settled valid turnover per vertical,
 * computed once a day by the leader's job (the day's row is the once-guard, so two instances compute it
 * once), claimable once (the rows are locked and their status moves once, so 20 racing claims pay once),
 * paid as cash from the promotion budget, expiring.
 */

/** What a rebate pays, in hundredths of a percent of the turnover; the odds floor of sports bets. */
export const REBATE_TERMS = {
  basisPoints: { sports: 50, casino: 30 },
  /** Sports bets at decimal odds under 1.50 do not count. */
  minOddsHundredths: 150,
  /** A rebate can be claimed for 3 days after it is computed. */
  claimMs: 3 * 86_400_000,
} as const;

const DAY_MS = 86_400_000;

export interface RebateOptions {
  db: Database;
  events: PlayerEvents;
  clock: () => number;
  claimGate: (tx: Transaction, customerId: number) => Promise<void>;
  marketingAllowed: (customerId: number) => Promise<boolean>;
}

export class Rebates {
  constructor(private readonly options: RebateOptions) {}

  /** The shared job: yesterday's rebates, once. Answers how many were written (0 when already computed). */
  async compute(now = this.options.clock()): Promise<number> {
    const todayStart = manilaDayStart(now);
    const from = new Date(todayStart - DAY_MS);
    const day = manilaDay(from);
    return this.options.db.transaction(async (tx) => {
      if (!(await repo.takeRebateDay(tx, day, new Date(now)))) return 0;
      const rows = (await repo.dayTurnover(tx, from, new Date(todayStart), REBATE_TERMS.minOddsHundredths))
        .map((row) => {
          const basisPoints = REBATE_TERMS.basisPoints[row.vertical];
          return {
            customerId: row.customerId,
            day,
            vertical: row.vertical,
            turnover: row.turnover,
            basisPoints,
            // Truncated to whole centavos, never rounded up.
            amount: Math.floor((row.turnover * basisPoints) / 10_000),
            expiresAt: new Date(now + REBATE_TERMS.claimMs),
          };
        })
        .filter((row) => row.amount > 0);
      await repo.insertRebates(tx, rows);
      return rows.length;
    });
  }

  async list(customerId: number) {
    const now = this.options.clock();
    const rows = await repo.rebatesOf(this.options.db, customerId);
    return {
      list: rows.map((row) => ({
        day: row.day,
        vertical: row.vertical as 'sports' | 'casino',
        turnover: row.turnover,
        percent: row.basisPoints / 100,
        amount: row.amount,
        status: (row.status === 'claimed' ? 'claimed' : row.expiresAt.getTime() <= now ? 'expired' : 'available') as
          'available' | 'claimed' | 'expired',
        expiresAt: row.expiresAt.toISOString(),
      })),
    };
  }

  /** Claims every rebate still claimable, once: a repeat or a racing claim finds them claimed. */
  async claim(customerId: number) {
    if (!(await this.options.marketingAllowed(customerId))) {
      throw new CallError(
        GatewayCode.PromotionRefused,
        'Promotions are off for your account (you opted out of marketing, or play is paused).',
        400,
      );
    }
    const now = this.options.clock();
    const paid = await this.options.db.transaction(async (tx) => {
      await this.options.claimGate(tx, customerId);
      const open = await repo.lockUnclaimed(tx, customerId);
      const claimable = open.filter((row) => row.expiresAt.getTime() > now);
      if (claimable.length === 0) {
        throw new CallError(
          GatewayCode.PromotionRefused,
          open.length > 0
            ? 'Your rebate expired: rebates can be claimed for 3 days.'
            : 'Nothing to claim: your rebates are already claimed, or none is due yet.',
          400,
        );
      }
      const amount = claimable.reduce((sum, row) => sum + row.amount, 0);
      await post(tx, {
        kind: 'rebate',
        customerId,
        reference: `rebates:${claimable.map((row) => row.id).join(',')}`,
        entries: [
          { accountId: await houseAccountId(tx, HOUSE.bonus), amount: -amount },
          { accountId: await walletAccountId(tx, customerId, 'main'), amount },
        ],
      });
      await repo.markClaimed(
        tx,
        claimable.map((row) => row.id),
        new Date(now),
      );
      return amount;
    });
    this.options.events.publish({ type: 'balance', customerId });
    return { amount: paid };
  }
}
