import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as Comlink from 'comlink';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type {
  SupportContext,
  SupportConversation,
  SupportMessage,
  SupportOutboxItem,
  SupportOutboxUpdate,
  SupportPush,
} from '../../contract/support';
import { useOnline } from '../../hooks/useOnline';
import { uuid } from '../../lib/ids';
import { realtime } from '../../realtime/client';
import { useConnectionStatus, watchWorker } from '../../realtime/hooks';
import { SUPPORT_KEY, chatQuery, markRead, olderMessages, sendNow, sendTyping } from './api';
import { type TimerHandle, timers } from '../../lib/timers';

/**
 * One chat as the page shows it: the conversation's history (a call), then what the server pushes on
 * `/user/queue/support` (the agent's answers, receipts, typing, the end), and the messages still waiting
 * in the realtime worker's outbox (kept on the device until the server has them, in every tab). After a
 * lost connection the history is asked again, so nothing pushed meanwhile is missed.
 */

export type ChatLine = { kind: 'message'; message: SupportMessage } | { kind: 'pending'; item: SupportOutboxItem };

interface State {
  /** The conversation pushes and sends told us of (newer than the query's). */
  conversation: SupportConversation | null;
  messages: Map<number, SupportMessage>;
  /** Per conversation: the player's messages up to these ids were delivered / read. */
  receipts: Map<string, { delivered: number; read: number }>;
  pending: SupportOutboxItem[];
  /** The agent is typing (until `until`, epoch ms). */
  typing: { name?: string | undefined; until: number } | null;
  more: boolean | undefined;
}

type Action =
  | { type: 'push'; push: SupportPush }
  | { type: 'outbox'; update: SupportOutboxUpdate }
  | { type: 'older'; messages: SupportMessage[]; more: boolean }
  | { type: 'typingOver' }
  | { type: 'reset' };

const EMPTY: State = { conversation: null, messages: new Map(), receipts: new Map(), pending: [], typing: null, more: undefined };
/** An agent's typing indicator lasts this long unless the desk says it stopped or the answer comes. */
const TYPING_MS = 6_000;

function withMessages(state: State, messages: SupportMessage[]): State {
  const next = new Map(state.messages);
  for (const message of messages) next.set(message.id, message);
  return { ...state, messages: next };
}

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'reset':
      return EMPTY;
    case 'typingOver':
      return { ...state, typing: null };
    case 'older':
      return { ...withMessages(state, action.messages), more: action.more };
    case 'outbox': {
      let next: State = { ...state, pending: action.update.items };
      if (action.update.sent) next = { ...withMessages(next, [action.update.sent.message]), conversation: action.update.sent.conversation };
      return next;
    }
    case 'push': {
      const push = action.push;
      if (push.kind === 'message') {
        const next = withMessages(state, [push.message]);
        return push.message.author === 'agent' ? { ...next, typing: null } : next;
      }
      if (push.kind === 'conversation') return { ...state, conversation: push.conversation };
      if (push.kind === 'typing') {
        return { ...state, typing: push.typing ? { name: push.agentName, until: Date.now() + TYPING_MS } : null };
      }
      if (push.kind === 'receipt') {
        const receipts = new Map(state.receipts);
        const current = receipts.get(push.conversationId) ?? { delivered: 0, read: 0 };
        receipts.set(push.conversationId, { ...current, [push.receipt]: Math.max(current[push.receipt], push.upTo) });
        return { ...state, receipts };
      }
      return state;
    }
  }
}

const byTime = (a: SupportMessage, b: SupportMessage) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id);

export interface ChatOptions {
  /** What the chat was opened about (the page and a dialog's topic). */
  context: SupportContext;
  /** One of the player's conversations (from /messages) instead of the current one. */
  conversationId?: string | undefined;
}

