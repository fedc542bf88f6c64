import { attributionRetryDelay } from '../../contract/events';
import type { Timers } from '../../lib/timers';

/**
 * The attribution id fetch of spec §9: at most 10 attempts, the first failure falling through to the
 * next attempt at once, then 600 ms × 2ⁿ between attempts, capped at 480,000 ms (contract/events.ts
 * attributionRetryDelay). Resolves with the id, or undefined once the attempts are spent or `stopped()`.
 */
export async function fetchWithBackoff<T>(
  attempt: () => Promise<T>,
  timers: Timers,
  stopped: () => boolean = () => false,
): Promise<T | undefined> {
  for (let failures = 0; ;) {
    if (stopped()) return undefined;
    try {
      return await attempt();
    } catch {
      failures++;
      const delay = attributionRetryDelay(failures);
      if (delay === undefined) return undefined;
      if (delay > 0) await timers.sleep(delay);
    }
  }
}
