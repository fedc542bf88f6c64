import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db';
import { addresses, avatars, customers } from '../../db/schema';

/** The account's rows: the profile fields of customers, uploaded avatars and delivery addresses. */

export type ProfileChange = Partial<Pick<typeof customers.$inferInsert, 'nickName' | 'avatar' | 'birthday' | 'gender'>>;

export async function updateProfile(db: Queryable, customerId: number, change: ProfileChange): Promise<void> {
  await db.update(customers).set(change).where(eq(customers.id, customerId));
}

export async function closeAccount(db: Queryable, customerId: number): Promise<void> {
  await db.update(customers).set({ status: 'closed', closedAt: new Date() }).where(eq(customers.id, customerId));
}

/** Sets a preset picture (or none): an uploaded avatar stops answering. */
export async function setPresetAvatar(db: Queryable, customerId: number, avatar: string): Promise<void> {
  await db.delete(avatars).where(eq(avatars.customerId, customerId));
  await updateProfile(db, customerId, { avatar });
}

/** Stores an uploaded picture under a new media key and answers the key. */
export async function saveAvatar(
  db: Queryable,
  customerId: number,
  upload: { mediaKey: string; contentType: string; data: Buffer },
): Promise<string> {
  const [row] = await db
    .insert(avatars)
    .values({ customerId, ...upload })
    .onConflictDoUpdate({
      target: avatars.customerId,
      set: { ...upload, version: sql`${avatars.version} + 1`, updatedAt: new Date() },
    })
    .returning({ mediaKey: avatars.mediaKey });
  return row!.mediaKey;
}

export async function avatarByKey(db: Queryable, mediaKey: string) {
  const [row] = await db.select().from(avatars).where(eq(avatars.mediaKey, mediaKey));
  return row;
}

export async function countAddresses(db: Queryable, customerId: number): Promise<number> {
  const [total] = await db.select({ value: count() }).from(addresses).where(eq(addresses.customerId, customerId));
  return total?.value ?? 0;
}

/** The default address first, then the newest. */
export async function addressPage(db: Queryable, customerId: number, page: { pageNo: number; pageSize: number }) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
}

export async function defaultAddress(db: Queryable, customerId: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt))
    .limit(1);
  return row;
}

export type NewAddress = Omit<typeof addresses.$inferInsert, 'id' | 'customerId' | 'createdAt'>;

/** Adds an address; a default one takes the flag from the others, in one transaction. */
export async function insertAddress(db: Database, customerId: number, address: NewAddress): Promise<number> {
  return db.transaction(async (tx) => {
    if (address.isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.customerId, customerId));
    const [inserted] = await tx
      .insert(addresses)
      .values({ ...address, customerId })
      .returning({ id: addresses.id });
    return inserted!.id;
  });
}

/** Deletes one of the player's addresses; false when it is not theirs or not there. */
export async function deleteAddress(db: Queryable, customerId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
    .returning({ id: addresses.id });
  return deleted.length > 0;
}
