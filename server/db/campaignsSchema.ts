import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Campaigns (server/modules/campaigns, issue 35, migration 0028): missions with the players who joined
 * them, the operator's campaign settings (the lucky spin's odds), and every lucky spin with its seed.
 * Re-exported by schema.ts.
 */

const id = () => bigserial('id', { mode: 'number' }).primaryKey();
const ref = (name: string) => bigint(name, { mode: 'number' });

/** A mission as the operator wrote it (src/contract/campaigns.ts missionSchema), edited on /dev/missions. */
export const campaignMissions = pgTable('campaign_missions', {
  id: text('id').primaryKey(),
  definition: jsonb('definition').notNull(),
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A player in a mission: joined once, its time limit fixed at joining, its reward claimed once. */
export const missionEntries = pgTable(
  'mission_entries',
  {
    id: id(),
    missionId: text('mission_id').notNull(),
    customerId: ref('customer_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** joinedAt + the mission's hours, never past its end. */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** joined | claimed */
    status: text('status').notNull().default('joined'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The bonus grant the reward was paid as. */
    grantId: ref('grant_id'),
  },
  (t) => [
    uniqueIndex('mission_entries_once').on(t.missionId, t.customerId),
    index('mission_entries_player').on(t.customerId),
    check('mission_entries_status', sql`${t.status} IN ('joined', 'claimed')`),
  ],
);

/** The operator's campaign settings by key (luckySpin: src/contract/campaigns.ts luckySpinConfigSchema). */
export const campaignSettings = pgTable('campaign_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A lucky spin: an entitlement (one per qualifying deposit, `source`), its seed fixed and its hash shown
 * before it is spun; once spun, the roll, the odds it was drawn with and the prize paid.
 */
export const luckySpins = pgTable(
  'lucky_spins',
  {
    id: id(),
    customerId: ref('customer_id').notNull(),
    /** What earned it, e.g. deposit:<ledger transaction id>: one spin per source. */
    source: text('source').notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spunAt: timestamp('spun_at', { withTimezone: true }),
    roll: bigint('roll', { mode: 'number' }),
    /** The prizes and weights it was drawn against (a later edit of the odds changes no spin made). */
    odds: jsonb('odds'),
    prizeId: text('prize_id'),
    prizeLabel: text('prize_label'),
    amount: bigint('amount', { mode: 'number' }),
    grantId: ref('grant_id'),
  },
  (t) => [
    uniqueIndex('lucky_spins_once').on(t.customerId, t.source),
    index('lucky_spins_open').on(t.customerId, t.spunAt),
    check('lucky_spins_amount', sql`${t.amount} IS NULL OR ${t.amount} >= 0`),
  ],
);

/** A slot tournament as the operator wrote it (src/contract/campaigns.ts tournamentSchema), edited on /dev/tournaments. */
export const campaignTournaments = pgTable('campaign_tournaments', {
  id: text('id').primaryKey(),
  definition: jsonb('definition').notNull(),
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A tournament paid: the row is the once-guard of the leader's job; the final standings and what each winner got. */
export const tournamentPayouts = pgTable('tournament_payouts', {
  tournamentId: text('tournament_id').primaryKey(),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  standings: jsonb('standings').notNull(),
});

/**
 * A highlight clip a player opened for a mission's watch task (migration 0029): opened once per clip
 * (reopening before it was watched restarts it), watched when its length has passed since opening (the
 * database refuses an earlier watch). Watch tasks count the rows watched within an entry's window.
 */
export const highlightViews = pgTable(
  'highlight_views',
  {
    id: id(),
    customerId: ref('customer_id').notNull(),
    clipId: text('clip_id').notNull(),
    sportTypeId: text('sport_type_id').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    watchedAt: timestamp('watched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('highlight_views_once').on(t.customerId, t.clipId),
    check('highlight_views_duration', sql`${t.durationSeconds} > 0`),
    check(
      'highlight_views_whole',
      sql`${t.watchedAt} IS NULL OR ${t.watchedAt} >= ${t.openedAt} + ${t.durationSeconds} * interval '1 second'`,
    ),
  ],
);
