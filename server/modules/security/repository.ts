import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { customers, outbox } from '../../db/schema';

/** The security centre's rows: the credentials and contacts of customers, and the mail provider's delivery reports. */

/** Another account with this email (compared without case: mail systems do). */
export async function emailHolder(db: Queryable, email: string, exceptCustomerId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, ne(customers.id, exceptCustomerId)))
    .limit(1);
  return row?.id;
}

export async function setVerifiedEmail(db: Queryable, customerId: number, email: string, at: Date): Promise<void> {
  await db.update(customers).set({ email, emailVerifiedAt: at }).where(eq(customers.id, customerId));
}

/** Sets the phone; false when another account took the number meanwhile (the unique index refuses it). */
export async function setPhone(db: Queryable, customerId: number, phone: string): Promise<boolean> {
  try {
    await db.update(customers).set({ mobileNo: phone }).where(eq(customers.id, customerId));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function setPasswordHash(db: Queryable, customerId: number, passwordHash: string): Promise<void> {
  await db.update(customers).set({ passwordHash }).where(eq(customers.id, customerId));
}

/** Records what the mail provider reported about one of its messages. */
export async function recordDelivery(db: Queryable, messageId: string, delivery: string): Promise<boolean> {
  const updated = await db.update(outbox).set({ delivery }).where(eq(outbox.messageId, messageId)).returning({ id: outbox.id });
  return updated.length > 0;
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
