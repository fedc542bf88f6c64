import type { FastifyBaseLogger } from 'fastify';
import type * as z from 'zod/mini';
import type { rgHistoryAnswer, rgStatusAnswer } from '../../../src/contract/answers/responsibleGaming';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { normalizePhone } from '../../../src/contract/people';
import {
  RG_CATEGORIES,
  RG_EXCLUSION_LOCK,
  RG_HELPLINE,
  RG_LIMITS,
  RG_LOOSEN_DELAY_MS,
  RG_MONEY_LIMITS,
  type RgBreak,
  type RgCategory,
  type RgCategoryPeriod,
  type RgExclusion,
  type RgLimit,
  type RgMoneyLimit,
  type RgPeriod,
  type RgRestriction,
  type RgSessionEnded,
  kindOf,
  periodEnd,
  periodOf,
  rollingMs,
  windowStart,
} from '../../../src/contract/responsibleGaming';
import { formatCentavos } from '../../../src/lib/money';
import type { Database, Queryable, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { GateCheck } from '../../lib/moneyGate';
import {
  type FamilyExclusionRequest,
  type PersonToScreen,
  RegistryUnavailable,
  type RestrictedPersonsRegistry,
  type ScreeningHit,
} from '../../providers/restrictedPersons';
import type { PlayerEvents } from '../../realtime/bus';
import { HOUSE, houseAccountId, post, walletAccountId } from '../wallet';
import * as repo from './repository';
import type { RgState } from './repository';

/**
 * Responsible gaming's rules (issue 34). The gate is the one enforcement point every money path calls
 * inside its own transaction; the rest are the player's changes (lower at once, loosen after 24 hours
 * and a confirmation, breaks and exclusions that end every session at once), the restricted-persons
 * screening with its winnings hold, the operator's kill switches, and the jobs (session limits,
 * inactivity, the nightly screening).
 */

export type RgStatus = z.infer<typeof rgStatusAnswer>;
export type RgHistory = z.infer<typeof rgHistoryAnswer>;

/** What the service needs of the sessions module: end a player's every session in a transaction (the bus hears after commit), or one. */
export interface SessionEnder {
  endAll(tx: Transaction, customerId: number, reason: RgSessionEnded): Promise<() => void>;
  endOne(sessionId: number, reason: RgSessionEnded): Promise<void>;
}

/** A hook run inside the transaction that stops a player's play (bonuses are forfeited there: issue 35). */
export type PlayStoppedHook = (tx: Transaction, customerId: number, why: RgRestriction) => Promise<void>;

export interface ResponsibleGamingOptions {
  db: Database;
  events: Pick<PlayerEvents, 'publish'>;
  clock: () => number;
  registry: RestrictedPersonsRegistry;
  sessions: SessionEnder;
  /** The operator's site setting: identity verified before any deposit (default off: the KYC days' grace). */
  kycBeforeDeposit: () => boolean;
  /** Whether the player's identity is verified (the KYC module), read in the gate's transaction. */
  kycApproved: (db: Queryable, customerId: number) => Promise<boolean>;
  log: FastifyBaseLogger;
}

/** The operator's switches are read at most this old on each instance. */
export const SWITCH_CACHE_MS = 30_000;
/** The nightly screening starts once a Manila day, from this hour. */
export const SCREENING_HOUR = 3;
const SCREEN_BATCH = 200;
const HISTORY_PAGE = 20;
const MANILA_OFFSET_MS = 8 * 3_600_000;
const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');

const HELP = `Need someone to talk to? Call the National Problem Gambling Helpline, ${RG_HELPLINE}.`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** 'Mar 11, 2026, 00:00' in Manila time (UTC+8 all year). */
export function manilaText(at: number): string {
  const d = new Date(at + MANILA_OFFSET_MS);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

const PERIOD_WORDS: Record<RgPeriod, { label: string; within: string }> = {
  day: { label: 'daily', within: 'today' },
  week: { label: '7-day', within: 'in these 7 days' },
  month: { label: '30-day', within: 'in these 30 days' },
};

const CATEGORY_WORDS: Record<RgCategory, string> = {
  sports: 'Sports betting',
  slots: 'Slots',
  liveCasino: 'Live casino',
  poker: 'Poker',
  fishing: 'Fishing and arcade games',
  bingo: 'Bingo',
};

const refuse = (code: string, message: string, data: unknown = null) => new CallError(code, `${message} ${HELP}`, 403, data);

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const active = (until: Date | null | undefined, now: number) => until !== null && until !== undefined && until.getTime() > now;

/** What the gate checks for each action. */
const PLAY_ACTIONS = new Set<GateCheck['action']>(['bet', 'round', 'launch', 'transferIn']);
const STAKE_ACTIONS = new Set<GateCheck['action']>(['bet', 'round', 'transferIn']);
const ROUND_ACTIONS = new Set<GateCheck['action']>(['bet', 'round']);

interface Usage {
  limit: RgMoneyLimit;
  value: number;
  used: number;
  left: number;
  resetsAt: number | null;
}

export class ResponsibleGamingService {
  private readonly db: Database;
  private readonly hooks: PlayStoppedHook[] = [];
  private switches: { at: number; values: Map<string, boolean> } | undefined;

  constructor(private readonly options: ResponsibleGamingOptions) {
    this.db = options.db;
  }

  private now(): number {
    return this.options.clock();
  }

  onPlayStopped(hook: PlayStoppedHook): void {
    this.hooks.push(hook);
  }

  // ── The gate ───────────────────────────────────────────────────────────────────────────────────────

  /**
   * Refuses (CallError, one code per reason) any money in or any stake the rules forbid, inside the
   * caller's transaction: the operator's switches, then the player's row, locked so that racing deposits
   * or stakes at a limit are counted one after the other.
   */
  async gate(tx: Transaction, check: GateCheck): Promise<void> {
    const now = this.now();
    if (check.action === 'deposit') {
      if (check.channel && (await this.withdrawOnly(`channel:${check.channel}`, tx))) {
        throw refuse(
          GatewayCode.RgWithdrawOnlyChannel,
          'This way of paying takes withdrawals only right now, so deposits through it are paused. Please choose another way to deposit; withdrawals keep working.',
        );
      }
      if (this.options.kycBeforeDeposit() && !(await this.options.kycApproved(tx, check.customerId))) {
        throw new CallError(
          GatewayCode.RgKycBeforeDeposit,
          'Please verify your identity (a valid ID and a selfie) before your first deposit: the regulator requires it.',
          403,
        );
      }
    }
    if (check.host && (await this.withdrawOnly(`host:${check.host}`, tx))) {
      throw refuse(GatewayCode.RgWithdrawOnlyChannel, 'Panalo takes withdrawals only inside this app right now. You can still withdraw.');
    }
    const state = await repo.lockState(tx, check.customerId);
    if (!state) return;
    this.assertMayPlay(state, now);
    if (check.category && PLAY_ACTIONS.has(check.action)) {
      const offUntil = state.categoriesOff[check.category];
      if (offUntil && Date.parse(offUntil) > now) {
        throw refuse(
          GatewayCode.RgCategoryOff,
          `${CATEGORY_WORDS[check.category]} is switched off until ${manilaText(Date.parse(offUntil))} (Manila time), as you chose.`,
          { category: check.category, until: offUntil },
        );
      }
    }
    if (PLAY_ACTIONS.has(check.action) && state.sessionMinutes !== null && state.playStartedAt) {
      const endsAt = state.playStartedAt.getTime() + state.sessionMinutes * 60_000;
      if (now >= endsAt) {
        throw refuse(
          GatewayCode.RgSessionLimit,
          `You reached your session time limit of ${minutesText(state.sessionMinutes)}. Please take a break: log out, and play again in a new session.`,
        );
      }
    }
    if (ROUND_ACTIONS.has(check.action) && state.realityDueAt && now >= state.realityDueAt.getTime()) {
      throw refuse(
        GatewayCode.RgRealityCheck,
        'Time for a reality check: please look at how long you have played and your result, and confirm, before your next bet.',
      );
    }
    const amount = check.amount ?? 0;
    if (check.action === 'deposit' && amount > 0) await this.assertDepositRoom(tx, state, amount, now);
    if (STAKE_ACTIONS.has(check.action) && amount > 0) await this.assertLossRoom(tx, state, amount, now);
  }

  /** A restriction, a self-exclusion or a break stops deposits and play (never withdrawals). */
  private assertMayPlay(state: RgState, now: number): void {
    if (state.barredAt) {
      throw refuse(
        GatewayCode.RgBarred,
        'Your account cannot be used for deposits or play: you declared that you are a government official, a member of the military or police, an employee of a gaming licensee, or a student, whom the regulator bars from playing. You can still withdraw.',
      );
    }
    if (state.restrictedAt) {
      throw refuse(
        GatewayCode.RgRestricted,
        'Your account cannot be used for deposits or play: you are listed in the National Database of Restricted Persons. You can still withdraw your own money; any winnings are held for review.',
      );
    }
    if (active(state.exclusionUntil, now)) {
      throw refuse(
        GatewayCode.RgSelfExcluded,
        `You excluded yourself from play until ${manilaText(state.exclusionUntil!.getTime())} (Manila time). Deposits and play are closed until then; you can still withdraw.`,
        { until: iso(state.exclusionUntil) },
      );
    }
    if (active(state.breakUntil, now)) {
      throw refuse(
        GatewayCode.RgOnBreak,
        `You are taking a break from play until ${manilaText(state.breakUntil!.getTime())} (Manila time). Deposits and play are paused until then; you can still withdraw.`,
        { until: iso(state.breakUntil) },
      );
    }
  }

  private async depositUsage(db: Transaction | Database, state: RgState, now: number, limits: readonly RgMoneyLimit[]): Promise<Usage[]> {
    const set = limits.filter((limit) => kindOf(limit) === 'deposit' && state[limit] !== null);
    if (set.length === 0) return [];
    const earliest = Math.min(...set.map((limit) => windowStart(periodOf(limit), now)));
    const rows = (await repo.depositsSince(db, state.customerId, new Date(earliest))).map((row) => ({
      amount: row.amount,
      at: row.at.getTime(),
    }));
    return set.map((limit) => {
      const period = periodOf(limit);
      const since = windowStart(period, now);
      const inWindow = rows.filter((row) => row.at >= since);
      const used = inWindow.reduce((sum, row) => sum + row.amount, 0);
      const value = state[limit]!;
      const resetsAt = period === 'day' ? since + 86_400_000 : inWindow.length ? inWindow[0]!.at + rollingMs(period) : null;
      return { limit, value, used, left: Math.max(0, value - used), resetsAt };
    });
  }

  private async lossUsage(db: Transaction | Database, state: RgState, now: number, limits: readonly RgMoneyLimit[]): Promise<Usage[]> {
    const usage: Usage[] = [];
    for (const limit of limits) {
      if (kindOf(limit) !== 'loss' || state[limit] === null) continue;
      const period = periodOf(limit);
      const since = windowStart(period, now);
      const { net, oldest } = await repo.playNetSince(db, state.customerId, new Date(since));
      const used = Math.max(0, -net);
      const value = state[limit]!;
      const resetsAt = period === 'day' ? since + 86_400_000 : oldest ? oldest.getTime() + rollingMs(period) : null;
      usage.push({ limit, value, used, left: Math.max(0, value - used), resetsAt });
    }
    return usage;
  }

  /** The lowest applicable limit wins: the one with the least room left is the one named. */
  private binding(usage: Usage[], amount: number): Usage | undefined {
    return usage.filter((u) => u.used + amount > u.value).sort((a, b) => a.left - b.left)[0];
  }

  private async assertDepositRoom(tx: Transaction, state: RgState, amount: number, now: number): Promise<void> {
    const hit = this.binding(await this.depositUsage(tx, state, now, RG_MONEY_LIMITS), amount);
    if (!hit) return;
    if (hit.left === 0) {
      // Web Push (server/modules/push): once per limit and window, the deposit that met a full limit.
      this.options.events.publish({
        type: 'notice',
        customerId: state.customerId,
        notice: {
          kind: 'depositLimit',
          limit: hit.limit,
          value: hit.value,
          resetsAt: hit.resetsAt === null ? null : new Date(hit.resetsAt).toISOString(),
        },
      });
    }
    const words = PERIOD_WORDS[periodOf(hit.limit)];
    const room =
      hit.left > 0
        ? `You can deposit ${formatCentavos(hit.left)} more ${words.within}, so this deposit of ${formatCentavos(amount)} cannot go through.`
        : `You have reached it ${words.within}.`;
    throw refuse(
      GatewayCode.RgDepositLimit,
      `Your ${words.label} deposit limit is ${formatCentavos(hit.value)}. ${room} ${resetWords(hit)}`,
      { limit: hit.limit, value: hit.value, left: hit.left, resetsAt: hit.resetsAt === null ? null : new Date(hit.resetsAt).toISOString() },
    );
  }

  private async assertLossRoom(tx: Transaction, state: RgState, amount: number, now: number): Promise<void> {
    const hit = this.binding(await this.lossUsage(tx, state, now, RG_MONEY_LIMITS), amount);
    if (!hit) return;
    const words = PERIOD_WORDS[periodOf(hit.limit)];
    const room =
      hit.left > 0
        ? `You can lose ${formatCentavos(hit.left)} more ${words.within} (open bets count), so this stake of ${formatCentavos(amount)} cannot be taken.`
        : `You have reached it ${words.within} (open bets count).`;
    throw refuse(GatewayCode.RgLossLimit, `Your ${words.label} loss limit is ${formatCentavos(hit.value)}. ${room} ${resetWords(hit)}`, {
      limit: hit.limit,
      value: hit.value,
      left: hit.left,
      resetsAt: hit.resetsAt === null ? null : new Date(hit.resetsAt).toISOString(),
    });
  }

  // ── The operator's switches ────────────────────────────────────────────────────────────────────────

  /**
   * Whether a switch ('channel:gcash', 'host:<id>') is in withdraw-only mode, read at most 30 s old (in the
   * caller's transaction when there is one: the embedded database runs one at a time).
   */
  async withdrawOnly(key: string, db: Queryable = this.db): Promise<boolean> {
    const now = this.now();
    if (!this.switches || now - this.switches.at >= SWITCH_CACHE_MS) {
      const rows = await repo.allSwitches(db);
      this.switches = { at: now, values: new Map(rows.map((row) => [row.key, row.withdrawOnly])) };
    }
    return this.switches.values.get(key) === true;
  }

  async setSwitch(key: string, withdrawOnly: boolean, by: string): Promise<void> {
    if (!/^(channel|host):[\w.-]{1,64}$/.test(key))
      throw new CallError(GatewayCode.InvalidRequest, 'A switch is channel:<name> or host:<id>.', 400);
    await repo.setSwitch(this.db, key, withdrawOnly, by);
    // This instance sees its own change at once; the others within SWITCH_CACHE_MS.
    this.switches?.values.set(key, withdrawOnly);
  }

  listSwitches() {
    return repo.allSwitches(this.db);
  }

  // ── What the player sees ───────────────────────────────────────────────────────────────────────────

  async status(customerId: number): Promise<RgStatus> {
    const now = this.now();
    const state = await repo.stateOf(this.db, customerId);
    const pending = state ? await repo.pendingChanges(this.db, customerId) : [];
    const pendingOf = (limit: string) => pending.find((change) => change.limit === limit);
    const usage = state
      ? [
          ...(await this.depositUsage(this.db, state, now, RG_MONEY_LIMITS)),
          ...(await this.lossUsage(this.db, state, now, RG_MONEY_LIMITS)),
        ]
      : [];
    const limits = RG_LIMITS.map((limit) => {
      const change = pendingOf(limit);
      const base = {
        limit,
        pending: change ? { value: change.value, confirmableAt: change.confirmableAt.toISOString() } : null,
      };
      if (limit === 'sessionMinutes') {
        const value = state?.sessionMinutes ?? null;
        const used = state?.playStartedAt ? Math.floor((now - state.playStartedAt.getTime()) / 60_000) : 0;
        return { ...base, value, used, left: value === null ? null : Math.max(0, value - used), resetsAt: null };
      }
      const found = usage.find((u) => u.limit === limit);
      return {
        ...base,
        value: state?.[limit] ?? null,
        used: found?.used ?? 0,
        left: found ? found.left : null,
        resetsAt: found?.resetsAt ? new Date(found.resetsAt).toISOString() : null,
      };
    });
    const exclusionEnd = pendingOf('exclusion');
    const session = state?.playStartedAt
      ? {
          startedAt: state.playStartedAt.toISOString(),
          realityDueAt: iso(state.realityDueAt),
          net: (await repo.playNetSince(this.db, customerId, state.playStartedAt)).net,
          endsAt:
            state.sessionMinutes === null ? null : new Date(state.playStartedAt.getTime() + state.sessionMinutes * 60_000).toISOString(),
        }
      : null;
    return {
      now: new Date(now).toISOString(),
      helpline: RG_HELPLINE,
      restriction: state ? restrictionOf(state, now, exclusionEnd?.confirmableAt ?? null) : null,
      limits,
      categories: RG_CATEGORIES.map((category) => {
        const until = state?.categoriesOff[category];
        return { category, offUntil: until && Date.parse(until) > now ? until : null };
      }),
      realityMinutes: state?.realityMinutes ?? null,
      inactivityMinutes: state?.inactivityMinutes ?? null,
      session,
      limitOffer: await this.limitOffer(customerId, state),
      marketing: this.marketingAllowedBy(state, now),
    };
  }

  /** Whether marketing may reach the player now (promotions read it: issue 35). */
  async marketingAllowed(customerId: number): Promise<boolean> {
    return this.marketingAllowedBy(await repo.stateOf(this.db, customerId), this.now());
  }

  private marketingAllowedBy(state: RgState | undefined, now: number): boolean {
    return !state || !(state.restrictedAt || state.barredAt || active(state.marketingOffUntil, now));
  }

  /**
   * The deposit-limit offer due now: the registration form makes the first (its optional daily limit);
   * the second is due before the first deposit, while no deposit limit is set and it was not answered.
   */
  private async limitOffer(customerId: number, state: RgState | undefined): Promise<'registration' | 'firstDeposit' | null> {
    if (state && (state.depositDay !== null || state.depositWeek !== null || state.depositMonth !== null)) return null;
    if (state?.offerFirstDepositAt) return null;
    const deposited = await repo.depositsSince(this.db, customerId, new Date(0));
    return deposited.length === 0 ? 'firstDeposit' : null;
  }

  async history(customerId: number, page = 1): Promise<RgHistory> {
    const rows = await repo.historyPage(this.db, customerId, page, HISTORY_PAGE);
    return {
      list: rows.slice(0, HISTORY_PAGE).map((row) => ({
        at: row.at.toISOString(),
        kind: row.kind,
        limit: row.limit,
        value: row.value,
        until: iso(row.until),
        category: row.category,
        period: row.period,
        source: row.source,
      })),
      hasMore: rows.length > HISTORY_PAGE,
    };
  }

  // ── The player's changes ───────────────────────────────────────────────────────────────────────────

  /** A change in one transaction on the locked row; what the bus must hear goes out after commit. */
  private async change(customerId: number, work: (tx: Transaction, state: RgState, now: number) => Promise<(() => void) | void>) {
    const now = this.now();
    const after = await this.db.transaction(async (tx) => work(tx, await repo.ensureState(tx, customerId), now));
    after?.();
    return this.status(customerId);
  }

  /**
   * Sets a limit. Lower (or a first limit) takes effect at once and drops a raise that waited; higher or
   * removed waits 24 hours and then the player's confirmation. The same value again changes nothing.
   */
  async setLimit(customerId: number, limit: RgLimit, value: number | null): Promise<RgStatus> {
    return this.change(customerId, async (tx, state, now) => {
      const current = state[limit];
      const waiting = await repo.pendingChange(tx, customerId, limit);
      if (value === current) {
        if (waiting) await this.cancelWaiting(tx, customerId, waiting, now);
        return;
      }
      const tighter = value !== null && (current === null || value < current);
      if (tighter) {
        if (waiting) await repo.endChange(tx, waiting.id, 'cancelled', new Date(now));
        await repo.saveState(tx, customerId, { [limit]: value });
        await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'limitSet', limit, value });
        return;
      }
      if (waiting?.value === value) return;
      if (waiting) await repo.endChange(tx, waiting.id, 'cancelled', new Date(now));
      const confirmableAt = new Date(now + RG_LOOSEN_DELAY_MS);
      await repo.insertChange(tx, { customerId, limit, value, requestedAt: new Date(now), confirmableAt });
      await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'limitRequested', limit, value, until: confirmableAt });
    });
  }

  private async cancelWaiting(tx: Transaction, customerId: number, waiting: repo.RgChange, now: number): Promise<void> {
    await repo.endChange(tx, waiting.id, 'cancelled', new Date(now));
    await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'limitCancelled', limit: waiting.limit, value: waiting.value });
  }

  /** Applies a raise or removal (or the end of a self-exclusion) whose 24 hours have passed. */
  async confirmChange(customerId: number, limit: RgLimit | 'exclusion'): Promise<RgStatus> {
    return this.change(customerId, async (tx, state, now) => {
      const waiting = await repo.pendingChange(tx, customerId, limit);
      if (!waiting) throw new CallError(GatewayCode.RgNothingPending, 'There is no change waiting for your confirmation.', 400);
      if (now < waiting.confirmableAt.getTime()) {
        throw new CallError(
          GatewayCode.RgChangeNotYet,
          `A higher limit or a removed one takes effect only after 24 hours. You can confirm this change from ${manilaText(
            waiting.confirmableAt.getTime(),
          )} (Manila time).`,
          403,
          { confirmableAt: waiting.confirmableAt.toISOString() },
        );
      }
      await repo.endChange(tx, waiting.id, 'applied', new Date(now));
      if (limit === 'exclusion') {
        await repo.saveState(tx, customerId, { exclusionUntil: new Date(now), marketingOffUntil: state.breakUntil });
        await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'exclusionEnded' });
        return;
      }
      await repo.saveState(tx, customerId, { [limit]: waiting.value });
      await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'limitApplied', limit, value: waiting.value });
    });
  }

  async cancelChange(customerId: number, limit: RgLimit | 'exclusion'): Promise<RgStatus> {
    return this.change(customerId, async (tx, _state, now) => {
      const waiting = await repo.pendingChange(tx, customerId, limit);
      if (!waiting) throw new CallError(GatewayCode.RgNothingPending, 'There is no change waiting.', 400);
      await this.cancelWaiting(tx, customerId, waiting, now);
    });
  }

  /** The reality-check interval and the inactivity logout; the next check is due one interval from now. */
  async setReminders(customerId: number, realityMinutes: number | null, inactivityMinutes: number | null): Promise<RgStatus> {
    return this.change(customerId, async (tx, state, now) => {
      if (state.realityMinutes === realityMinutes && state.inactivityMinutes === inactivityMinutes) return;
      await repo.saveState(tx, customerId, {
        realityMinutes,
        inactivityMinutes,
        realityDueAt: realityMinutes === null ? null : new Date(now + realityMinutes * 60_000),
        playStartedAt: state.playStartedAt ?? new Date(now),
      });
      await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'remindersSet', limit: 'reality', value: realityMinutes });
      if (state.inactivityMinutes !== inactivityMinutes) {
        await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'remindersSet', limit: 'inactivity', value: inactivityMinutes });
      }
    });
  }

  async acknowledgeRealityCheck(customerId: number): Promise<RgStatus> {
    return this.change(customerId, async (tx, state, now) => {
      if (state.realityMinutes === null) return;
      await repo.saveState(tx, customerId, { realityDueAt: new Date(now + state.realityMinutes * 60_000) });
    });
  }

  /** Stops play in this transaction: the hooks (bonuses forfeited), and every session of the player ends (published after commit). */
  private async stopPlay(tx: Transaction, customerId: number, why: RgRestriction): Promise<() => void> {
    await this.forfeitBonus(tx, customerId);
    for (const hook of this.hooks) await hook(tx, customerId, why);
    return this.options.sessions.endAll(tx, customerId, `rg_${why}` as RgSessionEnded);
  }

  /**
   * Active bonuses end with play (a break, an exclusion, a restriction): the bonus wallet's balance goes
   * back to the bonus funding in the transaction that stops play, and the history says how much.
   */
  private async forfeitBonus(tx: Transaction, customerId: number): Promise<void> {
    const bonus = await repo.lockedBalance(tx, customerId, 'bonus');
    if (bonus <= 0) return;
    const now = this.now();
    await post(tx, {
      kind: 'rg_bonus_forfeit',
      customerId,
      reference: `rg-bonus:${customerId}:${now}`,
      entries: [
        { accountId: await walletAccountId(tx, customerId, 'bonus'), amount: -bonus },
        { accountId: await houseAccountId(tx, HOUSE.bonus), amount: bonus },
      ],
    });
    await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'bonusForfeited', value: bonus, source: 'system' });
  }

  /** A break: at once, logged out everywhere; cannot be ended early; a longer one extends it. */
  async takeBreak(customerId: number, period: RgBreak): Promise<RgStatus> {
    return this.change(customerId, async (tx, state, now) => {
      const until = new Date(periodEnd(now, period));
      if (state.breakUntil && state.breakUntil.getTime() >= until.getTime()) return;
      await repo.saveState(tx, customerId, { breakUntil: until, marketingOffUntil: later(state.marketingOffUntil, until) });
      await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'breakStarted', period, until });
      return this.stopPlay(tx, customerId, 'break');
    });
  }

  /**
   * Self-exclusion for PAGCOR's periods: at once, logged out everywhere; its first 6 months cannot be
   * reversed; it lifts itself at its end. During one, a period chosen again extends it from its end.
   */
  async selfExclude(customerId: number, period: RgExclusion): Promise<RgStatus> {
    return this.change(customerId, async (tx, state, now) => {
      if (active(state.exclusionUntil, now)) {
        const until = new Date(periodEnd(state.exclusionUntil!.getTime(), period));
        await repo.saveState(tx, customerId, { exclusionUntil: until, marketingOffUntil: later(state.marketingOffUntil, until) });
        await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'exclusionExtended', period, until });
        const waiting = await repo.pendingChange(tx, customerId, 'exclusion');
        if (waiting) await repo.endChange(tx, waiting.id, 'cancelled', new Date(now));
        return;
      }
      const until = new Date(periodEnd(now, period));
      await repo.saveState(tx, customerId, {
        exclusionStartedAt: new Date(now),
        exclusionUntil: until,
        exclusionLockedUntil: new Date(periodEnd(now, RG_EXCLUSION_LOCK)),
        marketingOffUntil: later(state.marketingOffUntil, until),
      });
      await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'exclusionStarted', period, until });
      return this.stopPlay(tx, customerId, 'exclusion');
    });
  }

  /** Asks to end a self-exclusion: never in its first 6 months; after them, 24 hours and a confirmation. */
  async endExclusion(customerId: number): Promise<RgStatus> {
    return this.change(customerId, async (tx, state, now) => {
      if (!active(state.exclusionUntil, now)) throw new CallError(GatewayCode.RgNothingPending, 'You have no self-exclusion to end.', 400);
      const lockedUntil = state.exclusionLockedUntil?.getTime() ?? 0;
      if (now < lockedUntil) {
        throw refuse(
          GatewayCode.RgExclusionLocked,
          `Your self-exclusion cannot be ended before ${manilaText(lockedUntil)} (Manila time): its first 6 months cannot be reversed, by you or by our support.`,
          { lockedUntil: new Date(lockedUntil).toISOString() },
        );
      }
      if (await repo.pendingChange(tx, customerId, 'exclusion')) return;
      const confirmableAt = new Date(now + RG_LOOSEN_DELAY_MS);
      await repo.insertChange(tx, { customerId, limit: 'exclusion', value: null, requestedAt: new Date(now), confirmableAt });
      await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'exclusionEndRequested', until: confirmableAt });
    });
  }

  /** Switches a category off for a period (a longer one extends it; it cannot be switched back on early). */
  async switchCategory(customerId: number, category: RgCategory, period: RgCategoryPeriod): Promise<RgStatus> {
    return this.change(customerId, async (tx, state, now) => {
      const until = periodEnd(now, period);
      const current = state.categoriesOff[category];
      if (current && Date.parse(current) >= until) return;
      await repo.saveState(tx, customerId, { categoriesOff: { ...state.categoriesOff, [category]: new Date(until).toISOString() } });
      await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'categoryOff', category, period, until: new Date(until) });
    });
  }

  /** The answer to the deposit-limit offer: remembered, and a daily limit set when the player chose one. */
  async answerLimitOffer(customerId: number, stage: 'registration' | 'firstDeposit', depositDay: number | null): Promise<RgStatus> {
    await this.change(customerId, async (tx, _state, now) => {
      await repo.saveState(
        tx,
        customerId,
        stage === 'registration' ? { offerRegistrationAt: new Date(now) } : { offerFirstDepositAt: new Date(now) },
      );
    });
    return depositDay === null ? this.status(customerId) : this.setLimit(customerId, 'depositDay', depositDay);
  }

  // ── Login, registration, verification ──────────────────────────────────────────────────────────────

  /**
   * At every login: the play clock starts (session limit, reality check), and the session's scope is
   * decided: 'withdraw' while a break, a self-exclusion or a restriction holds, else everything.
   */
  async atLogin(customerId: number): Promise<'withdraw' | null> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const state = await repo.lockState(tx, customerId);
      if (!state) return null;
      await repo.saveState(tx, customerId, {
        playStartedAt: new Date(now),
        realityDueAt: state.realityMinutes === null ? null : new Date(now + state.realityMinutes * 60_000),
      });
      return restrictionOf(state, now, null) ? 'withdraw' : null;
    });
  }

  /** What a withdraw-only session is told when it calls anything else. */
  async withdrawOnlyRefusal(customerId: number): Promise<CallError> {
    const state = await repo.stateOf(this.db, customerId);
    const restriction = state ? restrictionOf(state, this.now(), null) : null;
    const why =
      restriction?.reason === 'restricted'
        ? 'your account is listed in the National Database of Restricted Persons'
        : restriction?.reason === 'barred'
          ? 'you declared a category the regulator bars from playing'
          : restriction?.reason === 'exclusion'
            ? `you excluded yourself from play until ${manilaText(Date.parse(restriction.until!))} (Manila time)`
            : restriction?.reason === 'break'
              ? `you are on a break until ${manilaText(Date.parse(restriction.until!))} (Manila time)`
              : 'of a responsible-gaming rule when you logged in (log in again if it has ended)';
    return refuse(GatewayCode.RgWithdrawOnlySession, `This login can only withdraw, because ${why}.`);
  }

  /**
   * The check at registration, with what registration has (the mobile number and the birthday): a
   * listed person cannot open an account. A registry out of reach lets registration go on (logged): the
   * nightly screening checks every player.
   */
  async screenRegistration(person: { mobileNo: string | null; birthday: string }): Promise<void> {
    let hits: ScreeningHit[];
    try {
      hits = await this.options.registry.screen([{ ref: 'new', mobile: person.mobileNo, birthday: person.birthday }]);
    } catch (error) {
      if (!(error instanceof RegistryUnavailable)) throw error;
      this.options.log.warn('restricted-persons registry unavailable at registration: the nightly screening will check this player');
      return;
    }
    if (hits.length > 0) {
      this.options.log.info({ listingNo: hits[0]!.listingNo }, 'registration refused: restricted person');
      throw refuse(
        GatewayCode.RgRestricted,
        'We cannot open an account for you: you are listed in the National Database of Restricted Persons (PAGCOR).',
      );
    }
  }

  /**
   * The declaration about the barred categories (government officials, military and police, licensee
   * employees, students), stored; declaring one refuses play (and registration, before the account exists).
   */
  async recordDeclaration(customerId: number, context: 'registration' | 'kyc', barred: readonly string[]): Promise<void> {
    const now = this.now();
    let after: (() => void) | undefined;
    await this.db.transaction(async (tx) => {
      await repo.insertDeclaration(tx, { customerId, context, barred: [...barred], declaredAt: new Date(now) });
      await repo.addHistory(tx, { customerId, at: new Date(now), kind: barred.length ? 'declaredBarred' : 'declared', period: context });
      if (barred.length === 0) return;
      const state = await repo.ensureState(tx, customerId);
      if (state.barredAt) return;
      await repo.saveState(tx, customerId, { barredAt: new Date(now), marketingOffUntil: FAR_FUTURE });
      after = await this.stopPlay(tx, customerId, 'barred');
    });
    after?.();
  }

  /** The check at identity verification: the verified name, birthday and ID number. */
  async screenVerified(
    customerId: number,
    identity: { fullName: string; birthday: string | null; idNumber: string | null },
  ): Promise<void> {
    const player = await repo.playerToScreen(this.db, customerId);
    const person: PersonToScreen = {
      ref: String(customerId),
      fullName: identity.fullName,
      birthday: identity.birthday ?? player?.birthday,
      mobile: player?.mobileNo,
      idNumber: identity.idNumber,
    };
    let hits: ScreeningHit[];
    try {
      hits = await this.options.registry.screen([person]);
    } catch (error) {
      if (!(error instanceof RegistryUnavailable)) throw error;
      this.options.log.warn({ customerId }, 'restricted-persons registry unavailable at verification: the nightly screening will check');
      return;
    }
    for (const hit of hits) await this.restrict(customerId, hit, 'kyc');
  }

  /**
   * A match: no deposits or play from now (the row says so and every session ends), marketing stops, and
   * the balance above the player's own money (deposits less withdrawals) moves to house:rg-review until an
   * operator decides. The player's own money stays in the wallet, withdrawable.
   */
  async restrict(customerId: number, hit: ScreeningHit, source: 'kyc' | 'nightly'): Promise<boolean> {
    const now = this.now();
    let after: (() => void) | undefined;
    let held = 0;
    const done = await this.db.transaction(async (tx) => {
      await repo.ensureState(tx, customerId);
      const balance = await repo.lockedBalance(tx, customerId, 'main');
      held = Math.max(0, balance - (await repo.ownMoney(tx, customerId)));
      const inserted = await repo.insertRestriction(tx, {
        customerId,
        source,
        listingNo: hit.listingNo,
        listingKind: hit.kind,
        matchedOn: hit.matchedOn,
        heldAmount: held,
        createdAt: new Date(now),
      });
      if (!inserted) return false;
      if (held > 0) {
        await post(tx, {
          kind: 'rg_hold',
          customerId,
          reference: `rg-hold:${customerId}:${hit.listingNo}`,
          metadata: { listingNo: hit.listingNo },
          entries: [
            { accountId: await walletAccountId(tx, customerId, 'main'), amount: -held },
            { accountId: await houseAccountId(tx, HOUSE.rgReview), amount: held },
          ],
        });
      }
      await repo.saveState(tx, customerId, { restrictedAt: new Date(now), marketingOffUntil: FAR_FUTURE });
      await repo.addHistory(tx, { customerId, at: new Date(now), kind: 'restricted', value: held, source: 'registry' });
      after = await this.stopPlay(tx, customerId, 'restricted');
      return true;
    });
    after?.();
    if (done) {
      this.options.events.publish({ type: 'balance', customerId });
      this.options.log.warn({ customerId, listingNo: hit.listingNo, source, held }, 'restricted person: play stopped, winnings held');
    }
    return done;
  }

  /**
   * The operator's review of a held match: 'release' (a wrong match: the restriction lifts and the held
   * winnings go back) or 'forfeit' (a listed person: the winnings are forfeited, the restriction stays).
   */
  async review(restrictionId: number, decision: 'release' | 'forfeit', by: string): Promise<string> {
    const now = new Date(this.now());
    let customerId: number | undefined;
    const message = await this.db.transaction(async (tx) => {
      const row = await repo.lockRestriction(tx, restrictionId);
      if (!row || row.status !== 'review') return 'This match was decided already.';
      customerId = row.customerId;
      if (row.heldAmount > 0) {
        const to = decision === 'release' ? await walletAccountId(tx, row.customerId, 'main') : await houseAccountId(tx, HOUSE.rgForfeited);
        await post(tx, {
          kind: decision === 'release' ? 'rg_release' : 'rg_forfeit',
          customerId: row.customerId,
          reference: `rg-review:${row.id}`,
          entries: [
            { accountId: await houseAccountId(tx, HOUSE.rgReview), amount: -row.heldAmount },
            { accountId: to, amount: row.heldAmount },
          ],
        });
      }
      await repo.decideRestriction(tx, row.id, decision === 'release' ? 'released' : 'forfeited', now, by);
      if (decision === 'release' && (await repo.openRestrictions(tx, row.customerId)) === 0) {
        await repo.ensureState(tx, row.customerId);
        await repo.saveState(tx, row.customerId, { restrictedAt: null, marketingOffUntil: null });
      }
      await repo.addHistory(tx, {
        customerId: row.customerId,
        at: now,
        kind: decision === 'release' ? 'restrictionLifted' : 'winningsForfeited',
        value: row.heldAmount,
        source: 'operator',
      });
      return decision === 'release' ? 'Released: the restriction is lifted and the winnings are back.' : 'Forfeited.';
    });
    if (customerId !== undefined) this.options.events.publish({ type: 'balance', customerId });
    return message;
  }

  restrictionsInReview() {
    return repo.restrictionsInReview(this.db);
  }

  /** A family member's exclusion request, filed with the registry (the regulator decides it). */
  async requestFamilyExclusion(request: FamilyExclusionRequest) {
    const mobile = request.person.mobile ? normalizePhone(request.person.mobile) : undefined;
    if (request.person.mobile && !mobile) {
      throw new CallError(GatewayCode.InvalidRequest, 'person.mobile: Enter a Philippine mobile number, like 0917 123 4567.', 400);
    }
    try {
      return await this.options.registry.requestFamilyExclusion({ ...request, person: { ...request.person, mobile } });
    } catch (error) {
      if (!(error instanceof RegistryUnavailable)) throw error;
      throw new CallError(
        GatewayCode.Internal,
        `We could not reach the restricted-persons registry. Please try again later, or call the helpline, ${RG_HELPLINE}.`,
        503,
      );
    }
  }

  // ── Jobs ───────────────────────────────────────────────────────────────────────────────────────────

  /** Every 30 s on one instance: logins past their session-time limit, and sessions idle past the player's chosen time, end. */
  async sessionsJob(now = this.now()): Promise<{ sessionLimit: number; inactive: number }> {
    const due = await repo.sessionLimitReached(this.db, new Date(now));
    for (const customerId of due) {
      const after = await this.db.transaction(async (tx) => {
        await repo.lockState(tx, customerId);
        // The play clock stops: the next login starts a new session.
        await repo.saveState(tx, customerId, { playStartedAt: null, realityDueAt: null });
        return this.options.sessions.endAll(tx, customerId, 'rg_session_limit');
      });
      after();
    }
    const idle = await repo.inactiveSessions(this.db);
    for (const sessionId of idle) await this.options.sessions.endOne(sessionId, 'rg_inactivity');
    return { sessionLimit: due.length, inactive: idle.length };
  }

  /**
   * Nightly (from 03:00 Manila, once a day across instances): every active player screened against the
   * registry; self-exclusions made here filed with it. The day's row is taken first, so one instance runs it.
   */
  async screeningJob(now = this.now()): Promise<{ screened: number; matched: number } | undefined> {
    const manila = new Date(now + MANILA_OFFSET_MS);
    if (manila.getUTCHours() < SCREENING_HOUR) return undefined;
    const day = manila.toISOString().slice(0, 10);
    if (!(await repo.claimScreening(this.db, day, new Date(now)))) return undefined;
    await this.fileExclusions(now);
    let screened = 0;
    let matched = 0;
    for (let after = 0; ;) {
      const batch = await repo.playersToScreen(this.db, after, SCREEN_BATCH);
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.id;
      let hits: ScreeningHit[];
      try {
        hits = await this.options.registry.screen(
          batch.map((p) => ({ ref: String(p.id), fullName: p.realName || null, birthday: p.birthday, mobile: p.mobileNo })),
        );
      } catch (error) {
        if (!(error instanceof RegistryUnavailable)) throw error;
        this.options.log.error('nightly screening: the restricted-persons registry is unavailable');
        await repo.finishScreening(this.db, day, new Date(this.now()), screened, matched);
        return { screened, matched };
      }
      screened += batch.length;
      for (const hit of hits) if (await this.restrict(Number(hit.ref), hit, 'nightly')) matched++;
    }
    await repo.finishScreening(this.db, day, new Date(this.now()), screened, matched);
    return { screened, matched };
  }

  private async fileExclusions(now: number): Promise<void> {
    for (const row of await repo.unfiledExclusions(this.db, new Date(now))) {
      try {
        await this.options.registry.fileSelfExclusion({
          fullName: row.realName,
          birthday: row.birthday,
          mobile: row.mobileNo,
          until: row.until.toISOString(),
          reference: String(row.customerId),
        });
        await this.db.transaction(async (tx) => {
          await repo.lockState(tx, row.customerId);
          await repo.saveState(tx, row.customerId, { exclusionFiledUntil: row.until });
        });
      } catch (error) {
        if (!(error instanceof RegistryUnavailable)) throw error;
        return;
      }
    }
  }
}

