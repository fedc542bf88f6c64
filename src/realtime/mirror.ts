import { type SelectionDetail, type SelectionQuery, selectionKey } from '../contract/betting';
import type { League, Market, Match } from '../contract/feed';
import type { FeedStatus, ListPatch, MatchPatch } from '../contract/realtime';
import { compareText } from '../lib/order';
import { conflationDelay } from '../lib/dataSaver';

/**
 * The tab's copy of what one worker subscription shows, fed by its patches. Rows subscribe to their own
 * match (useSyncExternalStore), so a price change re-renders one row, not the list; the list itself only
 * re-renders when its order, leagues or status change.
 */
type Listener = () => void;

/** Which way a selection's price last moved, and when (epoch ms): prices that just moved flash. */
export interface Move {
  dir: 'up' | 'down';
  at: number;
}

export interface RowView {
  match: Match;
  markets: Market[];
  /** `${marketId}:${key}` → the direction of the selection's last price change. */
  moves: ReadonlyMap<string, Move>;
}

export interface ListView {
  status: FeedStatus;
  /** With status 'offline': when the prices shown were last known current (epoch ms); null: none kept. */
  asOf: number | null;
  order: readonly string[];
  leagues: ReadonlyMap<string, League>;
}

function recordMoves(previous: Market | undefined, next: Market, moves: Map<string, Move>): void {
  if (!previous) return;
  const at = Date.now();
  for (const selection of next.selections) {
    const before = previous.selections.find((s) => s.key === selection.key)?.price;
    if (before === undefined || before === selection.price || before === 0 || selection.price === 0) continue;
    moves.set(`${next.marketId}:${selection.key}`, { dir: selection.price > before ? 'up' : 'down', at });
  }
}

/** `held` when it has the same content as `next` (data from the worker is plain JSON), else `next`. */
function kept<T>(held: T | undefined, next: T): T {
  return held !== undefined && JSON.stringify(held) === JSON.stringify(next) ? held : next;
}

/** Same length, and the same objects in the same places. */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** Rows told of a change in one task (notifyRows). */
const ROWS_PER_TASK = 8;

class Listeners {
  private readonly byKey = new Map<string, Set<Listener>>();
  add(key: string, listener: Listener): () => void {
    let set = this.byKey.get(key);
    if (!set) {
      set = new Set();
      this.byKey.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byKey.delete(key);
    };
  }
  notify(key: string): void {
    for (const listener of this.byKey.get(key) ?? []) listener();
  }
}

export class ListMirror {
  private view: ListView = { status: 'loading', asOf: null, order: [], leagues: new Map() };
  private readonly matches = new Map<string, Match>();
  private readonly markets = new Map<string, Market>();
  private readonly marketsOfMatch = new Map<string, Set<string>>();
  private readonly rows = new Map<string, RowView>();
  private readonly moves = new Map<string, Move>();
  private readonly rowListeners = new Listeners();
  private readonly listListeners = new Set<Listener>();
  /**
   * Data saver's conflation (issue 38; the rule: src/lib/dataSaver.ts conflationDelay): a row off screen
   * is told of a change at most once per `conflateMs` (0: every change at once). The mirror keeps every
   * change as it comes (a pick reads the price of now); a row held back reads, until it is told, the
   * row its listeners last saw (`heldRows`).
   */
  private conflateMs = 0;
  /** Per match, each element watched for it and whether it is on screen. */
  private readonly watched = new Map<string, Map<object, boolean>>();
  private readonly heldRows = new Map<string, RowView>();
  private readonly toldAt = new Map<string, number>();
  private readonly releases = new Map<string, ReturnType<typeof setTimeout>>();

