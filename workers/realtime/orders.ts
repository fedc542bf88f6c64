import {
  SELECTION_DETAIL_BATCH,
  type SelectionDetail,
  type SelectionDetailRequest,
  type SelectionDetailResponse,
  type SelectionQuery,
  selectionKey,
} from '../../src/contract/betting';
import { BET_ORDER_REFRESH_MS, BET_ORDER_REFRESH_SINGLE_MS, SELECTION_DETAIL_THROTTLE } from '../../src/contract/constants';
import { normalizeMarketStatus } from '../../src/contract/sports';
import { releaseCallback } from './release';

/**
 * The bet-order refresh of every tab (spec §9: every 3 s, a single bet every 1 s; at most 10
 * querySelectionDetailV2 calls in flight), run once in the realtime worker however many tabs show a
 * slip. Each period the worker asks for the union of the watched selections, at most
 * SELECTION_DETAIL_BATCH per call, and sends each watcher the details of its own orders that changed
 * since it last heard. A selection whose call is still out is not asked again: on a slow network a
 * tick asks for what is not in flight, oldest-asked first, in as many calls as the throttle leaves
 * free, and the rest waits for the next tick. A failed call keeps the last known details and the
 * selections are asked again next period. No timer runs while no order is watched.
 *
 * Where the worker also receives a watched market for a page, the feed's word comes first: a price
 * move reaches the slip in the same tick as the rows (feedChanged), and a call asked before the
 * feed's last word on a selection is older than it and does not overwrite it.
 */
export interface OrderRefreshDeps {
  /** One querySelectionDetailV2 call. */
  fetch(request: SelectionDetailRequest): Promise<SelectionDetailResponse>;
  /**
   * The selection as the live feed has it now, where the worker receives that market for a page (the
   * rows show it): undefined where it does not, and the selection waits for the call.
   */
  live?: (query: SelectionQuery) => SelectionDetail | undefined;
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export type SendDetails = (details: SelectionDetail[]) => void;

interface OrderWatcher {
  id: number;
  tabId: string;
  single: boolean;
  /** Its orders' selections by key (duplicates collapse). */
  orders: Map<string, SelectionQuery>;
  send: SendDetails;
  /** key → fingerprint of the detail this watcher last received. */
  sent: Map<string, string>;
}

/** What makes a detail worth sending again. */
const fingerprint = (d: SelectionDetail) => `${d.price}|${d.status}|${d.point}|${d.point2}|${d.minBet}|${d.maxBet}|${d.found}`;

/** Only the fields of the call: whatever else a tab's object carries stays out of the request. */
function cleanQuery(q: SelectionQuery): SelectionQuery {
  return {
    marketId: q.marketId,
    key: q.key,
    ...(q.outrightOddsId ? { outrightOddsId: q.outrightOddsId } : {}),
    ...(q.teamId ? { teamId: q.teamId } : {}),
  };
}

/** A tab's callback is a Comlink proxy: a tab that is gone must not throw into the worker. */
function deliver(send: SendDetails, details: SelectionDetail[]): void {
  try {
    const result = send(details) as unknown;
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    // The tab went away; disconnectTab will drop its watchers.
  }
}

export class OrderRefresher {
  private readonly watchers = new Map<number, OrderWatcher>();
  /** The union of every watcher's selections. */
  private readonly wanted = new Map<string, SelectionQuery>();
  /** Last known details of the wanted selections. */
  private readonly known = new Map<string, SelectionDetail>();
  /** When each wanted selection was last asked for. */
  private readonly asked = new Map<string, number>();
  private readonly inFlightKeys = new Set<string>();
  /** When the live feed last said something about each wanted selection. */
  private readonly fedAt = new Map<string, number>();
  private inFlight = 0;
  private timer: unknown = null;
  private period = 0;
  /** Calls started, for diagnostics and tests. */
  calls = 0;

  constructor(private readonly deps: OrderRefreshDeps) {}

  watch(id: number, tabId: string, orders: SelectionQuery[], single: boolean, send: SendDetails): void {
    const watcher: OrderWatcher = { id, tabId, single, orders: new Map(), send, sent: new Map() };
    this.watchers.set(id, watcher);
    this.setOrders(watcher, orders);
    this.changed(watcher);
  }

  /** Answers false when no such watcher exists (it ended). */
  update(id: number, orders: SelectionQuery[], single: boolean): boolean {
    const watcher = this.watchers.get(id);
    if (!watcher) return false;
    watcher.single = single;
    this.setOrders(watcher, orders);
    this.changed(watcher);
    return true;
  }

  /** Answers false when the id is not an order watcher. */
  unwatch(id: number): boolean {
    const watcher = this.watchers.get(id);
    if (!watcher) return false;
    this.watchers.delete(id);
    releaseCallback(watcher.send);
    this.rebuild();
    return true;
  }

  disconnectTab(tabId: string): void {
    let removed = false;
    for (const watcher of [...this.watchers.values()]) {
      if (watcher.tabId !== tabId) continue;
      this.watchers.delete(watcher.id);
      releaseCallback(watcher.send);
      removed = true;
    }
    if (removed) this.rebuild();
  }

  /** For diagnostics and tests. */
  usage(): { watchers: number; selections: number; inFlight: number; periodMs: number } {
    return { watchers: this.watchers.size, selections: this.wanted.size, inFlight: this.inFlight, periodMs: this.period };
  }

  // ---- watchers ----------------------------------------------------------------------------------

  private setOrders(watcher: OrderWatcher, orders: SelectionQuery[]): void {
    watcher.orders = new Map(orders.map((q) => [selectionKey(q), cleanQuery(q)]));
    // An order taken off and put back is sent again.
    for (const key of [...watcher.sent.keys()]) if (!watcher.orders.has(key)) watcher.sent.delete(key);
  }

