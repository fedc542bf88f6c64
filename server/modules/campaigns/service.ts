import { type Mission, isWatchTask, missionSchema, missionTerms } from '../../../src/contract/campaigns';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { OfferTerms } from '../../../src/contract/promotions';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { PlayerEvents } from '../../realtime/bus';
import { withIdempotency } from '../wallet';
import { defaultMissions } from './defaultMissions';
import * as repo from './repository';

/**
 * Missions (issue 35): a set of tasks a player completes with settled bets placed after joining and
 * settled within the time limit that starts when they join. Progress is read from the bet tickets
 * themselves (each ticket one row, so it counts once however often it is read, on any instance); the
 * reward is a bonus grant of the promotions wallet, paid once, in the claim's transaction with the
 * responsible-gaming gate.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface CampaignOptions {
  db: Database;
  events: PlayerEvents;
  clock: () => number;
  /** The responsible-gaming gate of a claim or spin, in its transaction. */
  claimGate: (tx: Transaction, customerId: number, action: 'promotion' | 'luckySpin') => Promise<void>;
  marketingAllowed: (customerId: number) => Promise<boolean>;
  /** The promotions wallet's grant (app.promotions.grant): the reward's ledger account and money. */
  grant: (tx: Transaction, customerId: number, offerId: string, terms: OfferTerms, amount: number) => Promise<{ id: number }>;
  peso: (centavos: number) => string;
  /** A highlight clip this player may watch now (the video module's week of clips), with its playlist; undefined when there is none. */
  highlight: (customerId: number, clipId: string) => Promise<{ sportTypeId: string; durationSeconds: number; url: string } | undefined>;
}

/** The terms a reward is granted with (a bonus of the sports vertical; multiple 0 is cash at once). */
export function rewardTerms(
  title: string,
  reward: { bonus: number; multiple: number; maxBet: number; maxWin: number; days: number },
): OfferTerms {
  return {
    title: title.slice(0, 80),
    summary: `Reward of ${title}`.slice(0, 300),
    kind: 'reload',
    vertical: 'sports',
    percent: 100,
    maxBonus: reward.bonus,
    minDeposit: 1,
    multiple: reward.multiple,
    contribution: { default: 100 },
    maxBet: reward.maxBet,
    maxWin: reward.maxWin,
    days: reward.days,
    claimDays: 1,
  };
}

export function refused(message: string, status = 400): CallError {
  return new CallError(GatewayCode.PromotionRefused, message, status);
}

type EntryState = 'inProgress' | 'completed' | 'claimed' | 'timedOut' | 'claimLapsed';

export class MissionsService {
  private readonly db: Database;

  constructor(private readonly options: CampaignOptions) {
    this.db = options.db;
  }

  private now(): number {
    return this.options.clock();
  }

  /** A development database's missions (defaultMissions.ts), seeded once: an operator's edit is kept. */
  async seed(): Promise<void> {
    await repo.seedMissions(this.db, defaultMissions(this.now()));
  }

  /** The missions that validate (one whose stored definition no longer validates is not shown). */
  async all(): Promise<{ id: string; active: boolean; mission: Mission }[]> {
    return (await repo.missions(this.db)).flatMap((row) => {
      const parsed = missionSchema.safeParse(row.definition);
      return parsed.success ? [{ id: row.id, active: row.active, mission: parsed.data }] : [];
    });
  }

