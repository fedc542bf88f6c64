import { type SQL, and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { customers, paymentWebhookEvents, supportAttachments, supportConversations, supportMessages } from '../../db/schema';

/**
 * The support chat's SQL. A conversation belongs to a player, or to a visitor's session until that
 * visitor logs in; every read here is scoped to its owner, so another caller's conversation answers as
 * one that does not exist.
 */

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type NewMessage = typeof supportMessages.$inferInsert;

/** Who a call comes from: a player, or a visitor's session. */
export type Owner = { customerId: number } | { sessionId: number };

export const ownerKey = (owner: Owner) => ('customerId' in owner ? `c:${owner.customerId}` : `s:${owner.sessionId}`);

function owns(owner: Owner): SQL {
  return 'customerId' in owner
    ? eq(supportConversations.customerId, owner.customerId)
    : and(isNull(supportConversations.customerId), eq(supportConversations.visitorSessionId, owner.sessionId))!;
}

/** One writer at a time per owner (two tabs' first messages open one conversation, not two). */
export async function lockOwner(tx: Queryable, owner: Owner): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`support:${ownerKey(owner)}`}))`);
}

/** The owner's open conversation (the newest), if any. */
export async function openConversation(db: Queryable, owner: Owner): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(and(owns(owner), ne(supportConversations.status, 'closed')))
    .orderBy(desc(supportConversations.updatedAt), desc(supportConversations.id))
    .limit(1);
  return row;
}

/** The open conversation, else the owner's last one. */
export async function currentConversation(db: Queryable, owner: Owner): Promise<ConversationRow | undefined> {
  const open = await openConversation(db, owner);
  if (open) return open;
  const [last] = await db
    .select()
    .from(supportConversations)
    .where(owns(owner))
    .orderBy(desc(supportConversations.updatedAt), desc(supportConversations.id))
    .limit(1);
  return last;
}

export async function ownConversation(db: Queryable, owner: Owner, publicId: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(and(owns(owner), eq(supportConversations.publicId, publicId)));
  return row;
}

/** For the desk's events: the conversation a desk names by our public id. */
export async function conversationByPublicId(db: Queryable, publicId: string, lock = false): Promise<ConversationRow | undefined> {
  const query = db.select().from(supportConversations).where(eq(supportConversations.publicId, publicId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function conversationById(db: Queryable, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  return row;
}

export async function insertConversation(tx: Queryable, values: typeof supportConversations.$inferInsert): Promise<ConversationRow> {
  const [row] = await tx.insert(supportConversations).values(values).returning();
  return row!;
}

export async function updateConversation(
  db: Queryable,
  id: number,
  change: Partial<typeof supportConversations.$inferInsert>,
): Promise<ConversationRow> {
  const [row] = await db.update(supportConversations).set(change).where(eq(supportConversations.id, id)).returning();
  return row!;
}

/** A message the owner sent before under this client id (in any of their conversations). */
export async function messageByClientId(db: Queryable, owner: Owner, clientMessageId: string) {
  const [row] = await db
    .select({ message: supportMessages, conversation: supportConversations })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(and(eq(supportMessages.clientMessageId, clientMessageId), owns(owner)));
  return row;
}

/** Inserts a message; undefined when the conversation has it already (same client or desk id). */
export async function insertMessage(tx: Queryable, values: NewMessage): Promise<MessageRow | undefined> {
  const [row] = await tx.insert(supportMessages).values(values).onConflictDoNothing().returning();
  return row;
}

/** The player's messages in a conversation since `since` (the per-minute limit; every instance counts the same rows). */
export async function playerMessagesSince(db: Queryable, conversationId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.author, 'player'), gt(supportMessages.createdAt, since)),
    );
  return row?.n ?? 0;
}

const newestFirst = [desc(supportMessages.createdAt), desc(supportMessages.id)];

/** Up to `limit` messages before `before` (the newest when undefined), oldest first; `more`: older ones exist. */
export async function messagePage(
  db: Queryable,
  conversationId: number,
  before: MessageRow | undefined,
  limit: number,
): Promise<{ rows: MessageRow[]; more: boolean }> {
  const older = before
    ? or(
        lt(supportMessages.createdAt, before.createdAt),
        and(eq(supportMessages.createdAt, before.createdAt), lt(supportMessages.id, before.id)),
      )
    : undefined;
  const rows = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), older))
    .orderBy(...newestFirst)
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).reverse(), more: rows.length > limit };
}

export async function messageIn(db: Queryable, conversationId: number, id: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.id, id)));
  return row;
}

/** The owner's conversations, newest first, with the total. */
export async function conversationPage(db: Queryable, owner: Owner, page: { offset: number; limit: number }) {
  const [total] = await db.select({ n: count() }).from(supportConversations).where(owns(owner));
  const rows = await db
    .select()
    .from(supportConversations)
    .where(owns(owner))
    .orderBy(desc(supportConversations.updatedAt), desc(supportConversations.id))
    .offset(page.offset)
    .limit(page.limit);
  return { total: total?.n ?? 0, rows };
}

/** Each conversation's last message and the desk's messages its player has not read. */
export async function summaries(db: Queryable, conversations: ConversationRow[]) {
  const ids = conversations.map((c) => c.id);
  const last = new Map<number, MessageRow>();
  const unread = new Map<number, number>();
  if (ids.length === 0) return { last, unread };
  const lastRows = await db
    .selectDistinctOn([supportMessages.conversationId])
    .from(supportMessages)
    .where(inArray(supportMessages.conversationId, ids))
    .orderBy(supportMessages.conversationId, ...newestFirst);
  for (const row of lastRows) last.set(row.conversationId, row);
  const unreadRows = await db
    .select({ conversationId: supportMessages.conversationId, n: count() })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(
      and(
        inArray(supportMessages.conversationId, ids),
        ne(supportMessages.author, 'player'),
        or(isNull(supportConversations.playerReadAt), gt(supportMessages.createdAt, supportConversations.playerReadAt)),
      ),
    )
    .groupBy(supportMessages.conversationId);
  for (const row of unreadRows) unread.set(row.conversationId, row.n);
  return { last, unread };
}

/** The last player message at or before `at` (the read receipt reaches it). */
export async function lastPlayerMessageBy(db: Queryable, conversationId: number, at: Date): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        eq(supportMessages.author, 'player'),
        sql`${supportMessages.createdAt} <= ${at.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}