  /**
   * A reset (the worker's first answer after the rows the page was seeded with, a resync after a gap)
   * mostly repeats what is shown: a match, market or row equal to the one held is kept as it is, so only
   * what changed re-renders. Before, a reset re-rendered the whole list in one synchronous pass.
   */
  apply(patch: ListPatch): void {
    const touched = new Set<string>();
    const asOf = patch.status === 'offline' ? (patch.asOf ?? null) : null;
    const before = patch.reset ? { matches: new Map(this.matches), markets: new Map(this.markets), rows: new Map(this.rows) } : undefined;
    if (patch.reset) {
      this.matches.clear();
      this.markets.clear();
      this.marketsOfMatch.clear();
      this.rows.clear();
      this.moves.clear();
    }
    for (const match of patch.matches ?? []) {
      this.matches.set(match.matchId, kept(before?.matches.get(match.matchId), match));
      touched.add(match.matchId);
    }
    for (const market of patch.markets ?? []) {
      recordMoves(this.markets.get(market.marketId), market, this.moves);
      this.markets.set(market.marketId, kept(before?.markets.get(market.marketId), market));
      let ids = this.marketsOfMatch.get(market.matchId);
      if (!ids) this.marketsOfMatch.set(market.matchId, (ids = new Set()));
      ids.add(market.marketId);
      touched.add(market.matchId);
    }
    for (const marketId of patch.removedMarkets ?? []) {
      const market = this.markets.get(marketId);
      if (!market) continue;
      this.markets.delete(marketId);
      this.marketsOfMatch.get(market.matchId)?.delete(marketId);
      touched.add(market.matchId);
    }
    for (const matchId of patch.removedMatches ?? []) {
      this.matches.delete(matchId);
      for (const marketId of this.marketsOfMatch.get(matchId) ?? []) this.markets.delete(marketId);
      this.marketsOfMatch.delete(matchId);
      this.rows.delete(matchId);
    }
    // What each touched row's listeners see now, for a row whose change is held back.
    const seen =
      this.conflateMs > 0
        ? new Map([...touched].map((id) => [id, this.heldRows.get(id) ?? before?.rows.get(id) ?? this.rows.get(id)]))
        : undefined;
    const changed = [...touched].filter((matchId) => this.rebuildRow(matchId, before?.rows.get(matchId) ?? this.rows.get(matchId)));
    for (const matchId of patch.removedMatches ?? []) this.forgetHeld(matchId);
    if (patch.reset) for (const matchId of [...this.heldRows.keys()]) if (!this.matches.has(matchId)) this.forgetHeld(matchId);
    const order = patch.order ?? (patch.reset ? [] : this.view.order);
    const leagues = patch.leagues
      ? new Map(patch.leagues.map((l) => [l.leagueId, kept(this.view.leagues.get(l.leagueId), l)]))
      : this.view.leagues;
    const next: ListView = {
      status: patch.status,
      asOf,
      order: sameItems(order, this.view.order) ? this.view.order : order,
      leagues: sameItems([...leagues.values()], [...this.view.leagues.values()]) ? this.view.leagues : leagues,
    };
    if (
      next.status !== this.view.status ||
      next.asOf !== this.view.asOf ||
      next.order !== this.view.order ||
      next.leagues !== this.view.leagues
    ) {
      this.view = next;
      for (const listener of this.listListeners) listener();
    }
    this.notifyRows(seen ? this.conflate(changed, seen) : changed);
  }

  /**
   * Turns data saver's conflation on (`ms` > 0: CONFLATE_OFF_SCREEN_MS) or off; off tells the rows held
   * back at once.
   */
  setConflation(ms: number): void {
    this.conflateMs = ms;
    if (ms <= 0) this.release([...this.releases.keys()]);
  }

  /**
   * Watches one element showing a row (its IntersectionObserver reports to `report`): the row counts as
   * off screen while every element watched for it is; a row coming on screen, or no longer watched, is
   * told what it missed at once. A match can show twice (a featured card and its row).
   */
  watchOnScreen(matchId: string): { report: (onScreen: boolean) => void; stop: () => void } {
    const token = {};
    let elements = this.watched.get(matchId);
    if (!elements) this.watched.set(matchId, (elements = new Map()));
    elements.set(token, true);
    const settle = () => {
      if (this.releases.has(matchId) && !this.offScreen(matchId)) this.release([matchId]);
    };
    return {
      report: (onScreen) => {
        if (!elements.has(token)) return;
        elements.set(token, onScreen);
        settle();
      },
      stop: () => {
        elements.delete(token);
        if (elements.size === 0 && this.watched.get(matchId) === elements) this.watched.delete(matchId);
        settle();
      },
    };
  }

  private offScreen(matchId: string): boolean {
    const elements = this.watched.get(matchId);
    return elements !== undefined && elements.size > 0 && [...elements.values()].every((onScreen) => !onScreen);
  }

  /** The changed rows to tell now; the others are held until their window ends. */
  private conflate(changed: readonly string[], seen: ReadonlyMap<string, RowView | undefined>): string[] {
    const now = Date.now();
    const tell: string[] = [];
    for (const matchId of changed) {
      if (this.releases.has(matchId)) continue;
      const wait = conflationDelay(now, this.toldAt.get(matchId), !this.offScreen(matchId), this.conflateMs);
      if (wait === 0) {
        this.toldAt.set(matchId, now);
        tell.push(matchId);
        continue;
      }
      const shown = seen.get(matchId);
      if (shown) this.heldRows.set(matchId, shown);
      this.releases.set(
        matchId,
        setTimeout(() => this.release([matchId]), wait),
      );
    }
    return tell;
  }

  /** Tells held rows what they missed. */
  private release(matchIds: readonly string[]): void {
    const now = Date.now();
    for (const matchId of matchIds) {
      clearTimeout(this.releases.get(matchId));
      this.releases.delete(matchId);
      this.heldRows.delete(matchId);
      this.toldAt.set(matchId, now);
    }
    this.notifyRows(matchIds);
  }

  private forgetHeld(matchId: string): void {
    clearTimeout(this.releases.get(matchId));
    this.releases.delete(matchId);
    this.heldRows.delete(matchId);
    this.toldAt.delete(matchId);
  }

