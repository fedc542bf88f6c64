import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import { JACKPOT_DEBOUNCE_MS } from '../contract/constants';
import type { jackpotMessageSchema } from '../contract/games';
import { StorageKey } from '../contract/storageKeys';
import { local } from '../lib/storage';
import { watchWorker } from './hooks';

// The jackpot's hook on its own: the sports pages use realtime/hooks.ts. Its messages are parsed with
// zod, loaded when the hook starts listening: not with the lobby's first screen (issue 14).

/** The last jackpot amount this device heard (centavos), or null before any. */
export function storedJackpot(): number | null {
  const value = local.get<unknown>(StorageKey.jackpotAmount, null);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/**
 * Jackpot messages to amounts: at most one every JACKPOT_DEBOUNCE_MS, the last of a burst winning, each
 * stored as jackpotAmount for the next visit. Anything that is not a JackpotMessage (`schema`) is ignored.
 */
export function jackpotDebouncer(
  onAmount: (amount: number) => void,
  schema: typeof jackpotMessageSchema,
): { push(message: unknown): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: number | null = null;
  return {
    push(message) {
      const parsed = schema.safeParse(message);
      if (!parsed.success || parsed.data.amount < 0) return;
      pending = parsed.data.amount;
      timer ??= setTimeout(() => {
        timer = undefined;
        if (pending === null) return;
        local.set(StorageKey.jackpotAmount, pending);
        onAmount(pending);
      }, JACKPOT_DEBOUNCE_MS);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * The progressive jackpot in centavos (`/topic/jackpot` over the shared worker's one socket, through
 * jackpotDebouncer): what the topic said last, else `known` (e.g. the server's last amount, asked once),
 * else the stored jackpotAmount of an earlier visit, else null.
 */
export function useJackpot(known: number | null = null): number | null {
  const [heard, setHeard] = useState<number | null>(null);
  const [stored] = useState(storedJackpot);
  useEffect(() => {
    let debouncer: ReturnType<typeof jackpotDebouncer> | undefined;
    let stop: (() => void) | undefined;
    let live = true;
    void import('../contract/games').then(
      ({ jackpotMessageSchema }) => {
        if (!live) return;
        const listener = jackpotDebouncer(setHeard, jackpotMessageSchema);
        debouncer = listener;
        stop = watchWorker((api) => api.watchJackpot(Comlink.proxy((message: unknown) => listener.push(message))));
      },
      // Its script unreachable (offline before it was ever kept): the amount known so far stays.
      () => undefined,
    );
    return () => {
      live = false;
      debouncer?.cancel();
      stop?.();
    };
  }, []);
  return heard ?? known ?? stored;
}