export async function insertAttachment(tx: Queryable, values: typeof supportAttachments.$inferInsert): Promise<void> {
  await tx.insert(supportAttachments).values(values);
}

/** A picture with the owner of its conversation (who alone may see it). */
export async function attachmentByKey(db: Queryable, key: string) {
  const [row] = await db
    .select({
      contentType: supportAttachments.contentType,
      data: supportAttachments.data,
      customerId: supportConversations.customerId,
      visitorSessionId: supportConversations.visitorSessionId,
    })
    .from(supportAttachments)
    .innerJoin(supportConversations, eq(supportConversations.id, supportAttachments.conversationId))
    .where(eq(supportAttachments.key, key));
  return row;
}

export async function attachmentsOf(db: Queryable, keys: string[]) {
  if (keys.length === 0) return [];
  return db.select().from(supportAttachments).where(inArray(supportAttachments.key, keys));
}

/** Conversations the desk has not heard of yet, or whose context it must hear again. */
export async function conversationsDue(db: Queryable, limit: number): Promise<ConversationRow[]> {
  return db
    .select()
    .from(supportConversations)
    .where(or(isNull(supportConversations.deskConversationId), eq(supportConversations.attributesDue, true)))
    .orderBy(asc(supportConversations.id))
    .limit(limit);
}

/** Conversations with player messages the desk does not have yet (the desk's conversation exists). */
export async function conversationsWithMessagesDue(db: Queryable, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: supportMessages.conversationId })
    .from(supportMessages)
    .where(and(eq(supportMessages.author, 'player'), isNull(supportMessages.forwardedAt)))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A conversation's player messages the desk does not have yet, oldest first. */
export async function messagesDue(db: Queryable, conversationId: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(supportMessages)
    .where(
      and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.author, 'player'), isNull(supportMessages.forwardedAt)),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
}

export async function markForwarded(db: Queryable, id: number, deskMessageId: string): Promise<void> {
  await db
    .update(supportMessages)
    .set({ forwardedAt: sql`now()`, deskMessageId })
    .where(eq(supportMessages.id, id));
}

export async function forwardFailed(db: Queryable, id: number): Promise<void> {
  await db
    .update(supportMessages)
    .set({ forwardFailures: sql`${supportMessages.forwardFailures} + 1` })
    .where(eq(supportMessages.id, id));
}

