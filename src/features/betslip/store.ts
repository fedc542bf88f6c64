import { proxy, subscribe } from 'valtio/vanilla';
import { subscribeKey } from 'valtio/vanilla/utils';
import { BET_MODES, type BetMode, normalizeStake } from '../../contract/betting';
import type { BetOrder } from '../../contract/betOrder';
import { StorageKey } from '../../contract/storageKeys';
import { local } from '../../lib/storage';
import { rememberQuickStake } from '../../stores/quickStake';

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

/**
 * Which selections are on the slip, with a listener per selection: a price button hears only of its
 * own selection coming on or off the slip, not of every change to the slip.
 */
const pickListeners = new Map<string, Set<() => void>>();
let picked = new Set(betSlip.orders.map((order) => order.uid));
subscribeKey(
  betSlip,
  'orders',
  () => {
    const now = new Set(betSlip.orders.map((order) => order.uid));
    const moved = [...picked].filter((uid) => !now.has(uid)).concat([...now].filter((uid) => !picked.has(uid)));
    picked = now;
    for (const uid of moved) for (const listener of pickListeners.get(uid) ?? []) listener();
  },
  true,
);

export function isPicked(uid: string): boolean {
  return picked.has(uid);
}

export function subscribePicked(uid: string, listener: () => void): () => void {
  let listeners = pickListeners.get(uid);
  if (!listeners) pickListeners.set(uid, (listeners = new Set()));
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) pickListeners.delete(uid);
  };
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
