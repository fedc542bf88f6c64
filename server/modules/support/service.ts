import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_MAX_SIDE, IMAGE_QUALITY } from '../../../src/contract/constants';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { matchFaq } from '../../../src/contract/faq/match';
import {
  SUPPORT_MESSAGES_PER_MINUTE,
  SUPPORT_PAGE,
  type SupportContext,
  type SupportConversation,
  type SupportHours,
  type SupportHoursSetting,
  type SupportMessage,
  type SupportPush,
  type SupportTopic,
  supportOpenAt,
} from '../../../src/contract/support';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import { fitImage, refusePicture } from '../../lib/images';
import { isMediaKey, newMediaKey } from '../../lib/security';
import { controlCharacterAt, storableText } from '../../lib/text';
import type { PlayerEvents } from '../../realtime/bus';
import type { DeskContact, DeskEvent, SupportDesk } from '../../providers/support/types';
import * as repo from './repository';
import type { ConversationRow, MessageRow, Owner } from './repository';

/**
 * The rules of the support chat (issue 37). A player, or a visitor's session, has one open conversation
 * at a time; a message opens one when there is none, with what the chat was opened about (checked to be
 * the caller's). A message is stored once per client message id, however often the device sends it.
 * The desk (server/providers/support) hears of conversations and messages after they are stored, from
 * here at once and from the shared job until it answers; it tells us what its agents do through signed
 * webhooks, kept in the webhook inbox and applied once, in the desk's own order of time. Everything the
 * player must hear goes out on the player-event bus to `/user/queue/support`, on every instance.
 */

/** What the desk's agent may know of what a dialog was about (words for the agent, never raw ids). */
export type ContextFacts = Record<string, string>;

/**
 * Where the facts of a context come from: each answers only the caller's own thing (undefined for
 * anyone else's or none), through the owning module's service (server/modules/support/index.ts).
 */
export interface SupportContextSources {
  withdrawal(customerId: number, orderNo: string): Promise<ContextFacts | undefined>;
  deposit(customerId: number, orderNo: string): Promise<ContextFacts | undefined>;
  bet(customerId: number, transId: string): Promise<ContextFacts | undefined>;
  kyc(customerId: number): Promise<ContextFacts | undefined>;
}

export interface SupportCaller {
  customerId: number | null;
  sessionId: number;
  language: string;
}

export interface SupportServiceOptions {
  db: Database;
  desk: SupportDesk;
  events: Pick<PlayerEvents, 'publish'>;
  hours: () => SupportHoursSetting;
  contexts: SupportContextSources;
  clock: () => number;
  log: FastifyBaseLogger;
}

/** The inbox table's provider name for the desk's webhooks (shared with the payments' and the KYC vendor's). */
const INBOX_PROVIDER = 'support';
const REFUSED_PAYLOAD_MAX = 8_192;
/** After an out-of-hours answer, the next comes no sooner than this (not one per message). */
const OUT_OF_HOURS_EVERY_MS = 60 * 60_000;
const CONVERSATIONS_PAGE = 20;

const ownerOf = (caller: SupportCaller): Owner =>
  caller.customerId !== null ? { customerId: caller.customerId } : { sessionId: caller.sessionId };
const languageOf = (language: string) => (language === 'cn' ? 'cn' : 'en');

const notFound = () => new CallError(GatewayCode.SupportNotFound, 'We could not find this conversation.', 404);
const NOT_FOUND_OF: Record<SupportTopic, string> = {
  withdrawal: 'We could not find this withdrawal. Please check your records.',
  deposit: 'We could not find this deposit. Please check your records.',
  bet: 'No such bet.',
  kyc: 'Please log in to ask about your verification.',
};

/** The middle of a reference hidden from the agent: enough to find it, not to use it elsewhere. */
export function maskReference(reference: string): string {
  return reference.length <= 8 ? `${reference.slice(0, 2)}…` : `${reference.slice(0, 4)}…${reference.slice(-4)}`;
}
export function maskPhone(phone: string | null): string {
  if (!phone) return '';
  return `${phone.slice(0, 4)} ••• ••• ${phone.slice(-4)}`;
}
const maskName = (name: string) => (name ? `${[...name][0]}***` : 'Player');

