import * as z from 'zod/mini';
import { MANILA_OFFSET_MS } from './constants';
import { SUPPORT_TOPICS } from './supportConstants';

/**
 * The customer-support chat (issue 37, spec §1 "customer support chat", §2 /live-support, §8 "Customer
 * Service"): the calls a player or a visitor makes, what they answer, and what the server pushes on the
 * caller's own queue `/user/queue/support`. Shared by the page, the realtime worker (which sends the
 * messages queued on the device) and the server.
 */

export const SupportCall = {
  /** The caller's current conversation (the open one, else the last), its last messages and the desk's hours. */
  current: 'support/current',
  /** One message (text and/or a picture) into the caller's open conversation, opened with it when there is none. */
  send: 'support/send',
  /** Older messages of one of the caller's conversations. */
  history: 'support/history',
  /** The caller's conversations, newest first (listed under /messages). */
  conversations: 'support/conversations',
  /** The caller read the desk's messages up to one. */
  markRead: 'support/markRead',
  /** The caller is typing (or stopped). */
  typing: 'support/typing',
  /** The satisfaction rating of a closed conversation. */
  rate: 'support/rate',
} as const;

export { SUPPORT_TOPICS, type SupportTopic } from './supportConstants';

/** A client message id: made on the device once per message, so a message sent again is stored once. */
export const CLIENT_MESSAGE_ID = /^[A-Za-z0-9_-]{8,64}$/;
export const SUPPORT_TEXT_MAX = 2_000;
export const SUPPORT_COMMENT_MAX = 500;
/** Messages a conversation takes per minute from its player (every instance counts the same rows). */
export const SUPPORT_MESSAGES_PER_MINUTE = 30;
/** Messages per page of a conversation. */
export const SUPPORT_PAGE = 50;

const routeName = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,60}$/));
const reference = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
const conversationId = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/));
/** A picture as the page sends it: a data: URL of its bytes (the page fits it to 750 px first, spec §5). */
const picture = z.string().check(z.regex(/^data:[\w.+/-]*(?:;[\w=.+-]+)*;base64,[A-Za-z0-9+/=]+$/), z.maxLength(2_100_000));

/**
 * Where the chat was opened from: the page (a route name) and what a dialog was about, flat so every
 * field names one thing: `orderNo` (a withdrawal or a deposit), `transId` (a bet ticket); a KYC case is
 * the caller's own and needs no reference. The server checks each is the caller's before it is kept.
 */
export const supportContextFields = {
  page: z.optional(routeName),
  about: z.optional(z.enum(SUPPORT_TOPICS)),
  orderNo: z.optional(reference),
  transId: z.optional(reference),
};
export const supportContextSchema = z.object(supportContextFields);
export type SupportContext = z.infer<typeof supportContextSchema>;

export const SupportBody = {
  current: z.object(supportContextFields),
  send: z
    .object({
      clientMessageId: z.string().check(z.regex(CLIENT_MESSAGE_ID)),
      text: z._default(z.string().check(z.maxLength(SUPPORT_TEXT_MAX)), ''),
      image: z.optional(picture),
      ...supportContextFields,
    })
    .check(z.refine((body) => body.text.trim() !== '' || body.image !== undefined, { message: 'required', path: ['text'] })),
  history: z.object({ conversationId, beforeId: z.optional(z.int().check(z.positive())) }),
  conversations: z.object({ pageNo: z._default(z.int().check(z.minimum(1), z.maximum(1_000)), 1) }),
  markRead: z.object({ conversationId, upTo: z.int().check(z.positive()) }),
  typing: z.object({ typing: z.boolean() }),
  rate: z.object({
    conversationId,
    score: z.int().check(z.minimum(1), z.maximum(5)),
    comment: z._default(z.string().check(z.maxLength(SUPPORT_COMMENT_MAX)), ''),
  }),
};
export type SupportSendBody = z.input<typeof SupportBody.send>;

