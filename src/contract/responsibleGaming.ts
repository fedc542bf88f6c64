import * as z from 'zod/mini';
import { MANILA_OFFSET_MS } from './constants';
import { GameCategory } from './gameConstants';

/**
 * Responsible gaming (issue 34): what a player may limit, pause or switch off, the regulator's periods
 * (PAGCOR self-exclusion: 6 months, 1 year, 5 years; breaks of 1 day to 3 months), the national helpline,
 * and the calls of /responsibleGaming. The server's one gate (server/modules/responsibleGaming) enforces
 * all of it inside each money movement's database transaction; the pages only explain and change it.
 */

/** The National Problem Gambling Helpline (PAGCOR, from 26 May 2026): on the page and in every refusal. */
export const RG_HELPLINE = '(02) 8248-9568';
export const RG_HELPLINE_TEL = 'tel:+63282489568';

// ── Limits ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * The limits a player sets. Deposit and loss limits per Manila calendar day ('Day': it resets at
 * midnight in Manila), per rolling 7 days and per rolling 30 days; the session-time limit in minutes of
 * one login. Amounts are whole centavos.
 */
export const RG_MONEY_LIMITS = ['depositDay', 'depositWeek', 'depositMonth', 'lossDay', 'lossWeek', 'lossMonth'] as const;
export type RgMoneyLimit = (typeof RG_MONEY_LIMITS)[number];
export const RG_LIMITS = [...RG_MONEY_LIMITS, 'sessionMinutes'] as const;
export type RgLimit = (typeof RG_LIMITS)[number];

export type RgPeriod = 'day' | 'week' | 'month';
export const periodOf = (limit: RgMoneyLimit): RgPeriod => (limit.endsWith('Day') ? 'day' : limit.endsWith('Week') ? 'week' : 'month');
export const kindOf = (limit: RgMoneyLimit): 'deposit' | 'loss' => (limit.startsWith('deposit') ? 'deposit' : 'loss');

/** A money limit's bounds: ₱100 to ₱10,000,000 (centavos). */
export const RG_MONEY_LIMIT_MIN = 10_000;
export const RG_MONEY_LIMIT_MAX = 1_000_000_000;
/** A session-time limit's bounds: 15 minutes to 24 hours. */
export const RG_SESSION_MINUTES_MIN = 15;
export const RG_SESSION_MINUTES_MAX = 1_440;
/** Raising or removing a limit takes effect only after this long, and then only once the player confirms. */
export const RG_LOOSEN_DELAY_MS = 24 * 3_600_000;

const DAY_MS = 86_400_000;

/** Where a limit's window starts at `now`: the Manila day's midnight, or 7 / 30 days back. */
export function windowStart(period: RgPeriod, now: number): number {
  if (period === 'day') return Math.floor((now + MANILA_OFFSET_MS) / DAY_MS) * DAY_MS - MANILA_OFFSET_MS;
  return now - (period === 'week' ? 7 : 30) * DAY_MS;
}

/** How long a rolling window is (a day window resets at the next Manila midnight instead). */
export const rollingMs = (period: 'week' | 'month'): number => (period === 'week' ? 7 : 30) * DAY_MS;

// ── Reality check, inactivity ────────────────────────────────────────────────────────────────────────

export const RG_REALITY_MINUTES = [15, 30, 60] as const;
export type RgRealityMinutes = (typeof RG_REALITY_MINUTES)[number];
export const RG_INACTIVITY_MINUTES = [5, 15, 30, 60] as const;

// ── Breaks and self-exclusion ────────────────────────────────────────────────────────────────────────

/** Breaks (cool-off): 1 day, 1 week, 1 month, 2 months, 3 months. A break cannot be ended early. */
export const RG_BREAKS = ['1d', '1w', '1m', '2m', '3m'] as const;
export type RgBreak = (typeof RG_BREAKS)[number];
/** PAGCOR's self-exclusion periods; the first 6 months cannot be reversed; it lifts itself at the end. */
export const RG_EXCLUSIONS = ['6m', '1y', '5y'] as const;
export type RgExclusion = (typeof RG_EXCLUSIONS)[number];
/** Periods a category can be switched off for. */
export const RG_CATEGORY_PERIODS = ['1d', '1w', '1m', '3m', '6m'] as const;
export type RgCategoryPeriod = (typeof RG_CATEGORY_PERIODS)[number];
export type RgDuration = RgBreak | RgExclusion | RgCategoryPeriod;

