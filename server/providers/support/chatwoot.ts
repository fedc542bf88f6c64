import { createHmac, timingSafeEqual } from 'node:crypto';
import { type DeskAttachment, type DeskEvent, DeskUnavailable, type SupportDesk } from './types';

/**
 * The SupportDesk over a Chatwoot-style application API: our calls go to
 * `/api/v1/accounts/{account}/conversations…` with the `api_access_token` header; its webhooks come back
 * signed as Chatwoot signs them (`X-Chatwoot-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{body}">`,
 * `X-Chatwoot-Timestamp`, `X-Chatwoot-Delivery`, the same id for every retry of one delivery). The
 * transport is HTTPS to a real desk, or the simulator in process (server/providers/support/index.ts).
 */

export interface DeskTransport {
  (request: { method: 'POST'; path: string; headers: Record<string, string>; body: string }): Promise<{ status: number; body: string }>;
}

export interface ChatwootSettings {
  accountId: string;
  inboxId: string;
  apiToken: string;
  webhookSecret: string;
}

/** A webhook older than this (or this far in the future) is refused: a captured one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

export const SIGNATURE_HEADER = 'x-chatwoot-signature';
export const TIMESTAMP_HEADER = 'x-chatwoot-timestamp';
export const DELIVERY_HEADER = 'x-chatwoot-delivery';

/** The signature of a webhook body sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The headers a desk sends one delivery with. */
export function webhookHeaders(secret: string, deliveryId: string, body: string, now: number): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'content-type': 'application/json',
    [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
    [TIMESTAMP_HEADER]: String(timestamp),
    [DELIVERY_HEADER]: deliveryId,
  };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const idText = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value)
    ? String(value)
    : /^[\w-]{1,64}$/.test(text(value) ?? '')
      ? (value as string)
      : undefined;
const timeMs = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return value > 1e12 ? value : value * 1000;
  const parsed = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
};

/** Our conversation's id, which we gave the desk as the conversation's custom attribute. */
export const SOURCE_ATTRIBUTE = 'panalo_conversation';

/** A webhook's payload as our side reads it; undefined when it is not one we understand. */
export function readWebhook(eventId: string, payload: unknown): DeskEvent | undefined {
  const body = record(payload);
  const event = text(body['event']);
  if (!event) return undefined;
  if (event === 'message_created') {
    const conversation = record(body['conversation']);
    const sourceId = text(record(conversation['custom_attributes'])[SOURCE_ATTRIBUTE]);
    const deskConversationId = idText(conversation['id']);
    const deskMessageId = idText(body['id']);
    const createdAtMs = timeMs(body['created_at']);
    if (!sourceId || !deskConversationId || !deskMessageId || createdAtMs === undefined) return undefined;
    // Only what an agent says to the player: the desk's echo of the player's own messages, private notes
    // and activity lines stay on the desk.
    if (body['message_type'] !== 'outgoing' || body['private'] === true) return { kind: 'ignored', eventId, event };
    return {
      kind: 'message',
      eventId,
      sourceId,
      deskConversationId,
      deskMessageId,
      content: text(body['content']) ?? '',
      agentName: text(record(body['sender'])['name']) ?? '',
      createdAtMs,
    };
  }
  if (event === 'conversation_updated' || event === 'conversation_status_changed') {
    const sourceId = text(record(body['custom_attributes'])[SOURCE_ATTRIBUTE]);
    const deskConversationId = idText(body['id']);
    const status = text(body['status']);
    const updatedAtMs = timeMs(body['updated_at']);
    if (!sourceId || !deskConversationId || updatedAtMs === undefined) return undefined;
    if (status !== 'open' && status !== 'pending' && status !== 'resolved') return undefined;
    const assignee = record(record(body['meta'])['assignee']);
    return {
      kind: 'conversation',
      eventId,
      sourceId,
      deskConversationId,
      status,
      assignee: text(assignee['name']) ?? null,
      agentLastSeenAtMs: timeMs(body['agent_last_seen_at']) ?? null,
      updatedAtMs,
    };
  }
  if (event === 'conversation_typing_on' || event === 'conversation_typing_off') {
    const conversation = record(body['conversation']);
    const sourceId = text(record(conversation['custom_attributes'])[SOURCE_ATTRIBUTE]);
    const deskConversationId = idText(conversation['id']);
    if (!sourceId || !deskConversationId) return undefined;
    if (body['is_private'] === true) return { kind: 'ignored', eventId, event };
    return {
      kind: 'typing',
      eventId,
      sourceId,
      deskConversationId,
      typing: event === 'conversation_typing_on',
      agentName: text(record(body['user'])['name']) ?? '',
    };
  }
  return { kind: 'ignored', eventId, event };
}

