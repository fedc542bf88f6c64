import { sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { DAY_MS } from './status';

/**
 * The retention rule of identity images (the privacy policy states it; README "Identity verification"):
 * - images of a verification that did not end approved: deleted `retentionDays` after it ended, or after
 *   it was abandoned (started and never submitted, counted from when the vendor forgot it);
 * - face-check captures and second-ID photos never submitted: `retentionDays` after capture;
 * - images of an approved verification: kept while the account is open and `closedRetentionYears` after it
 *   closes (anti-money-laundering record keeping, RA 9160 as amended), then deleted.
 * A shared job runs it (one instance at a time); it reads everything from Postgres.
 */
export interface RetentionRule {
  retentionDays: number;
  closedRetentionYears: number;
}

export async function deleteExpiredImages(db: Database, now: number, rule: RetentionRule): Promise<{ abandoned: number; deleted: number }> {
  const cutoff = new Date(now - rule.retentionDays * DAY_MS).toISOString();
  const closedCutoff = new Date(now - rule.closedRetentionYears * 365.25 * DAY_MS).toISOString();
  const nowIso = new Date(now).toISOString();
  // Started and never submitted, and the vendor forgot the transaction: abandoned, it ended then.
  const abandoned = await db.execute(sql`
    UPDATE kyc_verifications SET state = 'abandoned', ended_at = expires_at
    WHERE state = 'started' AND submitted_at IS NULL AND expires_at IS NOT NULL AND expires_at < ${nowIso}::timestamptz`);
  const deleted = await db.execute(sql`
    DELETE FROM kyc_images AS i
    WHERE (i.kind = 'face_check' AND i.created_at < ${cutoff}::timestamptz)
       OR (i.verification_id IS NULL AND i.created_at < ${cutoff}::timestamptz)
       OR EXISTS (
         SELECT 1 FROM kyc_verifications v JOIN customers c ON c.id = v.customer_id
         WHERE v.id = i.verification_id AND (
           (v.state IN ('rejected', 'abandoned', 'failed', 'passed') AND v.ended_at < ${cutoff}::timestamptz)
           OR (v.state = 'approved' AND c.closed_at IS NOT NULL AND c.closed_at < ${closedCutoff}::timestamptz)))`);
  return { abandoned: affected(abandoned), deleted: affected(deleted) };
}

/** Rows changed, as node-postgres (rowCount) and PGlite (affectedRows) each report them. */
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