  /**
   * Tells the changed rows, a few per task: each row re-renders synchronously when told (its store is read
   * with useSyncExternalStore), so a patch that changed dozens of rows (a reset after a gap, the first
   * answer on a busy page) would otherwise be one long task on a slow phone.
   */
  private notifyRows(matchIds: readonly string[]): void {
    const now = matchIds.slice(0, ROWS_PER_TASK);
    for (const matchId of now) this.rowListeners.notify(matchId);
    if (matchIds.length > ROWS_PER_TASK) setTimeout(() => this.notifyRows(matchIds.slice(ROWS_PER_TASK)), 0);
  }

  /** Rebuilds one row; false when it came out the same as `previous` (which is then kept). */
  private rebuildRow(matchId: string, previous: RowView | undefined): boolean {
    const match = this.matches.get(matchId);
    if (!match) return false;
    const markets = [...(this.marketsOfMatch.get(matchId) ?? [])]
      .map((id) => this.markets.get(id))
      .filter((m): m is Market => m !== undefined)
      .sort((a, b) => a.betType - b.betType);
    if (previous && previous.match === match && sameItems(previous.markets, markets)) {
      this.rows.set(matchId, previous);
      return false;
    }
    this.rows.set(matchId, { match, markets, moves: this.moves });
    return true;
  }

  getList = (): ListView => this.view;

  /** A selection of a market this list holds, with its match and market (or undefined). */
  findSelection(marketId: string, key: string): { match: Match; market: Market; selection: Market['selections'][number] } | undefined {
    const market = this.markets.get(marketId);
    const match = market ? this.matches.get(market.matchId) : undefined;
    const selection = market?.selections.find((s) => s.key === key);
    return market && match && selection ? { match, market, selection } : undefined;
  }

  subscribeList = (listener: Listener): (() => void) => {
    this.listListeners.add(listener);
    return () => this.listListeners.delete(listener);
  };

  /** The row as its listeners are to show it: with data saver, an off-screen row's change may still be held. */
  getRow(matchId: string): RowView | undefined {
    return this.heldRows.get(matchId) ?? this.rows.get(matchId);
  }

  subscribeRow(matchId: string, listener: Listener): () => void {
    return this.rowListeners.add(matchId, listener);
  }
}

export interface MatchView {
  status: FeedStatus;
  /** As ListView.asOf. */
  asOf: number | null;
  /** undefined while loading; null when the match is over and gone. */
  match: Match | null | undefined;
  markets: Market[];
  moves: ReadonlyMap<string, Move>;
}

export class MatchMirror {
  private view: MatchView = { status: 'loading', asOf: null, match: undefined, markets: [], moves: new Map() };
  private readonly markets = new Map<string, Market>();
  private readonly moves = new Map<string, Move>();
  private readonly listeners = new Set<Listener>();

  apply(patch: MatchPatch): void {
    if (patch.reset) {
      this.markets.clear();
      this.moves.clear();
    }
    for (const market of patch.markets ?? []) {
      recordMoves(this.markets.get(market.marketId), market, this.moves);
      this.markets.set(market.marketId, market);
    }
    for (const id of patch.removedMarkets ?? []) this.markets.delete(id);
    this.view = {
      status: patch.status,
      asOf: patch.status === 'offline' ? (patch.asOf ?? null) : null,
      match: patch.match !== undefined ? patch.match : patch.reset ? null : this.view.match,
      markets: [...this.markets.values()].sort((a, b) => a.betType - b.betType || compareText(a.marketId, b.marketId)),
      moves: this.moves,
    };
    for (const listener of this.listeners) listener();
  }

  get = (): MatchView => this.view;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/**
 * The tab's copy of its bet-order details (useOrderDetails), keyed by selectionKey. The worker sends
 * only what changed; this keeps the details of the current orders and hands React a new map only when
 * one of them changed, so an effect on the map runs once per real change.
 */
export class OrderMirror {
  private details: ReadonlyMap<string, SelectionDetail> = new Map();
  private keys = new Set<string>();
  private readonly listeners = new Set<Listener>();

  /** The slip's orders now: details of orders taken off are dropped, and late ones for them ignored. */
  keep(orders: readonly SelectionQuery[]): void {
    this.keys = new Set(orders.map(selectionKey));
    if ([...this.details.keys()].every((key) => this.keys.has(key))) return;
    this.details = new Map([...this.details].filter(([key]) => this.keys.has(key)));
    this.notify();
  }

  apply(details: readonly SelectionDetail[]): void {
    let next: Map<string, SelectionDetail> | null = null;
    for (const detail of details) {
      const key = selectionKey(detail);
      if (!this.keys.has(key)) continue;
      next ??= new Map(this.details);
      next.set(key, detail);
    }
    if (!next) return;
    this.details = next;
    this.notify();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): ReadonlyMap<string, SelectionDetail> => this.details;

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