/** The out-of-hours answer, in the conversation's language. */
function outOfHoursText(language: string, hours: SupportHoursSetting, articles: number): string {
  if (language === 'cn') {
    const tail = articles ? '以下文章或许能帮到您：' : '';
    return `感谢您的留言。客服人员目前不在线，服务时间为马尼拉时间 ${hours.from} 至 ${hours.to}。您的留言已保存，客服上线后会尽快回复。${tail}`;
  }
  const tail = articles ? ' In the meantime, these articles may help:' : '';
  return `Thanks for your message. Our agents are away right now: we answer from ${hours.from} to ${hours.to}, Manila time. Your message is saved and an agent will reply when we are back.${tail}`;
}

export class SupportService {
  private readonly db: Database;
  /** One forward at a time per conversation on this instance (the desk keeps each message once anyway). */
  private readonly forwarding = new Map<number, Promise<void>>();

  constructor(private readonly options: SupportServiceOptions) {
    this.db = options.db;
  }

  private now(): Date {
    return new Date(this.options.clock());
  }

  hoursNow(): SupportHours {
    const hours = this.options.hours();
    return { open: supportOpenAt(hours, this.options.clock()), from: hours.from, to: hours.to, days: hours.days };
  }

  // ---- the player's calls -------------------------------------------------------------------------

  async current(caller: SupportCaller, fields: SupportContext) {
    const owner = ownerOf(caller);
    let conversation = await repo.currentConversation(this.db, owner);
    // Opened from a dialog while a conversation is open: the agent hears what it is about now.
    if (conversation && conversation.status !== 'closed') {
      const context = await this.contextOf(caller, fields);
      if (context && this.newTopic(conversation, context.context)) {
        conversation = await repo.updateConversation(this.db, conversation.id, { ...context, attributesDue: true, updatedAt: this.now() });
        void this.forward(conversation.id);
      }
    }
    if (!conversation) return { conversation: null, messages: [], more: false, hours: this.hoursNow() };
    const page = await repo.messagePage(this.db, conversation.id, undefined, SUPPORT_PAGE);
    return {
      conversation: await this.conversationView(conversation),
      messages: await this.messageViews(conversation, page.rows),
      more: page.more,
      hours: this.hoursNow(),
    };
  }