/** The end of a period that starts at `from`: days by 24 hours, months and years by the calendar (UTC). */
export function periodEnd(from: number, period: RgDuration): number {
  const amount = Number(period.slice(0, -1));
  const unit = period.slice(-1);
  if (unit === 'd') return from + amount * DAY_MS;
  if (unit === 'w') return from + amount * 7 * DAY_MS;
  const date = new Date(from);
  if (unit === 'm') date.setUTCMonth(date.getUTCMonth() + amount);
  else date.setUTCFullYear(date.getUTCFullYear() + amount);
  return date.getTime();
}

/** The part of a self-exclusion nobody can reverse (PAGCOR): its first 6 months. */
export const RG_EXCLUSION_LOCK: RgExclusion = '6m';

// ── Categories (spec §3 anti-addiction config per category) ──────────────────────────────────────────

/**
 * What a player can switch off: sports and the casino's game categories (src/contract/gameConstants:
 * slots 5, live casino 17, poker 3, fishing & arcade 8, bingo 27).
 */
export const RG_CATEGORIES = ['sports', 'slots', 'liveCasino', 'poker', 'fishing', 'bingo'] as const;
export type RgCategory = (typeof RG_CATEGORIES)[number];

const CATEGORY_OF_GAME: Readonly<Record<number, RgCategory>> = {
  [GameCategory.Slot]: 'slots',
  [GameCategory.Casino]: 'liveCasino',
  [GameCategory.Poker]: 'poker',
  [GameCategory.Arcade]: 'fishing',
  [GameCategory.Bingo]: 'bingo',
};

/** The switch a casino game category falls under (an unknown category: slots, the strictest default). */
export const rgCategoryOfGame = (category: number): RgCategory => CATEGORY_OF_GAME[category] ?? 'slots';

// ── Restrictions, declarations ───────────────────────────────────────────────────────────────────────

/**
 * Why a session may only withdraw: a break, a self-exclusion, a match on the restricted-persons list, or
 * a barred category the player declared.
 */
export const RG_RESTRICTIONS = ['break', 'exclusion', 'restricted', 'barred'] as const;
export type RgRestriction = (typeof RG_RESTRICTIONS)[number];

/** Who may not play (PAGCOR): declared at registration and at identity verification. */
export const BARRED_CATEGORIES = ['governmentOfficial', 'militaryOrPolice', 'licenseeEmployee', 'student'] as const;
export type BarredCategory = (typeof BARRED_CATEGORIES)[number];

/** Who may ask for a family exclusion (PAGCOR): a spouse, a parent, or a child aged 18 or more. */
export const FAMILY_RELATIONS = ['spouse', 'parent', 'child'] as const;
export type FamilyRelation = (typeof FAMILY_RELATIONS)[number];

/**
 * Why a session was ended by a responsible-gaming rule, and the words the app shows (the sessions
 * module answers them on the next call and on the socket).
 */
export const RG_SESSION_ENDED = {
  rg_break: 'You started a break from play, so you were logged out everywhere. You can still log in to withdraw your balance.',
  rg_exclusion: 'You excluded yourself from play, so you were logged out everywhere. You can still log in to withdraw your balance.',
  rg_restricted:
    'Your account cannot be used for play: you are listed in the National Database of Restricted Persons. You can still log in to withdraw your own money.',
  rg_barred:
    'Your account cannot be used for play: you declared that you belong to a category barred from playing. You can still log in to withdraw.',
  rg_session_limit: 'You reached the session time limit you set, so you were logged out. Take a break before you play again.',
  rg_inactivity: 'You were logged out after the period of inactivity you chose.',
} as const;
export type RgSessionEnded = keyof typeof RG_SESSION_ENDED;

// ── Calls ────────────────────────────────────────────────────────────────────────────────────────────

