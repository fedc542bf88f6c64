import { describe, expect, it } from 'vitest';
import { Attempt } from '../../src/api/attempt';
import { ApiError } from '../../src/api/client';

/** The key each send used, when `outcome` decides how the call ends. */
async function keysOf(outcomes: ('ok' | 'lost' | 'refused')[], requests: unknown[]) {
  const attempt = new Attempt();
  const keys: string[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    await attempt
      .send(requests[i], async (key) => {
        keys.push(key);
        if (outcome === 'lost') throw new ApiError('timeout', 'timeout', 'Request timed out', true);
        if (outcome === 'refused') throw new ApiError('server', 'GW_800450', 'wrong password', true);
        return key;
      })
      .catch(() => undefined);
  }
  return keys;
}

describe('a money request and its idempotency key', () => {
  it('keeps its key when the same request is sent again after a lost answer, so the server makes one order', async () => {
    const [first, again] = await keysOf(['lost', 'ok'], [{ amount: 20_000 }, { amount: 20_000 }]);
    expect(again).toBe(first);
  });

  it('takes a new key after an answer, a refusal, or for a different request', async () => {
    const afterAnswer = await keysOf(['ok', 'ok'], [{ amount: 20_000 }, { amount: 20_000 }]);
    const afterRefusal = await keysOf(['refused', 'ok'], [{ amount: 20_000 }, { amount: 20_000 }]);
    const otherRequest = await keysOf(['lost', 'ok'], [{ amount: 20_000 }, { amount: 30_000 }]);
    for (const [first, second] of [afterAnswer, afterRefusal, otherRequest]) expect(second).not.toBe(first);
  });
});