/** The visitor's conversations become the player's (the visitor logged in). Answers the moved ones. */
export async function adoptVisitor(db: Queryable, sessionId: number, customerId: number): Promise<ConversationRow[]> {
  return db
    .update(supportConversations)
    .set({ customerId, attributesDue: true })
    .where(and(isNull(supportConversations.customerId), eq(supportConversations.visitorSessionId, sessionId)))
    .returning();
}

/** The player's nickname and phone, for what the desk's agent sees of them (masked by the service). */
export async function playerOf(db: Queryable, customerId: number): Promise<{ nickName: string; mobileNo: string | null } | undefined> {
  const [row] = await db
    .select({ nickName: customers.nickName, mobileNo: customers.mobileNo })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** The player read the desk's messages up to `at` (never back). */
export async function markPlayerRead(db: Queryable, id: number, at: Date): Promise<ConversationRow> {
  return updateConversation(db, id, {
    playerReadAt: sql`greatest(${supportConversations.playerReadAt}, ${at.toISOString()}::timestamptz)` as unknown as Date,
  });
}

/**
 * The desk has the conversation (its id) and the context as it was read: still due only when the
 * context changed meanwhile.
 */
export async function deskHeard(db: Queryable, sent: ConversationRow, change: { deskConversationId?: string }): Promise<ConversationRow> {
  return updateConversation(db, sent.id, {
    ...change,
    attributesDue:
      sql`(${supportConversations.contextSummary}::text <> ${JSON.stringify(sent.contextSummary)}::jsonb::text OR coalesce(${supportConversations.rating}, 0) <> ${sent.rating ?? 0})` as unknown as boolean,
  });
}

// ---- the desk's webhooks, in the webhook inbox table the payments and the KYC vendor use (provider 'support')

export async function storeRefusedEvent(db: Queryable, provider: string, verdict: string, payload: string): Promise<void> {
  await db.insert(paymentWebhookEvents).values({ provider, verdict, payload });
}

/** A verified event, once per event id however many copies arrive (an ignored one is handled as it lands). */
export async function storeEvent(
  db: Queryable,
  provider: string,
  eventId: string,
  kind: string,
  payload: string,
  event: object,
  handled: boolean,
) {
  const [row] = await db
    .insert(paymentWebhookEvents)
    .values({
      provider,
      eventId,
      kind,
      verdict: 'accepted',
      payload,
      event: event as Record<string, unknown>,
      ...(handled ? { handledAt: sql`now()` as unknown as Date } : {}),
    })
    .onConflictDoUpdate({
      target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId],
      set: { copies: sql`${paymentWebhookEvents.copies} + 1`, lastReceivedAt: sql`now()` },
    })
    .returning({ id: paymentWebhookEvents.id, handledAt: paymentWebhookEvents.handledAt });
  return row!;
}

/** Locks an inbox row for its handling; false when it is gone or handled already. */
export async function lockUnhandledEvent(tx: Queryable, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ handledAt: paymentWebhookEvents.handledAt })
    .from(paymentWebhookEvents)
    .where(eq(paymentWebhookEvents.id, id))
    .for('update');
  return row !== undefined && row.handledAt === null;
}

export async function markEventHandled(tx: Queryable, id: number): Promise<void> {
  await tx
    .update(paymentWebhookEvents)
    .set({ handledAt: sql`now()` })
    .where(eq(paymentWebhookEvents.id, id));
}

export async function eventFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db
    .update(paymentWebhookEvents)
    .set({ failures: sql`${paymentWebhookEvents.failures} + 1`, lastError: error.slice(0, 500) })
    .where(eq(paymentWebhookEvents.id, id));
}

/** Verified events still unhandled, last received before `before`, not given up on (50 failures), oldest first. */
export async function unhandledDeskEvents(db: Queryable, provider: string, before: Date, limit = 100) {
  return db
    .select({ id: paymentWebhookEvents.id, event: paymentWebhookEvents.event })
    .from(paymentWebhookEvents)
    .where(
      and(
        eq(paymentWebhookEvents.provider, provider),
        isNull(paymentWebhookEvents.handledAt),
        eq(paymentWebhookEvents.verdict, 'accepted'),
        lt(paymentWebhookEvents.lastReceivedAt, before),
        lt(paymentWebhookEvents.failures, 50),
      ),
    )
    .orderBy(asc(paymentWebhookEvents.receivedAt))
    .limit(limit);
}
