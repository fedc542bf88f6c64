/**
 * The help desk behind the customer-support chat (issue 37): where the agents work. Our side
 * (server/modules/support) keeps the conversation with the player and tells the desk; the desk tells us
 * what its agents do through signed webhooks. Shaped like Chatwoot's application API (conversations,
 * messages, custom attributes, typing, last seen; webhooks message_created, conversation_updated,
 * conversation_status_changed, conversation_typing_on/off signed with X-Chatwoot-Signature), so a real
 * Chatwoot, or another desk behind an adapter of this interface, replaces the simulator without a change
 * to our module.
 */

/** Who the agent is talking to, masked: the desk never needs the player's full name, number or ids. */
export interface DeskContact {
  name: string;
  phone: string;
  /** player | visitor */
  kind: string;
}

export interface DeskAttachment {
  contentType: string;
  data: Buffer;
  fileName: string;
}

export interface SupportDesk {
  /** 'chatwoot' (the adapter, to the simulator or a real desk) or 'none'. */
  readonly name: string;
  /**
   * Opens the desk's conversation for ours; asked again with the same `sourceId` (our conversation's
   * public id) it answers the same one.
   */
  createConversation(input: {
    sourceId: string;
    contact: DeskContact;
    attributes: Record<string, string>;
    language: string;
  }): Promise<{ deskConversationId: string }>;
  /** A player's message; posted again with the same `sourceId` (our message id) it is kept once. */
  postMessage(
    deskConversationId: string,
    message: { sourceId: string; content: string; attachments: DeskAttachment[] },
  ): Promise<{ deskMessageId: string }>;
  /** The context the agent sees changed (the player opened the chat from another dialog). */
  setAttributes(deskConversationId: string, attributes: Record<string, string>): Promise<void>;
  /** The player is typing, or stopped. */
  setTyping(deskConversationId: string, typing: boolean): Promise<void>;
  /** The player has read the agents' messages up to `at`. */
  markSeen(deskConversationId: string, at: Date): Promise<void>;
  /** A webhook's event when its signature holds over the raw body and it is fresh; null otherwise. */
  verifyWebhook(raw: string, headers: Record<string, string | undefined>, now: number): DeskEvent | null;
}

/** What the desk's webhooks tell us, as our side reads them. `eventId` is the delivery's id (a retry keeps it). */
export type DeskEvent =
  /** An agent wrote to the player (the desk's own time, `createdAtMs`). */
  | {
      kind: 'message';
      eventId: string;
      sourceId: string;
      deskConversationId: string;
      deskMessageId: string;
      content: string;
      agentName: string;
      createdAtMs: number;
    }
  /** The conversation's status, assignee or the agents' last seen time changed, as of `updatedAtMs`. */
  | {
      kind: 'conversation';
      eventId: string;
      sourceId: string;
      deskConversationId: string;
      status: 'open' | 'pending' | 'resolved';
      assignee: string | null;
      agentLastSeenAtMs: number | null;
      updatedAtMs: number;
    }
  | { kind: 'typing'; eventId: string; sourceId: string; deskConversationId: string; typing: boolean; agentName: string }
  /** Anything else the desk sends (its own echo of the player's message, a private note): received, not applied. */
  | { kind: 'ignored'; eventId: string; event: string };

/** A desk that cannot be reached or is not configured: every call fails, so the messages wait. */
export class DeskUnavailable extends Error {}
