import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Booking codes (server/modules/booking, issue 38, migration 0033): a shared slip's selections (event,
 * market, outcome, line; never a price) under a short random code, unique by index, kept until the last
 * match starts. Re-exported by schema.ts.
 */
export const bookingCodes = pgTable(
  'booking_codes',
  {
    code: text('code').notNull(),
    /** Who shared it (never answered to whoever loads it). */
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    /** BookedSelection[] (src/contract/booking.ts). */
    selections: jsonb('selections').notNull(),
    /** When the last of its matches starts: loads are refused from then on. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_codes_code').on(t.code),
    index('booking_codes_expiry').on(t.expiresAt),
    check('booking_codes_code_form', sql`${t.code} ~ '^[2-9A-HJKMNP-TV-Z]{8}$'`),
    check(
      'booking_codes_selections',
      sql`jsonb_typeof(${t.selections}) = 'array' AND jsonb_array_length(${t.selections}) BETWEEN 1 AND 30`,
    ),
  ],
);