  /** The operator's save (/dev/missions): validated, and refused when it overlaps a running mission of its kind. */
  async save(id: string, definition: unknown, active: boolean): Promise<void> {
    const parsed = missionSchema.safeParse(definition);
    if (!parsed.success) throw refused(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    const mission = parsed.data;
    if (Date.parse(mission.endsAt) <= Date.parse(mission.startsAt)) throw refused('endsAt must be after startsAt.');
    if (active) {
      const clash = (await this.all()).find(
        (other) =>
          other.id !== id &&
          other.active &&
          other.mission.kind === mission.kind &&
          Date.parse(other.mission.startsAt) < Date.parse(mission.endsAt) &&
          Date.parse(mission.startsAt) < Date.parse(other.mission.endsAt),
      );
      if (clash) throw refused(`Mission ${clash.id} of the same kind (${mission.kind}) runs at an overlapping time.`);
    }
    await repo.saveMission(this.db, id, mission, active);
  }

  /** The missions of an event (or all), running or upcoming, with the player's progress when there is one. */
  async list(customerId: number | null, eventId?: string) {
    const now = this.now();
    const entries = customerId === null ? [] : await repo.entriesOf(this.db, customerId);
    const shown = (await this.all()).filter(
      ({ id, active, mission }) =>
        active &&
        (eventId === undefined || mission.eventId === eventId) &&
        (Date.parse(mission.endsAt) > now || entries.some((entry) => entry.missionId === id)),
    );
    const marketing = customerId === null || (await this.options.marketingAllowed(customerId));
    if (!marketing) return { missions: [], notice: 'Promotions are off for your account (you opted out of marketing, or play is paused).' };
    return {
      missions: await Promise.all(
        shown.map(({ id, mission }) =>
          this.view(
            id,
            mission,
            customerId,
            entries.find((entry) => entry.missionId === id),
          ),
        ),
      ),
      notice: null,
    };
  }

  async detail(customerId: number | null, id: string) {
    const found = (await this.all()).find((row) => row.id === id && row.active);
    if (!found) throw refused('This mission does not exist or has ended.', 404);
    const entry = customerId === null ? undefined : await repo.entry(this.db, id, customerId);
    return this.view(id, found.mission, customerId, entry);
  }

  private async progress(db: Database | Transaction, customerId: number, mission: Mission, entry: repo.EntryRow) {
    return Promise.all(
      mission.tasks.map(async (task) => ({
        task,
        done: Math.min(
          task.count,
          isWatchTask(task)
            ? await repo.countingViews(db, customerId, task, entry.joinedAt, entry.deadline)
            : await repo.countingBets(db, customerId, task, entry.joinedAt, entry.deadline),
        ),
      })),
    );
  }

  private stateOf(mission: Mission, entry: repo.EntryRow, complete: boolean): EntryState {
    const now = this.now();
    if (entry.status === 'claimed') return 'claimed';
    if (complete) return now > entry.deadline.getTime() + mission.claimDays * DAY_MS ? 'claimLapsed' : 'completed';
    return now > entry.deadline.getTime() ? 'timedOut' : 'inProgress';
  }

  private async view(id: string, mission: Mission, customerId: number | null, entry: repo.EntryRow | undefined) {
    const now = this.now();
    const progress = customerId !== null && entry ? await this.progress(this.db, customerId, mission, entry) : undefined;
    const complete = progress?.every((row) => row.done >= row.task.count) ?? false;
    return {
      id,
      eventId: mission.eventId,
      title: mission.title,
      summary: mission.summary,
      terms: missionTerms(mission, this.options.peso),
      startsAt: mission.startsAt,
      endsAt: mission.endsAt,
      hours: mission.hours,
      status: (now < Date.parse(mission.startsAt) ? 'upcoming' : now >= Date.parse(mission.endsAt) ? 'ended' : 'running') as
        'upcoming' | 'running' | 'ended',
      reward: { bonus: mission.reward.bonus, multiple: mission.reward.multiple },
      tasks: mission.tasks.map((task, index) => ({
        id: task.id,
        kind: isWatchTask(task) ? ('watch' as const) : ('bet' as const),
        sportTypeId: task.sportTypeId ?? null,
        label: task.label,
        count: task.count,
        done: progress?.[index]?.done ?? 0,
      })),
      entry: entry
        ? {
            joinedAt: entry.joinedAt.toISOString(),
            deadline: entry.deadline.toISOString(),
            claimBy: new Date(entry.deadline.getTime() + mission.claimDays * DAY_MS).toISOString(),
            state: this.stateOf(mission, entry, complete),
          }
        : null,
    };
  }

  /** Joins a mission (once; a second join answers the first): the time limit starts now. */
  async join(customerId: number, key: string, id: string) {
    if (!(await this.options.marketingAllowed(customerId)))
      throw refused('Promotions are off for your account (you opted out of marketing, or play is paused).');
    const found = (await this.all()).find((row) => row.id === id && row.active);
    if (!found) throw refused('This mission does not exist or has ended.', 404);
    const { mission } = found;
    const now = this.now();
    if (now < Date.parse(mission.startsAt)) throw refused(`This mission starts on ${mission.startsAt.slice(0, 10)}.`);
    if (now >= Date.parse(mission.endsAt)) throw refused('This mission has ended.');
    const entry = await withIdempotency(this.db, { customerId, key, call: 'sport-activity/join', request: { id } }, async (tx) => {
      await this.options.claimGate(tx, customerId, 'promotion');
      const row = await repo.join(tx, {
        missionId: id,
        customerId,
        joinedAt: new Date(now),
        deadline: new Date(Math.min(now + mission.hours * HOUR_MS, Date.parse(mission.endsAt))),
      });
      return { joinedAt: row.joinedAt.toISOString(), deadline: row.deadline.toISOString() };
    });
    return { missionId: id, ...entry };
  }

  /**
   * Claims a completed mission's reward: once (the entry locked, its status the guard), in one
   * transaction with the gate, the progress read again and the grant.
   */
  async claim(customerId: number, key: string, id: string) {
    if (!(await this.options.marketingAllowed(customerId)))
      throw refused('Promotions are off for your account (you opted out of marketing, or play is paused).');
    const found = (await this.all()).find((row) => row.id === id);
    if (!found) throw refused('This mission does not exist.', 404);
    const { mission } = found;
    const answer = await withIdempotency(
      this.db,
      { customerId, key, call: 'sport-activity/claim-rewards', request: { id } },
      async (tx) => {
        await this.options.claimGate(tx, customerId, 'promotion');
        const entry = await repo.entry(tx, id, customerId, true);
        if (!entry) throw refused('Join this mission first.');
        if (entry.status === 'claimed') throw refused('You already claimed this reward.');
        const progress = await this.progress(tx, customerId, mission, entry);
        const short = progress.find((row) => row.done < row.task.count);
        if (short) throw refused(`Not complete yet: ${short.task.label} (${short.done} of ${short.task.count}).`);
        if (this.now() > entry.deadline.getTime() + mission.claimDays * DAY_MS)
          throw refused(`The reward could be claimed within ${mission.claimDays} days of the time limit; that time has passed.`);
        const grant = await this.options.grant(
          tx,
          customerId,
          `mission-${id}`,
          rewardTerms(mission.title, mission.reward),
          mission.reward.bonus,
        );
        await repo.markClaimed(tx, entry.id, grant.id, new Date(this.now()));
        return { missionId: id, grantId: grant.id, bonus: mission.reward.bonus, cash: mission.reward.multiple === 0 };
      },
    );
    this.options.events.publish({ type: 'balance', customerId });
    return answer;
  }

  /**
   * Opens a highlight clip for the watch tasks: the clip must be one this player is offered now; its
   * opening is recorded (the clock of "watched to the end" starts) and its playlist answered.
   */
  async openHighlight(customerId: number, clipId: string) {
    const clip = await this.options.highlight(customerId, clipId);
    if (!clip) throw refused('This highlight is not available.', 404);
    const openedAt = new Date(this.now());
    await repo.openClip(this.db, { customerId, clipId, sportTypeId: clip.sportTypeId, durationSeconds: clip.durationSeconds, openedAt });
    const row = await repo.view(this.db, customerId, clipId);
    return {
      clipId,
      url: clip.url,
      durationSeconds: row!.durationSeconds,
      watched: row!.watchedAt !== null,
    };
  }

  /**
   * The clip opened earlier has played to its end: recorded once (a second call answers the first),
   * refused for a clip never opened or before its length has passed since it was opened.
   */
  async watchedHighlight(customerId: number, clipId: string) {
    const answer = await this.db.transaction(async (tx) => {
      const row = await repo.view(tx, customerId, clipId, true);
      if (!row) throw refused('Open this highlight first: only a highlight played here counts.');
      if (row.watchedAt) return { clipId, watchedAt: row.watchedAt.toISOString() };
      const left = Math.ceil((row.openedAt.getTime() + row.durationSeconds * 1000 - this.now()) / 1000);
      if (left > 0) throw refused(`Watch the highlight to its end: ${left} second${left === 1 ? '' : 's'} left.`);
      const at = new Date(this.now());
      await repo.markWatched(tx, row.id, at);
      return { clipId, watchedAt: at.toISOString() };
    });
    return answer;
  }
}
