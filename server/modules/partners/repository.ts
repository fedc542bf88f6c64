import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { customers, partnerLinks } from '../../db/schema';

/** Which Panalo account a host's user is; undefined until bound. */
export async function linkedCustomer(db: Queryable, host: string, hostUserId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ customerId: partnerLinks.customerId })
    .from(partnerLinks)
    .where(and(eq(partnerLinks.host, host), eq(partnerLinks.hostUserId, hostUserId)));
  return row?.customerId;
}

/** Binds a host user to an account once; a second bind of the same host user keeps the first. */
export async function link(db: Queryable, host: string, hostUserId: string, customerId: number): Promise<number> {
  await db.insert(partnerLinks).values({ host, hostUserId, customerId }).onConflictDoNothing();
  return (await linkedCustomer(db, host, hostUserId))!;
}

/** Every outside account bound to a player (partner hosts, social providers), with what a provider said. */
export async function linksOf(db: Queryable, customerId: number): Promise<{ host: string; email: string; name: string }[]> {
  return db
    .select({ host: partnerLinks.host, email: partnerLinks.email, name: partnerLinks.name })
    .from(partnerLinks)
    .where(eq(partnerLinks.customerId, customerId));
}

/** The account came through a partner host: userInfo's isFromGlife (GCash's GLife) or isFromLazada. */
export async function markPartnerOrigin(db: Queryable, customerId: number, host: string): Promise<void> {
  if (host === 'lazada') await db.update(customers).set({ isFromLazada: true }).where(eq(customers.id, customerId));
  else if (host === 'gcash') await db.update(customers).set({ isFromGlife: true }).where(eq(customers.id, customerId));
}

/** A player's link with a host (the newest), or undefined. */
export async function linkOf(db: Queryable, host: string, customerId: number): Promise<{ createdAt: Date } | undefined> {
  const [row] = await db
    .select({ createdAt: partnerLinks.createdAt })
    .from(partnerLinks)
    .where(and(eq(partnerLinks.host, host), eq(partnerLinks.customerId, customerId)))
    .orderBy(desc(partnerLinks.createdAt))
    .limit(1);
  return row;
}

/** Removes every link of a player with a host. */
export async function unlink(db: Queryable, host: string, customerId: number): Promise<void> {
  await db.delete(partnerLinks).where(and(eq(partnerLinks.host, host), eq(partnerLinks.customerId, customerId)));
}
