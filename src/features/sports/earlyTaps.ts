import { useContext, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { type BetPage, selectionUid, toBetOrder } from '../../contract/betOrder';
import type { ListMirror } from '../../realtime/mirror';
import { preferences } from '../../stores/preferences';
import { SlipPicksContext } from './picks';

/** A price tapped on the server-drawn rows before the app ran (server/plugins/firstRows.ts EARLY_TAP_SCRIPT). */
interface EarlyTap {
  marketId: string;
  key: string;
}

declare global {
  interface Window {
    __panaloTaps?: EarlyTap[];
  }
}

/**
 * Puts the prices the player tapped before the app ran on the slip, once the page's lists hold their
 * markets (the same toggle as a tap on a React price: a suspended market is refused and told). Each tap is
 * taken once; one whose match left the lists meanwhile is dropped.
 */
export function useEarlyTaps(mirrors: readonly ListMirror[], page: BetPage, ready: boolean): void {
  const picks = useContext(SlipPicksContext);
  const { oddsType } = useSnapshot(preferences);
  useEffect(() => {
    const taps = typeof window === 'undefined' ? undefined : window.__panaloTaps;
    if (!ready || !taps || taps.length === 0) return;
    window.__panaloTaps = [];
    for (const tap of taps) {
      for (const mirror of mirrors) {
        const found = mirror.findSelection(tap.marketId, tap.key);
        if (!found) continue;
        const { match, market, selection } = found;
        if (!picks.isPicked(selectionUid(market.marketId, selection.key))) {
          picks.toggle(toBetOrder(match, market, selection, oddsType, page), market.status, selection.price);
        }
        break;
      }
    }
  }, [mirrors, page, ready, picks, oddsType]);
}
