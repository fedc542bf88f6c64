import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db';
import { customers, freeBets, inviteCodes, invitations } from '../../db/schema';

/** The invites' tables (server/db/invitesSchema.ts) and what the rules read from the rest of the database. */

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCode(): string {
  return Array.from({ length: 8 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');
}

/** The player's code, made on first use (two instances making it at once keep the first). */
export async function codeOf(db: Queryable, customerId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [held] = await db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.customerId, customerId));
    if (held) return held.code;
    // A code another player holds is a conflict on the code's index: nothing inserted, try another.
    await db.insert(inviteCodes).values({ customerId, code: newCode() }).onConflictDoNothing();
  }
  throw new Error('no invite code could be made');
}

export async function ownerOf(db: Queryable, code: string): Promise<{ id: number; publicId: string; loginName: string } | undefined> {
  const [row] = await db
    .select({ id: customers.id, publicId: customers.publicId, loginName: customers.loginName })
    .from(inviteCodes)
    .innerJoin(customers, eq(customers.id, inviteCodes.customerId))
    .where(eq(inviteCodes.code, code));
  return row;
}

export async function insertInvitation(
  tx: Transaction,
  row: { inviteeId: number; inviterId: number; createdAt: Date; refused?: 'self' },
): Promise<void> {
  await tx
    .insert(invitations)
    .values({
      inviteeId: row.inviteeId,
      inviterId: row.inviterId,
      createdAt: row.createdAt,
      ...(row.refused ? { status: 'refused', reason: row.refused, decidedAt: row.createdAt } : {}),
    })
    .onConflictDoNothing();
}

export type InvitationRow = typeof invitations.$inferSelect;

export async function invitation(db: Queryable, inviteeId: number): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(invitations).where(eq(invitations.inviteeId, inviteeId));
  return row;
}

/** The invitation locked: every evaluation of one invitee, on any instance, queues here. */
export async function lockInvitation(tx: Transaction, inviteeId: number): Promise<InvitationRow | undefined> {
  const [row] = await tx.select().from(invitations).where(eq(invitations.inviteeId, inviteeId)).for('update');
  return row;
}

export async function decide(
  tx: Transaction,
  inviteeId: number,
  decision: { status: 'refused'; reason: string } | { status: 'rewarded'; freeBetId: number },
  at: Date,
): Promise<void> {
  await tx
    .update(invitations)
    .set({ ...decision, decidedAt: at })
    .where(and(eq(invitations.inviteeId, inviteeId), eq(invitations.status, 'pending')));
}

/** Invitations still open that joined after `since`, oldest first (the job's batch). */
export async function pending(db: Queryable, since: Date, limit: number, inviterId?: number): Promise<number[]> {
  const rows = await db
    .select({ inviteeId: invitations.inviteeId })
    .from(invitations)
    .where(
      and(
        eq(invitations.status, 'pending'),
        gte(invitations.createdAt, since),
        inviterId === undefined ? undefined : eq(invitations.inviterId, inviterId),
      ),
    )
    .orderBy(asc(invitations.createdAt))
    .limit(limit);
  return rows.map((row) => row.inviteeId);
}

/** An inviter's invitees, newest first, with what the list shows of each. */
export function invitationsOf(db: Queryable, inviterId: number, limit: number) {
  return db
    .select({
      inviteeId: invitations.inviteeId,
      status: invitations.status,
      reason: invitations.reason,
      createdAt: invitations.createdAt,
      nickName: customers.nickName,
      mobileNo: customers.mobileNo,
      reward: sql<number>`coalesce(${freeBets.amount}, 0)`.mapWith(Number),
    })
    .from(invitations)
    .innerJoin(customers, eq(customers.id, invitations.inviteeId))
    .leftJoin(freeBets, eq(freeBets.id, invitations.freeBetId))
    .where(eq(invitations.inviterId, inviterId))
    .orderBy(desc(invitations.createdAt))
    .limit(limit);
}

/** What the rules need to know of an invitee, beside their inviter. */
export interface InviteeFacts {
  birthday: string | null;
  kyc: boolean;
  deposited: boolean;
  /** Settled bets of at least minStake with every leg at minOdds or more, free bets aside. */
  bets: number;
  sameDevice: boolean;
  sameIdNumber: boolean;
  samePayoutAccount: boolean;
}

/**
 * One read of everything the rules ask about an invitee: age, identity verified, first deposit, the
 * qualifying bets; and whether they share a device (the registration's fingerprint or device id, the
 * push device), an ID number (KYC's keyed hash) or a payout account (its keyed hash) with the inviter.
 */
export async function facts(
  db: Queryable,
  inviteeId: number,
  inviterId: number,
  bets: { minStake: number; minOddsHundredths: number },
): Promise<InviteeFacts | undefined> {
  const result = (await db.execute(sql`
    SELECT
      c.birthday::text AS birthday,
      c.first_deposit_at IS NOT NULL AS deposited,
      EXISTS (SELECT 1 FROM kyc_verifications v WHERE v.customer_id = c.id AND v.kind = 'kyc' AND v.state = 'approved') AS kyc,
      (SELECT count(*) FROM bet_tickets t
        WHERE t.customer_id = c.id
          AND t.status IN ('won', 'lost', 'halfWon', 'halfLost')
          AND t.stake >= ${bets.minStake}
          AND NOT EXISTS (SELECT 1 FROM bet_legs l WHERE l.ticket_id = t.id AND l.price_h < ${bets.minOddsHundredths})
          AND NOT EXISTS (SELECT 1 FROM free_bets f WHERE f.reference = t.trans_id)) AS bets,
      (EXISTS (SELECT 1 FROM stat_attributions a JOIN stat_attributions b
                 ON (a.fingerprint IS NOT NULL AND a.fingerprint = b.fingerprint) OR (a.visitor IS NOT NULL AND a.visitor = b.visitor)
               WHERE a.customer_id = c.id AND b.customer_id = ${inviterId})
        OR EXISTS (SELECT 1 FROM customers i WHERE i.id = ${inviterId} AND i.device_token IS NOT NULL AND i.device_token = c.device_token)
      ) AS same_device,
      EXISTS (SELECT 1 FROM kyc_verifications a JOIN kyc_verifications b ON a.id_type = b.id_type AND a.id_no_hash = b.id_no_hash
              WHERE a.customer_id = c.id AND b.customer_id = ${inviterId} AND a.id_no_hash IS NOT NULL) AS same_id,
      EXISTS (SELECT 1 FROM payment_accounts a JOIN payment_accounts b
                ON a.account_type = b.account_type AND a.account_no_hash = b.account_no_hash
              WHERE a.customer_id = c.id AND b.customer_id = ${inviterId}) AS same_payout
    FROM customers c WHERE c.id = ${inviteeId}`)) as unknown as {
    rows: {
      birthday: string | null;
      deposited: boolean;
      kyc: boolean;
      bets: string | number;
      same_device: boolean;
      same_id: boolean;
      same_payout: boolean;
    }[];
  };
  const row = result.rows[0];
  return (
    row && {
      birthday: row.birthday,
      kyc: row.kyc,
      deposited: row.deposited,
      bets: Number(row.bets),
      sameDevice: row.same_device,
      sameIdNumber: row.same_id,
      samePayoutAccount: row.same_payout,
    }
  );
}