  async send(
    caller: SupportCaller,
    body: SupportContext & { clientMessageId: string; text: string; image?: string | undefined },
  ): Promise<{ conversation: SupportConversation; message: SupportMessage }> {
    const owner = ownerOf(caller);
    const before = await repo.messageByClientId(this.db, owner, body.clientMessageId);
    if (before) return this.sent(before.conversation, before.message);
    const context = await this.contextOf(caller, body);
    const opening = context ?? {
      context: {},
      contextSummary: await this.withPlayer(caller.customerId, { language: languageOf(caller.language) }),
    };
    const picture = body.image ? await this.picture(caller, body.image) : undefined;
    const text = body.text.trim();
    const now = this.now();

    const outcome = await this.db.transaction(async (tx) => {
      await repo.lockOwner(tx, owner);
      const again = await repo.messageByClientId(tx, owner, body.clientMessageId);
      if (again) return { again };
      let conversation = await repo.openConversation(tx, owner);
      const opened = !conversation;
      if (!conversation) {
        conversation = await repo.insertConversation(tx, {
          publicId: randomBytes(16).toString('base64url'),
          customerId: caller.customerId,
          visitorSessionId: caller.customerId === null ? caller.sessionId : null,
          language: languageOf(caller.language),
          ...opening,
          createdAt: now,
          updatedAt: now,
        });
      } else if (context && this.newTopic(conversation, context.context)) {
        conversation = await repo.updateConversation(tx, conversation.id, { ...context, attributesDue: true });
      }
      if ((await repo.playerMessagesSince(tx, conversation.id, new Date(now.getTime() - 60_000))) >= SUPPORT_MESSAGES_PER_MINUTE) {
        throw new CallError(GatewayCode.TooManyRequests, 'You are sending messages very fast. Please wait a moment.', 429);
      }
      let imageKey: string | null = null;
      if (picture) {
        imageKey = newMediaKey();
        await repo.insertAttachment(tx, { key: imageKey, conversationId: conversation.id, ...picture, createdAt: now });
      }
      const message = (await repo.insertMessage(tx, {
        conversationId: conversation.id,
        author: 'player',
        clientMessageId: body.clientMessageId,
        body: text,
        imageKey,
        createdAt: now,
      }))!;
      const answer = await this.outOfHours(tx, conversation, text, now);
      conversation = await repo.updateConversation(tx, conversation.id, {
        updatedAt: now,
        ...(answer ? { outOfHoursAt: now } : {}),
      });
      return { conversation, message, answer, opened };
    });
    if ('again' in outcome) return this.sent(outcome.again!.conversation, outcome.again!.message);

    const { conversation, message, answer, opened } = outcome;
    const sent = await this.sent(conversation, message);
    if (opened) this.publish(conversation, { kind: 'conversation', conversation: sent.conversation });
    this.publish(conversation, { kind: 'message', conversationId: conversation.publicId, message: sent.message });
    if (answer) {
      this.publish(conversation, {
        kind: 'message',
        conversationId: conversation.publicId,
        message: await this.messageView(conversation, answer),
      });
    }
    void this.forward(conversation.id);
    return sent;
  }

  async history(caller: SupportCaller, conversationId: string, beforeId: number | undefined) {
    const conversation = await repo.ownConversation(this.db, ownerOf(caller), conversationId);
    if (!conversation) throw notFound();
    const before = beforeId === undefined ? undefined : await repo.messageIn(this.db, conversation.id, beforeId);
    if (beforeId !== undefined && !before) throw notFound();
    const page = await repo.messagePage(this.db, conversation.id, before, SUPPORT_PAGE);
    return {
      conversation: await this.conversationView(conversation),
      messages: await this.messageViews(conversation, page.rows),
      more: page.more,
    };
  }

  async conversations(caller: SupportCaller, pageNo: number) {
    const { total, rows } = await repo.conversationPage(this.db, ownerOf(caller), {
      offset: (pageNo - 1) * CONVERSATIONS_PAGE,
      limit: CONVERSATIONS_PAGE,
    });
    return { total, pageNo, list: await this.conversationViews(rows) };
  }

  async markRead(caller: SupportCaller, conversationId: string, upTo: number): Promise<{ unread: number }> {
    const conversation = await repo.ownConversation(this.db, ownerOf(caller), conversationId);
    if (!conversation) throw notFound();
    const message = await repo.messageIn(this.db, conversation.id, upTo);
    if (!message) throw notFound();
    let current = conversation;
    if (!conversation.playerReadAt || conversation.playerReadAt < message.createdAt) {
      current = await repo.markPlayerRead(this.db, conversation.id, message.createdAt);
      this.publish(current, { kind: 'read', conversationId: current.publicId, upTo: message.id });
      const deskId = current.deskConversationId;
      if (deskId) {
        void this.options.desk
          .markSeen(deskId, message.createdAt)
          .catch((error: unknown) => this.options.log.info({ err: error }, 'support: the desk did not take a read receipt'));
      }
    }
    const { unread } = await repo.summaries(this.db, [current]);
    return { unread: unread.get(current.id) ?? 0 };
  }

  async typing(caller: SupportCaller, typing: boolean): Promise<null> {
    const conversation = await repo.openConversation(this.db, ownerOf(caller));
    const deskId = conversation?.deskConversationId;
    if (deskId) {
      await this.options.desk.setTyping(deskId, typing).catch((error: unknown) => {
        this.options.log.info({ err: error }, 'support: the desk did not take a typing indicator');
      });
    }
    return null;
  }

