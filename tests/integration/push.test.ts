import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PushSettingsAnswer } from '../../src/contract/answers/push';
import type { BetTicket, PlacementResult } from '../../src/contract/betting';
import { CashoutCall, type CashoutAcceptResponse, type CashoutQuoteResponse } from '../../src/contract/cashout';
import { PushCall, type PushPayload } from '../../src/contract/push';
import { formatCentavos } from '../../src/lib/money';
import { openPicks, singleBody } from './bodies';
import { call, fundedPlayer, idempotencyKey, quickCustomer } from './player';
import { type TestServer, secondInstance, startServer } from './server';

/**
 * Web Push (issue 38) against the real server, database and the development push service (/dev/push),
 * which checks the VAPID signature and decrypts each message with the subscription's keys: what the
 * player's browser would show. Subscriptions belong to the session's player; settled tickets reach the
 * browser with their amount; a kind switched off sends nothing; 404/410 prune; a 5xx is retried.
 */

let a: TestServer;
let b: TestServer;
const now = Date.now();

beforeAll(async () => {
  const options = { clock: () => now, ipCallsPerMinute: 100_000, accountCallsPerMinute: 100_000 };
  a = await startServer({}, undefined, options);
  b = await secondInstance(a, options);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

afterEach(async () => {
  await Promise.all([a.app.bets.idle(), a.app.push.idle(), b.app.push.idle()]);
});

interface Browser {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

async function newBrowser(server = a): Promise<Browser> {
  const response = await fetch(`${server.url}/dev/push/browsers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Browser;
}

async function received(browser: Browser): Promise<{ vapidKey: string | null; payloads: PushPayload[] }> {
  const response = await fetch(`${a.url}/dev/push/browsers/${browser.id}`);
  const body = (await response.json()) as { vapidKey: string | null; messages: { text: string }[] };
  return { vapidKey: body.vapidKey, payloads: body.messages.map((m) => JSON.parse(m.text) as PushPayload) };
}

async function answerWith(browser: Browser, status: number): Promise<void> {
  const response = await fetch(`${a.url}/dev/push/browsers/${browser.id}/answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answer: status }),
  });
  expect(response.status).toBe(200);
}

const subscribe = (token: string, browser: Browser, extra: object = {}) =>
  call(a, 'push', PushCall.subscribe, { ...browser.subscription, ...extra }, { token });
const settings = async (token: string) => (await call<PushSettingsAnswer>(a, 'push', PushCall.settings, {}, { token })).data;

const used = new Set<string>();

/** Places a 100-peso single and plays its match to the end: the settled ticket. */
async function settledTicket(player: { token: string }): Promise<BetTicket> {
  const pick = openPicks(a.app.feed, { live: false, count: 1, exclude: used })[0]!;
  used.add(pick.match.matchId);
  const placed = await call<PlacementResult>(a, 'tp', 'saba/sabaDoPlaceBetV2', singleBody(pick, 100), {
    token: player.token,
    idempotencyKey: idempotencyKey(),
  });
  expect(placed.data.code, placed.data.message).toBe(0);
  expect(a.app.feed.finishNow(pick.match.matchId)).toBe(true);
  await a.app.feed.idle();
  await a.app.bets.idle();
  await a.app.push.idle();
  const ticket = await call<BetTicket>(
    a,
    'tp',
    'saba/queryTicketByTransId',
    { transId: placed.data.ticket!.transId },
    { token: player.token },
  );
  expect(['won', 'lost', 'void', 'halfWon', 'halfLost']).toContain(ticket.data.status);
  return ticket.data;
}

async function deliveries(customerId: number): Promise<{ attempts: number; sent: boolean; failed: boolean }[]> {
  const result = (await a.database.db.execute(sql`
    SELECT d.attempts, d.sent_at IS NOT NULL AS sent, d.failed_at IS NOT NULL AS failed
    FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id WHERE s.customer_id = ${customerId}`)) as unknown as {
    rows: { attempts: number; sent: boolean; failed: boolean }[];
  };
  return result.rows;
}

