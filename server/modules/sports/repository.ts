import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { ChatMessage } from '../../../src/contract/feed';
import type { Queryable } from '../../db';
import { chatMessages } from '../../db/schema';

/** Match chat in the database: the lines the broker published, kept for saba/chatRecords. */

/** Keeps a chat line that the broker published. */
export async function saveChat(db: Queryable, message: ChatMessage, customerId: number | null): Promise<void> {
  await db.insert(chatMessages).values({
    id: message.id || randomUUID(),
    matchId: message.matchId,
    customerId,
    nickName: message.nickName,
    text: message.text,
    createdAt: new Date(message.ts),
  });
}

/** A match's latest chat lines (at most `limit`), oldest first. */
export async function recentChat(db: Queryable, matchId: string, limit: number): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.matchId, matchId))
    .orderBy(desc(chatMessages.createdAt))
    .limit(limit);
  return rows
    .reverse()
    .map((row) => ({ id: row.id, matchId: row.matchId, nickName: row.nickName, text: row.text, ts: row.createdAt.getTime() }));
}
