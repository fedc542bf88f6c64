import { proxy, subscribe } from 'valtio/vanilla';
import { BET_MODES, type BetMode, normalizeStake } from '../../contract/betting';
import type { BetOrder } from '../../contract/betOrder';
import { StorageKey } from '../../contract/storageKeys';
import { local } from '../../lib/storage';

/**
 * The bet slip (spec §3 "Bet order", §4 modes): the picked orders, the mode that decides how they are
 * placed, and the stakes in whole pesos. Persisted so a reload keeps them, and shared by the tabs of one
 * browser through the storage event. `bet_mode`, `last_amount` and `quick_bet_amount` are the stored keys
 * of spec §3.
 */
interface SavedSlip {
  orders: BetOrder[];
  /** Single, player and outright stakes by order uid. */
  stakes: Record<string, number>;
  /** Parlay stakes by combo type (Doubles, Trebles, Fold4…): per bet of that combo. */
  comboStakes: Record<string, number>;
  /** One stake for every ending-game option. */
  endingGameStake: number;
}

export const betSlip = proxy({
  ...readSlip(),
  mode: readMode(),
});

function isRecordOfNumbers(value: unknown): value is Record<string, number> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'number' && Number.isFinite(v));
}

function readSlip(): SavedSlip {
  const saved = local.get<unknown>(StorageKey.betSlip, null);
  // The first release kept the orders alone.
  const value = Array.isArray(saved) ? { orders: saved } : ((saved ?? {}) as Partial<Record<keyof SavedSlip, unknown>>);
  const orders = Array.isArray(value.orders)
    ? (value.orders.filter((o) => typeof o === 'object' && o !== null && 'uid' in o) as BetOrder[])
    : [];
  return {
    orders,
    stakes: isRecordOfNumbers(value.stakes) ? value.stakes : {},
    comboStakes: isRecordOfNumbers(value.comboStakes) ? value.comboStakes : {},
    endingGameStake: typeof value.endingGameStake === 'number' ? value.endingGameStake : 0,
  };
}

function readMode(): BetMode {
  const saved = local.get<unknown>(StorageKey.bet_mode, 'single');
  return (BET_MODES as readonly unknown[]).includes(saved) ? (saved as BetMode) : 'single';
}

let applyingRemote = false;
subscribe(betSlip, () => {
  if (applyingRemote) return;
  const { orders, stakes, comboStakes, endingGameStake, mode } = betSlip;
  local.set(StorageKey.betSlip, { orders, stakes, comboStakes, endingGameStake } satisfies SavedSlip);
  local.set(StorageKey.bet_mode, mode);
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== StorageKey.betSlip && event.key !== StorageKey.bet_mode) return;
    applyingRemote = true;
    Object.assign(betSlip, readSlip(), { mode: readMode() });
    queueMicrotask(() => {
      applyingRemote = false;
    });
  });
}

export function clearBetSlip(): void {
  if (betSlip.orders.length > 0) betSlip.orders = [];
  betSlip.stakes = {};
  betSlip.comboStakes = {};
}

export function betSlipCount(): number {
  return betSlip.orders.length;
}

/** Takes placed (or removed) orders off the slip with their stakes. */
export function removeOrders(uids: readonly string[]): void {
  const gone = new Set(uids);
  betSlip.orders = betSlip.orders.filter((order) => !gone.has(order.uid));
  betSlip.stakes = Object.fromEntries(Object.entries(betSlip.stakes).filter(([uid]) => !gone.has(uid)));
}

/** The quick bet amount the player chose in Settings, in whole pesos; 0 when they chose their last stake. */
export function quickBetAmount(): number {
  const quick = local.get<unknown>(StorageKey.quick_bet_amount, 0);
  return typeof quick === 'number' && quick > 0 ? normalizeStake(quick) : 0;
}

/** Quick bet (spec §3 keys): the stake a new single, player or outright pick starts with. */
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

/** Stakes, in whole pesos (rounded down, capped): per order, per combo type, or for every ending-game option. */
export function setStake(uid: string, pesos: number): void {
  betSlip.stakes = { ...betSlip.stakes, [uid]: normalizeStake(pesos) };
}

export function setComboStake(comboType: string, pesos: number): void {
  betSlip.comboStakes = { ...betSlip.comboStakes, [comboType]: normalizeStake(pesos) };
}

export function setEndingGameStake(pesos: number): void {
  betSlip.endingGameStake = normalizeStake(pesos);
}

/** A quick-stake chip: adds to the stake being edited (`target`: an order uid or a combo type). */
export function addQuickStake(target: string | undefined, pesos: number): void {
  rememberQuickStake(pesos);
  if (betSlip.mode === 'endingGame') setEndingGameStake(betSlip.endingGameStake + pesos);
  else if (!target) return;
  else if (betSlip.mode === 'parlay') setComboStake(target, (betSlip.comboStakes[target] ?? 0) + pesos);
  else setStake(target, (betSlip.stakes[target] ?? 0) + pesos);
}