export const RgCall = {
  /** Player (also withdraw-only). Everything /responsibleGaming shows: limits, usage, breaks, switches, the reality check. */
  status: 'responsibleGaming/status',
  /** Player (also withdraw-only). Every limit and exclusion change with its time. */
  history: 'responsibleGaming/history',
  /** Player. Sets a limit: lower at once; raise or remove after 24 hours and a confirmation. Idempotent. */
  setLimit: 'responsibleGaming/setLimit',
  /** Player. Confirms a raise or removal whose 24 hours have passed (or the end of a self-exclusion). */
  confirmChange: 'responsibleGaming/confirmChange',
  /** Player. Drops a raise or removal still waiting. */
  cancelChange: 'responsibleGaming/cancelChange',
  /** Player. Reality-check interval (15/30/60 minutes) or off, and the inactivity logout. */
  setReminders: 'responsibleGaming/setReminders',
  /** Player (also withdraw-only). The reality check was read: play may go on until the next one. */
  acknowledgeRealityCheck: 'responsibleGaming/acknowledgeRealityCheck',
  /** Player. A break (cool-off): logged out everywhere at once; only withdrawals until it ends. */
  takeBreak: 'responsibleGaming/takeBreak',
  /** Player (also withdraw-only, to extend). Self-exclusion for PAGCOR's periods, or an extension. */
  selfExclude: 'responsibleGaming/selfExclude',
  /** Player (also withdraw-only). Asks to end a self-exclusion past its first 6 months (24 hours, then confirm). */
  endExclusion: 'responsibleGaming/endExclusion',
  /** Player. Switches a category (sports, slots…) off for a period. */
  switchCategory: 'responsibleGaming/switchCategory',
  /** Player. The answer to the deposit-limit offer at registration or at the first deposit. */
  answerLimitOffer: 'responsibleGaming/answerLimitOffer',
  /** Anyone. A family exclusion request (spouse, parent, adult child), filed with the restricted-persons database. */
  familyExclusion: 'responsibleGaming/familyExclusion',
} as const;
export type RgCall = (typeof RgCall)[keyof typeof RgCall];

const money = z.int().check(z.minimum(RG_MONEY_LIMIT_MIN), z.maximum(RG_MONEY_LIMIT_MAX));
const minutes = z.int().check(z.minimum(RG_SESSION_MINUTES_MIN), z.maximum(RG_SESSION_MINUTES_MAX));
const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

export const RgBody = {
  status: z.object({}),
  history: z.object({ pageNo: z.optional(z.int().check(z.positive(), z.maximum(1_000))) }),
  /** `value`: centavos for money limits, minutes for the session; null removes the limit. */
  setLimit: z.union([
    z.object({ limit: z.enum(RG_MONEY_LIMITS), value: z.nullable(money) }),
    z.object({ limit: z.literal('sessionMinutes'), value: z.nullable(minutes) }),
  ]),
  confirmChange: z.object({ limit: z.enum([...RG_LIMITS, 'exclusion']) }),
  cancelChange: z.object({ limit: z.enum([...RG_LIMITS, 'exclusion']) }),
  setReminders: z.object({
    realityMinutes: z.nullable(z.union(RG_REALITY_MINUTES.map((m) => z.literal(m)))),
    inactivityMinutes: z.nullable(z.union(RG_INACTIVITY_MINUTES.map((m) => z.literal(m)))),
  }),
  acknowledgeRealityCheck: z.object({}),
  takeBreak: z.object({ period: z.enum(RG_BREAKS) }),
  selfExclude: z.object({ period: z.enum(RG_EXCLUSIONS) }),
  endExclusion: z.object({}),
  switchCategory: z.object({ category: z.enum(RG_CATEGORIES), period: z.enum(RG_CATEGORY_PERIODS) }),
  answerLimitOffer: z.object({ stage: z.enum(['registration', 'firstDeposit']), depositDay: z.nullable(money) }),
  familyExclusion: z.object({
    relation: z.enum(FAMILY_RELATIONS),
    requesterName: text(120),
    requesterContact: text(120),
    person: z.object({
      firstName: text(60),
      lastName: text(60),
      birthday: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
      mobile: z.optional(z.string().check(z.maxLength(20))),
      idNumber: z.optional(z.string().check(z.maxLength(40))),
    }),
    reason: text(1_000),
  }),
} as const;
