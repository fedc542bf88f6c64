import { MASSKARA_SETTING, type Masskara, maskOdds, masskaraSchema, masskaraTerms } from '../../../src/contract/masskara';
import { maskMessage, pickWeighted } from '../../../src/contract/fairness';
import type { Database, Queryable, Transaction } from '../../db';
import { withIdempotency } from '../wallet';
import { newSeed, rollFor } from './fairness';
import * as repo from './masskaraRepository';
import { saveSetting, setting } from './repository';
import { type CampaignOptions, refused, rewardTerms } from './service';

/**
 * The Masskara campaign (/campaign/masskara, issue 35). A player joins (once; a seed is fixed for them
 * and its hash shown); from then on each qualifying settled bet or casino round in the campaign's window
 * draws one mask: HMAC(seed, "mask:<source>") picks it by the operator's weights (the lucky spin's draw,
 * fairness.ts). Masks are recorded when the player's campaign is read or exchanged, each source once
 * (its row is unique), so any instance records the same masks. A full set is exchanged once for the
 * prize, through the promotions wallet, in one transaction with the responsible-gaming gate and the
 * entry locked; the seed is revealed then (or when the campaign ends) so every mask can be checked.
 */

const DAY_MS = 86_400_000;
const OFF = 'Promotions are off for your account (you opted out of marketing, or play is paused).';

/** What a new database starts with (the operator edits it on /dev/masskara). */
export function defaultMasskara(now: number): Masskara {
  return {
    active: true,
    title: 'Masskara: collect the masks',
    summary: 'Play to collect the five festival masks of Bacolod, then exchange a full set for a ₱100 bonus.',
    startsAt: new Date(now - DAY_MS).toISOString(),
    endsAt: new Date(now + 60 * DAY_MS).toISOString(),
    masks: [
      { id: 'golden-smile', label: 'Golden smile', weight: 30 },
      { id: 'red-feather', label: 'Red feather', weight: 25 },
      { id: 'blue-sequin', label: 'Blue sequin', weight: 20 },
      { id: 'green-leaf', label: 'Green leaf', weight: 15 },
      { id: 'silver-moon', label: 'Silver moon', weight: 10 },
    ],
    sports: { minStake: 1_000, minOddsH: 120 },
    casino: { minBet: 500 },
    prize: { bonus: 10_000, multiple: 3, maxBet: 5_000, maxWin: 50_000, days: 7 },
    exchangeDays: 7,
  };
}

export class MasskaraService {
  private readonly db: Database;

  constructor(private readonly options: CampaignOptions) {
    this.db = options.db;
  }

  async seed(): Promise<void> {
    await saveSetting(this.db, MASSKARA_SETTING, defaultMasskara(this.options.clock()), false);
  }

  async config(): Promise<Masskara | undefined> {
    const parsed = masskaraSchema.safeParse(await setting(this.db, MASSKARA_SETTING));
    return parsed.success ? parsed.data : undefined;
  }

