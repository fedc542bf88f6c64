import type { Market, Match } from '../../src/contract/feed';
import { type CashoutLeg, cashoutValue } from '../../src/contract/cashout';
import type { CashoutTicketWatch, CashoutValue } from '../../src/contract/realtime';
import { MarketStatus } from '../../src/contract/sports';

/**
 * Cash-out values kept live in the worker (issue 38): every open ticket a tab shows is priced again from
 * the price deltas the worker already applies to its store, in the conflation tick, only when one of
 * its legs' markets moved; a tab hears only the tickets whose value changed. No request per ticket: the
 * server is asked for a quote only when the player taps Cash out.
 *
 * A value is `null` while a leg's market is suspended or closed, its line moved, or its match is over
 * ("Cash out is paused"); `undefined` (not sent) until the worker holds the leg's market at all.
 */

interface Watcher {
  tabId: string;
  tickets: CashoutTicketWatch[];
  send: (values: CashoutValue[]) => void;
  /** The last value sent per ticket (null: paused). */
  sent: Map<string, number | null>;
  /** The matches whose destinations this watch holds. */
  matchIds: string[];
}

export interface CashoutStore {
  markets: ReadonlyMap<string, Market>;
  matches: ReadonlyMap<string, Match>;
}

/** The matches a ticket's running legs are on (the destinations that keep its value live). */
export function cashoutMatches(tickets: readonly CashoutTicketWatch[]): string[] {
  return [...new Set(tickets.flatMap((t) => t.legs.filter((leg) => leg.outcome === 'running').map((leg) => leg.matchId)))];
}

export class CashoutWatches {
  private readonly watchers = new Map<number, Watcher>();
  /** Which watchers' tickets have a running leg on a market. */
  private readonly byMarket = new Map<string, Set<number>>();

  constructor(private readonly store: CashoutStore) {}

  get size(): number {
    return this.watchers.size;
  }

  /** Whether a watch keeps this match's destination (so its snapshot is fetched again after a failure). */
  watchesMatch(matchId: string): boolean {
    for (const watcher of this.watchers.values()) if (watcher.matchIds.includes(matchId)) return true;
    return false;
  }

  watch(id: number, tabId: string, tickets: CashoutTicketWatch[], send: (values: CashoutValue[]) => void): string[] {
    const matchIds = cashoutMatches(tickets);
    const watcher: Watcher = { tabId, tickets, send, sent: new Map(), matchIds };
    this.watchers.set(id, watcher);
    for (const ticket of tickets) {
      for (const leg of ticket.legs) {
        if (leg.outcome !== 'running') continue;
        let ids = this.byMarket.get(leg.marketId);
        if (!ids) this.byMarket.set(leg.marketId, (ids = new Set()));
        ids.add(id);
      }
    }
    // What the worker already holds goes out at once.
    this.send(watcher, tickets);
    return matchIds;
  }

  /** Ends a watch; answers it (its send callback to release, its matches to let go) or undefined. */
  unwatch(id: number): Watcher | undefined {
    const watcher = this.watchers.get(id);
    if (!watcher) return undefined;
    this.watchers.delete(id);
    for (const ticket of watcher.tickets) {
      for (const leg of ticket.legs) {
        const ids = this.byMarket.get(leg.marketId);
        ids?.delete(id);
        if (ids?.size === 0) this.byMarket.delete(leg.marketId);
      }
    }
    return watcher;
  }

  idsOfTab(tabId: string): number[] {
    return [...this.watchers].filter(([, w]) => w.tabId === tabId).map(([id]) => id);
  }

  /** The conflation tick: markets (and the markets of matches) that changed since the last one. */
  feedChanged(markets: ReadonlySet<string>): void {
    const touched = new Map<number, Set<string>>();
    for (const marketId of markets) {
      for (const id of this.byMarket.get(marketId) ?? []) {
        let set = touched.get(id);
        if (!set) touched.set(id, (set = new Set()));
        set.add(marketId);
      }
    }
    for (const [id, moved] of touched) {
      const watcher = this.watchers.get(id)!;
      this.send(
        watcher,
        watcher.tickets.filter((t) => t.legs.some((leg) => moved.has(leg.marketId))),
      );
    }
  }

  private send(watcher: Watcher, tickets: readonly CashoutTicketWatch[]): void {
    const changed: CashoutValue[] = [];
    for (const ticket of tickets) {
      const value = this.valueOf(ticket);
      if (value === undefined || watcher.sent.get(ticket.transId) === value) continue;
      watcher.sent.set(ticket.transId, value);
      changed.push({ transId: ticket.transId, value });
    }
    if (changed.length > 0) watcher.send(changed);
  }

  /** The ticket's value now from the store (null: paused; undefined: a leg's market not held yet). */
  valueOf(ticket: CashoutTicketWatch): number | null | undefined {
    const legs: CashoutLeg[] = [];
    for (const leg of ticket.legs) {
      if (leg.outcome !== 'running') {
        legs.push({ oddsH: leg.oddsH, outcome: leg.outcome, currentH: null });
        continue;
      }
      const market = this.store.markets.get(leg.marketId);
      if (!market) return undefined;
      const match = this.store.matches.get(leg.matchId);
      const selection = market.selections.find((s) => s.key === leg.key);
      const open =
        market.status === MarketStatus.Running &&
        market.point === leg.point &&
        selection !== undefined &&
        match?.eventStatus === 'running' &&
        match.runningStatus !== '2';
      legs.push({ oddsH: leg.oddsH, outcome: 'running', currentH: open ? Math.round(selection.price * 100) : null });
    }
    return cashoutValue({ stake: ticket.stake, legs, combos: ticket.combos }, ticket.marginBp);
  }
}