export function useSupportChat({ context, conversationId }: ChatOptions) {
  const queryClient = useQueryClient();
  const query = useQuery(chatQuery(context, conversationId));
  const [state, dispatch] = useReducer(reduce, EMPTY);
  const key = conversationId ?? JSON.stringify(context);
  useEffect(() => dispatch({ type: 'reset' }), [key]);

  // The pushes of /user/queue/support and the worker's outbox, for as long as the chat is on screen.
  useEffect(
    () =>
      watchWorker((api) =>
        api.watchUser(
          'support',
          Comlink.proxy((push) => dispatch({ type: 'push', push: push as SupportPush })),
        ),
      ),
    [],
  );
  useEffect(() => watchWorker((api) => api.watchSupportOutbox(Comlink.proxy((update) => dispatch({ type: 'outbox', update })))), []);

  // Back online after a lost socket: what was pushed meanwhile is read again.
  const status = useConnectionStatus();
  const online = useOnline();
  const wasDown = useRef(false);
  useEffect(() => {
    if (status === 'reconnecting' || !online) wasDown.current = true;
    else if (status === 'online' && wasDown.current) {
      wasDown.current = false;
      void queryClient.invalidateQueries({ queryKey: SUPPORT_KEY });
    }
  }, [status, online, queryClient]);

  // The typing indicator goes by itself after a while.
  useEffect(() => {
    if (!state.typing) return;
    const timer = timers.setTimeout(() => dispatch({ type: 'typingOver' }), Math.max(0, state.typing.until - Date.now()));
    return () => timers.clearTimeout(timer);
  }, [state.typing]);

  const base = query.data?.conversation ?? null;
  // The conversation shown: a fixed one, or the current one (a newer one once a message opened it).
  const conversation = useMemo(() => {
    const pushed = state.conversation;
    if (conversationId) return pushed?.id === conversationId ? pushed : base;
    if (!pushed) return base;
    if (!base || pushed.id !== base.id) return pushed.createdAt >= (base?.createdAt ?? '') ? pushed : base;
    return pushed;
  }, [state.conversation, base, conversationId]);

  const lines = useMemo((): ChatLine[] => {
    const id = conversation?.id;
    const all = new Map<number, SupportMessage>();
    if (id && id === base?.id) for (const message of query.data?.messages ?? []) all.set(message.id, message);
    for (const message of state.messages.values()) if (message.conversationId === id) all.set(message.id, message);
    const receipts = id ? state.receipts.get(id) : undefined;
    const messages = [...all.values()].sort(byTime).map((message) => {
      if (message.author !== 'player' || !receipts || message.receipt === 'read') return message;
      if (message.id <= receipts.read) return { ...message, receipt: 'read' as const };
      if (message.id <= receipts.delivered) return { ...message, receipt: 'delivered' as const };
      return message;
    });
    const stored = new Set(messages.map((message) => message.clientMessageId).filter(Boolean));
    // What waits goes into the open conversation: shown under this one unless it is another's history.
    const showPending = !conversationId || conversation?.status !== 'closed';
    const pending = showPending ? state.pending.filter((item) => !stored.has(item.clientMessageId)) : [];
    return [
      ...messages.map((message) => ({ kind: 'message' as const, message })),
      ...pending.map((item) => ({ kind: 'pending' as const, item })),
    ];
  }, [conversation, base, query.data, state.messages, state.receipts, state.pending, conversationId]);

  const more = state.more ?? query.data?.more ?? false;
  const loadOlder = useCallback(async () => {
    const first = lines.find((line) => line.kind === 'message');
    if (!conversation || !first || first.kind !== 'message') return;
    const page = await olderMessages(conversation.id, first.message.id);
    dispatch({ type: 'older', messages: page.messages, more: page.more });
  }, [conversation, lines]);

  const send = useCallback(
    async (text: string, image?: string) => {
      const message = { clientMessageId: uuid(), text, ...(image ? { image } : {}), context, at: Date.now() };
      const api = realtime();
      if (api) return api.sendSupport(message);
      // No worker here (an old browser): sent at once, not kept on the device.
      const sent = await sendNow(message);
      dispatch({ type: 'outbox', update: { items: [], sent: { clientMessageId: message.clientMessageId, ...sent } } });
    },
    [context],
  );

  // The desk's messages on screen count as read, while the page is in front of the player.
  const lastRead = useRef(0);
  const visible = usePageVisible();
  let readUpTo = 0;
  for (const line of lines) if (line.kind === 'message' && line.message.author !== 'player') readUpTo = line.message.id;
  const shownId = conversation?.id;
  useEffect(() => {
    if (!shownId || !visible || readUpTo <= lastRead.current) return;
    lastRead.current = readUpTo;
    void markRead(shownId, readUpTo)
      .then(() => queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'conversations'] }))
      .catch(() => undefined);
  }, [shownId, readUpTo, visible, queryClient]);

  return {
    query,
    conversation,
    lines,
    more,
    loadOlder,
    hours: query.data?.hours,
    agentTyping: state.typing,
    send,
    retry: (clientMessageId: string) => void realtime()?.retrySupport(clientMessageId),
    discard: (clientMessageId: string) => void realtime()?.discardSupport(clientMessageId),
  };
}

/** Tells the desk the player is typing: at most every 3 s while keys come, and that they stopped 4 s after the last. */
export function useTypingSignal(): () => void {
  const last = useRef(0);
  const stop = useRef<TimerHandle | undefined>(undefined);
  useEffect(() => () => timers.clearTimeout(stop.current), []);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current > 3_000) {
      last.current = now;
      void sendTyping(true).catch(() => undefined);
    }
    timers.clearTimeout(stop.current);
    stop.current = timers.setTimeout(() => {
      last.current = 0;
      void sendTyping(false).catch(() => undefined);
    }, 4_000);
  }, []);
}

/** Whether the page is in front of the player (a hidden tab reads nothing). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}
