import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db';
import { supportDeskConversations, supportDeskMessages, supportDeskWebhooks } from '../../db/schema';
import { SOURCE_ATTRIBUTE, webhookHeaders } from './chatwoot';

/**
 * The help-desk simulator (development and tests only): a Chatwoot-style desk with its conversations,
 * messages and agents, kept in the database (so two instances serve one desk) and driven by its agent
 * console (/sim/support). What its agents do goes back to us as Chatwoot's webhooks, signed, from an
 * outbox: each delivery is tried at once and again with backoff until we answer 2xx, under the same
 * delivery id (X-Chatwoot-Delivery), so our side sees duplicates and, across deliveries, any order.
 */

type ConversationRow = typeof supportDeskConversations.$inferSelect;
type MessageRow = typeof supportDeskMessages.$inferSelect;

export interface DeskSimulatorOptions {
  db: Database;
  webhookSecret: string;
  /** Delivers one webhook to our side; answers the HTTP status (0: it did not arrive). */
  deliver(headers: Record<string, string>, body: string): Promise<number>;
  clock: () => number;
  log: FastifyBaseLogger;
}

/** Retries of a webhook our side did not take: 1 s, 2 s, 5 s, 10 s, then every 30 s, 20 tries in all. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const MAX_ATTEMPTS = 20;
/** A contact's typing lasts this long unless they say they stopped (a tab that closed never says so). */
const TYPING_MS = 6_000;

