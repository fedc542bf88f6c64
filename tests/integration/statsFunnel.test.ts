import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statAttributions } from '../../server/db/schema';
import type { AppOptions } from '../../server/app';
import { STATS_JOBS } from '../../server/modules/stats';
import type { depositOrderAnswer } from '../../src/contract/answers/money';
import { type Touches, type WireEvent, manilaDay } from '../../src/contract/events';
import { call, idempotencyKey, internalId, registerPlayer } from './player';
import { type TestServer, from, startServer } from './server';
import type * as z from 'zod/mini';

/**
 * A simulated affiliate campaign end to end (issue 39), through the very calls the pages make: 100
 * visits land with a click id (each visit's page sends its first launch and page view in a stat/batch,
 * as the event module does), 10 of them open an account (registerV2 with the session's acquisition
 * parameters and touches, as the login dialog sends them; some through a partner host), and 5 of those
 * pay a first deposit (deposit/createOnlineOrder, Pay on the GCash simulator's checkout, the provider's
 * signed webhook). The operator's page /dev/stats must show exactly 100 → 10 → 5 for the campaign.
 */

type Order = z.infer<typeof depositOrderAnswer>;

let now = Date.now();
const appOptions: AppOptions = {
  clock: () => now,
  jobs: { run: false },
  gameWallet: { transferIn: async () => 'accepted' as const },
  payments: { delivery: { copies: 2, spreadMs: 1_000 }, processingMs: 1_000 },
};
let server: TestServer;

beforeAll(async () => {
  server = await startServer({}, undefined, appOptions);
}, 120_000);
afterAll(() => server?.close());

const campaign = `zone-${randomUUID().slice(0, 8)}`;
const address = (n: number) => `203.0.113.${n + 1}`;
const touchOf = (n: number, partner = ''): Touches => {
  const touch = { params: { clickid: `clk-${campaign}-${n}`, zoneid: campaign, subid: 'banner-a' }, at: now - 30_000, partner };
  return { first: touch, last: touch };
};

/** What one visit's page sends in its first batch: the session's first launch (with its touches) and the page view. */
async function visit(n: number, partner = '') {
  const session = randomUUID();
  const base = { at: now - 5_000, session, loggedIn: false };
  const events: WireEvent[] = [
    { id: randomUUID(), kind: 'launch', ...base, partner, touches: touchOf(n, partner) },
    { id: randomUUID(), kind: 'pageView', ...base, page: '/foryou', route: 'foryou' },
  ];
  const answer = await call<{ accepted: number }>(from(server, address(n)), 'main', 'stat/batch', { events, consent: 'granted' });
  expect(answer.code).toBe('0000');
  expect(answer.data.accepted).toBe(2);
}

