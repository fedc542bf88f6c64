import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MASSKARA_SETTING,
  type Masskara,
  type MasskaraEdition,
  type MasskaraFile,
  maskOdds,
  masskaraFileProblems,
  masskaraFileSchema,
  masskaraSchema,
  masskaraTerms,
} from '../../../src/contract/masskara';
import { maskMessage, pickWeighted } from '../../../src/contract/fairness';
import type { Database, Queryable, Transaction } from '../../db';
import { keptJsonFile } from '../../lib/keptFile';
import { withIdempotency } from '../wallet';
import { newSeed, rollFor } from './fairness';
import * as repo from './masskaraRepository';
import { setting } from './repository';
import { type CampaignOptions, refused, rewardTerms } from './service';

/**
 * The Masskara campaign (/campaign/masskara, issue 35), in editions (e.g. one a year) the operator writes in
 * masskara.json in the data folder (keptJsonFile: read again when it changes, the last good content kept;
 * /dev/masskara edits it): each edition has its own dates, masks, prize and raffles, and editions never
 * overlap. A player joins an edition (once; a seed is fixed for them and its hash shown); from then on
 * each qualifying settled stake (its cash part, settled_stakes) in the edition's window
 * draws one mask: HMAC(seed, "mask:<source>") picks it by the operator's weights (the lucky spin's draw,
 * fairness.ts). Masks are recorded when the player's campaign is read or exchanged, each source once
 * (its row is unique), so any instance records the same masks. A full set is exchanged once for the
 * prize, through the promotions wallet, in one transaction with the responsible-gaming gate and the
 * entry locked; the seed is revealed then (or when the edition ends) so every mask can be checked. An
 * ended edition is read as history: its masks, records and exchange stay.
 */

const DAY_MS = 86_400_000;
const OFF = 'Promotions are off for your account (you opted out of marketing, or play is paused).';

type Status = 'upcoming' | 'running' | 'ended';

