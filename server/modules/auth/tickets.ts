import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { tickets } from '../../db/schema';
import { newToken, sha256 } from '../../lib/security';

/** Single-use, short-lived tickets (captcha passes, partner temp tickets, password-reset tickets). */
export async function issueTicket(
  db: Queryable,
  options: { purpose: string; ttlMs: number; customerId?: number; subject?: string; secret?: string; consumed?: boolean },
): Promise<{ ticket: string }> {
  const ticket = options.secret ?? newToken();
  await db.insert(tickets).values({
    ticketHash: sha256(`${options.purpose}:${ticket}`),
    purpose: options.purpose,
    customerId: options.customerId ?? null,
    subject: options.subject ?? '',
    expiresAt: new Date(Date.now() + options.ttlMs),
    consumedAt: options.consumed ? new Date() : null,
  });
  return { ticket };
}

/** Spends a ticket; answers what it was issued for, or undefined if unknown, used or expired. */
export async function consumeTicket(
  db: Queryable,
  purpose: string,
  ticket: string,
): Promise<{ customerId: number | null; subject: string } | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(tickets.ticketHash, sha256(`${purpose}:${ticket}`)),
        eq(tickets.purpose, purpose),
        isNull(tickets.consumedAt),
        gt(tickets.expiresAt, new Date()),
      ),
    )
    .returning({ customerId: tickets.customerId, subject: tickets.subject });
  return row;
}

/** What a live ticket was issued for, without spending it (a flow that spends it at its last step). */
export async function peekTicket(
  db: Queryable,
  purpose: string,
  ticket: string,
): Promise<{ customerId: number | null; subject: string } | undefined> {
  const [row] = await db
    .select({ customerId: tickets.customerId, subject: tickets.subject })
    .from(tickets)
    .where(
      and(
        eq(tickets.ticketHash, sha256(`${purpose}:${ticket}`)),
        eq(tickets.purpose, purpose),
        isNull(tickets.consumedAt),
        gt(tickets.expiresAt, new Date()),
      ),
    );
  return row;
}