export function chatwootDesk(settings: ChatwootSettings, transport: DeskTransport): SupportDesk {
  const base = `/api/v1/accounts/${encodeURIComponent(settings.accountId)}`;

  async function post<T>(path: string, body: unknown): Promise<T> {
    let answer: { status: number; body: string };
    try {
      answer = await transport({
        method: 'POST',
        path: `${base}${path}`,
        headers: { 'content-type': 'application/json', api_access_token: settings.apiToken },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new DeskUnavailable(`help desk unreachable: ${(error as Error).message}`);
    }
    if (answer.status < 200 || answer.status >= 300) throw new DeskUnavailable(`help desk answered ${answer.status} to ${path}`);
    try {
      return JSON.parse(answer.body) as T;
    } catch {
      throw new DeskUnavailable(`help desk answered ${path} with something that is not JSON`);
    }
  }

  const attachmentsOf = (attachments: DeskAttachment[]) =>
    attachments.map((file) => ({
      file_type: 'image',
      file_name: file.fileName,
      content_type: file.contentType,
      data_base64: file.data.toString('base64'),
    }));

  return {
    name: 'chatwoot',
    async createConversation({ sourceId, contact, attributes, language }) {
      const created = await post<{ id: unknown }>('/conversations', {
        source_id: sourceId,
        inbox_id: settings.inboxId,
        status: 'open',
        contact: { name: contact.name, phone_number: contact.phone, identifier_kind: contact.kind },
        additional_attributes: { language },
        custom_attributes: { ...attributes, [SOURCE_ATTRIBUTE]: sourceId },
      });
      const id = idText(created.id);
      if (!id) throw new DeskUnavailable('help desk answered a conversation without an id');
      return { deskConversationId: id };
    },
    async postMessage(deskConversationId, message) {
      const created = await post<{ id: unknown }>(`/conversations/${encodeURIComponent(deskConversationId)}/messages`, {
        content: message.content,
        message_type: 'incoming',
        private: false,
        source_id: message.sourceId,
        attachments: attachmentsOf(message.attachments),
      });
      const id = idText(created.id);
      if (!id) throw new DeskUnavailable('help desk answered a message without an id');
      return { deskMessageId: id };
    },
    async setAttributes(deskConversationId, attributes) {
      await post(`/conversations/${encodeURIComponent(deskConversationId)}/custom_attributes`, { custom_attributes: attributes });
    },
    async setTyping(deskConversationId, typing) {
      await post(`/conversations/${encodeURIComponent(deskConversationId)}/toggle_typing_status`, { typing_status: typing ? 'on' : 'off' });
    },
    async markSeen(deskConversationId, at) {
      await post(`/conversations/${encodeURIComponent(deskConversationId)}/update_last_seen`, { contact_last_seen_at: at.toISOString() });
    },
    verifyWebhook(raw, headers, now) {
      const signature = headers[SIGNATURE_HEADER] ?? '';
      const timestamp = Number(headers[TIMESTAMP_HEADER] ?? '');
      const deliveryId = headers[DELIVERY_HEADER] ?? '';
      if (!/^[\w-]{8,80}$/.test(deliveryId) || !Number.isSafeInteger(timestamp)) return null;
      if (Math.abs(now - timestamp * 1000) > WEBHOOK_TOLERANCE_MS) return null;
      if (!sameText(signature, signWebhook(settings.webhookSecret, timestamp, raw))) return null;
      let payload: unknown;
      try {
        payload = JSON.parse(raw);
      } catch {
        return null;
      }
      return readWebhook(deliveryId, payload) ?? null;
    },
  };
}

/** No desk configured (production without SUPPORT_DESK_*): messages wait in our database. */
export const noDesk: SupportDesk = {
  name: 'none',
  createConversation: () => Promise.reject(new DeskUnavailable('no help desk configured')),
  postMessage: () => Promise.reject(new DeskUnavailable('no help desk configured')),
  setAttributes: () => Promise.reject(new DeskUnavailable('no help desk configured')),
  setTyping: () => Promise.reject(new DeskUnavailable('no help desk configured')),
  markSeen: () => Promise.reject(new DeskUnavailable('no help desk configured')),
  verifyWebhook: () => null,
};