  /** After a watcher started or changed: what is known goes out now, what is not is asked for now. */
  private changed(watcher: OrderWatcher): void {
    this.rebuild();
    for (const [key, query] of watcher.orders) if (!this.known.has(key)) this.takeLive(key, query);
    this.deliverTo(watcher);
    const missing = [...watcher.orders.keys()].filter((key) => !this.known.has(key) && !this.inFlightKeys.has(key));
    if (missing.length) this.request(missing);
  }

  private rebuild(): void {
    this.wanted.clear();
    for (const watcher of this.watchers.values()) for (const [key, query] of watcher.orders) this.wanted.set(key, query);
    for (const key of [...this.known.keys()]) if (!this.wanted.has(key)) this.known.delete(key);
    for (const key of [...this.asked.keys()]) if (!this.wanted.has(key)) this.asked.delete(key);
    for (const key of [...this.fedAt.keys()]) if (!this.wanted.has(key)) this.fedAt.delete(key);
    this.schedule();
  }

  /** One interval while anything is watched: 1 s while any watcher shows a single bet, else 3 s. */
  private schedule(): void {
    let period = 0;
    if (this.wanted.size > 0) {
      period = BET_ORDER_REFRESH_MS;
      for (const watcher of this.watchers.values()) if (watcher.single && watcher.orders.size > 0) period = BET_ORDER_REFRESH_SINGLE_MS;
    }
    if (period === this.period) return;
    if (this.timer !== null) this.deps.clearInterval(this.timer);
    this.timer = null;
    this.period = period;
    if (period > 0) this.timer = this.deps.setInterval(() => this.tick(), period);
  }

  // ---- the live feed -----------------------------------------------------------------------------

  /** The live feed moved these markets: the watched selections among them take their new details now. */
  feedChanged(marketIds: ReadonlySet<string>): void {
    if (!this.deps.live || this.wanted.size === 0 || marketIds.size === 0) return;
    let changed = false;
    for (const [key, query] of this.wanted) if (marketIds.has(query.marketId) && this.takeLive(key, query)) changed = true;
    if (changed) for (const watcher of this.watchers.values()) this.deliverTo(watcher);
  }

  /** Takes the feed's detail of a selection, if the feed has it; answers whether the known detail changed. */
  private takeLive(key: string, query: SelectionQuery): boolean {
    if (query.outrightOddsId) return false;
    const detail = this.deps.live?.(query);
    if (!detail) return false;
    this.fedAt.set(key, this.deps.now());
    const previous = this.known.get(key);
    if (previous && fingerprint(previous) === fingerprint(detail)) return false;
    this.known.set(key, detail);
    return true;
  }

  // ---- calls -------------------------------------------------------------------------------------

  /** One period: every wanted selection not already being asked for, oldest-asked first. */
  private tick(): void {
    const keys = [...this.wanted.keys()].filter((key) => !this.inFlightKeys.has(key));
    const when = (key: string) => this.asked.get(key) ?? Number.NEGATIVE_INFINITY;
    keys.sort((a, b) => (when(a) === when(b) ? 0 : when(a) < when(b) ? -1 : 1));
    this.request(keys);
  }

  /** Asks for `keys` in calls of at most SELECTION_DETAIL_BATCH, as far as the throttle allows now. */
  private request(keys: string[]): void {
    for (let start = 0; start < keys.length; start += SELECTION_DETAIL_BATCH) {
      if (this.inFlight >= SELECTION_DETAIL_THROTTLE) return;
      void this.call(keys.slice(start, start + SELECTION_DETAIL_BATCH));
    }
  }

  private async call(keys: string[]): Promise<void> {
    const now = this.deps.now();
    const selections: SelectionQuery[] = [];
    for (const key of keys) {
      const query = this.wanted.get(key);
      if (!query) continue;
      selections.push(query);
      this.inFlightKeys.add(key);
      this.asked.set(key, now);
    }
    if (!selections.length) return;
    this.inFlight++;
    this.calls++;
    let answer: SelectionDetail[] | null = null;
    try {
      const response = await this.deps.fetch({ selections });
      if (Array.isArray(response?.selections)) answer = response.selections;
    } catch {
      // Kept: the last known details stay, and the next period asks again.
    } finally {
      this.inFlight--;
      for (const key of keys) this.inFlightKeys.delete(key);
    }
    if (!answer) return;
    let changed = false;
    for (const raw of answer) {
      const key = selectionKey(raw);
      // Taken off every slip while the call was out, or the feed spoke since the call was asked.
      if (!this.wanted.has(key) || (this.fedAt.get(key) ?? Number.NEGATIVE_INFINITY) >= now) continue;
      const detail: SelectionDetail = { ...raw, status: normalizeMarketStatus(String(raw.status)) ?? raw.status };
      const previous = this.known.get(key);
      if (previous && fingerprint(previous) === fingerprint(detail)) continue;
      this.known.set(key, detail);
      changed = true;
    }
    if (changed) for (const watcher of this.watchers.values()) this.deliverTo(watcher);
  }

  /** Sends a watcher the details of its orders that it has not seen as they are now, if any. */
  private deliverTo(watcher: OrderWatcher): void {
    const out: SelectionDetail[] = [];
    for (const key of watcher.orders.keys()) {
      const detail = this.known.get(key);
      if (!detail) continue;
      const print = fingerprint(detail);
      if (watcher.sent.get(key) === print) continue;
      watcher.sent.set(key, print);
      out.push(detail);
    }
    if (out.length) deliver(watcher.send, out);
  }
}
