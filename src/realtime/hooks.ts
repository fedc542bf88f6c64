import * as Comlink from 'comlink';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ChatMessage } from '../contract/feed';
import type { ConnectionStatus, ListQuery } from '../contract/realtime';
import { realtime, tabId } from './client';
import { ListMirror, type ListView, MatchMirror, type MatchView, type RowView } from './mirror';

/**
 * React's view of the realtime worker. A list hook gives the order and leagues; each row reads its own
 * match with useRow, so a price change re-renders one row. Subscriptions end when the component goes.
 */
export function useLiveList(query: ListQuery): { mirror: ListMirror; view: ListView } {
  const key = `${query.sportTypeId}|${query.mode}|${query.dateId ?? ''}`;
  // One mirror per view: a new query starts a new one.
  const mirror = useMemo(() => new ListMirror(), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const api = realtime();
    if (!api) return;
    let id: number | null = null;
    let cancelled = false;
    const [sportTypeId, mode, dateId] = key.split('|') as [string, ListQuery['mode'], string];
    void api
      .watchList(
        tabId,
        { sportTypeId, mode, ...(dateId ? { dateId } : {}) },
        Comlink.proxy((patch) => mirror.apply(patch)),
      )
      .then((subscription) => {
        id = subscription;
        if (cancelled) void api.unwatch(subscription);
      });
    return () => {
      cancelled = true;
      if (id !== null) void api.unwatch(id);
    };
  }, [key, mirror]);
  const view = useSyncExternalStore(mirror.subscribeList, mirror.getList);
  return { mirror, view };
}

export function useRow(mirror: ListMirror, matchId: string): RowView | undefined {
  return useSyncExternalStore(
    (listener) => mirror.subscribeRow(matchId, listener),
    () => mirror.getRow(matchId),
  );
}

export function useLiveMatch(matchId: string): MatchView {
  const mirror = useMemo(() => new MatchMirror(), [matchId]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const api = realtime();
    if (!api || !matchId) return;
    let id: number | null = null;
    let cancelled = false;
    void api
      .watchMatch(
        tabId,
        matchId,
        Comlink.proxy((patch) => mirror.apply(patch)),
      )
      .then((subscription) => {
        id = subscription;
        if (cancelled) void api.unwatch(subscription);
      });
    return () => {
      cancelled = true;
      if (id !== null) void api.unwatch(id);
    };
  }, [matchId, mirror]);
  return useSyncExternalStore(mirror.subscribe, mirror.get);
}

/** Live chat lines of a match, newest last (the history comes from the chat-records call). */
export function useChatStream(matchId: string, onMessage: (message: ChatMessage) => void): void {
  useEffect(() => {
    const api = realtime();
    if (!api || !matchId) return;
    let id: number | null = null;
    let cancelled = false;
    void api.watchChat(tabId, matchId, Comlink.proxy(onMessage)).then((subscription) => {
      id = subscription;
      if (cancelled) void api.unwatch(subscription);
    });
    return () => {
      cancelled = true;
      if (id !== null) void api.unwatch(id);
    };
  }, [matchId, onMessage]);
}

/** Whether the line went out (false while the socket is down). */
export async function sendChat(matchId: string, text: string): Promise<boolean> {
  return (await realtime()?.sendChat(matchId, text)) ?? false;
}

export function useConnectionStatus(): ConnectionStatus {
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  useEffect(() => {
    const api = realtime();
    if (!api) return;
    let id: number | null = null;
    let cancelled = false;
    void api.watchStatus(tabId, Comlink.proxy(setStatus)).then((subscription) => {
      id = subscription;
      if (cancelled) void api.unwatch(subscription);
    });
    return () => {
      cancelled = true;
      if (id !== null) void api.unwatch(id);
    };
  }, []);
  return status;
}