async function firstDeposit(token: string) {
  const created = await call<Order>(
    server,
    'main',
    'deposit/createOnlineOrder',
    { payType: 'gcash', channelId: 'paymongo-gcash', amount: 50_000 },
    { token, idempotencyKey: idempotencyKey() },
  );
  expect(created.code).toBe('0000');
  // The player taps Pay on the provider's checkout page, as the browser posts its form.
  const paid = await fetch(`${server.url}${created.data.checkoutUrl!}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

/** The figures of one source's row of the operator's funnel. */
async function funnelRow(source: string, by = 'zoneid') {
  const today = manilaDay(now);
  const page = await (await fetch(`${server.url}/dev/stats?by=${by}&model=last&from=${today}&to=${today}`)).text();
  const row = new RegExp(`<tr data-source="${source}">(.*?)</tr>`).exec(page)?.[1] ?? '';
  const figure = (name: string) => Number(new RegExp(`data-cell="${name}">(\\d+)<`).exec(row)?.[1]);
  return {
    visits: figure('visits'),
    visitsWithClickId: figure('visitsWithClickId'),
    registrations: figure('registrations'),
    registrationsWithClickId: figure('registrationsWithClickId'),
    firstDeposits: figure('firstDeposits'),
  };
}

describe('an affiliate campaign on the operator’s page', () => {
  it('100 visits with a click id, 10 registrations, 5 first deposits: /dev/stats shows exactly that', async () => {
    // 100 visits; the first 3 came through the GCash partner host (the launch names the partner).
    for (let n = 0; n < 100; n++) await visit(n, n < 3 ? 'glife' : '');
    expect((await funnelRow(campaign)).visits).toBe(100);

    // 10 of the visitors open an account with what their session kept; 3 of them inside the partner host.
    const players: { token: string; customerId: number; n: number }[] = [];
    for (let n = 0; n < 10; n++) {
      const partner = n < 3 ? 'glife' : '';
      const player = await registerPlayer(from(server, address(n)), {
        extra: {
          deviceToken: randomUUID(),
          acquisition: { clickid: `clk-${campaign}-${n}`, zoneid: campaign, subid: 'banner-a' },
          touches: touchOf(n, partner),
          fingerprint: n.toString(16).padStart(32, 'f'),
        },
      });
      players.push({ token: player.webToken.token, customerId: await internalId(server, player.userInfo), n });
    }
    // 5 pay their first deposit; the provider's webhooks come after the processing time.
    for (const player of players.slice(0, 5)) await firstDeposit(player.token);
    for (let step = 0; step < 4; step++) {
      now += 1_000;
      await server.app.jobs.tick(now);
    }

    expect(await funnelRow(campaign)).toEqual({
      visits: 100,
      visitsWithClickId: 100,
      registrations: 10,
      registrationsWithClickId: 10,
      firstDeposits: 5,
    });
    // By partner host the three that came through GCash's mini-app are there, their click ids kept.
    const [viaHost] = await server.database.db
      .select()
      .from(statAttributions)
      .where(eq(statAttributions.customerId, players[0]!.customerId));
    expect(viaHost).toMatchObject({ partner: 'glife', sessionParams: { clickid: `clk-${campaign}-0` } });
    expect(viaHost!.lastTouch).toMatchObject({ params: { clickid: `clk-${campaign}-0` }, partner: 'glife' });
    // The device fingerprint is kept only as a keyed hash.
    expect(viaHost!.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(viaHost!.fingerprint).not.toContain('f'.repeat(31));
    // Each click id is its own source: one visit, and a registration for the first ten.
    expect(await funnelRow(`clk-${campaign}-7`, 'clickid')).toMatchObject({ visits: 1, registrations: 1, firstDeposits: 0 });
    expect(await funnelRow(`clk-${campaign}-2`, 'clickid')).toMatchObject({ visits: 1, registrations: 1, firstDeposits: 1 });
  }, 300_000);
});

describe('retention (the leader’s stats-retention job)', () => {
  it('drops a day of analytics events after 90 days and of necessary events after 365, whole partitions, and attribution after 730', async () => {
    const session = randomUUID();
    const base = { at: now - 1_000, session, loggedIn: false };
    const analytics: WireEvent = { id: randomUUID(), kind: 'pageView', ...base, page: '/promo', route: 'promo' };
    const necessary: WireEvent = { id: randomUUID(), kind: 'regulatory', ...base, name: 'consentChoice' };
    const sent = await call<{ accepted: number }>(from(server, address(200)), 'main', 'stat/batch', {
      events: [analytics, necessary],
      consent: 'granted',
    });
    expect(sent.data.accepted).toBe(2);
    const kept = async () => {
      const result = (await server.database.db.execute(
        sql`SELECT kind FROM stat_events WHERE id::text IN (${analytics.id}, ${necessary.id}) ORDER BY kind`,
      )) as unknown as { rows: { kind: string }[] };
      return result.rows.map((row) => row.kind);
    };
    const attributions = async () => (await server.database.db.select().from(statAttributions)).length;
    expect(await kept()).toEqual(['pageView', 'regulatory']);
    const registered = await attributions();
    expect(registered).toBeGreaterThanOrEqual(10);
    const day = 86_400_000;
    const retention = (at: number) => server.app.jobs.tick(at, [STATS_JOBS.retention]);

    await retention(now + 89 * day);
    expect(await kept()).toEqual(['pageView', 'regulatory']);
    await retention(now + 92 * day);
    expect(await kept()).toEqual(['regulatory']);
    await retention(now + 364 * day);
    expect(await kept()).toEqual(['regulatory']);
    await retention(now + 367 * day);
    expect(await kept()).toEqual([]);
    expect(await attributions()).toBe(registered);
    await retention(now + 732 * day);
    expect(await attributions()).toBe(0);
  }, 120_000);
});