/** What a new data folder starts with (the operator edits masskara.json, or /dev/masskara). */
export function defaultMasskara(now: number): MasskaraEdition {
  return {
    id: '2026',
    raffles: [],
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
  private file: (() => MasskaraFile) | undefined;

  constructor(private readonly options: CampaignOptions & { dataDir: string; log: { error(obj: object, msg: string): void } }) {
    this.db = options.db;
  }

  private get path(): string {
    return join(this.options.dataDir, 'masskara.json');
  }

  /**
   * Opens masskara.json, writing it at the first start: from the one campaign a database held before
   * editions (as edition "2026", the id migration 0040 gave its entries), else the default edition.
   */
  async seed(): Promise<void> {
    const legacy = masskaraSchema.safeParse(await setting(this.db, MASSKARA_SETTING));
    this.open(legacy.success ? { ...legacy.data, id: '2026', raffles: [] } : defaultMasskara(this.options.clock()));
  }

  private open(first: MasskaraEdition): () => MasskaraFile {
    this.file ??= keptJsonFile<MasskaraFile>({
      file: this.path,
      seed: { editions: [first] },
      initial: { editions: [first] },
      parse: (raw) => this.validate(raw),
      what: 'masskara.json',
      log: this.options.log,
    });
    return this.file;
  }

  private validate(raw: unknown): { success: true; data: MasskaraFile } | { success: false; error: { issues: string[] } } {
    const parsed = masskaraFileSchema.safeParse(raw);
    if (!parsed.success)
      return { success: false, error: { issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) } };
    const problems = masskaraFileProblems(parsed.data);
    return problems.length > 0 ? { success: false, error: { issues: problems } } : { success: true, data: parsed.data };
  }

  /** Every edition, oldest first. */
  editions(): MasskaraEdition[] {
    const read = this.file ?? this.open(defaultMasskara(this.options.clock()));
    return [...read().editions].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  }

  /** The file as /dev/masskara shows it. */
  async config(): Promise<MasskaraFile> {
    return { editions: this.editions() };
  }

  /** The operator's save (/dev/masskara): validated, then the whole file replaced at once (a reader never sees half of it). */
  async saveConfig(value: unknown): Promise<void> {
    const checked = this.validate(value);
    if (!checked.success) throw refused(checked.error.issues.join('; '));
    this.editions();
    const next = `${this.path}.${process.pid}.tmp`;
    writeFileSync(next, `${JSON.stringify(checked.data, null, 2)}\n`);
    renameSync(next, this.path);
  }

  private status(edition: Masskara): Status {
    const now = this.options.clock();
    return now < Date.parse(edition.startsAt) ? 'upcoming' : now >= Date.parse(edition.endsAt) ? 'ended' : 'running';
  }

  /**
   * The edition named, or the current one: the running edition, else an ended one whose sets can still
   * be exchanged, else the next to start, else the last.
   */
  private edition(id?: string): MasskaraEdition {
    const all = this.editions().filter((edition) => edition.active || edition.id === id);
    if (id !== undefined) {
      const named = all.find((edition) => edition.id === id);
      if (!named) throw refused('There is no such edition of the Masskara campaign.', 404);
      return named;
    }
    const now = this.options.clock();
    const current =
      all.find((edition) => this.status(edition) === 'running') ??
      all.findLast((edition) => this.status(edition) === 'ended' && now <= Date.parse(edition.endsAt) + edition.exchangeDays * DAY_MS) ??
      all.find((edition) => this.status(edition) === 'upcoming') ??
      all.at(-1);
    if (!current) throw refused('The Masskara campaign is not set up.', 404);
    return current;
  }

  /** Draws a mask for every new qualifying source since the player joined (none after the exchange). */
  private async earn(db: Queryable, entry: repo.MasskaraEntryRow, edition: MasskaraEdition): Promise<void> {
    if (entry.exchangedAt) return;
    const from = Math.max(entry.joinedAt.getTime(), Date.parse(edition.startsAt));
    const sources = await repo.newSources(db, entry.customerId, {
      sports: edition.sports,
      casino: edition.casino,
      from: new Date(from),
      to: new Date(edition.endsAt),
    });
    await repo.addMasks(
      db,
      sources.map((source) => {
        const roll = rollFor(entry.seed, maskMessage(source.source));
        const mask = pickWeighted(roll, edition.masks);
        return { customerId: entry.customerId, edition: edition.id, ...source, roll, maskId: mask.id, maskLabel: mask.label };
      }),
    );
  }

  /** An edition (the current one when none is named) and, for a player who joined it, their masks, records and exchange. */
  async campaign(customerId: number | null, editionId?: string) {
    const config = this.edition(editionId);
    const marketing = customerId === null || (await this.options.marketingAllowed(customerId));
    const odds = maskOdds(config.masks);
    const entry = customerId === null ? undefined : await repo.entry(this.db, customerId, config.id);
    if (entry && marketing && config.active) await this.earn(this.db, entry, config);
    return {
      edition: config.id,
      editions: this.editions()
        .filter((edition) => edition.active)
        .map((edition) => ({
          id: edition.id,
          title: edition.title,
          startsAt: edition.startsAt,
          endsAt: edition.endsAt,
          status: this.status(edition),
        })),
      raffles: config.raffles,
      active: config.active,
      title: config.title,
      summary: config.summary,
      terms: masskaraTerms(config, this.options.peso),
      startsAt: config.startsAt,
      endsAt: config.endsAt,
      status: this.status(config),
      masks: config.masks.map((mask, index) => ({ ...mask, percent: odds[index]! })),
      prize: { bonus: config.prize.bonus, multiple: config.prize.multiple },
      notice: !marketing ? OFF : config.active ? null : 'This edition of the Masskara campaign is closed.',
      me: entry ? await this.mine(entry, config) : null,
    };
  }

  private async mine(entry: repo.MasskaraEntryRow, config: MasskaraEdition) {
    const masks = await repo.masksOf(this.db, entry.customerId, config.id);
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

  /** Joins an edition (once; a second join answers the first): masks are drawn from now, under a seed whose hash is shown now. */
  async join(customerId: number, key: string, editionId?: string) {
    if (!(await this.options.marketingAllowed(customerId))) throw refused(OFF);
    const config = this.edition(editionId);
    if (!config.active) throw refused('This edition of the Masskara campaign is closed.');
    if (this.status(config) === 'ended') throw refused('This edition of the Masskara campaign has ended.');
    return withIdempotency(this.db, { customerId, key, call: 'masskara/join', request: { edition: config.id } }, async (tx) => {
      await this.options.claimGate(tx, customerId, 'promotion');
      const row = await repo.join(tx, { customerId, edition: config.id, joinedAt: new Date(this.options.clock()), ...newSeed() });
      return { joinedAt: row.joinedAt.toISOString(), seedHash: row.seedHash };
    });
  }

  /**
   * Exchanges a full set of an edition's masks for its prize: once per edition (the entry locked, its
   * exchange the guard), in one transaction with the gate, the masks drawn up to now and the grant.
   */
  async exchange(customerId: number, key: string, editionId?: string) {
    if (!(await this.options.marketingAllowed(customerId))) throw refused(OFF);
    const config = this.edition(editionId);
    if (!config.active) throw refused('This edition of the Masskara campaign is closed.');
    const request = { edition: config.id };
    const answer = await withIdempotency(this.db, { customerId, key, call: 'masskara/exchange', request }, async (tx: Transaction) => {
      await this.options.claimGate(tx, customerId, 'promotion');
      const entry = await repo.entry(tx, customerId, config.id, true);
      if (!entry) throw refused('Join the campaign first.');
      if (entry.exchangedAt) throw refused('You already exchanged a set of masks.');
      const now = this.options.clock();
      if (now > Date.parse(config.endsAt) + config.exchangeDays * DAY_MS)
        throw refused(`A set could be exchanged within ${config.exchangeDays} days of the end; that time has passed.`);
      await this.earn(tx, entry, config);
      const held = (await repo.masksOf(tx, customerId, config.id)).filter((mask) => !mask.exchanged);
      const missing = config.masks.filter((mask) => !held.some((row) => row.maskId === mask.id));
      if (missing.length > 0)
        throw refused(`Your set is not complete yet: you still need ${missing.map((mask) => mask.label).join(', ')}.`);
      const grant = await this.options.grant(
        tx,
        customerId,
        `masskara-${config.id}`,
        rewardTerms(`${config.title}: a full set`, config.prize),
        config.prize.bonus,
      );
      // One of each mask is given up, the oldest first.
      const given = config.masks.map((mask) => held.filter((row) => row.maskId === mask.id).at(-1)!.id);
      await repo.markMasksExchanged(tx, given);
      await repo.markExchanged(tx, customerId, config.id, grant.id, new Date(now));
      return { grantId: grant.id, bonus: config.prize.bonus, cash: config.prize.multiple === 0, seed: entry.seed };
    });
    this.options.events.publish({ type: 'balance', customerId });
    return answer;
  }
}