  async saveConfig(value: unknown): Promise<void> {
    const parsed = masskaraSchema.safeParse(value);
    if (!parsed.success) throw refused(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    if (Date.parse(parsed.data.endsAt) <= Date.parse(parsed.data.startsAt)) throw refused('endsAt must be after startsAt.');
    if (new Set(parsed.data.masks.map((mask) => mask.id)).size !== parsed.data.masks.length) throw refused('Two masks have one id.');
    await saveSetting(this.db, MASSKARA_SETTING, parsed.data);
  }

  /** Draws a mask for every new qualifying source since the player joined (none after the exchange). */
  private async earn(db: Queryable, entry: repo.MasskaraEntryRow, config: Masskara): Promise<void> {
    if (entry.exchangedAt) return;
    const from = Math.max(entry.joinedAt.getTime(), Date.parse(config.startsAt));
    const sources = await repo.newSources(db, entry.customerId, {
      sports: config.sports,
      casino: config.casino,
      from: new Date(from),
      to: new Date(config.endsAt),
    });
    await repo.addMasks(
      db,
      sources.map((source) => {
        const roll = rollFor(entry.seed, maskMessage(source.source));
        const mask = pickWeighted(roll, config.masks);
        return { customerId: entry.customerId, ...source, roll, maskId: mask.id, maskLabel: mask.label };
      }),
    );
  }

  private status(config: Masskara): 'upcoming' | 'running' | 'ended' {
    const now = this.options.clock();
    return now < Date.parse(config.startsAt) ? 'upcoming' : now >= Date.parse(config.endsAt) ? 'ended' : 'running';
  }

  /** The campaign and, for a player who joined, their masks, records and exchange. */
  async campaign(customerId: number | null) {
    const config = await this.config();
    if (!config) throw refused('The Masskara campaign is not set up.', 404);
    const marketing = customerId === null || (await this.options.marketingAllowed(customerId));
    const odds = maskOdds(config.masks);
    const entry = customerId === null ? undefined : await repo.entry(this.db, customerId);
    if (entry && marketing && config.active) await this.earn(this.db, entry, config);
    return {
      active: config.active,
      title: config.title,
      summary: config.summary,
      terms: masskaraTerms(config, this.options.peso),
      startsAt: config.startsAt,
      endsAt: config.endsAt,
      status: this.status(config),
      masks: config.masks.map((mask, index) => ({ ...mask, percent: odds[index]! })),
      prize: { bonus: config.prize.bonus, multiple: config.prize.multiple },
      notice: !marketing ? OFF : config.active ? null : 'The Masskara campaign is closed.',
      me: entry ? await this.mine(entry, config) : null,
    };
  }

  private async mine(entry: repo.MasskaraEntryRow, config: Masskara) {
    const masks = await repo.masksOf(this.db, entry.customerId);
    const held = masks.filter((mask) => !mask.exchanged);
    const counts = config.masks.map((mask) => held.filter((row) => row.maskId === mask.id).length);
    const revealed = entry.exchangedAt !== null || this.status(config) === 'ended';
    return {
      joinedAt: entry.joinedAt.toISOString(),
      seedHash: entry.seedHash,
      seed: revealed ? entry.seed : null,
      counts,
      complete: counts.every((count) => count > 0),
      records: masks.slice(0, 200).map((mask) => ({
        id: mask.id,
        maskId: mask.maskId,
        label: mask.maskLabel,
        earnedAt: mask.earnedAt.toISOString(),
        from: mask.kind as 'bet' | 'round',
        reference: mask.reference,
        stake: mask.stake,
        message: maskMessage(mask.source),
        roll: mask.roll,
        exchanged: mask.exchanged,
      })),
      exchange: entry.exchangedAt
        ? { at: entry.exchangedAt.toISOString(), bonus: config.prize.bonus, cash: config.prize.multiple === 0 }
        : null,
    };
  }

  /** Joins the campaign (once; a second join answers the first): masks are drawn from now, under a seed whose hash is shown now. */
  async join(customerId: number, key: string) {
    if (!(await this.options.marketingAllowed(customerId))) throw refused(OFF);
    const config = await this.config();
    if (!config?.active) throw refused('The Masskara campaign is closed.');
    if (this.status(config) === 'ended') throw refused('The Masskara campaign has ended.');
    return withIdempotency(this.db, { customerId, key, call: 'masskara/join', request: {} }, async (tx) => {
      await this.options.claimGate(tx, customerId, 'promotion');
      const row = await repo.join(tx, { customerId, joinedAt: new Date(this.options.clock()), ...newSeed() });
      return { joinedAt: row.joinedAt.toISOString(), seedHash: row.seedHash };
    });
  }

  /**
   * Exchanges a full set for the prize: once (the entry locked, its exchange the guard), in one
   * transaction with the gate, the masks drawn up to now and the grant.
   */
  async exchange(customerId: number, key: string) {
    if (!(await this.options.marketingAllowed(customerId))) throw refused(OFF);
    const config = await this.config();
    if (!config?.active) throw refused('The Masskara campaign is closed.');
    const answer = await withIdempotency(this.db, { customerId, key, call: 'masskara/exchange', request: {} }, async (tx: Transaction) => {
      await this.options.claimGate(tx, customerId, 'promotion');
      const entry = await repo.entry(tx, customerId, true);
      if (!entry) throw refused('Join the campaign first.');
      if (entry.exchangedAt) throw refused('You already exchanged a set of masks.');
      const now = this.options.clock();
      if (now > Date.parse(config.endsAt) + config.exchangeDays * DAY_MS)
        throw refused(`A set could be exchanged within ${config.exchangeDays} days of the end; that time has passed.`);
      await this.earn(tx, entry, config);
      const held = (await repo.masksOf(tx, customerId)).filter((mask) => !mask.exchanged);
      const missing = config.masks.filter((mask) => !held.some((row) => row.maskId === mask.id));
      if (missing.length > 0)
        throw refused(`Your set is not complete yet: you still need ${missing.map((mask) => mask.label).join(', ')}.`);
      const grant = await this.options.grant(
        tx,
        customerId,
        'masskara',
        rewardTerms(`${config.title}: a full set`, config.prize),
        config.prize.bonus,
      );
      // One of each mask is given up, the oldest first.
      const given = config.masks.map((mask) => held.filter((row) => row.maskId === mask.id).at(-1)!.id);
      await repo.markMasksExchanged(tx, given);
      await repo.markExchanged(tx, customerId, grant.id, new Date(now));
      return { grantId: grant.id, bonus: config.prize.bonus, cash: config.prize.multiple === 0, seed: entry.seed };
    });
    this.options.events.publish({ type: 'balance', customerId });
    return answer;
  }
}
