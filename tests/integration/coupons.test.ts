import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bonusGrants, ledgerTransactions } from '../../server/db/schema';
import { COUPON_MESSAGES } from '../../server/modules/promotions';
import { HOUSE, houseAccountId, ledgerTotal, post, walletAccountId } from '../../server/modules/wallet/ledger';
import type { CouponAnswer, PromotionListAnswer } from '../../src/contract/answers/promotions';
import { GatewayCode } from '../../src/contract/errorCodes';
import type { CouponTerms } from '../../src/contract/promotions';
import { sql } from 'drizzle-orm';
import { call, fund, idempotencyKey, internalId, lastCode, quickCustomer, registerPlayer } from './player';
import { type TestServer, secondInstance, startServer } from './server';

/**
 * Coupons (issue 35: /coupon/:name, coupon/receiveCouponVoucher, coupon/list): the operator adds one at
 * /dev/offers; a player receives its bonus once, as a grant on its own ledger account, while the coupon's
 * limit lasts, in one transaction with the money; racing receipts on two instances never give out more
 * than the limit nor twice to one player; the ledger sums to zero after every test.
 */

let server: TestServer;
let second: TestServer;
let now = Date.parse('2026-11-27T04:00:00Z');
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

async function coupon(id: string, terms: Partial<CouponTerms> = {}): Promise<void> {
  const full: CouponTerms = {
    kind: 'coupon',
    title: `Coupon ${id}`,
    summary: 'A ₱100 sports bonus.',
    vertical: 'sports',
    amount: 10_000,
    multiple: 3,
    contribution: { product: { sports: 100 }, default: 0 },
    maxBet: 5_000,
    maxWin: 100_000,
    days: 7,
    limit: 100,
    endsAt: new Date(now + 10 * DAY).toISOString(),
    ...terms,
  };
  const response = await fetch(`${server.url}/dev/offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, terms: full, active: true }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const receive = (on: TestServer, token: string, couponName: string, key = idempotencyKey()) =>
  call<{ grantId: number; amount: number; message: string }>(
    on,
    'main',
    'coupon/receiveCouponVoucher',
    { couponName },
    { token, idempotencyKey: key },
  );

const detail = (couponName: string, token?: string) =>
  call<CouponAnswer>(server, 'main', 'coupon/detail', { couponName }, token ? { token } : {});

describe('coupons', () => {
  it('shows a visitor every term before receiving, then gives a player the bonus once, on its own ledger account', async () => {
    await coupon('weekend-100');
    const visitor = await detail('WEEKEND-100');
    expect(visitor.code).toBe('0000');
    expect(visitor.data).toMatchObject({ name: 'weekend-100', amount: 10_000, status: 'available', left: 100 });
    expect(visitor.data.terms.join(' ')).toContain('Max bet while your bonus is active is ₱50.');
    expect(visitor.data.terms.join(' ')).toContain('worth 3 times the bonus (₱300)');

    const player = await quickCustomer(server);
    const key = idempotencyKey();
    const first = await receive(server, player.token, 'Weekend-100', key);
    expect(first.code).toBe('0000');
    expect(first.data).toMatchObject({
      amount: 10_000,
      message: 'Coupon received: ₱100 bonus added. Bet ₱300 on sports to turn it into cash.',
    });
    // The same press again (same key) answers the same; a new press is refused with its own words.
    expect((await receive(server, player.token, 'weekend-100', key)).data).toEqual(first.data);
    const again = await receive(second, player.token, 'weekend-100');
    expect(again.code).toBe(GatewayCode.PromotionRefused);
    expect(again.message).toBe(COUPON_MESSAGES.received);

    const list = await call<PromotionListAnswer>(server, 'main', 'promotion/list', {}, { token: player.token });
    expect(list.data).toMatchObject({ cash: 0, bonus: 10_000 });
    expect(list.data.grants).toEqual([
      expect.objectContaining({
        offerId: 'weekend-100',
        status: 'active',
        amount: 10_000,
        balance: 10_000,
        required: 30_000,
        maxBet: 5_000,
      }),
    ]);
    expect((await detail('weekend-100', player.token)).data).toMatchObject({ status: 'received', left: 99 });
    const grants = await server.database.db.select().from(bonusGrants).where(eq(bonusGrants.customerId, player.customerId));
    expect(grants).toHaveLength(1);
    const postings = await server.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.customerId, player.customerId));
    expect(postings.map((row) => row.kind)).toEqual(['bonus_grant']);
  });

  it('lists the coupons a player can see, page 1 size 1000 by default, and leaves out ended ones', async () => {
    await coupon('list-open');
    await coupon('list-ended', { endsAt: new Date(now - 1000).toISOString() });
    await coupon('list-later', { startsAt: new Date(now + DAY).toISOString() });
    const player = await quickCustomer(server);
    const page = await call<{ list: CouponAnswer[]; pageNum: number; pageSize: number }>(
      server,
      'main',
      'coupon/list',
      {},
      { token: player.token },
    );
    expect(page.data).toMatchObject({ pageNum: 1, pageSize: 1000 });
    const names = page.data.list.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['list-open', 'list-later']));
    expect(names).not.toContain('list-ended');
    expect(page.data.list.find((c) => c.name === 'list-later')?.status).toBe('notYet');
    const one = await call<{ list: CouponAnswer[]; total: number }>(
      server,
      'main',
      'coupon/list',
      { pageNum: 2, pageSize: 1 },
      { token: player.token },
    );
    expect(one.data.list).toHaveLength(1);
    expect(one.data.total).toBe(page.data.list.length);
  });

  it('refuses an unknown, ended or not-yet coupon with its reason, moving nothing', async () => {
    await coupon('ends-soon', { endsAt: new Date(now + 1000).toISOString() });
    await coupon('starts-later', { startsAt: new Date(now + DAY).toISOString() });
    const player = await quickCustomer(server);
    const unknown = await receive(server, player.token, 'no-such-coupon');
    expect([unknown.code, unknown.message]).toEqual([GatewayCode.PromotionRefused, COUPON_MESSAGES.unknown]);
    const later = await receive(server, player.token, 'starts-later');
    expect(later.message).toBe(COUPON_MESSAGES.notYet);
    now += 2000;
    try {
      const ended = await receive(server, player.token, 'ends-soon');
      expect(ended.message).toBe(COUPON_MESSAGES.ended);
    } finally {
      now -= 2000;
    }
    const grants = await server.database.db.select().from(bonusGrants).where(eq(bonusGrants.customerId, player.customerId));
    expect(grants).toEqual([]);
  });

  it('refuses a player on a break (promotions off), and a visitor without a session', async () => {
    await coupon('break-coupon');
    const player = await quickCustomer(server);
    expect((await call(server, 'main', 'responsibleGaming/takeBreak', { period: '1d' }, { token: player.token })).code).toBe('0000');
    const refused = await receive(server, player.token, 'break-coupon');
    expect(refused.code).not.toBe('0000');
    expect((await detail('break-coupon')).data.left).toBe(100);
    const anonymous = await call(
      server,
      'main',
      'coupon/receiveCouponVoucher',
      { couponName: 'break-coupon' },
      { idempotencyKey: idempotencyKey() },
    );
    expect(anonymous.code).toBe(GatewayCode.LoginRequired);
  });

  it('gives out exactly its limit when 20 players race on two instances, and one player racing 10 presses gets it once', async () => {
    await coupon('first-five', { limit: 5 });
    const players = await Promise.all(Array.from({ length: 20 }, () => quickCustomer(server)));
    const answers = await Promise.all(players.map((p, i) => receive(i % 2 ? second : server, p.token, 'first-five')));
    expect(answers.filter((a) => a.code === '0000')).toHaveLength(5);
    const losers = answers.filter((a) => a.code !== '0000');
    expect(new Set(losers.map((a) => a.message))).toEqual(new Set([COUPON_MESSAGES.soldOut]));
    expect((await detail('first-five')).data).toMatchObject({ status: 'soldOut', left: 0 });
    const grants = await server.database.db.select().from(bonusGrants).where(eq(bonusGrants.offerId, 'first-five'));
    expect(grants).toHaveLength(5);

    await coupon('one-each');
    const one = await quickCustomer(server);
    const presses = await Promise.all(Array.from({ length: 10 }, (_, i) => receive(i % 2 ? second : server, one.token, 'one-each')));
    expect(presses.filter((a) => a.code === '0000')).toHaveLength(1);
    expect(new Set(presses.filter((a) => a.code !== '0000').map((a) => a.message))).toEqual(new Set([COUPON_MESSAGES.received]));
    expect((await detail('one-each')).data.left).toBe(99);
  });
});

describe('closing an account with a bonus', () => {
  it('forfeits every active bonus through the one forfeit path in the closure, and refuses while cash is left', async () => {
    await coupon('closing-coupon');
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const customerId = await internalId(server, player.userInfo);
    expect((await receive(server, token, 'closing-coupon')).code).toBe('0000');
    await fund(server, customerId, 2_000);
    // The registration code was just sent: age it so the cool-down does not block the closing code.
    const age = () =>
      server.database.db.execute(
        sql`UPDATE verification_codes SET created_at = now() - interval '2 minutes' WHERE recipient = ${player.phone.e164}`,
      );
    await age();
    // Cash must be withdrawn first: ₱20 left refuses, and the bonus stays as it was.
    const query = await call<{ canDelete: boolean; balance: number }>(server, 'main', 'account/query', {}, { token });
    expect(query.data).toMatchObject({ canDelete: false, balance: 2_000 });
    expect((await call(server, 'main', 'account/deleteAccountMailSend', {}, { token })).code).toBe('0000');
    const refused = await call(server, 'main', 'account/delete', { code: await lastCode(server, player.phone.e164) }, { token });
    expect(refused.message).toBe('Please withdraw your balance of ₱20.00 before closing your account.');
    const [held] = await server.database.db.select().from(bonusGrants).where(eq(bonusGrants.customerId, customerId));
    expect(held).toMatchObject({ status: 'active' });

    // The cash gone (as a withdrawal would), the bonus alone does not block closing: it is forfeited there.
    await server.database.db.transaction(async (tx) => {
      await post(tx, {
        kind: 'withdrawal',
        customerId,
        reference: 'test:withdrawal',
        entries: [
          { accountId: await walletAccountId(tx, customerId, 'main'), amount: -2_000 },
          { accountId: await houseAccountId(tx, HOUSE.payments), amount: 2_000 },
        ],
      });
    });
    expect((await call<{ canDelete: boolean }>(server, 'main', 'account/query', {}, { token })).data.canDelete).toBe(true);
    await age();
    expect((await call(server, 'main', 'account/deleteAccountMailSend', {}, { token })).code).toBe('0000');
    const closed = await call(server, 'main', 'account/delete', { code: await lastCode(server, player.phone.e164) }, { token });
    expect(closed.code).toBe('0000');
    const [ended] = await server.database.db.select().from(bonusGrants).where(eq(bonusGrants.customerId, customerId));
    expect(ended).toMatchObject({ status: 'forfeited', endReason: 'closed', forfeited: 10_000 });
    const forfeits = await server.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.customerId, customerId));
    expect(forfeits.filter((row) => row.kind === 'bonus_forfeit').map((row) => row.metadata)).toEqual([{ reason: 'closed' }]);
  });
});
