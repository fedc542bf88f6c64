import { type LuckySpinConfig, luckySpinConfigSchema, spinOdds } from '../../../src/contract/campaigns';
import type { Database, Transaction } from '../../db';
import { walletAccountId, withIdempotency } from '../wallet';
import { newSeed, prizeFor, rollOf } from './fairness';
import * as repo from './repository';
import { type CampaignOptions, refused, rewardTerms } from './service';

/**
 * The lucky spin (spec §3/§4, issue 35). A deposit of at least the operator's minimum earns one spin
 * (recorded once per deposit, with its seed fixed and the seed's hash shown before spinning); a spin
 * takes the oldest unused one under a row lock (a racing spin takes the next one, or none), draws the
 * prize on the server from the operator's odds (fairness.ts), and pays it through the promotions
 * wallet, all in one transaction with the responsible-gaming gate.
 */

const DAY_MS = 86_400_000;
export const LUCKY_SPIN_SETTING = 'luckySpin';

/** What a new database starts with (the operator edits it on /dev/lucky-spin). */
export function defaultLuckySpin(now: number): LuckySpinConfig {
  return {
    active: true,
    minDeposit: 50_000,
    since: new Date(now).toISOString(),
    days: 7,
    prizes: [
      { id: 'try-again', label: 'Try again', amount: 0, weight: 40 },
      { id: 'cash-5', label: '₱5', amount: 500, weight: 30 },
      { id: 'cash-20', label: '₱20', amount: 2_000, weight: 18 },
      { id: 'bonus-100', label: '₱100', amount: 10_000, weight: 10 },
      { id: 'cash-500', label: '₱500', amount: 50_000, weight: 2 },
    ].map((prize) => ({ ...prize, multiple: prize.id.startsWith('bonus') ? 3 : 0 })),
  };
}

export class LuckySpinService {
  private readonly db: Database;

  constructor(private readonly options: CampaignOptions) {
    this.db = options.db;
  }

  async seed(): Promise<void> {
    await repo.saveSetting(this.db, LUCKY_SPIN_SETTING, defaultLuckySpin(this.options.clock()), false);
  }

  async config(): Promise<LuckySpinConfig | undefined> {
    const parsed = luckySpinConfigSchema.safeParse(await repo.setting(this.db, LUCKY_SPIN_SETTING));
    return parsed.success ? parsed.data : undefined;
  }

  async saveConfig(value: unknown): Promise<void> {
    const parsed = luckySpinConfigSchema.safeParse(value);
    if (!parsed.success) throw refused(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    await repo.saveSetting(this.db, LUCKY_SPIN_SETTING, parsed.data);
  }

  /** The spins the player's qualifying deposits earned, recorded once each (a seed fixed for each). */
  private async earn(db: Database | Transaction, customerId: number, config: LuckySpinConfig): Promise<void> {
    const main = await walletAccountId(db, customerId, 'main');
    const deposits = await repo.depositsSince(db, customerId, main, new Date(config.since), config.minDeposit);
    await repo.addSpins(
      db,
      deposits.map((deposit) => ({
        customerId,
        source: `deposit:${deposit.id}`,
        ...newSeed(),
        createdAt: deposit.at,
        expiresAt: new Date(deposit.at.getTime() + config.days * DAY_MS),
      })),
    );
  }

  /** spec §3's lucky-spin opportunity (awardTimes), the prizes with their odds, the next spin's seed hash, past spins with their seeds. */
  async opportunity(customerId: number) {
    const config = await this.config();
    const marketing = await this.options.marketingAllowed(customerId);
    if (!config?.active || !marketing) {
      return {
        active: false,
        awardTimes: 0,
        nextSeedHash: null,
        jackpotAmount: 0,
        minDeposit: config?.minDeposit ?? 0,
        prizes: [],
        spins: [],
        notice: !marketing
          ? 'Promotions are off for your account (you opted out of marketing, or play is paused).'
          : 'The lucky spin is closed.',
      };
    }
    await this.earn(this.db, customerId, config);
    const now = this.options.clock();
    const spins = await repo.spinsOf(this.db, customerId);
    const open = spins.filter((spin) => spin.spunAt === null && spin.expiresAt.getTime() > now).sort((a, b) => a.id - b.id);
    const odds = spinOdds(config.prizes);
    return {
      active: true,
      awardTimes: open.length,
      nextSeedHash: open[0]?.seedHash ?? null,
      jackpotAmount: Math.max(...config.prizes.map((prize) => prize.amount)),
      minDeposit: config.minDeposit,
      prizes: config.prizes.map((prize, index) => ({
        id: prize.id,
        label: prize.label,
        amount: prize.amount,
        cash: prize.multiple === 0,
        percent: odds[index]!.percent,
      })),
      spins: spins.filter((spin) => spin.spunAt !== null).map((spin) => this.spunView(spin)),
      notice: null,
    };
  }

  private spunView(spin: repo.SpinRow) {
    return {
      spinId: spin.id,
      spunAt: spin.spunAt!.toISOString(),
      prizeId: spin.prizeId!,
      label: spin.prizeLabel!,
      amount: spin.amount ?? 0,
      seed: spin.seed,
      seedHash: spin.seedHash,
      roll: spin.roll ?? 0,
    };
  }

  /** Spends one spin: drawn here, paid here, once. */
  async spin(customerId: number, key: string) {
    if (!(await this.options.marketingAllowed(customerId)))
      throw refused('Promotions are off for your account (you opted out of marketing, or play is paused).');
    const config = await this.config();
    if (!config?.active) throw refused('The lucky spin is closed.');
    const answer = await withIdempotency(this.db, { customerId, key, call: 'luckySpin/spin', request: {} }, async (tx) => {
      await this.options.claimGate(tx, customerId, 'luckySpin');
      await this.earn(tx, customerId, config);
      const now = this.options.clock();
      const spin = await repo.takeOpenSpin(tx, customerId, new Date(now));
      if (!spin) throw refused(`You have no spins left. A deposit of ${this.options.peso(config.minDeposit)} or more earns one.`);
      const roll = rollOf(spin.seed, spin.id);
      const prize = prizeFor(roll, config.prizes);
      const grant =
        prize.amount > 0
          ? await this.options.grant(
              tx,
              customerId,
              `spin-${spin.id}`,
              rewardTerms(`Lucky spin: ${prize.label}`, {
                bonus: prize.amount,
                multiple: prize.multiple,
                maxBet: Math.max(prize.amount, 5_000),
                maxWin: prize.amount * Math.max(1, prize.multiple) * 2,
                days: config.days,
              }),
              prize.amount,
            )
          : undefined;
      const spunAt = new Date(now);
      await repo.markSpun(tx, spin.id, {
        spunAt,
        roll,
        odds: config.prizes,
        prizeId: prize.id,
        prizeLabel: prize.label,
        amount: prize.amount,
        grantId: grant?.id ?? null,
      });
      return {
        ...this.spunView({ ...spin, spunAt, roll, prizeId: prize.id, prizeLabel: prize.label, amount: prize.amount }),
        cash: prize.multiple === 0,
      };
    });
    this.options.events.publish({ type: 'balance', customerId });
    return answer;
  }
}
