import * as z from 'zod/mini';
import { MAX_WAGERING_MULTIPLE } from './promotions';

/**
 * Campaigns (issue 35): missions (quests of a sports event) and the lucky spin. A mission is a set of
 * tasks counted from the player's settled bets after they opted in, within the mission's time limit;
 * its reward is a bonus grant of the promotions wallet. A lucky spin is drawn on the server from the
 * operator's odds, one spin per entitlement (a qualifying deposit), provably fair: the seed's hash is
 * shown before the spin and the seed after it. Amounts are whole centavos.
 */

export const CampaignCall = {
  /** Session. The missions of an event (or every running one), with the player's progress when logged in. */
  missions: 'sport-activity/missions',
  /** Session. One mission, with the player's progress when logged in. */
  mission: 'sport-activity/detail',
  /** Player, idempotent. Joins a mission: its time limit starts now. */
  join: 'sport-activity/join',
  /** Player, idempotent. Claims a completed mission's reward (spec §7). */
  claimRewards: 'sport-activity/claim-rewards',
  /** Player. Opens a highlight clip for a mission's watch task: the clip's playlist, the opening recorded. */
  openHighlight: 'sport-activity/open-highlight',
  /** Player. The clip opened earlier has played to its end: recorded once (a second call answers the first). */
  watchedHighlight: 'sport-activity/watched-highlight',
  /** Player. The spins the player holds (spec §3 awardTimes), the prizes and their odds, the next spin's seed hash. */
  spinOpportunity: 'luckySpin/opportunity',
  /** Player, idempotent. Spends one spin: drawn on the server, the prize paid in the same transaction. */
  spin: 'luckySpin/spin',
  /** Session. The slot tournaments: their rule, prizes, standings, the player's place; paid ones with what was paid. */
  tournaments: 'tournament/list',
} as const;

const centavos = z.int().check(z.minimum(0));
const positiveCentavos = z.int().check(z.positive());
const slug = z.string().check(z.regex(/^[a-z0-9-]{3,40}$/, 'An id is 3 to 40 lower-case letters, digits or dashes.'));

export const missionIdSchema = slug;
export const eventIdSchema = slug;

/** One task of a mission: settled bets placed after joining, each counted once. */
export const betTaskSchema = z.strictObject({
  id: slug,
  /** What the player reads, e.g. "Bet on 3 NBA games at odds 1.50 or more". */
  label: z.string().check(z.minLength(3), z.maxLength(120)),
  /** Only bets whose every leg is of this sport count (the feed's sportTypeId); absent: any sport. */
  sportTypeId: z.optional(z.string().check(z.regex(/^\d{1,4}$/))),
  /** true: only bets whose every leg was placed while its match was being played (a live activity). */
  live: z.optional(z.boolean()),
  /** Every leg at odds of at least this many hundredths (150 = 1.50). */
  minOddsH: z.int().check(z.minimum(100), z.maximum(100_000)),
  /** The stake of a counting bet, at least. */
  minStake: positiveCentavos,
  /** How many settled bets complete the task. */
  count: z.int().check(z.minimum(1), z.maximum(100)),
});
export type BetTask = z.infer<typeof betTaskSchema>;

/**
 * A "watch the highlight" task: highlight clips of the sport opened through the mission's page
 * (sport-activity/open-highlight) and watched to their end after joining, each clip once. The server
 * checks the clip was opened and that its length has passed since; the player's word alone counts nothing.
 */
export const watchTaskSchema = z.strictObject({
  id: slug,
  label: z.string().check(z.minLength(3), z.maxLength(120)),
  watch: z.literal('highlight'),
  sportTypeId: z.optional(z.string().check(z.regex(/^\d{1,4}$/))),
  /** How many different clips complete the task. */
  count: z.int().check(z.minimum(1), z.maximum(20)),
});
export type WatchTask = z.infer<typeof watchTaskSchema>;

export const missionTaskSchema = z.union([betTaskSchema, watchTaskSchema]);
export type MissionTask = z.infer<typeof missionTaskSchema>;

export const isWatchTask = (task: MissionTask): task is WatchTask => 'watch' in task;

/** A clip id as the video provider names it. */
export const clipIdSchema = z.string().check(z.regex(/^[A-Za-z0-9._:-]{1,120}$/));

/** The reward: a bonus grant on the promotions wallet (multiple 0: cash at once). */
export const missionRewardSchema = z.strictObject({
  bonus: positiveCentavos,
  multiple: z.int().check(z.minimum(0), z.maximum(MAX_WAGERING_MULTIPLE)),
  maxBet: positiveCentavos,
  maxWin: positiveCentavos,
  /** The bonus expires this many days after it is paid. */
  days: z.int().check(z.minimum(1), z.maximum(90)),
});

/** A mission as the operator writes it (/dev/missions validates it). */
export const missionSchema = z.strictObject({
  /** The event whose quests it is (/sportActivity/quests/:eventId), e.g. nba-playoffs. */
  eventId: slug,
  /** Missions of one kind may not run at overlapping times (a bet never counts for two of them). */
  kind: slug,
  title: z.string().check(z.minLength(3), z.maxLength(80)),
  summary: z.string().check(z.minLength(3), z.maxLength(300)),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** The time limit from joining, in hours (it never runs past endsAt). */
  hours: z.int().check(z.minimum(1), z.maximum(24 * 90)),
  tasks: z.array(missionTaskSchema).check(z.minLength(1), z.maxLength(5)),
  reward: missionRewardSchema,
  /** A reward can be claimed this many days after the mission's time limit. */
  claimDays: z.int().check(z.minimum(1), z.maximum(30)),
});
export type Mission = z.infer<typeof missionSchema>;

