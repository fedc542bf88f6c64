import type { Market } from '../../src/contract/feed';
import type { MatchStore } from './store';

/** Which match is in which list, and their order, are the contract's (src/contract/lists.ts). */
export function mainMarkets(store: MatchStore, matchId: string): Market[] {
  return store.marketsOf(matchId).filter((market) => market.main);
}
