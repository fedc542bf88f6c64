import * as z from 'zod/mini';
import { missionRewardSchema } from './campaigns';
import { MAX_WAGERING_MULTIPLE } from './promotions';

/**
 * The Masskara campaign and the raffle (issue 35). A player who joins the campaign collects masks by
 * playing: each qualifying settled bet or casino round after joining draws one mask, provably fairly
 * (src/contract/fairness.ts: the player's seed's hash is shown when they join, the seed after they
 * exchange or the campaign ends). A full set (one of every mask) is exchanged once for the campaign's
 * prize, a bonus grant of the promotions wallet. A raffle gives a ticket for every full step of settled
 * turnover in its window and is drawn once by the leader after its end, its seed's hash published when it
 * is defined and the seed with the draw. Amounts are whole centavos.
 */

export const MasskaraCall = {
  /**
   * Session, { edition? }. An edition of the campaign (the current one when none is named: running, else one
   * whose exchange is still open, else the next, else the last) with the list of every edition; its rules
   * in plain words, the masks and their odds and, logged in, the player's masks, records and prize in it.
   */
  campaign: 'masskara/campaign',
  /** Player, idempotent, { edition? }. Joins an edition: masks are drawn for bets and rounds settled from now, under a seed whose hash is shown now. */
  join: 'masskara/join',
  /** Player, idempotent, { edition? }. Exchanges a full set of an edition's masks for its prize, once per edition. */
  exchange: 'masskara/exchange',
  /** Session. The raffles: rules, the seed's hash (the seed once drawn), the player's tickets, the draw. */
  raffles: 'raffle/list',
} as const;

const positiveCentavos = z.int().check(z.positive());
const slug = z.string().check(z.regex(/^[a-z0-9-]{3,40}$/, 'An id is 3 to 40 lower-case letters, digits or dashes.'));
const title = z.string().check(z.minLength(3), z.maxLength(80));
const summary = z.string().check(z.minLength(3), z.maxLength(300));

/** Where the campaign lived before editions (one campaign in campaign_settings): read once to seed masskara.json. */
export const MASSKARA_SETTING = 'masskara';

/** The campaign as the operator writes it (/dev/masskara validates it). */
export const masskaraSchema = z.strictObject({
  active: z.boolean(),
  title,
  summary,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** The masks of a set, each drawn with chance weight / the sum of weights. */
  masks: z
    .array(
      z.strictObject({
        id: slug,
        label: z.string().check(z.minLength(1), z.maxLength(40)),
        weight: z.int().check(z.minimum(1), z.maximum(1_000)),
      }),
    )
    .check(z.minLength(2), z.maxLength(8)),
  /** A settled sports bet (won, lost or half) of at least minStake, every selection at odds of at least minOddsH hundredths, draws a mask; null: bets draw none. */
  sports: z.nullable(z.strictObject({ minStake: positiveCentavos, minOddsH: z.int().check(z.minimum(100), z.maximum(100_000)) })),
  /** A settled casino round of at least minBet draws a mask; null: rounds draw none. */
  casino: z.nullable(z.strictObject({ minBet: positiveCentavos })),
  /** The prize of a full set (multiple 0: cash at once). */
  prize: missionRewardSchema,
  /** A full set can be exchanged this many days after the end. */
  exchangeDays: z.int().check(z.minimum(0), z.maximum(30)),
});
export type Masskara = z.infer<typeof masskaraSchema>;

/**
 * One edition of the campaign (e.g. a year's festival): its own id, dates, masks, prize and raffles (the
 * ids of raffles defined on /dev/raffle that belong to it). A player joins each edition apart; an ended
 * edition stays readable as history.
 */
export const masskaraEditionSchema = z.extend(masskaraSchema, {
  id: slug,
  raffles: z.array(slug).check(z.maxLength(20)),
});
export type MasskaraEdition = z.infer<typeof masskaraEditionSchema>;

/** The body of masskara/campaign, masskara/join and masskara/exchange: an edition's id, or none for the current edition. */
export const masskaraEditionBody = z.looseObject({ edition: z.optional(slug) });

/** The operator's file (masskara.json in the data folder, also edited on /dev/masskara): every edition. */
export const masskaraFileSchema = z.strictObject({ editions: z.array(masskaraEditionSchema).check(z.minLength(1), z.maxLength(50)) });
export type MasskaraFile = z.infer<typeof masskaraFileSchema>;

