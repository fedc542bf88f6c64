import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/instance';
import {
  SupportCall,
  type SupportContext,
  type SupportConversation,
  type SupportHours,
  type SupportMessage,
  type SupportOutgoing,
} from '../../contract/support';

/** The support chat's calls (src/contract/support.ts). Sending goes through the realtime worker's outbox (useSupportChat). */

export interface ChatPage {
  conversation: SupportConversation | null;
  messages: SupportMessage[];
  more: boolean;
  hours?: SupportHours;
}

/** The key every support query starts with (a push invalidates them together). */
export const SUPPORT_KEY = ['main', 'support'] as const;

/**
 * The chat's history: the caller's current conversation (opened from a dialog, the context goes along, so
 * the agent sees what it is about), or one of the caller's conversations (from the list under /messages).
 */
export const chatQuery = (context: SupportContext, conversationId?: string) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, conversationId ? 'history' : 'current', conversationId ?? context] as const,
    queryFn: () =>
      conversationId
        ? api.call<ChatPage>('main', SupportCall.history, { conversationId })
        : api.call<ChatPage>('main', SupportCall.current, { ...context }),
  });

export function olderMessages(conversationId: string, beforeId: number) {
  return api.call<ChatPage>('main', SupportCall.history, { conversationId, beforeId });
}

const PAGE_SIZE = 20;

export const conversationsQuery = infiniteQueryOptions({
  queryKey: [...SUPPORT_KEY, 'conversations'],
  queryFn: ({ pageParam }) =>
    api.call<{ total: number; pageNo: number; list: SupportConversation[] }>('main', SupportCall.conversations, { pageNo: pageParam }),
  initialPageParam: 1,
  getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
});

export function markRead(conversationId: string, upTo: number) {
  return api.call<{ unread: number }>('main', SupportCall.markRead, { conversationId, upTo }, { quiet: true });
}

export function sendTyping(typing: boolean) {
  return api.call<null>('main', SupportCall.typing, { typing }, { quiet: true });
}

export function rate(conversationId: string, score: number, comment: string) {
  return api.call<SupportConversation>('main', SupportCall.rate, { conversationId, score, comment });
}

/** support/send straight from the page (where no realtime worker runs): the worker's outbox does it otherwise. */
export function sendNow(message: SupportOutgoing) {
  return api.call<{ conversation: SupportConversation; message: SupportMessage }>('main', SupportCall.send, {
    clientMessageId: message.clientMessageId,
    text: message.text,
    ...(message.image ? { image: message.image } : {}),
    ...message.context,
  });
}
