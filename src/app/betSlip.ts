import { togglePick } from '../features/betslip/selection';
import { clearBetSlip, isPicked, subscribePicked } from '../features/betslip/store';
import type { SlipPicks } from '../features/sports/picks';
import { i18next } from '../i18n';
import { onLogout } from '../stores/session';
import { showToast } from '../stores/ui';

/** The bet slip as the sports pages see it (composed here: features do not import each other). */
export const slipPicks: SlipPicks = {
  isPicked,
  subscribePicked,
  toggle(order, status, price) {
    const result = togglePick(order, status, price);
    if (result.kind === 'refused') showToast('fail', i18next.t(result.problem.key, result.problem.values ?? {}));
  },
};

/** The slip's app-level effects: a logout clears it (spec §4), as leaving the betting routes does (router). */
export function wireBetSlip(): void {
  onLogout(clearBetSlip);
}
