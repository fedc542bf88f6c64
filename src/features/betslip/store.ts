import { proxy, subscribe } from 'valtio/vanilla';
import { subscribeKey } from 'valtio/vanilla/utils';
import { BET_MODES, type BetMode, type BetTicket, normalizeStake } from '../../contract/betting';
import type { BetOrder } from '../../contract/betOrder';
import type { BookingDropped } from '../../contract/booking';
import type { BetResultStatus } from '../../contract/sports';
import { StorageKey } from '../../contract/storageKeys';
import { local } from '../../lib/storage';
import { rememberQuickStake } from '../../stores/quickStake';

/**
 * The bet slip (spec §3 "Bet order", §4 modes), the one store of the slip: the picked orders, the mode
 * that decides how they are placed and the stakes in whole pesos (persisted, so a reload keeps them,
 * and shared by the tabs of one browser through the storage event; `bet_mode` is the stored key of
 * spec §3); and what the slip shows about them now (changed prices waiting for the player, the
 * server's words on a leg, the placement's outcome), which lives only in this tab.
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

/** A placement's outcome (spec §4 "Bet result status"): pending, then running (success), waiting or reject. */
export interface PlacementOutcome {
  status: BetResultStatus;
  /** The server's message on failure (else the sheet says 'OPPS!'). */
  message: string;
  tickets: BetTicket[];
  /** Bets of a multi-placement that were not accepted. */
  rejected: number;
  /** Waiting tickets are still being asked after ('Betting Processing'); false once they were. */
  checking?: boolean;
}

export const betSlip = proxy({
  ...readSlip(),
  mode: readMode(),
  /** Prices (and lines) that moved and wait for the player's acceptance, by order uid. */
  changes: {} as Record<string, { odds: number; point: number | null }>,
  /** A leg's own message from the server (price_info state_message). */
  legMessages: {} as Record<string, string>,
  /** Legs the server marked: abnormal odds or over the payout limit. */
  marks: {} as Record<string, 'abnormal' | 'payout'>,
  /** A free bet token chosen to pay an order's stake (singles only; issue 35), by order uid: this tab only. */
  freeBetOf: {} as Record<string, { freeBetId: number; amount: number }>,
  /** The last booking code loaded onto the slip and what it left out (booking.ts), until dismissed: this tab only. */
  bookingNotice: null as { code: string; count: number; dropped: BookingDropped[] } | null,
  /** The placement being made or just made, for the result sheet; null while the player edits. */
  result: null as PlacementOutcome | null,
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
let lastSaved = '';
subscribe(betSlip, () => {
  if (applyingRemote) return;
  const { orders, stakes, comboStakes, endingGameStake, mode } = betSlip;
  // What only this tab shows (changes, the result) does not touch storage, nor wake the other tabs.
  const saved = JSON.stringify([orders, stakes, comboStakes, endingGameStake, mode]);
  if (saved === lastSaved) return;
  lastSaved = saved;
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

/** Pays an order's stake with a free bet token (its whole amount), or stops doing so (null). */
export function chooseFreeBet(uid: string, token: { freeBetId: number; amount: number } | null): void {
  const { [uid]: _, ...others } = betSlip.freeBetOf;
  betSlip.freeBetOf = token ? { ...others, [uid]: token } : others;
  if (token) betSlip.stakes = { ...betSlip.stakes, [uid]: token.amount / 100 };
}
