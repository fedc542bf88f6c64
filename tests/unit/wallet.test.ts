import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshBalance } from '../../src/features/wallet/balance';
import { initI18n } from '../../src/i18n';
import { fitWithin } from '../../src/lib/image';
import { pay } from '../../src/stores/pay';
import { ui } from '../../src/stores/ui';

function answering(flags: (0 | 1)[]) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      calls.push(JSON.parse(String(init.body)));
      const flag = flags[Math.min(calls.length - 1, flags.length - 1)];
      return new Response(JSON.stringify({ head: { errCode: '0000', errMsg: '' }, body: { balance: 12_300, balanceFlag: flag } }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  ui.toasts = [];
});

describe('balance refresh (spec §4)', () => {
  it('type 1 fetches once', async () => {
    const calls = answering([0]);
    expect(await refreshBalance(1, async () => undefined)).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ type: 1 });
    expect(pay.balance).toBe(12_300);
  });

  it('type 0 polls every 2 s until balanceFlag is 1', async () => {
    const calls = answering([0, 0, 1]);
    const waits: number[] = [];
    expect(await refreshBalance(0, async (ms) => waits.push(ms))).toBe(true);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([2000, 2000]);
    expect(pay.balanceFlag).toBe(1);
  });

  it("gives up after 8 attempts with 'Account limit has timed out'", async () => {
    const calls = answering([0]);
    expect(await refreshBalance(0, async () => undefined)).toBe(false);
    expect(calls).toHaveLength(8);
    expect(ui.toasts.at(-1)?.text).toBe('Account limit has timed out, Please click the button to refresh');
  });
});

describe('image uploads', () => {
  it('fit within 750 px on the longer side, never enlarged', () => {
    expect(fitWithin(4000, 3000, 750)).toEqual({ width: 750, height: 563 });
    expect(fitWithin(1080, 1920, 750)).toEqual({ width: 422, height: 750 });
    expect(fitWithin(300, 200, 750)).toEqual({ width: 300, height: 200 });
  });
});
