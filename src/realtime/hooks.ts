import * as Comlink from 'comlink';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/vanilla/utils';
import { type BetPush, type SelectionDetail, type SelectionQuery, TICKET_STATUSES } from '../contract/betting';
import type { ChatMessage } from '../contract/feed';
import type { BalancePush, ConnectionStatus, ListQuery, RealtimeApi, UserQueue } from '../contract/realtime';
import { isOnline, subscribeOnline } from '../lib/online';
import { CONFLATE_OFF_SCREEN_MS } from '../lib/dataSaver';
import { dataSaver } from '../stores/dataSaver';
import { dropFirstList, handOverFirstLists, realtime } from './client';
import { firstListPatch } from './seed';
import { ListMirror, type ListView, MatchMirror, type MatchView, OrderMirror, type RowView } from './mirror';

/**
 * React's view of the realtime worker. A list hook gives the order and leagues; each row reads its own
 * match with useRow, so a price change re-renders one row. Subscriptions end when the component goes.
 */
/**
 * Starts one worker subscription and answers its cleanup: the subscription ends when the component
 * goes, even if it goes before the worker answered with the subscription's id. `onStarted` hears the
 * id of a subscription that is still wanted (to change it later).
 */
export function watchWorker(
  start: (api: Comlink.Remote<RealtimeApi>) => Promise<number>,
  onStarted?: (api: Comlink.Remote<RealtimeApi>, subscriptionId: number) => void,
): (() => void) | undefined {
  const api = realtime();
  if (!api) return undefined;
  let id: number | null = null;
  let cancelled = false;
  void start(api).then((subscription) => {
    id = subscription;
    if (cancelled) void api.unwatch(subscription);
    else onStarted?.(api, subscription);
  });
  return () => {
    cancelled = true;
    if (id !== null) void api.unwatch(id);
  };
}

export function useLiveList(query: ListQuery): { mirror: ListMirror; view: ListView } {
  const key = `${query.sportTypeId}|${query.mode}|${query.dateId ?? ''}`;
  // One mirror per view: a new query starts a new one, drawn at once from the snapshot the server inlined
  // into the page if there is one (the rows it drew into the HTML), until the worker answers.
  const mirror = useMemo(() => {
    const fresh = new ListMirror();
    const seed = firstListPatch(query);
    if (seed) fresh.apply(seed);
    return fresh;
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const [sportTypeId, mode, dateId] = key.split('|') as [string, ListQuery['mode'], string];
    const query = { sportTypeId, mode, ...(dateId ? { dateId } : {}) };
    return watchWorker((api) => {
      // The lists the page came with go to the worker first, with what moved since (the page's early socket).
      handOverFirstLists(api);
      return api.watchList(
        query,
        Comlink.proxy((patch) => {
          dropFirstList(query);
          mirror.apply(patch);
        }),
      );
    });
  }, [key, mirror]);
  // Data saver: rows off screen are told of new prices at most every CONFLATE_OFF_SCREEN_MS (useRowOnScreen).
  useEffect(() => {
    const conflate = () => mirror.setConflation(dataSaver.on ? CONFLATE_OFF_SCREEN_MS : 0);
    conflate();
    return subscribeKey(dataSaver, 'on', conflate);
  }, [mirror]);
  const view = useSyncExternalStore(mirror.subscribeList, mirror.getList);
  return { mirror, view };
}

/** One IntersectionObserver for every row watched, each element with what it reports to. */
const watchedRows = new Map<Element, (onScreen: boolean) => void>();
let rowObserver: IntersectionObserver | undefined;

function watchOnScreen(element: Element, report: (onScreen: boolean) => void): () => void {
  rowObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) watchedRows.get(entry.target)?.(entry.isIntersecting);
  });
  watchedRows.set(element, report);
  rowObserver.observe(element);
  return () => {
    rowObserver?.unobserve(element);
    watchedRows.delete(element);
  };
}

/**
 * The ref of a row's element: while data saver is on, it tells the list's mirror whether the row is on
 * screen, so a row off screen gets its prices conflated (ListMirror.watchOnScreen) and one on screen live.
 * Nothing is observed while the mode is off.
 */
export function useRowOnScreen(mirror: ListMirror, matchId: string): (element: HTMLElement | null) => (() => void) | undefined {
  const saving = useSnapshot(dataSaver).on;
  return useCallback(
    (element: HTMLElement | null) => {
      if (!saving || !element || typeof IntersectionObserver === 'undefined') return undefined;
      const row = mirror.watchOnScreen(matchId);
      const stop = watchOnScreen(element, row.report);
      return () => {
        stop();
        row.stop();
      };
    },
    [saving, mirror, matchId],
  );
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
    return watchWorker((api) => api.watchChat(matchId, Comlink.proxy(onMessage)));
  }, [matchId, onMessage]);
}

