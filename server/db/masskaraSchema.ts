import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The Masskara campaign and raffles (server/modules/campaigns, issue 35, migration 0031): who joined the
 * campaign with their seed and their exchange, every mask drawn, the raffles with their seeds and their
 * draws. Re-exported by schema.ts.
 */

const ref = (name: string) => bigint(name, { mode: 'number' });

/** A player in an edition of the campaign: joined once, with the seed their masks are drawn under; exchanged at most once. */
export const masskaraEntries = pgTable(
  'masskara_entries',
  {
    customerId: ref('customer_id').notNull(),
    /** The edition (masskara.json's id; migration 0040). */
    edition: text('edition').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
    /** The bonus grant the set was exchanged for. */
    grantId: ref('grant_id'),
  },
  (t) => [
    primaryKey({ name: 'masskara_entries_pkey', columns: [t.customerId, t.edition] }),
    check('masskara_entries_exchanged', sql`(${t.exchangedAt} IS NULL) = (${t.grantId} IS NULL)`),
  ],
);

/** A mask drawn: one per source (a settled bet or casino round), its roll and what it was. */
export const masskaraMasks = pgTable(
  'masskara_masks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: ref('customer_id').notNull(),
    /** The edition it was drawn in (editions never overlap: a source draws in one edition only). */
    edition: text('edition').notNull(),
    /** bet:<ticket id> or round:<casino round id>: one mask per source. */
    source: text('source').notNull(),
    /** bet | round */
    kind: text('kind').notNull(),
    /** The ticket number or the game's name, as the records show it. */
    reference: text('reference').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** When the bet or round settled. */
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
    roll: bigint('roll', { mode: 'number' }).notNull(),
    maskId: text('mask_id').notNull(),
    maskLabel: text('mask_label').notNull(),
    /** Given up in the exchange. */
    exchanged: boolean('exchanged').notNull().default(false),
  },
  (t) => [
    uniqueIndex('masskara_masks_once').on(t.customerId, t.source),
    index('masskara_masks_edition').on(t.customerId, t.edition),
    check('masskara_masks_kind', sql`${t.kind} IN ('bet', 'round')`),
    check('masskara_masks_stake', sql`${t.stake} >= 0`),
  ],
);

/** A raffle as the operator wrote it (src/contract/masskara.ts raffleSchema), its seed fixed when first saved. */
export const raffles = pgTable('raffles', {
  id: text('id').primaryKey(),
  definition: jsonb('definition').notNull(),
  active: boolean('active').notNull().default(true),
  seed: text('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A raffle drawn: the row is the once-guard of the leader's job; the entries it was drawn from and the winners. */
export const raffleDraws = pgTable(
  'raffle_draws',
  {
    raffleId: text('raffle_id').primaryKey(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull(),
    entries: jsonb('entries').notNull(),
    winners: jsonb('winners').notNull(),
  },
  (t) => [index('raffle_draws_drawn').on(t.drawnAt)],
);
