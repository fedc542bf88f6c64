import { eq, lt, sql } from 'drizzle-orm';
import type { BookedSelection } from '../../../src/contract/booking';
import type { Database } from '../../db';
import { bookingCodes } from '../../db/schema';

/** A stored code: its selections and when it expires. */
export interface StoredCode {
  code: string;
  selections: BookedSelection[];
  expiresAt: Date;
}

/** Stores a code; false when another slip already has it (the unique index decides, on every instance). */
export async function insertCode(db: Database, row: StoredCode & { customerId: number }): Promise<boolean> {
  const inserted = await db
    .insert(bookingCodes)
    .values({ code: row.code, customerId: row.customerId, selections: row.selections, expiresAt: row.expiresAt })
    .onConflictDoNothing({ target: bookingCodes.code })
    .returning({ code: bookingCodes.code });
  return inserted.length === 1;
}

export async function findCode(db: Database, code: string): Promise<StoredCode | undefined> {
  const [row] = await db
    .select({ code: bookingCodes.code, selections: bookingCodes.selections, expiresAt: bookingCodes.expiresAt })
    .from(bookingCodes)
    .where(eq(bookingCodes.code, code));
  return row ? { code: row.code, selections: row.selections as BookedSelection[], expiresAt: row.expiresAt } : undefined;
}

/** Deletes codes that expired more than `graceMs` ago (until then a late opener hears "expired", not "unknown"). */
export async function deleteExpiredCodes(db: Database, graceMs: number): Promise<number> {
  const deleted = await db
    .delete(bookingCodes)
    .where(lt(bookingCodes.expiresAt, sql`now() - ${graceMs} * interval '1 millisecond'`))
    .returning({ code: bookingCodes.code });
  return deleted.length;
}