describe('the VAPID key', () => {
  it('is made at the first start into the data folder, and its public half is what browsers subscribe with', async () => {
    const file = join(a.config.dataDir, 'secrets.json');
    expect(existsSync(file)).toBe(true);
    const secrets = JSON.parse(readFileSync(file, 'utf8')) as { vapidPublicKey: string; vapidPrivateKey: string };
    expect(secrets.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const key = await call<{ publicKey: string }>(a, 'push', PushCall.key, {});
    expect(key.data.publicKey).toBe(secrets.vapidPublicKey);
    expect(JSON.stringify(key.data)).not.toContain(secrets.vapidPrivateKey);
  });
});

describe('subscriptions', () => {
  it('subscribes and unsubscribes the session’s player, and keeps the per-kind switches', async () => {
    const player = await quickCustomer(a);
    expect(await settings(player.token)).toEqual({
      kinds: { betSettled: true, cashout: true, withdrawal: true, kyc: true, depositLimit: true },
      subscriptions: 0,
    });
    const browser = await newBrowser();
    expect((await subscribe(player.token, browser)).code).toBe('0');
    // Subscribing again (every load re-subscribes) keeps one subscription.
    expect((await subscribe(player.token, browser)).code).toBe('0');
    expect((await settings(player.token)).subscriptions).toBe(1);

    const saved = await call<PushSettingsAnswer>(
      a,
      'push',
      PushCall.saveSettings,
      { kinds: { kyc: false, depositLimit: false } },
      { token: player.token },
    );
    expect(saved.data.kinds).toEqual({ betSettled: true, cashout: true, withdrawal: true, kyc: false, depositLimit: false });
    expect((await settings(player.token)).kinds.kyc).toBe(false);

    expect((await call(a, 'push', PushCall.unsubscribe, { endpoint: browser.subscription.endpoint }, { token: player.token })).code).toBe(
      '0',
    );
    expect((await settings(player.token)).subscriptions).toBe(0);
  });

  it('refuses a visitor, and an endpoint that is not a push service', async () => {
    const browser = await newBrowser();
    const visitor = await call(a, 'push', PushCall.subscribe, browser.subscription);
    expect(visitor.status).toBe(401);
    const player = await quickCustomer(a);
    const elsewhere = await subscribe(player.token, browser, { endpoint: 'https://collector.example/steal' });
    expect(elsewhere.status).toBe(400);
    expect((await settings(player.token)).subscriptions).toBe(0);
  });

  it('takes the player from the session, never from the body; an endpoint moves to whoever subscribes it last', async () => {
    const alice = await fundedPlayer(a);
    const bob = await quickCustomer(a);
    const browser = await newBrowser();
    // Bob names Alice in the body: the subscription is Bob's all the same.
    await subscribe(bob.token, browser, { customerId: alice.customerId, customer_user_id: alice.customerId });
    expect((await settings(bob.token)).subscriptions).toBe(1);
    expect((await settings(alice.token)).subscriptions).toBe(0);
    await settledTicket(alice);
    expect((await received(browser)).payloads).toEqual([]);

    // Alice logs in on that browser and subscribes it: it is hers now, and Bob's no more.
    await subscribe(alice.token, browser);
    expect((await settings(bob.token)).subscriptions).toBe(0);
    const ticket = await settledTicket(alice);
    const { payloads } = await received(browser);
    expect(payloads.map((p) => p.url)).toEqual([`/history-detail?transId=${ticket.transId}`]);
    // Bob cannot unsubscribe it either.
    await call(a, 'push', PushCall.unsubscribe, { endpoint: browser.subscription.endpoint }, { token: bob.token });
    expect((await settings(alice.token)).subscriptions).toBe(1);
  });
});

describe('notifications', () => {
  it('tells the browser of a settled ticket with its amount, encrypted to its keys and signed with the server’s VAPID key', async () => {
    const player = await fundedPlayer(a);
    const browser = await newBrowser();
    await subscribe(player.token, browser, { lang: 'en' });
    const ticket = await settledTicket(player);
    const { vapidKey, payloads } = await received(browser);
    expect(vapidKey).toBe(a.config.secrets.vapidPublicKey);
    expect(payloads).toHaveLength(1);
    const [notification] = payloads as [PushPayload];
    expect(notification.kind).toBe('betSettled');
    expect(notification.url).toBe(`/history-detail?transId=${ticket.transId}`);
    expect(notification.tag).toBe(`bet-${ticket.transId}`);
    const paid = formatCentavos(ticket.payout);
    const expected: Record<string, string> = {
      won: `You won ${paid}!`,
      lost: 'Bet settled: lost',
      void: `Bet void: ${paid} refunded`,
      halfWon: `Half won: ${paid}`,
      halfLost: `Half lost: ${paid} back`,
    };
    expect(notification.title).toBe(expected[ticket.status]);
    expect(notification.body).toContain(ticket.transId);
    if (ticket.status !== 'lost') expect(notification.body).toContain(paid);
    expect(await deliveries(player.customerId)).toEqual([{ attempts: 1, sent: true, failed: false }]);
  });

  it('writes in the subscription’s language', async () => {
    const player = await fundedPlayer(a);
    const browser = await newBrowser();
    await subscribe(player.token, browser, { lang: 'cn' });
    const ticket = await settledTicket(player);
    const [notification] = (await received(browser)).payloads as [PushPayload];
    expect(notification.body).toContain('注单');
    expect(notification.body).toContain(ticket.transId);
  });

  it('sends nothing of a kind the player switched off', async () => {
    const player = await fundedPlayer(a);
    const browser = await newBrowser();
    await subscribe(player.token, browser);
    await call(a, 'push', PushCall.saveSettings, { kinds: { betSettled: false } }, { token: player.token });
    await settledTicket(player);
    expect((await received(browser)).payloads).toEqual([]);
    expect(await deliveries(player.customerId)).toEqual([]);
  });

  it('tells of a withdrawal paid, a KYC decision and a deposit limit, each opening its page', async () => {
    const player = await quickCustomer(a);
    const browser = await newBrowser();
    await subscribe(player.token, browser);
    a.app.playerEvents.publish({
      type: 'notice',
      customerId: player.customerId,
      notice: { kind: 'withdrawal', status: 'paid', orderNo: 'W123', amount: 150_050 },
    });
    a.app.playerEvents.publish({ type: 'notice', customerId: player.customerId, notice: { kind: 'kyc', decision: 'approved', ref: 77 } });
    a.app.playerEvents.publish({
      type: 'notice',
      customerId: player.customerId,
      notice: { kind: 'depositLimit', limit: 'depositDay', value: 500_000, resetsAt: '2026-11-29T16:00:00.000Z' },
    });
    await a.app.push.idle();
    const payloads = (await received(browser)).payloads;
    expect(payloads.map((p) => [p.kind, p.title, p.url]).sort()).toEqual(
      [
        ['depositLimit', 'Deposit limit reached', '/responsibleGaming'],
        ['kyc', 'Verification approved', '/KycResult'],
        ['withdrawal', 'Withdrawal paid: ₱1,500.50', '/withdrawInfo?orderNo=W123'],
      ].sort(),
    );
  });
});

describe('cash-out notifications', () => {
  it('tells of a partial cash-out (the ticket runs on) and then of the full cash-out of the rest, each once', async () => {
    const player = await fundedPlayer(a);
    const browser = await newBrowser();
    await subscribe(player.token, browser);
    const pick = openPicks(a.app.feed, { live: false, count: 1, exclude: used })[0]!;
    used.add(pick.match.matchId);
    const placed = await call<PlacementResult>(a, 'tp', 'saba/sabaDoPlaceBetV2', singleBody(pick, 100), {
      token: player.token,
      idempotencyKey: idempotencyKey(),
    });
    const transId = placed.data.ticket!.transId;
    const cashOut = async (part?: number) => {
      const quote = await call<CashoutQuoteResponse>(
        a,
        'tp',
        CashoutCall.quote,
        { transId, ...(part ? { part } : {}) },
        { token: player.token },
      );
      if (quote.data.status !== 'ok') throw new Error(`no quote: ${quote.data.status}`);
      const { quoteId } = quote.data.quote;
      const key = idempotencyKey();
      const accept = () =>
        call<CashoutAcceptResponse>(a, 'tp', CashoutCall.accept, { quoteId }, { token: player.token, idempotencyKey: key });
      const done = await accept();
      if (done.data.status !== 'done') throw new Error(`not done: ${done.data.status}`);
      // The same accept again (a retry) pays nothing more and tells nothing more.
      await accept();
      await a.app.bets.idle();
      await a.app.push.idle();
      return done.data.value;
    };
    const half = await cashOut(5_000);
    let payloads = (await received(browser)).payloads;
    expect(payloads.map((p) => [p.kind, p.title, p.url])).toEqual([
      ['cashout', `Part cashed out: ${formatCentavos(half)}`, `/history-detail?transId=${transId}`],
    ]);
    expect(payloads[0]!.body).toContain('the rest of the stake stays on');
    const rest = await cashOut();
    payloads = (await received(browser)).payloads;
    expect(payloads.map((p) => p.title)).toEqual([`Part cashed out: ${formatCentavos(half)}`, `Cash out done: ${formatCentavos(rest)}`]);
    expect(await deliveries(player.customerId)).toHaveLength(2);
  });
});

describe('filing', () => {
  it('files nothing for a player without a subscription, and only the kinds a subscribed player has on', async () => {
    const notification = (kind: 'kyc' | 'cashout', key: string) => ({
      kind,
      eventKey: key,
      payloads: {
        en: { kind, url: '/', tag: key, title: 'T', body: 'B' },
        cn: { kind, url: '/', tag: key, title: '标', body: '文' },
      },
    });
    const without = await quickCustomer(a);
    expect(await a.app.push.notify(without.customerId, notification('kyc', 'k1'))).toBe(0);
    // Subscribed, never saved settings: every kind on.
    const player = await quickCustomer(a);
    const browser = await newBrowser();
    await subscribe(player.token, browser, { lang: 'cn' });
    expect(await a.app.push.notify(player.customerId, notification('kyc', 'k2'))).toBe(1);
    await call(a, 'push', PushCall.saveSettings, { kinds: { kyc: false } }, { token: player.token });
    expect(await a.app.push.notify(player.customerId, notification('kyc', 'k3'))).toBe(0);
    expect(await a.app.push.notify(player.customerId, notification('cashout', 'c1'))).toBe(1);
    // The same event again files nothing (another instance heard it too).
    expect(await a.app.push.notify(player.customerId, notification('cashout', 'c1'))).toBe(0);
    expect((await received(browser)).payloads.map((p) => p.title)).toEqual(['标', '标']);
  });
});

describe('delivery', () => {
  it.each([404, 410])('deletes a subscription the push service answers %i for', async (status) => {
    const player = await fundedPlayer(a);
    const gone = await newBrowser();
    const kept = await newBrowser();
    await subscribe(player.token, gone);
    await subscribe(player.token, kept);
    await answerWith(gone, status);
    await settledTicket(player);
    expect((await settings(player.token)).subscriptions).toBe(1);
    expect((await received(kept)).payloads).toHaveLength(1);
    expect((await received(gone)).payloads).toEqual([]);
    // The next ticket goes to the browser left only.
    await settledTicket(player);
    expect((await received(kept)).payloads).toHaveLength(2);
    expect(await deliveries(player.customerId)).toHaveLength(2);
  });

  it('retries a push service that fails, later and later, until it takes the message', async () => {
    const player = await fundedPlayer(a);
    const browser = await newBrowser();
    await subscribe(player.token, browser);
    await answerWith(browser, 503);
    await settledTicket(player);
    expect(await deliveries(player.customerId)).toEqual([{ attempts: 1, sent: false, failed: false }]);
    // Not before its wait is over…
    expect(await a.app.push.retryDue(now + 10_000)).toBe(0);
    expect(await a.app.push.retryDue(now + 31_000)).toBe(1);
    expect(await deliveries(player.customerId)).toEqual([{ attempts: 2, sent: false, failed: false }]);
    await answerWith(browser, 201);
    // …the second wait is two minutes; the shared job (on the leader) sends it then.
    expect(await a.app.push.retryDue(now + 60_000)).toBe(0);
    await a.app.jobs.tick(now + 31_000 + 2 * 60_000 + 1_000);
    expect(await deliveries(player.customerId)).toEqual([{ attempts: 3, sent: true, failed: false }]);
    expect((await received(browser)).payloads).toHaveLength(1);
  });

  it('sends an event heard by two instances once', async () => {
    const player = await quickCustomer(a);
    const browser = await newBrowser();
    await subscribe(player.token, browser);
    const event = { type: 'notice', customerId: player.customerId, notice: { kind: 'kyc', decision: 'rejected', ref: 991 } } as const;
    a.app.playerEvents.publish(event);
    b.app.playerEvents.publish(event);
    await Promise.all([a.app.push.idle(), b.app.push.idle()]);
    expect((await received(browser)).payloads.map((p) => p.title)).toEqual(['Verification rejected']);
  });
});