/** Whether the line went out (false while the socket is down). */
export async function sendChat(matchId: string, text: string): Promise<boolean> {
  return (await realtime()?.sendChat(matchId, text)) ?? false;
}

export function useConnectionStatus(): ConnectionStatus {
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  useEffect(() => watchWorker((api) => api.watchStatus(Comlink.proxy(setStatus))), []);
  return status;
}

/**
 * Whether the prices cannot be live now: the device says it has no network, or the realtime worker
 * lost its socket and is trying again (the bet slip will not place a bet then).
 */
export function useFeedOffline(): boolean {
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const status = useConnectionStatus();
  return !online || status === 'reconnecting';
}

/**
 * One tab's bet-order subscription, kept in step with the slip: started once with the orders of the
 * moment, then changed in place with updateOrders (also for changes made before the worker answered
 * with the subscription's id).
 */
class OrderLink {
  private api: Comlink.Remote<RealtimeApi> | null = null;
  private id: number | null = null;
  private wanted: { orders: SelectionQuery[]; single: boolean; signature: string } = { orders: [], single: false, signature: '' };
  private sent = '';

  want(orders: readonly SelectionQuery[], single: boolean): void {
    const signature = `${single}|${JSON.stringify(orders)}`;
    if (signature === this.wanted.signature) return;
    this.wanted = { orders: [...orders], single, signature };
    this.push();
  }

  start(api: Comlink.Remote<RealtimeApi>, onDetails: (details: SelectionDetail[]) => void): Promise<number> {
    this.sent = this.wanted.signature;
    return api.watchOrders(this.wanted.orders, this.wanted.single, Comlink.proxy(onDetails));
  }

  attach(api: Comlink.Remote<RealtimeApi>, id: number): void {
    this.api = api;
    this.id = id;
    this.push();
  }

  detach(): void {
    this.api = null;
    this.id = null;
  }

  private push(): void {
    if (!this.api || this.id === null || this.sent === this.wanted.signature) return;
    this.sent = this.wanted.signature;
    void this.api.updateOrders(this.id, this.wanted.orders, this.wanted.single);
  }
}

/**
 * The slip's orders as the server has them now (querySelectionDetailV2, refreshed by the realtime
 * worker once for every tab: every 3 s, every 1 s when `single`), keyed by selectionKey:
 * `${marketId}:${key}`, outrights `${outrightOddsId}:${teamId}`. A new map only when a detail changed;
 * a change of the orders updates the same worker subscription. Empty where no worker runs.
 */
export function useOrderDetails(orders: readonly SelectionQuery[], single: boolean): ReadonlyMap<string, SelectionDetail> {
  const mirror = useMemo(() => new OrderMirror(), []);
  const link = useMemo(() => new OrderLink(), []);
  // Runs before the subscription effect below on mount, so the watch starts with these orders.
  useEffect(() => {
    mirror.keep(orders);
    link.want(orders, single);
  }, [orders, single, mirror, link]);
  useEffect(() => {
    const stop = watchWorker(
      (api) => link.start(api, (details) => mirror.apply(details)),
      (api, id) => link.attach(api, id),
    );
    return () => {
      link.detach();
      stop?.();
    };
  }, [mirror, link]);
  return useSyncExternalStore(mirror.subscribe, mirror.get);
}

/**
 * Hears one of this player's queues (`/user/queue/<queue>` over the shared worker's one socket) until
 * the returned function is called; outside React (the slip's wait for its ticket). Nothing without a worker.
 */
export function watchUserQueue(queue: UserQueue, onEvent: (event: unknown) => void): () => void {
  return watchWorker((api) => api.watchUser(queue, Comlink.proxy(onEvent))) ?? (() => undefined);
}

/**
 * Calls `onEvent` with each thing the server tells this player on one of their queues (a balance move,
 * a bet's new status, a new message), while `enabled`.
 */
export function useUserPush(queue: UserQueue, onEvent: (event: unknown) => void, enabled = true): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    return watchUserQueue(queue, (event) => latest.current(event));
  }, [queue, enabled]);
}

/** Whether a `/user/queue/balance` push says a deposit was just credited (BalancePush's cause). */
export function isDepositCredited(event: unknown): boolean {
  return typeof event === 'object' && event !== null && (event as Partial<BalancePush>).cause === 'deposit';
}

/** A `/user/queue/bets` push (BetPush: a ticket's new status and payout), or nothing for anything else. */
export function asBetPush(event: unknown): BetPush | undefined {
  if (typeof event !== 'object' || event === null) return undefined;
  const { transId, status, payout } = event as Record<string, unknown>;
  if (typeof transId !== 'string' || typeof payout !== 'number') return undefined;
  if (!(TICKET_STATUSES as readonly unknown[]).includes(status)) return undefined;
  return { transId, status: status as BetPush['status'], payout };
}