export class DeskRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface QueueEntry {
  id: number;
  status: string;
  assignee: string | null;
  contact: Record<string, string>;
  attributes: Record<string, string>;
  lastMessage: string;
  waiting: number;
  updatedAt: Date;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export class DeskSimulator {
  constructor(private readonly options: DeskSimulatorOptions) {}

  private get db() {
    return this.options.db;
  }

  private now(): Date {
    return new Date(this.options.clock());
  }

  // ---- the desk's API (what our side calls, server/providers/support/chatwoot.ts) ------------------

  async createConversation(body: Record<string, unknown>): Promise<ConversationRow> {
    const sourceId = typeof body['source_id'] === 'string' ? body['source_id'] : '';
    if (!/^[\w-]{8,64}$/.test(sourceId)) throw new DeskRefusal(422, 'source_id is required');
    const contact = stringsOf(body['contact']);
    const attributes = { ...stringsOf(body['custom_attributes']), [SOURCE_ATTRIBUTE]: sourceId };
    const [made] = await this.db
      .insert(supportDeskConversations)
      .values({ sourceId, contact, customAttributes: attributes, createdAt: this.now(), updatedAt: this.now() })
      .onConflictDoNothing()
      .returning();
    if (made) return made;
    return (await this.db.select().from(supportDeskConversations).where(eq(supportDeskConversations.sourceId, sourceId)))[0]!;
  }

  async postMessage(conversationId: number, body: Record<string, unknown>): Promise<MessageRow> {
    const conversation = await this.conversation(conversationId);
    const sourceId = typeof body['source_id'] === 'string' ? body['source_id'] : null;
    const content = typeof body['content'] === 'string' ? body['content'].slice(0, 10_000) : '';
    const file = Array.isArray(body['attachments']) ? stringsOf(body['attachments'][0]) : {};
    const attachment = file['data_base64'] ? Buffer.from(file['data_base64'], 'base64') : null;
    const [made] = await this.db
      .insert(supportDeskMessages)
      .values({
        conversationId: conversation.id,
        messageType: 'incoming',
        content,
        senderName: conversation.contact['name'] ?? 'Contact',
        sourceId,
        attachmentType: attachment ? (file['content_type'] ?? 'image/jpeg') : null,
        attachment,
        createdAt: this.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!made) {
      const [existing] = await this.db
        .select()
        .from(supportDeskMessages)
        .where(and(eq(supportDeskMessages.conversationId, conversation.id), eq(supportDeskMessages.sourceId, sourceId ?? '')));
      return existing!;
    }
    // A contact writing into a resolved conversation opens it again, as a desk does.
    const reopened = conversation.status === 'resolved';
    await this.touch(conversation.id, { contactTypingUntil: null, ...(reopened ? { status: 'open' } : {}) });
    if (reopened) await this.tellConversation(conversation.id, 'conversation_status_changed');
    return made;
  }

  async setAttributes(conversationId: number, attributes: Record<string, unknown>): Promise<void> {
    const conversation = await this.conversation(conversationId);
    await this.touch(conversation.id, {
      customAttributes: { ...conversation.customAttributes, ...stringsOf(attributes), [SOURCE_ATTRIBUTE]: conversation.sourceId },
    });
  }

  async contactTyping(conversationId: number, typing: boolean): Promise<void> {
    const conversation = await this.conversation(conversationId);
    await this.db
      .update(supportDeskConversations)
      .set({ contactTypingUntil: typing ? new Date(this.options.clock() + TYPING_MS) : null })
      .where(eq(supportDeskConversations.id, conversation.id));
  }

  async contactSeen(conversationId: number, at: Date): Promise<void> {
    const conversation = await this.conversation(conversationId);
    if (conversation.contactLastSeenAt && conversation.contactLastSeenAt >= at) return;
    await this.db.update(supportDeskConversations).set({ contactLastSeenAt: at }).where(eq(supportDeskConversations.id, conversation.id));
  }

  // ---- the agent console (/sim/support) ------------------------------------------------------------

  /** Open and pending conversations first (unassigned on top), then the resolved ones, newest first. */
  async queue(limit = 50): Promise<QueueEntry[]> {
    const rows = await this.db
      .select()
      .from(supportDeskConversations)
      .orderBy(
        sql`${supportDeskConversations.status} = 'resolved'`,
        sql`${supportDeskConversations.assignee} IS NOT NULL`,
        desc(supportDeskConversations.updatedAt),
      )
      .limit(limit);
    const entries: QueueEntry[] = [];
    for (const row of rows) {
      const messages = await this.messages(row.id);
      const last = messages.at(-1);
      const seen = row.agentLastSeenAt?.getTime() ?? 0;
      entries.push({
        id: row.id,
        status: row.status,
        assignee: row.assignee,
        contact: row.contact,
        attributes: row.customAttributes,
        lastMessage: last ? last.content || (last.attachment ? '[picture]' : '') : '',
        waiting: messages.filter((m) => m.messageType === 'incoming' && m.createdAt.getTime() > seen).length,
        updatedAt: row.updatedAt,
      });
    }
    return entries;
  }

  async conversation(id: number): Promise<ConversationRow> {
    const [row] = await this.db.select().from(supportDeskConversations).where(eq(supportDeskConversations.id, id));
    if (!row) throw new DeskRefusal(404, 'Resource could not be found');
    return row;
  }

  messages(conversationId: number): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(supportDeskMessages)
      .where(eq(supportDeskMessages.conversationId, conversationId))
      .orderBy(asc(supportDeskMessages.createdAt), asc(supportDeskMessages.id));
  }

  async attachment(messageId: number): Promise<{ type: string; data: Buffer } | undefined> {
    const [row] = await this.db.select().from(supportDeskMessages).where(eq(supportDeskMessages.id, messageId));
    return row?.attachment ? { type: row.attachmentType ?? 'image/jpeg', data: row.attachment } : undefined;
  }

  /** An agent looks at the conversation: what the contact wrote until now counts as seen (a read receipt). */
  async view(id: number): Promise<void> {
    const conversation = await this.conversation(id);
    const messages = await this.messages(id);
    const lastIncoming = messages.filter((m) => m.messageType === 'incoming').at(-1);
    if (!lastIncoming || (conversation.agentLastSeenAt && conversation.agentLastSeenAt >= lastIncoming.createdAt)) return;
    await this.touch(id, { agentLastSeenAt: this.now() });
    await this.tellConversation(id, 'conversation_updated');
  }

  async assign(id: number, agent: string): Promise<void> {
    const conversation = await this.conversation(id);
    if (conversation.assignee === agent && conversation.status === 'open') return;
    await this.touch(id, { assignee: agent, status: 'open' });
    await this.tellConversation(id, 'conversation_updated');
  }

  async reply(id: number, agent: string, content: string): Promise<void> {
    const text = content.trim().slice(0, 5_000);
    if (!text) throw new DeskRefusal(422, 'A reply needs some text');
    const conversation = await this.conversation(id);
    if (conversation.assignee !== agent) await this.assign(id, agent);
    const [message] = await this.db
      .insert(supportDeskMessages)
      .values({ conversationId: id, messageType: 'outgoing', content: text, senderName: agent, createdAt: this.now() })
      .returning();
    const current = await this.touch(id, { agentLastSeenAt: this.now() });
    await this.enqueue('message_created', {
      event: 'message_created',
      id: message!.id,
      content: message!.content,
      message_type: 'outgoing',
      private: false,
      created_at: message!.createdAt.toISOString(),
      sender: { name: agent, type: 'user' },
      conversation: { id, status: current.status, custom_attributes: current.customAttributes },
    });
    await this.agentTyping(id, agent, false);
  }

  async agentTyping(id: number, agent: string, typing: boolean): Promise<void> {
    const conversation = await this.conversation(id);
    await this.enqueue(typing ? 'conversation_typing_on' : 'conversation_typing_off', {
      event: typing ? 'conversation_typing_on' : 'conversation_typing_off',
      conversation: { id, status: conversation.status, custom_attributes: conversation.customAttributes },
      user: { name: agent, type: 'user' },
      is_private: false,
    });
  }

  async resolve(id: number): Promise<void> {
    const conversation = await this.conversation(id);
    if (conversation.status === 'resolved') return;
    await this.touch(id, { status: 'resolved' });
    await this.tellConversation(id, 'conversation_status_changed');
  }

  // ---- webhooks ---------------------------------------------------------------------------------------

  private async tellConversation(id: number, event: 'conversation_updated' | 'conversation_status_changed'): Promise<void> {
    const row = await this.conversation(id);
    await this.enqueue(event, {
      event,
      id: row.id,
      status: row.status,
      updated_at: row.updatedAt.toISOString(),
      agent_last_seen_at: iso(row.agentLastSeenAt),
      contact_last_seen_at: iso(row.contactLastSeenAt),
      custom_attributes: row.customAttributes,
      meta: { assignee: row.assignee ? { name: row.assignee, type: 'user' } : null },
    });
  }

  /** Keeps the webhook, then tries it at once (the job tries again what did not arrive). */
  private async enqueue(event: string, payload: Record<string, unknown>): Promise<void> {
    const [row] = await this.db
      .insert(supportDeskWebhooks)
      .values({ deliveryId: randomUUID(), event, body: JSON.stringify(payload), dueAt: this.now() })
      .returning();
    await this.attempt(row!);
  }

  private async attempt(row: typeof supportDeskWebhooks.$inferSelect): Promise<void> {
    const now = this.options.clock();
    let status = 0;
    try {
      status = await this.options.deliver(webhookHeaders(this.options.webhookSecret, row.deliveryId, row.body, now), row.body);
    } catch (error) {
      this.options.log.warn({ err: error, deliveryId: row.deliveryId }, 'support desk simulator: webhook not delivered');
    }
    const attempts = row.attempts + 1;
    const done = status >= 200 && status < 300;
    const giveUp = !done && attempts >= MAX_ATTEMPTS;
    const wait = RETRY_MS[Math.min(attempts - 1, RETRY_MS.length - 1)]!;
    await this.db
      .update(supportDeskWebhooks)
      .set({ attempts, lastStatus: status, dueAt: done || giveUp ? null : new Date(now + wait) })
      .where(eq(supportDeskWebhooks.id, row.id));
  }

  /** The simulator's job: webhooks our side has not taken yet, tried again. Answers how many were tried. */
  async deliverDue(now: number, limit = 50): Promise<number> {
    const due = await this.db
      .select()
      .from(supportDeskWebhooks)
      .where(and(isNotNull(supportDeskWebhooks.dueAt), lte(supportDeskWebhooks.dueAt, new Date(now))))
      .orderBy(asc(supportDeskWebhooks.id))
      .limit(limit);
    for (const row of due) await this.attempt(row);
    return due.length;
  }

  private async touch(id: number, change: Partial<typeof supportDeskConversations.$inferInsert>): Promise<ConversationRow> {
    // Strictly later than the last change: our side orders the desk's events by this time.
    const [row] = await this.db
      .update(supportDeskConversations)
      .set({
        ...change,
        updatedAt: sql`greatest(${this.now().toISOString()}::timestamptz, ${supportDeskConversations.updatedAt} + interval '1 millisecond')`,
      })
      .where(eq(supportDeskConversations.id, id))
      .returning();
    return row!;
  }
}

function stringsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, text]) => [key.slice(0, 64), text.slice(0, 2_000_000)]),
  );
}
