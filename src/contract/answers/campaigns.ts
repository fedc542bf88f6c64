import * as z from 'zod/mini';
import { centavos, isoTime } from './common';

/** The answers of the campaigns' calls (src/contract/campaigns.ts CampaignCall). */

export const missionAnswer = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Every condition in plain words, shown before joining. */
  terms: z.array(z.string()),
  startsAt: isoTime,
  endsAt: isoTime,
  hours: z.int(),
  status: z.enum(['upcoming', 'running', 'ended']),
  reward: z.strictObject({ bonus: centavos, multiple: z.int() }),
  tasks: z.array(
    z.strictObject({
      id: z.string(),
      /** bet: settled bets count; watch: highlight clips watched to the end (sport-activity/watched-highlight). */
      kind: z.enum(['bet', 'watch']),
      sportTypeId: z.nullable(z.string()),
      label: z.string(),
      count: z.int(),
      done: z.int(),
    }),
  ),
  /** null until the player joins (and for a visitor). */
  entry: z.nullable(
    z.strictObject({
      joinedAt: isoTime,
      deadline: isoTime,
      claimBy: isoTime,
      state: z.enum(['inProgress', 'completed', 'claimed', 'timedOut', 'claimLapsed']),
    }),
  ),
});
export type MissionAnswer = z.infer<typeof missionAnswer>;

export const missionsAnswer = z.strictObject({ missions: z.array(missionAnswer), notice: z.nullable(z.string()) });
export type MissionsAnswer = z.infer<typeof missionsAnswer>;

export const joinMissionAnswer = z.strictObject({ missionId: z.string(), joinedAt: isoTime, deadline: isoTime });

export const claimMissionAnswer = z.strictObject({ missionId: z.string(), grantId: z.int(), bonus: centavos, cash: z.boolean() });
export type ClaimMissionAnswer = z.infer<typeof claimMissionAnswer>;

/** sport-activity/open-highlight: the clip's playlist (signed, short-lived) and whether it already counted. */
export const openHighlightAnswer = z.strictObject({ clipId: z.string(), url: z.string(), durationSeconds: z.int(), watched: z.boolean() });
export type OpenHighlightAnswer = z.infer<typeof openHighlightAnswer>;

export const watchedHighlightAnswer = z.strictObject({ clipId: z.string(), watchedAt: isoTime });
export type WatchedHighlightAnswer = z.infer<typeof watchedHighlightAnswer>;

const spun = {
  spinId: z.int(),
  spunAt: isoTime,
  prizeId: z.string(),
  label: z.string(),
  amount: centavos,
  /** Revealed after the spin: sha256(seed) is the hash shown before it. */
  seed: z.string(),
  seedHash: z.string(),
  roll: z.number(),
};

export const spinOpportunityAnswer = z.strictObject({
  active: z.boolean(),
  /** Spins the player holds (spec §3). */
  awardTimes: z.int(),
  /** sha256 of the seed the next spin will be drawn with. */
  nextSeedHash: z.nullable(z.string()),
  /** The largest prize (spec's stored key jackpotAmount). */
  jackpotAmount: centavos,
  minDeposit: centavos,
  prizes: z.array(z.strictObject({ id: z.string(), label: z.string(), amount: centavos, cash: z.boolean(), percent: z.string() })),
  spins: z.array(z.strictObject(spun)),
  notice: z.nullable(z.string()),
});
export type SpinOpportunityAnswer = z.infer<typeof spinOpportunityAnswer>;

export const spinAnswer = z.strictObject({ ...spun, cash: z.boolean() });
export type SpinAnswer = z.infer<typeof spinAnswer>;

const standing = z.strictObject({ place: z.int(), name: z.string(), score: centavos, prize: centavos, me: z.boolean() });

export const tournamentsAnswer = z.strictObject({
  tournaments: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      summary: z.string(),
      terms: z.array(z.string()),
      startsAt: isoTime,
      endsAt: isoTime,
      status: z.enum(['upcoming', 'running', 'ended', 'paid']),
      prizes: z.array(centavos),
      cash: z.boolean(),
      /** The top places (names masked), and the player's own place when outside them (null: not placed). */
      standings: z.array(standing),
      mine: z.nullable(standing),
    }),
  ),
});
export type TournamentsAnswer = z.infer<typeof tournamentsAnswer>;
