import * as Comlink from 'comlink';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ChatMessage } from '../contract/feed';
import type { ConnectionStatus, ListQuery, RealtimeApi } from '../contract/realtime';
import { realtime, tabId } from './client';
import { ListMirror, type ListView, MatchMirror, type MatchView, type RowView } from './mirror';

/**
 * React's view of the realtime worker. A list hook gives the order and leagues; each row reads its own
 * match with useRow, so a price change re-renders one row. Subscriptions end when the component goes.
 */
/**
 * Starts one worker subscription and answers its cleanup: the subscription ends when the component
 * goes, even if it goes before the worker answered with the subscription's id.
 */
function watchWorker(start: (api: Comlink.Remote<RealtimeApi>) => Promise<number>): (() => void) | undefined {
  const api = realtime();
  if (!api) return undefined;
  let id: number | null = null;
  let cancelled = false;
  void start(api).then((subscription) => {
    id = subscription;
    if (cancelled) void api.unwatch(subscription);
  });
  return () => {
    cancelled = true;
    if (id !== null) void api.unwatch(id);
  };
}

export function useLiveList(query: ListQuery): { mirror: ListMirror; view: ListView } {
  const key = `${query.sportTypeId}|${query.mode}|${query.dateId ?? ''}`;
  // One mirror per view: a new query starts a new one.
  const mirror = useMemo(() => new ListMirror(), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const [sportTypeId, mode, dateId] = key.split('|') as [string, ListQuery['mode'], string];
    const query = { sportTypeId, mode, ...(dateId ? { dateId } : {}) };
    return watchWorker((api) =>
      api.watchList(
        tabId,
        query,
        Comlink.proxy((patch) => mirror.apply(patch)),
      ),
    );
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
    if (!matchId) return;
    return watchWorker((api) =>
      api.watchMatch(
        tabId,
        matchId,
        Comlink.proxy((patch) => mirror.apply(patch)),
      ),
    );
  }, [matchId, mirror]);
  return useSyncExternalStore(mirror.subscribe, mirror.get);
}

/** Live chat lines of a match, newest last (the history comes from the chat-records call). */
export function useChatStream(matchId: string, onMessage: (message: ChatMessage) => void): void {
  useEffect(() => {
    if (!matchId) return;
    return watchWorker((api) => api.watchChat(tabId, matchId, Comlink.proxy(onMessage)));
  }, [matchId, onMessage]);
}

/** Whether the line went out (false while the socket is down). */
export async function sendChat(matchId: string, text: string): Promise<boolean> {
  return (await realtime()?.sendChat(matchId, text)) ?? false;
}

export function useConnectionStatus(): ConnectionStatus {
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  useEffect(() => watchWorker((api) => api.watchStatus(tabId, Comlink.proxy(setStatus))), []);
  return status;
}