/** Why the player may only withdraw now, if they may. */
function restrictionOf(state: RgState, now: number, endConfirmableAt: Date | null): RgStatus['restriction'] {
  if (state.barredAt) return { reason: 'barred', until: null, lockedUntil: null, endConfirmableAt: null };
  if (state.restrictedAt) return { reason: 'restricted', until: null, lockedUntil: null, endConfirmableAt: null };
  if (active(state.exclusionUntil, now)) {
    return {
      reason: 'exclusion',
      until: iso(state.exclusionUntil),
      lockedUntil: iso(state.exclusionLockedUntil),
      endConfirmableAt: iso(endConfirmableAt),
    };
  }
  if (active(state.breakUntil, now)) return { reason: 'break', until: iso(state.breakUntil), lockedUntil: null, endConfirmableAt: null };
  return null;
}

const later = (a: Date | null, b: Date) => (a && a.getTime() > b.getTime() ? a : b);

function minutesText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours ? `${hours} hour${hours === 1 ? '' : 's'}` : '', rest ? `${rest} minute${rest === 1 ? '' : 's'}` : ''];
  return parts.filter(Boolean).join(' ');
}

function resetWords(usage: Usage): string {
  if (usage.resetsAt === null) return '';
  return periodOf(usage.limit) === 'day'
    ? `It resets at midnight (${manilaText(usage.resetsAt)}, Manila time).`
    : `Room comes back from ${manilaText(usage.resetsAt)} (Manila time), as your oldest counted ${kindOf(usage.limit) === 'deposit' ? 'deposit leaves' : 'play leaves'} the window.`;
}
