import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, statAssignments, statAttributions } from '../../server/db/schema';
import { groupOf } from '../../server/modules/stats/model';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { GatewayCode } from '../../src/contract/errorCodes';
import { type Touches, type WireEvent, manilaDay } from '../../src/contract/events';
import { isSuccessCode, readEnvelope } from '../../src/contract/envelopes';
import { computeSign } from '../../src/contract/sign';
import { call, internalId, registerPlayer } from './player';
import { type TestServer, from, randomAddress, startServer } from './server';

/**
 * Statistics, attribution and experiments on the server (issue 39): each event stored once whatever
 * the batches, consent honoured, bodies validated, experiment groups deterministic and balanced, the
 * registration's first and last touch, and the operator's funnel figures.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(() => server?.close());

const device = (n: number) => `390x844x3@203.0.113.${n}`;

function event(kind: WireEvent['kind'], extra: Partial<WireEvent> = {}): WireEvent {
  return { id: randomUUID(), at: Date.now(), kind, session: randomUUID(), loggedIn: false, ...extra };
}

async function batch(events: WireEvent[], consent: 'granted' | 'denied' | 'unset' = 'granted', deviceId = device(1), token?: string) {
  const response = await server.post(
    'main',
    'stat/batch',
    { events, consent },
    { headers: { deviceid: deviceId }, ...(token ? { token } : {}) },
  );
  const envelope = readEnvelope<{ accepted: number; duplicates: number; refused: number }>(await response.json());
  if (!envelope) throw new Error(`stat/batch: not an envelope (HTTP ${response.status})`);
  return { status: response.status, code: envelope.code, data: envelope.data };
}

async function stored(ids: string[]): Promise<number> {
  const result = (await server.database.db.execute(
    sql`SELECT count(*)::int AS n FROM stat_events WHERE id::text IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('stat/batch', () => {
  it('stores each event once: a batch sent again, or overlapping another, adds nothing', async () => {
    const events = [
      event('pageView', { page: '/sports' }),
      event('exposure', { featureId: 'foryou.featured', statType: 60 }),
      event('click', { featureId: 'foryou.featured' }),
    ];
    const first = await batch(events);
    expect(first.code).toBe('0000');
    expect(first.data).toEqual({ accepted: 3, duplicates: 0, refused: 0 });
    const again = await batch(events);
    expect(again.data).toEqual({ accepted: 0, duplicates: 3, refused: 0 });
    const extra = event('pageView', { page: '/casino' });
    const overlapping = await batch([events[0]!, extra, extra]);
    expect(overlapping.data).toEqual({ accepted: 1, duplicates: 2, refused: 0 });
    expect(await stored([...events.map((e) => e.id), extra.id])).toBe(4);
  });

  it('writes into a partition of the event’s Manila day, and refuses to change a stored event', async () => {
    const one = event('pageView', { page: '/foryou' });
    await batch([one]);
    const day = manilaDay(one.at).replaceAll('-', '');
    const partitions = (await server.database.db.execute(
      sql`SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'stat_events_analytics'`,
    )) as unknown as { rows: { relname: string }[] };
    expect(partitions.rows.map((r) => r.relname)).toContain(`stat_events_analytics_${day}`);
    const refusal = await server.database.db
      .execute(sql`UPDATE stat_events SET page = '/x' WHERE id = ${one.id}::uuid`)
      .catch((error: unknown) => error);
    expect(String((refusal as { cause?: unknown }).cause ?? refusal)).toMatch(/append-only/);
  });

  it('keeps no optional event without consent, but always the necessary ones', async () => {
    const optional = event('pageView', { page: '/sports' });
    const necessary = event('regulatory', { name: 'consentChoice' });
    const answer = await batch([optional, necessary], 'denied');
    expect(answer.data).toEqual({ accepted: 1, duplicates: 0, refused: 1 });
    expect(await stored([optional.id])).toBe(0);
    expect(await stored([necessary.id])).toBe(1);
  });

  it('refuses a body that is not a batch of events, and events with personal data or out of time', async () => {
    const unknownKind = await batch([{ ...event('pageView'), kind: 'keystrokes' as WireEvent['kind'] }]);
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.code).toBe(GatewayCode.InvalidRequest);
    const freeText = await batch([event('click', { featureId: 'foryou.featured', name: 'Juan dela Cruz' })]);
    expect(freeText.status).toBe(400);
    const tooMany = await batch(Array.from({ length: 201 }, () => event('pageView')));
    expect(tooMany.status).toBe(400);
    const old = await batch([event('pageView', { at: Date.now() - 8 * 86_400_000 })]);
    expect(old.data).toEqual({ accepted: 0, duplicates: 0, refused: 1 });
    // A phone number in a path is never stored as typed.
    const phoneInPath = event('pageView', { page: '/profile/09171234567' });
    await batch([phoneInPath]);
    const row = (await server.database.db.execute(sql`SELECT page FROM stat_events WHERE id = ${phoneInPath.id}::uuid`)) as unknown as {
      rows: { page: string }[];
    };
    expect(row.rows[0]!.page).toBe('/profile/:n');
  });

  it('takes the same batch from navigator.sendBeacon: the signed headers in its body', async () => {
    const one = event('pageView', { page: '/wallet' });
    const text = JSON.stringify({ events: [one], consent: 'granted' });
    const qid = randomUUID();
    const headers = {
      Qid: qid,
      AppId: APP_ID,
      token: '',
      deviceId: device(2),
      Sign: computeSign(server.config.appKey, { body: text, qid, appId: APP_ID, version: APP_VERSION, token: '' }),
    };
    const good = await fetch(`${server.url}/api/main/stat/beacon`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ headers, body: text }),
    });
    expect(good.status).toBe(200);
    expect(await stored([one.id])).toBe(1);
    const forged = await fetch(`${server.url}/api/main/stat/beacon`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ headers: { ...headers, Sign: 'f'.repeat(64) }, body: text.replace('/wallet', '/casino') }),
    });
    expect(forged.status).toBe(400);
  });
});

describe('the spec’s single statistics calls', () => {
  it('answers each of §7’s calls and stores what it says once', async () => {
    const id = randomUUID();
    const answers = await Promise.all([
      call(server, 'main', 'customer/pvUvStatistics', { type: 59, event: 'floatingBetSlip', page: '/sports', id }),
      call(server, 'main', 'customer/pvUvStatistics', { type: 59, event: 'floatingBetSlip', page: '/sports', id }),
      call(server, 'main', 'stat/pvuv', { page: '/foryou' }),
      call(server, 'tp', 'saba/pvUvStatistics', { page: '/sports' }),
      call(server, 'main', 'stat/batchExposure', {
        items: [{ featureId: 'foryou.featured' }, { featureId: 'sports.calendar', calendarId: '2026-11-28' }],
      }),
      call(server, 'main', 'stat/click', { featureId: 'sports.calendar', calendarId: '2026-11-28' }),
      call(server, 'push', 'eventPush/push', { eventName: 'af_login', customer_user_id: 'someone-else' }),
      call(server, 'push', 'eventPush/attributionId', {}),
      call(server, 'main', 'compare/group/assign', { deviceId: device(3) }),
    ]);
    for (const answer of answers) expect(isSuccessCode(answer.code), JSON.stringify(answer)).toBe(true);
    expect(await stored([id])).toBe(1);
    expect(answers[7]!.data).toMatchObject({ appsFlyerId: expect.stringMatching(/^\d+-\d+$/) });
  });

  it('forwards push events to the tracking service with no player id from the body', async () => {
    const token = (await registerPlayer(from(server, randomAddress()))).webToken.token;
    const answer = await call(server, 'push', 'eventPush/push', { eventName: 'af_purchase', customer_user_id: '12345' }, { token });
    expect(isSuccessCode(answer.code)).toBe(true);
    await server.app.stats.forwardToTracking(Date.now());
    const received = (await server.database.db.execute(sql`SELECT payload FROM tracking_sim_events`)) as unknown as {
      rows: { payload: Record<string, unknown> }[];
    };
    const purchase = received.rows.map((r) => r.payload).find((p) => p['eventName'] === 'af_purchase');
    expect(purchase).toBeDefined();
    expect(purchase!['customer_user_id']).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(received.rows)).not.toContain('12345');
  });
});

describe('compare/group/assign', () => {
  it('gives a device the same group every time, and stores it once', async () => {
    const groups = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const answer = await call<{ groupName: string }>(server, 'main', 'compare/group/assign', { deviceId: device(40) });
      groups.add(answer.data.groupName);
    }
    expect(groups.size).toBe(1);
    expect([...groups][0]).toBe(groupOf(device(40)));
    const rows = await server.database.db.select().from(statAssignments);
    expect(rows.filter((r) => r.groupName === [...groups][0]).length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
  });

  it('balances 10,000 simulated devices within a few percent per group', () => {
    const counts: Record<string, number> = { A: 0, B: 0, C: 0 };
    for (let i = 0; i < 10_000; i++) {
      const width = [360, 375, 390, 412, 414, 428][i % 6]!;
      counts[groupOf(`${width}x${800 + (i % 97)}x${(i % 3) + 1}@10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)]! += 1;
    }
    for (const group of ['A', 'B', 'C']) expect(Math.abs(counts[group]! - 10_000 / 3)).toBeLessThan(10_000 * 0.03);
  });

  it('completes a screen-only device id with the caller’s address', async () => {
    const screen = '412x915x2.63';
    const here = await call<{ groupName: string }>(server, 'main', 'compare/group/assign', { deviceId: screen });
    expect(here.data.groupName).toBe(groupOf(`${screen}@127.0.0.1`));
  });

  it('refuses a device id that is not screen size and address', async () => {
    const answer = await call(server, 'main', 'compare/group/assign', { deviceId: 'juan@example.com' });
    expect(answer.code).toBe(GatewayCode.InvalidRequest);
  });
});

describe('attribution and the funnel', () => {
  it('stores a registration’s first and last touch, and the operator’s funnel counts an affiliate campaign', async () => {
    const campaign = `zone-${randomUUID().slice(0, 8)}`;
    const touches = (n: number): Touches => ({
      first: { params: { clickid: `first-${n}`, zoneid: 'earlier' }, at: Date.now() - 3_600_000, partner: '' },
      last: { params: { clickid: `click-${n}`, zoneid: campaign, subid: 'banner' }, at: Date.now() - 60_000, partner: '' },
    });
    // 20 visits with a click id through the campaign (a launch each), 4 registrations, 2 first deposits.
    await batch(Array.from({ length: 20 }, (_, n) => event('launch', { touches: touches(n) })));
    const registered: number[] = [];
    for (let n = 0; n < 4; n++) {
      const player = await registerPlayer(from(server, randomAddress()), {
        extra: { acquisition: { clickid: `click-${n}`, zoneid: campaign }, touches: touches(n) },
      });
      registered.push(await internalId(server, player.userInfo));
    }
    const [attribution] = await server.database.db.select().from(statAttributions).where(eq(statAttributions.customerId, registered[0]!));
    expect(attribution!.firstTouch).toMatchObject({ params: { clickid: 'first-0', zoneid: 'earlier' } });
    expect(attribution!.lastTouch).toMatchObject({ params: { clickid: 'click-0', zoneid: campaign } });
    expect(attribution!.sessionParams).toEqual({ clickid: 'click-0', zoneid: campaign });
    for (const id of registered.slice(0, 2))
      await server.database.db.update(customers).set({ firstDepositAt: new Date() }).where(eq(customers.id, id));

    const today = manilaDay(Date.now());
    const page = await (await fetch(`${server.url}/dev/stats?by=zoneid&model=last&from=${today}&to=${today}`)).text();
    const row = new RegExp(`<tr data-source="${campaign}">(.*?)</tr>`).exec(page)?.[1] ?? '';
    const figure = (name: string) => new RegExp(`data-cell="${name}">(\\d+)<`).exec(row)?.[1];
    expect(figure('visits')).toBe('20');
    expect(figure('visitsWithClickId')).toBe('20');
    expect(figure('registrations')).toBe('4');
    expect(figure('firstDeposits')).toBe('2');
    expect(figure('firstBets')).toBe('0');
    // By first touch the same registrations count under the earlier zone.
    const byFirst = await (await fetch(`${server.url}/dev/stats?by=zoneid&model=first&from=${today}&to=${today}`)).text();
    expect(/<tr data-source="earlier">.*?data-cell="registrations">(\d+)</.exec(byFirst)?.[1]).toBe('4');
  }, 120_000);
});
