import * as z from 'zod/mini';
import { RG_CATEGORIES, RG_LIMITS, RG_RESTRICTIONS } from '../responsibleGaming';
import { isoTime } from './common';

/** Answers of the responsible-gaming calls (src/contract/responsibleGaming.ts RgCall). */

const when = z.nullable(isoTime);

/** A raise or removal waiting for its 24 hours and the player's confirmation. */
const pendingChange = z.strictObject({ value: z.nullable(z.int()), confirmableAt: isoTime });

/**
 * One limit as it stands: `value` (centavos, or minutes for the session), what the window used so far
 * (`used`: deposits, or net loss with open stakes; minutes of this login for the session), what is `left`,
 * when room comes back (`resetsAt`: the next Manila midnight, or when the oldest counted amount leaves a
 * rolling window), and a raise or removal that waits.
 */
const limitState = z.strictObject({
  limit: z.enum(RG_LIMITS),
  value: z.nullable(z.int()),
  used: z.int(),
  left: z.nullable(z.int()),
  resetsAt: when,
  pending: z.nullable(pendingChange),
});

export const rgStatusAnswer = z.strictObject({
  now: isoTime,
  helpline: z.string(),
  /** Set while the player may only withdraw (a break, a self-exclusion, a restricted-persons match). */
  restriction: z.nullable(
    z.strictObject({
      reason: z.enum(RG_RESTRICTIONS),
      until: when,
      /** A self-exclusion cannot be ended before this (its first 6 months). */
      lockedUntil: when,
      /** An end of self-exclusion the player asked for, confirmable from then. */
      endConfirmableAt: when,
    }),
  ),
  limits: z.array(limitState),
  categories: z.array(z.strictObject({ category: z.enum(RG_CATEGORIES), offUntil: when })),
  realityMinutes: z.nullable(z.int()),
  inactivityMinutes: z.nullable(z.int()),
  /** This login: when it began, when the next reality check is due, the net result of play since (centavos, + won). */
  session: z.nullable(z.strictObject({ startedAt: isoTime, realityDueAt: when, net: z.int(), endsAt: when })),
  /** The deposit-limit offer the app should make now (registration, first deposit), if any. */
  limitOffer: z.nullable(z.enum(['registration', 'firstDeposit'])),
  /** Whether marketing may reach this player (off during a break, an exclusion or a restriction). */
  marketing: z.boolean(),
});

export const rgHistoryAnswer = z.strictObject({
  list: z.array(
    z.strictObject({
      at: isoTime,
      /** limitSet, limitRequested, limitApplied, limitCancelled, remindersSet, breakStarted, exclusionStarted, … */
      kind: z.string(),
      limit: z.nullable(z.string()),
      value: z.nullable(z.int()),
      until: when,
      category: z.nullable(z.string()),
      period: z.nullable(z.string()),
      /** player, system (a job), registry (the restricted-persons database). */
      source: z.string(),
    }),
  ),
  hasMore: z.boolean(),
});

export const rgFamilyExclusionAnswer = z.strictObject({ requestNo: z.string() });
