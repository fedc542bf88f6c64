import { and, count, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { KycRejectReason, KycRejectType } from '../../../src/contract/kyc';
import { type Queryable, prepared } from '../../db';
import { coalesce } from '../../lib/coalesce';
import { customers, kycFaceLogs, kycImages, kycProfiles, kycStates, kycVerifications } from '../../db/schema';
import { type KycState, NOT_VERIFIED } from './status';

/** The SQL of identity verification (server/modules/kyc). */

export type Verification = typeof kycVerifications.$inferSelect;
export type KycImage = typeof kycImages.$inferSelect;
type StateRow = typeof kycStates.$inferSelect;

export function stateOf(row: StateRow | undefined): KycState & { verificationId: number | null; lastEventAtMs: number | null } {
  if (!row) return { ...NOT_VERIFIED, verificationId: null, lastEventAtMs: null };
  return {
    ekycStatus: row.ekycStatus,
    oldKycStatus: row.oldKycStatus,
    rejectCode: row.rejectCode as KycRejectReason | null,
    rejectType: row.rejectType as KycRejectType | null,
    rejectReason: row.rejectReason,
    refuseInit: row.refuseInit,
    lastFaceMatchAt: row.lastFaceMatchAt,
    verificationId: row.verificationId,
    lastEventAtMs: row.lastEventAtMs,
  };
}

/** The player's KYC state and registration time (the deadline counts from it). */
/** Players' KYC states and registration times (every bet and deposit asks, through kycVerified): prepared once. */
const stateRows = prepared('kyc_player_states', (db) =>
  db
    .select({ customerId: customers.id, state: kycStates, registeredAt: customers.createdAt })
    .from(customers)
    .leftJoin(kycStates, eq(kycStates.customerId, customers.id))
    .where(sql`${customers.id} = ANY(${sql.placeholder('ids')}::bigint[])`),
);

type PlayerState = { state: ReturnType<typeof stateOf>; registeredAt: Date };

/** One query for every player whose state is asked for at the same time (coalesce), per database. */
const lookUps = new WeakMap<Queryable, (customerId: number) => Promise<PlayerState | undefined>>();

export async function playerState(db: Queryable, customerId: number): Promise<PlayerState> {
  let lookUp = lookUps.get(db);
  if (!lookUp) {
    lookUp = coalesce(async (ids: number[]) => {
      const rows = await stateRows(db, { ids: [...new Set(ids)] });
      const byId = new Map(rows.map((row) => [row.customerId, row]));
      return ids.map((id) => {
        const row = byId.get(id);
        return row && { state: stateOf(row.state ?? undefined), registeredAt: row.registeredAt };
      });
    });
    lookUps.set(db, lookUp);
  }
  const found = await lookUp(customerId);
  if (!found) throw new Error(`no customer ${customerId}`);
  return found;
}

/** The state row locked for this transaction (created when missing), so decisions on one player queue up. */
export async function lockState(tx: Queryable, customerId: number) {
  await tx.insert(kycStates).values({ customerId }).onConflictDoNothing();
  const [row] = await tx.select().from(kycStates).where(eq(kycStates.customerId, customerId)).for('update');
  return stateOf(row);
}

export async function saveState(
  tx: Queryable,
  customerId: number,
  state: KycState & { verificationId?: number | null; lastEventAtMs?: number | null },
) {
  await tx
    .update(kycStates)
    .set({
      ekycStatus: state.ekycStatus,
      oldKycStatus: state.oldKycStatus,
      rejectCode: state.rejectCode,
      rejectType: state.rejectType,
      rejectReason: state.rejectReason,
      refuseInit: state.refuseInit,
      lastFaceMatchAt: state.lastFaceMatchAt,
      ...(state.verificationId !== undefined ? { verificationId: state.verificationId } : {}),
      ...(state.lastEventAtMs !== undefined ? { lastEventAtMs: state.lastEventAtMs } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(kycStates.customerId, customerId));
}

/** Verifications (not face checks) the player started since `since`: today's attempts. */
export async function attemptsSince(db: Queryable, customerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(kycVerifications)
    .where(and(eq(kycVerifications.customerId, customerId), eq(kycVerifications.kind, 'kyc'), gte(kycVerifications.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertVerification(db: Queryable, values: typeof kycVerifications.$inferInsert): Promise<Verification> {
  const [row] = await db.insert(kycVerifications).values(values).returning();
  return row!;
}

/** A verification of this player by its vendor transaction id. */
export async function ownVerification(db: Queryable, customerId: number, transactionId: string): Promise<Verification | undefined> {
  const [row] = await db
    .select()
    .from(kycVerifications)
    .where(and(eq(kycVerifications.customerId, customerId), eq(kycVerifications.transactionId, transactionId)));
  return row;
}

/**
 * The player's open identity verification (their KYC case): the latest one still taking photos (started,
 * its vendor transaction not expired) or under review; undefined when none is open.
 */
export async function openCase(db: Queryable, customerId: number, now: Date): Promise<Verification | undefined> {
  const [row] = await db
    .select()
    .from(kycVerifications)
    .where(
      and(
        eq(kycVerifications.customerId, customerId),
        eq(kycVerifications.kind, 'kyc'),
        sql`(${kycVerifications.state} = 'pending' OR (${kycVerifications.state} = 'started' AND (${kycVerifications.expiresAt} IS NULL OR ${kycVerifications.expiresAt} > ${now.toISOString()}::timestamptz)))`,
      ),
    )
    .orderBy(sql`${kycVerifications.id} DESC`)
    .limit(1);
  return row;
}

export async function verificationById(db: Queryable, id: number): Promise<Verification | undefined> {
  const [row] = await db.select().from(kycVerifications).where(eq(kycVerifications.id, id));
  return row;
}

export async function verificationByBizId(db: Queryable, bizId: string): Promise<Verification | undefined> {
  const [row] = await db.select().from(kycVerifications).where(eq(kycVerifications.bizId, bizId)).for('update');
  return row;
}

export async function updateVerification(db: Queryable, id: number, values: Partial<typeof kycVerifications.$inferInsert>) {
  await db.update(kycVerifications).set(values).where(eq(kycVerifications.id, id));
}

/** Whether another account holds this ID in a verification under review or approved (the duplicate-ID rule). */
export async function idHeldByAnother(db: Queryable, customerId: number, idType: number, idNoHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: kycVerifications.id })
    .from(kycVerifications)
    .where(
      and(
        eq(kycVerifications.idType, idType),
        eq(kycVerifications.idNoHash, idNoHash),
        ne(kycVerifications.customerId, customerId),
        inArray(kycVerifications.state, ['pending', 'approved']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** In how many verifications (any account) this ID was confirmed, this one aside. */
export async function verificationsOfId(db: Queryable, idType: number, idNoHash: string, except: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(kycVerifications)
    .where(
      and(
        eq(kycVerifications.idType, idType),
        eq(kycVerifications.idNoHash, idNoHash),
        isNotNull(kycVerifications.submittedAt),
        ne(kycVerifications.id, except),
      ),
    );
  return row?.n ?? 0;
}

export async function insertImage(db: Queryable, values: typeof kycImages.$inferInsert) {
  await db.insert(kycImages).values(values);
}

export async function imageByKey(db: Queryable, key: string): Promise<KycImage | undefined> {
  const [row] = await db.select().from(kycImages).where(eq(kycImages.key, key));
  return row;
}

export async function attachImage(db: Queryable, key: string, verificationId: number) {
  await db.update(kycImages).set({ verificationId }).where(eq(kycImages.key, key));
}

export async function saveProfile(db: Queryable, profile: typeof kycProfiles.$inferInsert) {
  await db
    .insert(kycProfiles)
    .values(profile)
    .onConflictDoUpdate({ target: kycProfiles.customerId, set: { ...profile, updatedAt: sql`now()` } });
}

export async function saveCustomerDetails(
  db: Queryable,
  customerId: number,
  details: { realName: string; birthday: string; gender: 'M' | 'F'; email: string },
) {
  await db.update(customers).set(details).where(eq(customers.id, customerId));
}

export async function insertFaceLog(db: Queryable, values: typeof kycFaceLogs.$inferInsert) {
  await db.insert(kycFaceLogs).values(values);
}

/** Second-ID photos of this player not (yet) part of a submitted verification, taken since `since`. */
export async function looseImagesSince(db: Queryable, customerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(kycImages)
    .where(and(eq(kycImages.customerId, customerId), isNull(kycImages.verificationId), gte(kycImages.createdAt, since)));
  return row?.n ?? 0;
}

/** The names, birthday and sealed first ID number of a player's verified profile. */
export async function identityOf(db: Queryable, customerId: number) {
  const [row] = await db
    .select({
      firstName: kycProfiles.firstName,
      middleName: kycProfiles.middleName,
      lastName: kycProfiles.lastName,
      firstIdNo: kycProfiles.firstIdNo,
      birthday: customers.birthday,
    })
    .from(kycProfiles)
    .innerJoin(customers, eq(customers.id, kycProfiles.customerId))
    .where(eq(kycProfiles.customerId, customerId));
  return row;
}