  async rate(caller: SupportCaller, body: { conversationId: string; score: number; comment: string }): Promise<SupportConversation> {
    const conversation = await repo.ownConversation(this.db, ownerOf(caller), body.conversationId);
    if (!conversation) throw notFound();
    if (conversation.status !== 'closed') {
      throw new CallError(GatewayCode.SupportNotClosed, 'You can rate the conversation once it has ended.', 400);
    }
    if (conversation.rating !== null) throw new CallError(GatewayCode.SupportNotClosed, 'You have rated this conversation already.', 400);
    const rated = await repo.updateConversation(this.db, conversation.id, {
      rating: body.score,
      ratingComment: body.comment.trim(),
      attributesDue: true,
    });
    const view = await this.conversationView(rated);
    this.publish(rated, { kind: 'conversation', conversation: view });
    void this.forward(rated.id);
    return view;
  }

  /** A visitor logged in: the conversations of that visitor's session are the player's from now on. */
  async adoptVisitor(sessionId: number, customerId: number): Promise<void> {
    const moved = await repo.adoptVisitor(this.db, sessionId, customerId);
    for (const conversation of moved) {
      await repo.updateConversation(this.db, conversation.id, {
        contextSummary: await this.withPlayer(customerId, conversation.contextSummary),
      });
      void this.forward(conversation.id);
    }
  }

  /** A picture the player sends: checked by its bytes (never its name or declared type), fitted to 750 px (spec §5). */
  private async picture(
    caller: SupportCaller,
    image: string,
  ): Promise<{ contentType: string; data: Buffer; width: number; height: number }> {
    const match = /^data:[\w.+/-]*(?:;[\w=.+-]+)*;base64,([A-Za-z0-9+/=]+)$/.exec(image);
    const unreadable = 'This file is not a picture we can read. Please send a photo or a screenshot (JPEG, PNG or WebP).';
    if (!match) throw new CallError(GatewayCode.SupportPictureInvalid, unreadable, 400);
    const sender = caller.customerId !== null ? `player:${caller.customerId}` : `session:${caller.sessionId}`;
    const fitted = await fitImage(Buffer.from(match[1]!, 'base64'), IMAGE_MAX_SIDE, IMAGE_QUALITY, sender).catch((error: unknown) =>
      refusePicture(error, GatewayCode.SupportPictureInvalid, unreadable),
    );
    return { contentType: fitted.contentType, data: fitted.data, width: fitted.width, height: fitted.height };
  }

  /** A chat picture for the owner of its conversation only (undefined for anyone else, as for none). */
  async media(caller: SupportCaller | undefined, key: string): Promise<{ contentType: string; data: Buffer } | undefined> {
    if (!caller || !isMediaKey(key)) return undefined;
    const row = await repo.attachmentByKey(this.db, key);
    if (!row) return undefined;
    const mine =
      caller.customerId !== null
        ? row.customerId === caller.customerId
        : row.customerId === null && row.visitorSessionId === caller.sessionId;
    return mine ? { contentType: row.contentType, data: row.data } : undefined;
  }

  // ---- context ----------------------------------------------------------------------------------------

