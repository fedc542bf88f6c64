import { GatewayCode } from '../../../src/contract/errorCodes';
import { CHECK_IN } from '../../../src/contract/promotions';
import { manilaDay } from '../../../src/lib/dates';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { PlayerEvents } from '../../realtime/bus';
import { awardFreeBet } from './freeBets';
import * as repo from './repository';

/**
 * The daily check-in (issue 35, /checkIn): one check-in per player and Manila day (the day's row is the
 * once-guard, so racing presses on two instances check in once); consecutive days make a streak, and the
 * streak's last day earns a free bet, then the streak starts again. Refused while promotions may not
 * reach the player (marketing off, a break, exclusion).
 */

export interface CheckInOptions {
  db: Database;
  events: PlayerEvents;
  clock: () => number;
  claimGate: (tx: Transaction, customerId: number) => Promise<void>;
  marketingAllowed: (customerId: number) => Promise<boolean>;
}

const DAY_MS = 86_400_000;

export const CHECK_IN_MESSAGES = {
  again: 'You have already checked in today. Come back tomorrow.',
  marketing: 'Promotions are off for your account (you opted out of marketing, or play is paused).',
} as const;

export class CheckIns {
  constructor(private readonly options: CheckInOptions) {}

  /** The streak as it stands: the run that today's check-in continues (0 when it would start again). */
  private streakOf(latest: repo.CheckInRow | undefined, today: string, yesterday: string): { checkedToday: boolean; streak: number } {
    if (latest?.day === today) return { checkedToday: true, streak: latest.streak };
    if (latest?.day === yesterday && latest.streak < CHECK_IN.days) return { checkedToday: false, streak: latest.streak };
    return { checkedToday: false, streak: 0 };
  }

  async status(customerId: number) {
    const now = this.options.clock();
    const [latest] = await repo.checkInsOf(this.options.db, customerId, 1);
    const { checkedToday, streak } = this.streakOf(latest, manilaDay(now), manilaDay(now - DAY_MS));
    return { day: manilaDay(now), checkedToday, streak, days: CHECK_IN.days, reward: CHECK_IN.reward.amount };
  }

  /** Checks in for today (Manila), once; the streak's last day gives its free bet in the same transaction. */
  async checkIn(customerId: number) {
    if (!(await this.options.marketingAllowed(customerId)))
      throw new CallError(GatewayCode.PromotionRefused, CHECK_IN_MESSAGES.marketing, 400);
    const now = this.options.clock();
    const today = manilaDay(now);
    const answer = await this.options.db.transaction(async (tx) => {
      await this.options.claimGate(tx, customerId);
      const [latest] = await repo.checkInsOf(tx, customerId, 1);
      const { checkedToday, streak: before } = this.streakOf(latest, today, manilaDay(now - DAY_MS));
      if (checkedToday) throw new CallError(GatewayCode.PromotionRefused, CHECK_IN_MESSAGES.again, 400);
      const streak = before + 1;
      const row = await repo.insertCheckIn(tx, { customerId, day: today, streak, createdAt: new Date(now) });
      if (!row) throw new CallError(GatewayCode.PromotionRefused, CHECK_IN_MESSAGES.again, 400);
      if (streak < CHECK_IN.days) return { day: today, streak, freeBetId: null };
      const token = await awardFreeBet(tx, customerId, `check-in:${today}`, CHECK_IN.reward, new Date(now));
      if (token) await repo.setCheckInFreeBet(tx, customerId, today, token.id);
      return { day: today, streak, freeBetId: token?.id ?? null };
    });
    if (answer.freeBetId !== null) this.options.events.publish({ type: 'balance', customerId });
    return answer;
  }
}
