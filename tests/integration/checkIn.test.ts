import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, freeBets } from '../../server/db/schema';
import { CHECK_IN_MESSAGES } from '../../server/modules/promotions';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import type { CheckInStatusAnswer } from '../../src/contract/answers/promotions';
import { GatewayCode } from '../../src/contract/errorCodes';
import { call, quickCustomer } from './player';
import { type TestServer, secondInstance, startServer } from './server';

/**
 * The daily check-in (issue 35, /checkIn): once per Manila day (racing presses on two instances check in
 * once), consecutive days make a streak, a missed day starts it again, and the streak's seventh day earns
 * a ₱50 free bet; refused while promotions may not reach the player.
 */

let server: TestServer;
let second: TestServer;
// 10:00 in Manila.
let now = Date.parse('2026-11-27T02:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  const options = { clock: () => now, ipCallsPerMinute: 100_000, accountCallsPerMinute: 10_000 };
  server = await startServer({}, undefined, options);
  second = await secondInstance(server, options);
});

afterAll(async () => {
  await second.close();
  await server.close();
});

afterEach(async () => {
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

const status = (token: string) => call<CheckInStatusAnswer>(server, 'main', 'checkIn/status', {}, { token });
const checkIn = (on: TestServer, token: string) =>
  call<{ day: string; streak: number; freeBetId: number | null }>(on, 'main', 'checkIn/sign', {}, { token });

describe('the daily check-in', () => {
  it('checks in once a Manila day under racing presses on two instances, and a missed day starts the streak again', async () => {
    const start = now;
    try {
      const player = await quickCustomer(server);
      expect((await status(player.token)).data).toMatchObject({
        day: '2026-11-27',
        checkedToday: false,
        streak: 0,
        days: 7,
        reward: 5_000,
      });
      const presses = await Promise.all(Array.from({ length: 10 }, (_, i) => checkIn(i % 2 ? second : server, player.token)));
      expect(presses.filter((p) => p.code === '0000').map((p) => p.data)).toEqual([{ day: '2026-11-27', streak: 1, freeBetId: null }]);
      expect(new Set(presses.filter((p) => p.code !== '0000').map((p) => p.message))).toEqual(new Set([CHECK_IN_MESSAGES.again]));
      expect((await status(player.token)).data).toMatchObject({ checkedToday: true, streak: 1 });

      // 23:59 Manila is still the same day; one minute later it is the next.
      now = Date.parse('2026-11-27T15:59:00Z');
      expect((await checkIn(server, player.token)).message).toBe(CHECK_IN_MESSAGES.again);
      now = Date.parse('2026-11-27T16:01:00Z');
      expect((await checkIn(server, player.token)).data).toMatchObject({ day: '2026-11-28', streak: 2 });
      // A day missed: the streak starts again.
      now += 2 * DAY;
      expect((await status(player.token)).data.streak).toBe(0);
      expect((await checkIn(server, player.token)).data).toMatchObject({ day: '2026-11-30', streak: 1 });
    } finally {
      now = start;
    }
  });

  it('gives a ₱50 free bet on the seventh day in a row, then starts a new streak', async () => {
    const start = now;
    try {
      const player = await quickCustomer(server);
      for (let day = 1; day <= 6; day++) {
        expect((await checkIn(server, player.token)).data).toMatchObject({ streak: day, freeBetId: null });
        now += DAY;
      }
      const seventh = await checkIn(server, player.token);
      expect(seventh.data).toMatchObject({ streak: 7, freeBetId: expect.any(Number) });
      const [token] = await server.database.db.select().from(freeBets).where(eq(freeBets.customerId, player.customerId));
      expect(token).toMatchObject({ amount: 5_000, minOddsHundredths: 150, status: 'active', id: seventh.data.freeBetId });
      now += DAY;
      expect((await status(player.token)).data.streak).toBe(0);
      expect((await checkIn(server, player.token)).data).toMatchObject({ streak: 1, freeBetId: null });
      const rows = await server.database.db.select().from(checkIns).where(eq(checkIns.customerId, player.customerId));
      expect(rows).toHaveLength(8);
    } finally {
      now = start;
    }
  });

  it('refuses a player on a break and a visitor', async () => {
    const player = await quickCustomer(server);
    expect((await call(server, 'main', 'responsibleGaming/takeBreak', { period: '1d' }, { token: player.token })).code).toBe('0000');
    expect((await checkIn(server, player.token)).code).not.toBe('0000');
    expect(await server.database.db.select().from(checkIns).where(eq(checkIns.customerId, player.customerId))).toEqual([]);
    expect((await call(server, 'main', 'checkIn/sign', {})).code).toBe(GatewayCode.LoginRequired);
  });
});
