import { DEVICE_FINGERPRINT } from '../../contract/constants';
import type { Timers } from '../../lib/timers';

/**
 * The device fingerprint of spec §9 (2 s timeout, 2 retries 1 s apart), sent with the calls that open
 * an account (spec §7 "a device fingerprint token") so the operator can see several accounts opened from
 * one device (fraud prevention, a necessary purpose listed to the player). It is FingerprintJS's open
 * source agent (MIT, 13 KB brotli, its own chunk): a hash of the browser's properties, no personal data,
 * and its usage ping is off. It is heavy work (canvas, fonts, audio: about 1.5 s of main thread at CPU ×4
 * in tests/bench/events-cost.ts), so it is computed only when the login dialog opens, when the page is
 * idle, once per tab; a registration made before it is ready goes without it, never waits.
 */

/**
 * Runs `attempt` under the spec's schedule: each attempt is given `timeoutMs`; a failed or timed-out one
 * is tried again after `retryDelayMs`, `retries` times. Resolves with the first answer, or undefined.
 */
export async function fingerprintWithRetry(attempt: () => Promise<string>, timers: Timers): Promise<string | undefined> {
  const { timeoutMs, retries, retryDelayMs } = DEVICE_FINGERPRINT;
  for (let tries = 0; tries <= retries; tries++) {
    if (tries > 0) await timers.sleep(retryDelayMs);
    let handle: ReturnType<Timers['setTimeout']> | undefined;
    const timedOut = new Promise<undefined>((resolve) => {
      handle = timers.setTimeout(() => resolve(undefined), timeoutMs);
    });
    const answer = await Promise.race([attempt().catch(() => undefined), timedOut]);
    timers.clearTimeout(handle);
    if (typeof answer === 'string' && answer !== '') return answer;
  }
  return undefined;
}

let agent: Promise<{ get(): Promise<{ visitorId: string }> }> | undefined;
let running: Promise<string> | undefined;

/**
 * One attempt: FingerprintJS's visitor id (32 hex digits), its agent downloaded and loaded once. A retry
 * made while a timed-out attempt is still working joins it rather than starting the work a second time.
 */
export function fingerprintOnce(): Promise<string> {
  agent ??= import('@fingerprintjs/fingerprintjs')
    .then(({ load }) => load({ monitoring: false }))
    .catch((error: unknown) => {
      agent = undefined; // a chunk that did not arrive (offline) is asked again by the next attempt
      throw error;
    });
  running ??= agent
    .then((loaded) => loaded.get())
    .then((result) => result.visitorId)
    .finally(() => {
      running = undefined;
    });
  return running;
}
