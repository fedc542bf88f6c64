import { normalizeStake } from '../contract/betting';
import { StorageKey } from '../contract/storageKeys';
import { local } from '../lib/storage';

/**
 * Quick bet (spec §3 keys `quick_bet_amount`, `last_amount`): the stake a new single, player or
 * outright pick starts with. The player chooses it in Settings (account); the slip (betslip) uses and
 * updates it, so it lives here, below both.
 */

/** The quick bet amount the player chose in Settings, in whole pesos; 0 when they chose their last stake. */
export function quickBetAmount(): number {
  const quick = local.get<unknown>(StorageKey.quick_bet_amount, 0);
  return typeof quick === 'number' && quick > 0 ? normalizeStake(quick) : 0;
}

/** The stake a new single, player or outright pick starts with. */
export function quickStake(): number {
  const quick = quickBetAmount();
  if (quick > 0) return quick;
  const last = local.get<unknown>(StorageKey.last_amount, 0);
  return typeof last === 'number' && last > 0 ? normalizeStake(last) : 0;
}

/** Sets the quick bet amount (0: start from the last stake placed). */
export function rememberQuickStake(pesos: number): void {
  local.set(StorageKey.quick_bet_amount, normalizeStake(pesos));
}

/** The last stake placed, offered again next time. */
export function rememberLastAmount(pesos: number): void {
  local.set(StorageKey.last_amount, pesos);
}