/** open: waiting for an agent; assigned: an agent took it; closed: the agent closed it (a new message opens another). */
export const SUPPORT_STATUSES = ['open', 'assigned', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/**
 * How far a player's message got: sent (stored by us), delivered (the help desk has it), read (an agent
 * saw it). The desk's and the system's messages carry no receipt.
 */
export const SUPPORT_RECEIPTS = ['sent', 'delivered', 'read'] as const;
export type SupportReceipt = (typeof SUPPORT_RECEIPTS)[number];

const isoTime = z.iso.datetime();

export const supportArticle = z.strictObject({ slug: z.string(), title: z.string() });

export const supportMessageAnswer = z.strictObject({
  id: z.int(),
  conversationId: z.string(),
  author: z.enum(['player', 'agent', 'system']),
  text: z.string(),
  /** The player's own id for it (their messages only). */
  clientMessageId: z.optional(z.string()),
  /** A picture, at /media/support/<key> for the conversation's owner only. */
  image: z.optional(z.strictObject({ key: z.string(), width: z.int(), height: z.int() })),
  /** FAQ articles that may answer it (the out-of-hours answer). */
  articles: z.optional(z.array(supportArticle)),
  agentName: z.optional(z.string()),
  /** The player's messages only. */
  receipt: z.optional(z.enum(SUPPORT_RECEIPTS)),
  createdAt: isoTime,
});
export type SupportMessage = z.infer<typeof supportMessageAnswer>;

export const supportConversationAnswer = z.strictObject({
  id: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  agentName: z.optional(z.string()),
  /** What it was opened about, as the player sees it. */
  topic: z.optional(z.enum(SUPPORT_TOPICS)),
  rating: z.optional(z.strictObject({ score: z.int(), comment: z.string() })),
  /** The desk's messages the player has not read. */
  unread: z.int(),
  lastMessage: z.optional(z.strictObject({ author: z.enum(['player', 'agent', 'system']), text: z.string(), createdAt: isoTime })),
  createdAt: isoTime,
  closedAt: z.optional(isoTime),
});
export type SupportConversation = z.infer<typeof supportConversationAnswer>;

/**
 * The desk's business hours (site setting `support.hours`, Manila time): `from` and `to` as HH:MM
 * (`to` 24:00 is the end of the day; `to` before `from` runs past midnight), on ISO weekdays `days`
 * (1 Monday … 7 Sunday) counted by the day the hours start. The default is every day, all day.
 */
export interface SupportHoursSetting {
  from: string;
  to: string;
  days: number[];
}

export const HOURS_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const DEFAULT_SUPPORT_HOURS: SupportHoursSetting = { from: '00:00', to: '24:00', days: [1, 2, 3, 4, 5, 6, 7] };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the desk is open at `at` (epoch ms). */
export function supportOpenAt(hours: SupportHoursSetting, at: number): boolean {
  const manila = new Date(at + MANILA_OFFSET_MS);
  const minute = manila.getUTCHours() * 60 + manila.getUTCMinutes();
  const weekday = manila.getUTCDay() === 0 ? 7 : manila.getUTCDay();
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  if (from === to) return false;
  if (from < to) return hours.days.includes(weekday) && minute >= from && minute < to;
  // Past midnight: today's evening, or the small hours of yesterday's opening.
  const yesterday = weekday === 1 ? 7 : weekday - 1;
  return (hours.days.includes(weekday) && minute >= from) || (hours.days.includes(yesterday) && minute < to);
}

/** The desk's business hours now (site setting `support.hours`, Manila time). */
export const supportHoursAnswer = z.strictObject({ open: z.boolean(), from: z.string(), to: z.string(), days: z.array(z.int()) });
export type SupportHours = z.infer<typeof supportHoursAnswer>;

export const SupportAnswer = {
  current: z.strictObject({
    conversation: z.nullable(supportConversationAnswer),
    messages: z.array(supportMessageAnswer),
    more: z.boolean(),
    hours: supportHoursAnswer,
  }),
  send: z.strictObject({ conversation: supportConversationAnswer, message: supportMessageAnswer }),
  history: z.strictObject({ conversation: supportConversationAnswer, messages: z.array(supportMessageAnswer), more: z.boolean() }),
  conversations: z.strictObject({ total: z.int(), pageNo: z.int(), list: z.array(supportConversationAnswer) }),
  markRead: z.strictObject({ unread: z.int() }),
  typing: z.null(),
  rate: supportConversationAnswer,
};

/** What the server pushes on `/user/queue/support` (to every socket of the conversation's owner). */
export type SupportPush =
  | { kind: 'message'; conversationId: string; message: SupportMessage }
  /** The player's messages up to `upTo` reached this receipt. */
  | { kind: 'receipt'; conversationId: string; receipt: Exclude<SupportReceipt, 'sent'>; upTo: number }
  /** The player read the desk's messages up to `upTo` (another tab or device). */
  | { kind: 'read'; conversationId: string; upTo: number }
  | { kind: 'typing'; conversationId: string; typing: boolean; agentName?: string }
  | { kind: 'conversation'; conversation: SupportConversation };

/** A message waiting on the device (the realtime worker's outbox) until the server has it. */
export interface SupportOutgoing {
  clientMessageId: string;
  text: string;
  /** The picture as a data: URL, already fitted to 750 px. */
  image?: string;
  context: SupportContext;
  /** When it was written (epoch ms). */
  at: number;
}

/** A queued message as the tabs see it: waiting for the network, on its way, or refused by the server. */
export interface SupportOutboxItem extends SupportOutgoing {
  state: 'queued' | 'sending' | 'failed';
  /** The server's words when it refused it (state 'failed'). */
  error?: string;
}

/** The queue's news for the tabs: what still waits, and what the server has just stored (from the worker's send). */
export interface SupportOutboxUpdate {
  items: SupportOutboxItem[];
  sent?: { clientMessageId: string; message: SupportMessage; conversation: SupportConversation };
}
