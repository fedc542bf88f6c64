import { queryClient } from '../../api/instance';
import { InGamePage } from '../../features/casino/InGamePage';
import type { GameSearch, TransferSearch } from '../../features/casino/search';
import { TransferPage } from '../../features/casino/TransferPage';
import { balanceQuery } from '../../features/wallet/balance';

/**
 * The casino's play pages with the wallet's balance composed in (features do not import each other):
 * the game bar and the transfer page show the main balance, fetched again on each bet or win the
 * wallet pushes, and when the game asks (postMessage panalo:balance).
 */
function refreshBalance(): void {
  // Each answer lands in the pay store the bars read.
  void queryClient.fetchQuery({ ...balanceQuery, staleTime: 0 }).catch(() => undefined);
}

/** /ingame, /glifeingame, /testgame: game/launchGame. */
export function InGameRoute(search: GameSearch) {
  return <InGamePage {...search} mode="launch" refreshBalance={refreshBalance} />;
}

/** /ingameV2: game/v2/inGame. */
export function InGameV2Route(search: GameSearch) {
  return <InGamePage {...search} mode="v2" refreshBalance={refreshBalance} />;
}

/** /trial: play money, for visitors too; the wallet is not involved. */
export function TrialRoute(search: GameSearch) {
  return <InGamePage {...search} mode="trial" />;
}

/** /InGameTransfer */
export function InGameTransferRoute(search: TransferSearch) {
  return <TransferPage {...search} refreshBalance={refreshBalance} />;
}