  /** What the chat was opened about, checked to be the caller's, with what the agent sees of it. */
  private async contextOf(
    caller: SupportCaller,
    fields: SupportContext,
  ): Promise<{ context: Record<string, string>; contextSummary: Record<string, string> } | undefined> {
    if (!fields.page && !fields.about) return undefined;
    const context: Record<string, string> = {};
    const facts: Record<string, string> = { language: languageOf(caller.language) };
    if (fields.page) context['page'] = facts['page'] = fields.page;
    const about = fields.about;
    if (about) {
      const reference = about === 'bet' ? fields.transId : about === 'kyc' ? undefined : fields.orderNo;
      if (about !== 'kyc' && !reference) {
        throw new CallError(GatewayCode.InvalidRequest, `${about === 'bet' ? 'transId' : 'orderNo'}: Please fill in this field.`, 400);
      }
      if (caller.customerId === null) throw new CallError(GatewayCode.OrderNotFound, NOT_FOUND_OF[about], 404);
      const sources = this.options.contexts;
      const found =
        about === 'kyc'
          ? await sources.kyc(caller.customerId)
          : about === 'bet'
            ? await sources.bet(caller.customerId, reference!)
            : await sources[about](caller.customerId, reference!);
      if (!found) throw new CallError(GatewayCode.OrderNotFound, NOT_FOUND_OF[about], 404);
      context['about'] = facts['topic'] = about;
      if (reference) {
        context[about === 'bet' ? 'transId' : 'orderNo'] = reference;
        facts['reference'] = maskReference(reference);
      }
      Object.assign(facts, found);
    }
    return { context, contextSummary: await this.withPlayer(caller.customerId, facts) };
  }

  /**
   * Whether a context tells the agent something new: a dialog's topic other than the one kept. A plain
   * opening (the floating entry, /live-support) keeps what the conversation was about.
   */
  private newTopic(conversation: ConversationRow, context: Record<string, string>): boolean {
    if (!context['about']) return false;
    return JSON.stringify(context) !== JSON.stringify(conversation.context);
  }

  /** The summary with what the agent sees of the player (masked). */
  private async withPlayer(customerId: number | null, summary: Record<string, string>): Promise<Record<string, string>> {
    const contact = await this.contactOf(customerId);
    return { ...summary, player: contact.kind, name: contact.name, ...(contact.phone ? { phone: contact.phone } : {}) };
  }

  private async contactOf(customerId: number | null): Promise<DeskContact> {
    if (customerId === null) return { name: 'Visitor', phone: '', kind: 'visitor' };
    const player = await repo.playerOf(this.db, customerId);
    return { name: maskName(player?.nickName ?? ''), phone: maskPhone(player?.mobileNo ?? null), kind: 'player' };
  }

  /** What the desk's agent sees: the context, the rating once given. */
  private attributesOf(conversation: ConversationRow): Record<string, string> {
    return {
      ...conversation.contextSummary,
      ...(conversation.rating !== null ? { rating: `${conversation.rating}/5`, rating_comment: conversation.ratingComment } : {}),
    };
  }

  // ---- out of hours -----------------------------------------------------------------------------------

  /** Outside business hours, the first message (then one an hour) gets the answer with the FAQ articles that match it. */
  private async outOfHours(tx: Transaction, conversation: ConversationRow, text: string, now: Date): Promise<MessageRow | undefined> {
    const hours = this.options.hours();
    if (supportOpenAt(hours, now.getTime())) return undefined;
    if (conversation.outOfHoursAt && now.getTime() - conversation.outOfHoursAt.getTime() < OUT_OF_HOURS_EVERY_MS) return undefined;
    const articles = matchFaq(text, conversation.language);
    return repo.insertMessage(tx, {
      conversationId: conversation.id,
      author: 'system',
      body: outOfHoursText(conversation.language, hours, articles.length),
      articles,
      // Just after the player's message it answers.
      createdAt: new Date(now.getTime() + 1),
    });
  }

  // ---- the desk: forwarding -----------------------------------------------------------------------------

  /** Tells the desk what it does not have of a conversation yet; one at a time per conversation here. */
  forward(conversationId: number): Promise<void> {
    if (this.options.desk.name === 'none') return Promise.resolve();
    const previous = this.forwarding.get(conversationId) ?? Promise.resolve();
    const next = previous
      .then(() => this.forwardNow(conversationId))
      .catch((error: unknown) =>
        this.options.log.info({ err: error, conversationId }, 'support: the desk did not take it yet; the job tries again'),
      )
      .finally(() => {
        if (this.forwarding.get(conversationId) === next) this.forwarding.delete(conversationId);
      });
    this.forwarding.set(conversationId, next);
    return next;
  }

