import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { BetOrder } from '../../contract/betOrder';
import type { MarketStatus } from '../../contract/sports';

/**
 * What the sports pages need of the bet slip: whether a selection is on it, and a tap that puts it on
 * or takes it off. Features do not import each other: src/app provides the slip's answer
 * (src/app/slipPicks.ts) around the pages.
 */
export interface SlipPicks {
  isPicked(uid: string): boolean;
  /** Hears of this selection only coming on or off the slip. */
  subscribePicked(uid: string, onChange: () => void): () => void;
  /** Puts the order on the slip or takes it off; a refusal ('Market Suspend'…) is told to the player. */
  toggle(order: BetOrder, status: MarketStatus, price: number): void;
}

/** Where no slip is provided (a page rendered on its own): nothing is picked, a tap does nothing. */
const noSlip: SlipPicks = {
  isPicked: () => false,
  subscribePicked: () => () => undefined,
  toggle: () => undefined,
};

export const SlipPicksContext = createContext<SlipPicks>(noSlip);

/** Whether this selection is on the slip; re-renders only when that answer changes. */
export function usePicked(uid: string): boolean {
  const picks = useContext(SlipPicksContext);
  const subscribe = useCallback((onChange: () => void) => picks.subscribePicked(uid, onChange), [picks, uid]);
  return useSyncExternalStore(subscribe, () => picks.isPicked(uid));
}

export function useTogglePick(): SlipPicks['toggle'] {
  return useContext(SlipPicksContext).toggle;
}