/** What is wrong with a file that passes the schema: ids, dates, masks, and editions that overlap (a stake draws for one edition only). */
export function masskaraFileProblems(file: MasskaraFile): string[] {
  const problems: string[] = [];
  const ids = file.editions.map((edition) => edition.id);
  if (new Set(ids).size !== ids.length) problems.push('Two editions have one id.');
  for (const edition of file.editions) {
    if (Date.parse(edition.endsAt) <= Date.parse(edition.startsAt)) problems.push(`${edition.id}: endsAt must be after startsAt.`);
    if (new Set(edition.masks.map((mask) => mask.id)).size !== edition.masks.length) problems.push(`${edition.id}: two masks have one id.`);
  }
  const sorted = [...file.editions].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  for (let i = 1; i < sorted.length; i++) {
    if (Date.parse(sorted[i]!.startsAt) < Date.parse(sorted[i - 1]!.endsAt))
      problems.push(`${sorted[i]!.id} starts before ${sorted[i - 1]!.id} ends: editions must not overlap.`);
  }
  return problems;
}

/** The mask chances in percent with one decimal. */
export function maskOdds(masks: Masskara['masks']): string[] {
  const total = masks.reduce((sum, mask) => sum + mask.weight, 0);
  return masks.map((mask) => ((mask.weight * 100) / total).toFixed(1));
}

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** Every rule of the campaign in plain words (the rules page and the main page show them). */
export function masskaraTerms(campaign: Masskara, peso: (centavos: number) => string): string[] {
  const prize = campaign.prize;
  const odds = maskOdds(campaign.masks);
  return [
    `Join to start: only bets and rounds settled after you join, from ${day(campaign.startsAt)} to ${day(campaign.endsAt)} UTC, draw masks.`,
    ...(campaign.sports
      ? [
          `Each settled sports bet of at least ${peso(campaign.sports.minStake)}, every selection at odds ${(campaign.sports.minOddsH / 100).toFixed(2)} or more, draws one mask. Only your own cash counts: the part of a stake paid by a bonus or a free bet does not, and voided, rejected and cashed-out bets draw none.`,
        ]
      : []),
    ...(campaign.casino
      ? [`Each settled casino round with a stake of at least ${peso(campaign.casino.minBet)} of your own cash (not bonus) draws one mask.`]
      : []),
    `A set is one of each of the ${campaign.masks.length} masks. Each draw is: ${campaign.masks.map((mask, index) => `${mask.label} ${odds[index]}%`).join(', ')}.`,
    'Every draw is provably fair: the fingerprint (hash) of your secret seed is shown when you join, the seed itself after you exchange or the campaign ends, so you can check every mask you got.',
    prize.multiple === 0
      ? `Exchange a full set once for ${peso(prize.bonus)} in cash.`
      : `Exchange a full set once for a ${peso(prize.bonus)} bonus. To turn it into cash, place settled sports bets worth ${prize.multiple} times the bonus within ${prize.days} days; max bet while it is active ${peso(prize.maxBet)}; at most ${peso(prize.maxWin)} becomes cash.`,
    `Exchange within ${campaign.exchangeDays} days of the end. After the exchange you collect no more masks.`,
  ];
}

/** A raffle as the operator writes it (/dev/raffle). Its rules cannot change once it has started. */
export const raffleSchema = z.strictObject({
  title,
  summary,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** One ticket for every full this-much of settled turnover in the window. */
  ticketTurnover: positiveCentavos,
  /** Which turnover counts: settled sports bets (won, lost or half), settled casino rounds. */
  sports: z.boolean(),
  casino: z.boolean(),
  /** One prize per winner, first drawn first; a player wins at most once. */
  prizes: z.array(positiveCentavos).check(z.minLength(1), z.maxLength(20)),
  /** 0: prizes are cash; otherwise a bonus with this wagering multiple. */
  multiple: z.int().check(z.minimum(0), z.maximum(MAX_WAGERING_MULTIPLE)),
});
export type Raffle = z.infer<typeof raffleSchema>;

/** A raffle's rules in plain words. */
export function raffleTerms(raffle: Raffle, peso: (centavos: number) => string): string[] {
  const counted = [raffle.sports ? 'sports bets' : '', raffle.casino ? 'casino rounds' : ''].filter(Boolean).join(' and ');
  return [
    `One ticket for every ${peso(raffle.ticketTurnover)} you stake on ${counted || 'nothing'} settled from ${day(raffle.startsAt)} to ${day(raffle.endsAt)} UTC. Only your own cash counts: the part of a stake paid by a bonus or a free bet does not, and voided, rejected and cashed-out bets do not count.`,
    `The draw is made once, automatically, after the end: ${raffle.prizes.map((prize, index) => `prize ${index + 1} ${peso(prize)}`).join(', ')}${raffle.multiple === 0 ? ' in cash' : ` as a bonus with ${raffle.multiple}× wagering`}; a player wins at most one prize.`,
    'The draw is provably fair: the fingerprint (hash) of its secret seed is published now, the seed after the draw, and anyone can check the winners from the seed and the ticket list.',
  ];
}
