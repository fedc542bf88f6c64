import { and, eq } from 'drizzle-orm';
import type { SocialProvider } from '../../../src/contract/social';
import type { Queryable } from '../../db';
import { partnerLinks } from '../../db/schema';

/** The account a provider's identity (its sub) is bound to; undefined until bound. */
export async function boundCustomer(db: Queryable, provider: SocialProvider, sub: string): Promise<number | undefined> {
  const [row] = await db
    .select({ customerId: partnerLinks.customerId })
    .from(partnerLinks)
    .where(and(eq(partnerLinks.host, provider), eq(partnerLinks.hostUserId, sub)));
  return row?.customerId;
}

/** The identity of this provider a player has bound (at most one: partner_links_social_customer). */
export async function identityOf(
  db: Queryable,
  provider: SocialProvider,
  customerId: number,
): Promise<{ sub: string; email: string; name: string } | undefined> {
  const [row] = await db
    .select({ sub: partnerLinks.hostUserId, email: partnerLinks.email, name: partnerLinks.name })
    .from(partnerLinks)
    .where(and(eq(partnerLinks.host, provider), eq(partnerLinks.customerId, customerId)));
  return row;
}

/**
 * Binds an identity to a player. False when either side is taken meanwhile (the identity bound to someone,
 * or the player bound to another identity of this provider): the unique indexes decide, on every instance.
 */
export async function bindIdentity(
  db: Queryable,
  provider: SocialProvider,
  identity: { sub: string; email: string; name: string },
  customerId: number,
): Promise<boolean> {
  const rows = await db
    .insert(partnerLinks)
    .values({ host: provider, hostUserId: identity.sub, customerId, email: identity.email, name: identity.name })
    .onConflictDoNothing()
    .returning({ id: partnerLinks.id });
  return rows.length === 1;
}