  private async forwardNow(conversationId: number): Promise<void> {
    let conversation = await repo.conversationById(this.db, conversationId);
    if (!conversation) return;
    const { desk } = this.options;
    const attributes = this.attributesOf(conversation);
    if (!conversation.deskConversationId) {
      const { deskConversationId } = await desk.createConversation({
        sourceId: conversation.publicId,
        contact: await this.contactOf(conversation.customerId),
        attributes,
        language: conversation.language,
      });
      conversation = await repo.deskHeard(this.db, conversation, { deskConversationId });
    } else if (conversation.attributesDue) {
      await desk.setAttributes(conversation.deskConversationId, attributes);
      conversation = await repo.deskHeard(this.db, conversation, {});
    }
    const deskId = conversation.deskConversationId!;
    for (const message of await repo.messagesDue(this.db, conversationId)) {
      const files = message.imageKey ? await repo.attachmentsOf(this.db, [message.imageKey]) : [];
      try {
        const { deskMessageId } = await desk.postMessage(deskId, {
          sourceId: `panalo-${message.id}`,
          content: message.body,
          attachments: files.map((file) => ({
            contentType: file.contentType,
            data: file.data,
            fileName: `picture-${message.id}.${file.contentType === 'image/png' ? 'png' : file.contentType === 'image/webp' ? 'webp' : 'jpg'}`,
          })),
        });
        await repo.markForwarded(this.db, message.id, deskMessageId);
      } catch (error) {
        await repo.forwardFailed(this.db, message.id);
        throw error;
      }
      this.publish(conversation, { kind: 'receipt', conversationId: conversation.publicId, receipt: 'delivered', upTo: message.id });
    }
  }

  /** The shared job: whatever the desk has not taken yet (it was down, an instance stopped mid-way). */
  async forwardDue(limit = 50): Promise<number> {
    const ids = new Set([
      ...(await repo.conversationsDue(this.db, limit)).map((c) => c.id),
      ...(await repo.conversationsWithMessagesDue(this.db, limit)),
    ]);
    for (const id of ids) await this.forward(id);
    return ids.size;
  }

  // ---- the desk: webhooks -------------------------------------------------------------------------------

  /**
   * POST /webhooks/support: verified over the raw body before anything is parsed; a refused one is
   * stored as refused and goes no further (401). A typing indicator goes to the player at once and is
   * not kept. Anything else is stored once per delivery id however many copies arrive, and applied once
   * in a transaction with its inbox row locked; a failure answers 503, so the desk's retry (or the
   * inbox job) applies it again.
   */
  async receiveWebhook(raw: string, headers: Record<string, string | undefined>): Promise<number> {
    const event = this.options.desk.verifyWebhook(raw, headers, this.options.clock());
    if (!event || controlCharacterAt(event) !== undefined) {
      await repo.storeRefusedEvent(
        this.db,
        INBOX_PROVIDER,
        event ? 'malformed' : 'bad-signature',
        storableText(raw.slice(0, REFUSED_PAYLOAD_MAX)),
      );
      this.options.log.warn({ provider: INBOX_PROVIDER }, 'support desk webhook refused');
      return 401;
    }
    if (event.kind === 'typing') {
      const conversation = await repo.conversationByPublicId(this.db, event.sourceId);
      if (conversation && conversation.deskConversationId === event.deskConversationId) {
        this.publish(conversation, {
          kind: 'typing',
          conversationId: conversation.publicId,
          typing: event.typing,
          ...(event.agentName ? { agentName: event.agentName } : {}),
        });
      }
      return 200;
    }
    const row = await repo.storeEvent(this.db, INBOX_PROVIDER, event.eventId, event.kind, raw, event, event.kind === 'ignored');
    if (row.handledAt) return 200;
    return (await this.handle(row.id, event)) ? 200 : 503;
  }

