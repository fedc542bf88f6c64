import { DEVICE_FINGERPRINT } from '../../contract/constants';
import type { Timers } from '../../lib/timers';

/**
 * The device fingerprint of spec §9 (2 s timeout, 2 retries 1 s apart), sent with the calls that open
 * an account (spec §7 "a device fingerprint token") so the operator can see several accounts opened from
 * one device (fraud prevention, a necessary purpose listed to the player). It is FingerprintJS's open
 * source agent (MIT, ~13 KB gzip, its own chunk): a hash of the browser's properties, no personal data,
 * and its usage ping is off. It is computed only after the first paint (the event module starts it) and
 * kept for the tab's session; a registration made before it is ready goes without it, never waits.
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

/** One attempt: FingerprintJS's visitor id (32 hex digits), its agent downloaded on first use. */
export async function fingerprintOnce(): Promise<string> {
  const { load } = await import('@fingerprintjs/fingerprintjs');
  const agent = await load({ monitoring: false });
  return (await agent.get()).visitorId;
}
