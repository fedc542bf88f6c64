import { proxy, subscribe } from 'valtio/vanilla';
import type { BetOrder } from '../../contract/betOrder';
import { StorageKey } from '../../contract/storageKeys';
import { local } from '../../lib/storage';

/**
 * The bet slip's selections. Persisted so a reload keeps them, and shared by the tabs of one browser
 * through the storage event. The betting release adds modes, stakes and placement on top of this.
 */
export const betSlip = proxy({
  orders: readOrders(),
});

function readOrders(): BetOrder[] {
  const saved = local.get<unknown>(StorageKey.betSlip, []);
  return Array.isArray(saved) ? (saved.filter((o) => typeof o === 'object' && o !== null && 'uid' in o) as BetOrder[]) : [];
}

let applyingRemote = false;
subscribe(betSlip, () => {
  if (!applyingRemote) local.set(StorageKey.betSlip, betSlip.orders);
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== StorageKey.betSlip) return;
    applyingRemote = true;
    betSlip.orders = readOrders();
    queueMicrotask(() => {
      applyingRemote = false;
    });
  });
}

export function clearBetSlip(): void {
  if (betSlip.orders.length > 0) betSlip.orders = [];
}

export function betSlipCount(): number {
  return betSlip.orders.length;
}