/** Every condition of a mission in plain words, shown before joining. */
export function missionTerms(mission: Mission, peso: (centavos: number) => string): string[] {
  const reward = mission.reward;
  return [
    `Join to start: only bets placed after you join and settled within ${mission.hours} hours of joining count (and not after ${mission.endsAt.slice(0, 10)}).`,
    `Each settled bet counts once per task. Voided, rejected and cashed-out bets do not count.`,
    ...mission.tasks.map((task) =>
      isWatchTask(task)
        ? `${task.label}: watch ${task.count} different highlight${task.count === 1 ? '' : 's'} to the end, opened from this page after you join.`
        : `${task.label}: ${task.count} settled bet${task.count === 1 ? '' : 's'} of at least ${peso(task.minStake)}, every selection at odds ${(task.minOddsH / 100).toFixed(2)} or more${task.live ? ', placed while the match is being played' : ''}.`,
    ),
    reward.multiple === 0
      ? `Reward: ${peso(reward.bonus)} paid as cash when you claim it.`
      : `Reward: a ${peso(reward.bonus)} bonus. To turn it into cash, place settled sports bets worth ${reward.multiple} times the bonus within ${reward.days} days; max bet while it is active ${peso(reward.maxBet)}; at most ${peso(reward.maxWin)} becomes cash.`,
    `Claim the reward within ${mission.claimDays} days of the time limit.`,
  ];
}

/** The lucky spin's prizes and odds, as the operator writes them (/dev/lucky-spin). */
export const spinPrizeSchema = z.strictObject({
  id: slug,
  label: z.string().check(z.minLength(1), z.maxLength(40)),
  /** 0: nothing won (a "try again" slice). */
  amount: centavos,
  /** Relative weight: the chance is weight / the sum of every weight. */
  weight: z.int().check(z.minimum(1), z.maximum(1_000_000)),
  /** 0: the prize is cash at once; otherwise a sports bonus with this wagering multiple. */
  multiple: z.int().check(z.minimum(0), z.maximum(MAX_WAGERING_MULTIPLE)),
});
export type SpinPrize = z.infer<typeof spinPrizeSchema>;

export const luckySpinConfigSchema = z.strictObject({
  active: z.boolean(),
  /** A deposit of at least this much, made on or after `since`, gives one spin. */
  minDeposit: positiveCentavos,
  since: z.iso.datetime(),
  /** A spin not used within this many days of its deposit lapses. */
  days: z.int().check(z.minimum(1), z.maximum(90)),
  prizes: z.array(spinPrizeSchema).check(z.minLength(2), z.maxLength(12)),
});
export type LuckySpinConfig = z.infer<typeof luckySpinConfigSchema>;

/** The chance of each prize in whole percent with one decimal, as the wheel's odds table shows it. */
export function spinOdds(prizes: readonly SpinPrize[]): { id: string; percent: string }[] {
  const total = prizes.reduce((sum, prize) => sum + prize.weight, 0);
  return prizes.map((prize) => ({ id: prize.id, percent: ((prize.weight * 100) / total).toFixed(1) }));
}

/** A slot tournament (/rtgGameTournament) as the operator writes it (/dev/tournaments). */
export const tournamentSchema = z.strictObject({
  title: z.string().check(z.minLength(3), z.maxLength(80)),
  summary: z.string().check(z.minLength(3), z.maxLength(300)),
  /** The casino category whose rounds count (spec §3: Slot 5, Poker 3, Casino 17, Bingo 27, Arcade 8). */
  category: z.int().check(z.minimum(1), z.maximum(999)),
  /** turnover: the sum of settled rounds' stakes; biggestWin: the largest single round's win. */
  rule: z.enum(['turnover', 'biggestWin']),
  /** A round counts when its stake is at least this. */
  minBet: positiveCentavos,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** The prize of each place, first place first (cash when multiple is 0, else a bonus with that wagering). */
  prizes: z.array(positiveCentavos).check(z.minLength(1), z.maxLength(20)),
  multiple: z.int().check(z.minimum(0), z.maximum(MAX_WAGERING_MULTIPLE)),
});
export type Tournament = z.infer<typeof tournamentSchema>;

/** A tournament's rule in plain words. */
export function tournamentTerms(tournament: Tournament, peso: (centavos: number) => string): string[] {
  return [
    tournament.rule === 'turnover'
      ? `Your score is the total stake of your settled rounds in this category, each round at least ${peso(tournament.minBet)}.`
      : `Your score is your biggest single-round win in this category, from a round of at least ${peso(tournament.minBet)}.`,
    `Rounds started from ${tournament.startsAt.slice(0, 16).replace('T', ' ')} to ${tournament.endsAt.slice(0, 16).replace('T', ' ')} UTC count. On a tie, who reached the score first places higher.`,
    `Prizes are paid once, automatically, after the end: ${tournament.prizes.map((prize, index) => `#${index + 1} ${peso(prize)}`).join(', ')}${tournament.multiple === 0 ? ' in cash.' : ` as a bonus with ${tournament.multiple}× wagering.`}`,
  ];
}