  /** Applies one stored event unless it already was; false when it failed (it stays unhandled). */
  async handle(rowId: number, event: DeskEvent): Promise<boolean> {
    let after: (() => Promise<void>)[] = [];
    try {
      await this.db.transaction(async (tx) => {
        if (!(await repo.lockUnhandledEvent(tx, rowId))) return;
        after = await this.apply(tx, event);
        await repo.markEventHandled(tx, rowId);
      });
    } catch (error) {
      this.options.log.error({ err: error, eventId: event.eventId }, 'support desk event not applied; it will be applied again');
      await repo.eventFailed(this.db, rowId, String((error as Error).message ?? error)).catch(() => undefined);
      return false;
    }
    for (const then of after)
      await then().catch((error: unknown) => this.options.log.error({ err: error }, 'support: telling the player failed'));
    return true;
  }

  /** The inbox job: the desk's events left unapplied (a failure, a stop mid-way), applied again. */
  async retryInbox(now: number, olderThanMs = 30_000): Promise<number> {
    const rows = await repo.unhandledDeskEvents(this.db, INBOX_PROVIDER, new Date(now - olderThanMs));
    let handled = 0;
    for (const row of rows) if (row.event && (await this.handle(row.id, row.event as unknown as DeskEvent))) handled++;
    return handled;
  }

  /** One event on our conversation; answers what to tell the player once it committed. */
  private async apply(tx: Transaction, event: DeskEvent): Promise<(() => Promise<void>)[]> {
    if (event.kind !== 'message' && event.kind !== 'conversation') return [];
    const conversation = await repo.conversationByPublicId(tx, event.sourceId, true);
    if (!conversation) {
      this.options.log.warn({ eventId: event.eventId }, 'support desk event for no conversation of ours');
      return [];
    }
    // Our record of the desk's id may be missing (its answer to the creation was lost): the event says it.
    if (conversation.deskConversationId && conversation.deskConversationId !== event.deskConversationId) {
      this.options.log.warn({ eventId: event.eventId }, 'support desk event names another desk conversation');
      return [];
    }
    const deskId = conversation.deskConversationId ? {} : { deskConversationId: event.deskConversationId };
    if (event.kind === 'message') {
      const message = await repo.insertMessage(tx, {
        conversationId: conversation.id,
        author: 'agent',
        deskMessageId: event.deskMessageId,
        body: event.content,
        agentName: event.agentName || null,
        createdAt: new Date(event.createdAtMs),
      });
      if (!message) return [];
      const updated = await repo.updateConversation(tx, conversation.id, {
        ...deskId,
        agentName: event.agentName || conversation.agentName,
        status: conversation.status === 'open' ? 'assigned' : conversation.status,
        updatedAt: this.now(),
      });
      return [
        async () =>
          this.publish(updated, { kind: 'message', conversationId: updated.publicId, message: await this.messageView(updated, message) }),
        ...(updated.status !== conversation.status
          ? [async () => this.publish(updated, { kind: 'conversation', conversation: await this.conversationView(updated) })]
          : []),
      ];
    }
    // The desk's status and assignee as of its own time: an older change arriving later is not applied.
    const newer = !conversation.deskUpdatedAt || event.updatedAtMs > conversation.deskUpdatedAt.getTime();
    const seenAt = event.agentLastSeenAtMs;
    const seenLater = seenAt !== null && (!conversation.agentSeenAt || seenAt > conversation.agentSeenAt.getTime());
    if (!newer && !seenLater) return [];
    const status = event.status === 'resolved' ? 'closed' : event.assignee ? 'assigned' : 'open';
    const updated = await repo.updateConversation(tx, conversation.id, {
      ...deskId,
      ...(seenLater ? { agentSeenAt: new Date(seenAt) } : {}),
      ...(newer
        ? {
            deskUpdatedAt: new Date(event.updatedAtMs),
            status,
            agentName: event.assignee ?? conversation.agentName,
            closedAt: status === 'closed' ? new Date(event.updatedAtMs) : null,
            updatedAt: this.now(),
          }
        : {}),
    });
    const tell: (() => Promise<void>)[] = [];
    if (newer && (updated.status !== conversation.status || updated.agentName !== conversation.agentName)) {
      tell.push(async () => this.publish(updated, { kind: 'conversation', conversation: await this.conversationView(updated) }));
    }
    if (seenLater) {
      const last = await repo.lastPlayerMessageBy(tx, conversation.id, new Date(seenAt));
      if (last)
        tell.push(async () => this.publish(updated, { kind: 'receipt', conversationId: updated.publicId, receipt: 'read', upTo: last.id }));
    }
    return tell;
  }

