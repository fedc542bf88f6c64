import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Invite friends (server/modules/invites, issue 35, migration 0030): each inviter's code (what the share
 * link carries; the server resolves it, so a link cannot credit someone else), and each invitation with
 * where it stands (pending, rewarded once with its free bet, or refused with the reason the inviter sees).
 * Re-exported by schema.ts.
 */

const ref = (name: string) => bigint(name, { mode: 'number' });

/** The inviter's code: 8 letters and digits without look-alikes, made on first use, never changed. */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    customerId: ref('customer_id').primaryKey(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invite_codes_by_code').on(t.code), check('invite_codes_code', sql`${t.code} ~ '^[A-HJ-NP-Z2-9]{8}$'`)],
);

/** One invitation per invitee (the key): at most one inviter, at most one reward. */
export const invitations = pgTable(
  'invitations',
  {
    inviteeId: ref('invitee_id').primaryKey(),
    inviterId: ref('inviter_id').notNull(),
    /** pending | rewarded | refused */
    status: text('status').notNull().default('pending'),
    /** Why it was refused: self | device | idNumber | payoutAccount. */
    reason: text('reason'),
    /** The inviter's reward (a free bet token), when rewarded. */
    freeBetId: ref('free_bet_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('invitations_inviter').on(t.inviterId, t.createdAt),
    index('invitations_pending')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('invitations_free_bet').on(t.freeBetId),
  ],
);