  // ---- views ----------------------------------------------------------------------------------------------

  private publish(conversation: ConversationRow, push: SupportPush): void {
    this.options.events.publish({
      type: 'support',
      customerId: conversation.customerId,
      sessionId: conversation.customerId === null ? conversation.visitorSessionId : null,
      push,
    });
  }

  private async sent(conversation: ConversationRow, message: MessageRow) {
    const fresh = (await repo.conversationById(this.db, conversation.id)) ?? conversation;
    return { conversation: await this.conversationView(fresh), message: await this.messageView(fresh, message) };
  }

  private async conversationView(conversation: ConversationRow): Promise<SupportConversation> {
    return (await this.conversationViews([conversation]))[0]!;
  }

  private async conversationViews(conversations: ConversationRow[]): Promise<SupportConversation[]> {
    const { last, unread } = await repo.summaries(this.db, conversations);
    return conversations.map((conversation) => {
      const message = last.get(conversation.id);
      const topic = conversation.context['about'] as SupportTopic | undefined;
      return {
        id: conversation.publicId,
        status: conversation.status as SupportConversation['status'],
        ...(conversation.agentName ? { agentName: conversation.agentName } : {}),
        ...(topic ? { topic } : {}),
        ...(conversation.rating !== null ? { rating: { score: conversation.rating, comment: conversation.ratingComment } } : {}),
        unread: unread.get(conversation.id) ?? 0,
        ...(message
          ? {
              lastMessage: {
                author: message.author as 'player' | 'agent' | 'system',
                text: message.body || (message.imageKey ? '📷' : ''),
                createdAt: message.createdAt.toISOString(),
              },
            }
          : {}),
        createdAt: conversation.createdAt.toISOString(),
        ...(conversation.closedAt ? { closedAt: conversation.closedAt.toISOString() } : {}),
      };
    });
  }

  private async messageViews(conversation: ConversationRow, rows: MessageRow[]): Promise<SupportMessage[]> {
    const keys = rows.map((row) => row.imageKey).filter((key): key is string => key !== null);
    const images = new Map((await repo.attachmentsOf(this.db, keys)).map((file) => [file.key, file]));
    return rows.map((row) => this.view(conversation, row, images));
  }

  private async messageView(conversation: ConversationRow, row: MessageRow): Promise<SupportMessage> {
    return (await this.messageViews(conversation, [row]))[0]!;
  }

  private view(
    conversation: ConversationRow,
    row: MessageRow,
    images: Map<string, { key: string; width: number; height: number }>,
  ): SupportMessage {
    const image = row.imageKey ? images.get(row.imageKey) : undefined;
    const receipt =
      row.author !== 'player'
        ? undefined
        : conversation.agentSeenAt && conversation.agentSeenAt >= row.createdAt
          ? 'read'
          : row.forwardedAt
            ? 'delivered'
            : 'sent';
    return {
      id: row.id,
      conversationId: conversation.publicId,
      author: row.author as SupportMessage['author'],
      text: row.body,
      ...(row.clientMessageId ? { clientMessageId: row.clientMessageId } : {}),
      ...(image ? { image: { key: image.key, width: image.width, height: image.height } } : {}),
      ...(row.articles && row.articles.length ? { articles: row.articles } : {}),
      ...(row.agentName ? { agentName: row.agentName } : {}),
      ...(receipt ? { receipt } : {}),
      createdAt: row.createdAt.toISOString(),
    };
  }
}
