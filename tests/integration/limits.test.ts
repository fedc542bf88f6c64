import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginGuards, messages, outbox, sessions } from '../../server/db/schema';
import { type AppOptions, buildApp } from '../../server/app';
import { DEMO_PLAYER } from '../../server/plugins/seed';
import { sha256 } from '../../server/lib/security';
import { findByPhone } from '../../server/modules/auth/users';
import type { LoginResult } from '../../src/contract/auth';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { API_PREFIXES, type ApiPrefix, readEnvelope } from '../../src/contract/envelopes';
import { computeSign } from '../../src/contract/sign';
import { call, captcha, encrypt, lastCode, loginWithPassword, newPhone, quickPlayer, registerPlayer } from './player';
import { type TestServer, from, randomAddress, startServer } from './server';

/**
 * Limits that an attacker cannot step around by naming a new address in X-Forwarded-For: per-address
 * limits believe only the proxies the operator configured, and the password lockout and the SMS limits
 * count per number, whatever address the calls come from.
 */

async function sessionIp(server: TestServer, token: string): Promise<string | undefined> {
  const [row] = await server.database.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
  return row?.ip;
}

describe.each([
  ['in memory', false],
  ['in Postgres', true],
])('per-address limits and X-Forwarded-For (counters %s)', (_where, sharedRateLimits) => {
  it('does not believe a forged X-Forwarded-For when no proxy is trusted (the default)', async () => {
    const server = await startServer({}, undefined, { ipCallsPerMinute: 5, sharedRateLimits });
    try {
      const codes: string[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await server.post('front', 'front/siteinfo', {}, { headers: { 'X-Forwarded-For': randomAddress() } });
        codes.push(`${response.status} ${readEnvelope(await response.json())?.code}`);
      }
      expect(codes).toEqual([...Array(5).fill('200 0'), '429 GW_800429', '429 GW_800429']);
    } finally {
      await server.close();
    }
  });

  it('uses the forwarded address when the proxy it came through is trusted (TRUST_PROXY=127.0.0.1)', async () => {
    const server = await startServer({ trustProxy: ['127.0.0.1'] }, undefined, { ipCallsPerMinute: 5, sharedRateLimits });
    try {
      const ana = from(server, '203.0.113.10');
      const ben = from(server, '203.0.113.20');
      const codes: string[] = [];
      for (let i = 0; i < 6; i++) codes.push((await call(ana, 'front', 'front/siteinfo')).code);
      expect(codes).toEqual(['0', '0', '0', '0', '0', 'GW_800429']);
      // Another client behind the same proxy has a budget of its own.
      const visitor = await call<{ webToken: { token: string } }>(ben, 'main', 'webToken');
      expect(visitor.code).toBe('0000');
      expect(await sessionIp(server, visitor.data.webToken.token)).toBe('203.0.113.20');
    } finally {
      await server.close();
    }
  });

  it('cuts off a flood of forged webhooks from one address, and leaves the calls their own budget', async () => {
    const server = await startServer({}, undefined, { ipCallsPerMinute: 5, webhookCallsPerMinute: 3, sharedRateLimits });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${server.url}/webhooks/paymongo`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Paymongo-Signature': 't=1,te=forged,li=' },
          body: JSON.stringify({ data: { id: `evt_forged_${i}` } }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      expect((await server.post('front', 'front/siteinfo', {})).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

/** A test server and a second instance over the same database, as behind a balancer, counters in Postgres. */
async function twoInstances(limits: Pick<AppOptions, 'ipCallsPerMinute' | 'accountCallsPerMinute'>) {
  const server = await startServer({}, undefined, { ...limits, sharedRateLimits: true });
  const second = await buildApp(server.config, {
    logger: false,
    database: server.database,
    feed: server.app.feed,
    ...limits,
    sharedRateLimits: true,
  });
  await second.listen({ port: 0, host: '127.0.0.1' });
  return { server, second, secondUrl: `http://127.0.0.1:${(second.server.address() as AddressInfo).port}` };
}

describe('per-address limits across instances', () => {
  it('share one budget per address when the counters are in Postgres', async () => {
    const { server, second, secondUrl } = await twoInstances({ ipCallsPerMinute: 5 });
    try {
      const codes: string[] = [];
      for (let i = 0; i < 6; i++) {
        const response = i % 2 === 0 ? await server.post('front', 'front/siteinfo') : await postTo(secondUrl, server.config.appKey);
        codes.push(readEnvelope(await response.json())?.code ?? '');
      }
      expect(codes).toEqual(['0', '0', '0', '0', '0', 'GW_800429']);
    } finally {
      await second.close();
      await server.close();
    }
  });

  it('share one budget per player across instances when the counters are in Postgres', async () => {
    const { server, second, secondUrl } = await twoInstances({ accountCallsPerMinute: 3 });
    try {
      const token = await quickPlayer(server);
      const balance = { prefix: 'main', name: 'customer/getBalance', token } as const;
      const codes: string[] = [];
      for (let i = 0; i < 4; i++) {
        const response =
          i % 2 === 0
            ? await server.post('main', 'customer/getBalance', {}, { token })
            : await postTo(secondUrl, server.config.appKey, balance);
        codes.push(readEnvelope(await response.json())?.code ?? '');
      }
      expect(codes).toEqual(['0000', '0000', '0000', 'GW_800429']);
    } finally {
      await second.close();
      await server.close();
    }
  });

  it('records the socket address, not a forged one, with a session', async () => {
    const server = await startServer();
    try {
      const forged = from(server, '203.0.113.66');
      const login = await loginWithPassword(forged, DEMO_PLAYER.phoneAsTyped, DEMO_PLAYER.password);
      expect(login.code).toBe('0000');
      expect(await sessionIp(server, login.data.webToken.token)).toBe('127.0.0.1');
    } finally {
      await server.close();
    }
  });
});

/** A signed call to another instance (front/siteinfo unless told). */
function postTo(
  url: string,
  appKey: string,
  call: { prefix: ApiPrefix; name: string; token: string } = { prefix: 'front', name: 'front/siteinfo', token: '' },
): Promise<Response> {
  const qid = randomUUID();
  const sign = computeSign(appKey, { body: '{}', qid, appId: APP_ID, version: APP_VERSION, token: call.token });
  return fetch(`${url}${API_PREFIXES[call.prefix]}/${call.name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Qid: qid, AppId: APP_ID, token: call.token, Sign: sign },
    body: '{}',
  });
}

describe('password lockout', () => {
  let server: TestServer;
  let now = Date.now();
  const MINUTE = 60_000;

  beforeAll(async () => {
    server = await startServer({ trustProxy: ['127.0.0.1'] }, undefined, { clock: () => now });
  });

  afterAll(async () => {
    await server.close();
  });

  /** A password login from a new address every time, as a botnet would try. */
  const tryPassword = (phone: string, password: string) => loginWithPassword(from(server, randomAddress()), phone, password);

  async function notices(phone: string) {
    const customer = await findByPhone(server.database.db, phone);
    const inbox = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, customer!.id), eq(messages.title, 'Password login paused')));
    const sms = await server.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), like(outbox.body, '%password login is paused%')));
    return { inbox: inbox.length, sms: sms.length };
  }

  it('pauses password login after 5 wrong passwords from any addresses, refuses the right one, and tells the owner once', async () => {
    const player = await registerPlayer(server);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await tryPassword(player.phone.typed, 'Wrong9999'));
    expect(answers.map((a) => a.code)).toEqual(['GW_800420', 'GW_800420', 'GW_800420', 'GW_800420', 'GW_800426']);
    expect(answers[3]!.message).toContain('After 1 more wrong try');
    expect(answers[4]!.status).toBe(423);
    expect(answers[4]!.message).toMatch(/try again in 15 minutes/);
    expect(answers[4]!.message).toContain('log in with an SMS code');

    // The right password, from yet another address, is refused while the pause lasts.
    const right = await tryPassword(player.phone.typed, player.password);
    expect(right.code).toBe('GW_800426');
    expect(right.message).toMatch(/try again in 15 minutes/);
    await tryPassword(player.phone.typed, 'Wrong9999');
    now += 10 * MINUTE;
    expect((await tryPassword(player.phone.typed, player.password)).message).toMatch(/try again in 5 minutes/);
    expect(await notices(player.phone.e164)).toEqual({ inbox: 1, sms: 1 });

    // The pause ends after its time.
    now += 5 * MINUTE + 1_000;
    expect((await tryPassword(player.phone.typed, player.password)).code).toBe('0000');
    expect(await notices(player.phone.e164)).toEqual({ inbox: 1, sms: 1 });
  });

  it('starts the count again after a right password, and pauses longer the next time', async () => {
    const player = await registerPlayer(server);
    for (let i = 0; i < 4; i++) expect((await tryPassword(player.phone.typed, 'Wrong9999')).code).toBe('GW_800420');
    expect((await tryPassword(player.phone.typed, player.password)).code).toBe('0000');
    for (let i = 0; i < 4; i++) expect((await tryPassword(player.phone.typed, 'Wrong9999')).code).toBe('GW_800420');
    expect((await tryPassword(player.phone.typed, 'Wrong9999')).code).toBe('GW_800426');

    now += 15 * MINUTE + 1_000;
    for (let i = 0; i < 4; i++) expect((await tryPassword(player.phone.typed, 'Wrong9999')).code).toBe('GW_800420');
    const second = await tryPassword(player.phone.typed, 'Wrong9999');
    expect(second.code).toBe('GW_800426');
    expect(second.message).toMatch(/try again in 30 minutes/);
    expect(await notices(player.phone.e164)).toEqual({ inbox: 2, sms: 2 });
  });

  it('starts one lockout, with one notice, when wrong passwords arrive at the same time', async () => {
    const player = await registerPlayer(server);
    const answers = await Promise.all(Array.from({ length: 8 }, () => tryPassword(player.phone.typed, 'Wrong9999')));
    const codes = answers.map((a) => a.code).sort();
    expect(codes).toEqual([...Array(4).fill('GW_800420'), ...Array(4).fill('GW_800426')]);
    expect(await notices(player.phone.e164)).toEqual({ inbox: 1, sms: 1 });
  });

  it('forgets a number a day after its last lockout', async () => {
    const player = await registerPlayer(server);
    for (let i = 0; i < 5; i++) await tryPassword(player.phone.typed, 'Wrong9999');
    // Not yet: the lockout is under a day old.
    now += 15 * MINUTE + 23 * 60 * MINUTE;
    await server.app.jobs.tick(now, ['login-guard-sweep']);
    expect(await server.database.db.select().from(loginGuards).where(eq(loginGuards.phone, player.phone.e164))).toHaveLength(1);
    // The shared job (one instance) forgets it once the day has passed.
    now += 2 * 60 * MINUTE;
    await server.app.jobs.tick(now, ['login-guard-sweep']);
    const rows = await server.database.db.select().from(loginGuards).where(eq(loginGuards.phone, player.phone.e164));
    expect(rows).toEqual([]);
  });

  it('answers a number without an account exactly like one with an account', async () => {
    const nobody = newPhone();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await tryPassword(nobody.typed, 'Wrong9999'));
    expect(answers.map((a) => `${a.status} ${a.code}`)).toEqual([
      '401 GW_800420',
      '401 GW_800420',
      '401 GW_800420',
      '401 GW_800420',
      '423 GW_800426',
      '423 GW_800426',
    ]);
  });

  it('lets the owner reset the password by SMS during a pause and log in with it at once', async () => {
    const player = await registerPlayer(server);
    for (let i = 0; i < 5; i++) await tryPassword(player.phone.typed, 'Wrong9999');
    expect((await tryPassword(player.phone.typed, player.password)).code).toBe('GW_800426');

    now += 2 * MINUTE; // past the resend wait of the registration code
    const owner = from(server, randomAddress());
    const sent = await call(owner, 'main', 'userAuth/forgetPwdSendCodeV2', {
      phone: await encrypt(owner, player.phone.typed),
      captchaToken: await captcha(owner),
    });
    expect(sent.code).toBe('0000');
    const verified = await call<{ resetTicket: string }>(owner, 'main', 'userAuth/forgetPwdVerifyCodeV2', {
      phone: await encrypt(owner, player.phone.typed),
      code: await lastCode(server, player.phone.e164),
    });
    expect(verified.code).toBe('0000');
    const reset = await call(owner, 'main', 'userAuth/modifyPwdForgetPwdV2', {
      resetTicket: verified.data.resetTicket,
      newPassword: await encrypt(owner, 'Fresh7890'),
    });
    expect(reset.code).toBe('0000');
    expect((await loginWithPassword(owner, player.phone.typed, 'Fresh7890')).code).toBe('0000');
  });

  it('lets the owner in with an SMS code during a pause', async () => {
    const player = await registerPlayer(server);
    for (let i = 0; i < 5; i++) await tryPassword(player.phone.typed, 'Wrong9999');
    now += 2 * MINUTE;
    const owner = from(server, randomAddress());
    const sent = await call(owner, 'main', 'userAuth/loginAndRegisterSendSmsCode', {
      phone: await encrypt(owner, player.phone.typed),
      captchaToken: await captcha(owner),
    });
    expect(sent.code).toBe('0000');
    const login = await call<LoginResult>(owner, 'main', 'userAuth/loginAndRegisterV4', {
      phone: await encrypt(owner, player.phone.typed),
      code: await lastCode(server, player.phone.e164),
    });
    expect(login.code).toBe('0000');
  });
});

describe('SMS codes per number', () => {
  it('stop at the number’s limit whatever address and session ask', async () => {
    let now = Date.now();
    const server = await startServer({ trustProxy: ['127.0.0.1'] }, undefined, { clock: () => now });
    try {
      const phone = newPhone();
      const ask = async () => {
        const caller = from(server, randomAddress());
        return (
          await call(caller, 'main', 'phone/sendCode', {
            phone: await encrypt(caller, phone.typed),
            purpose: 'login',
            captchaToken: await captcha(caller),
          })
        ).code;
      };
      const codes = [await ask(), await ask()];
      for (let i = 0; i < 5; i++) {
        now += 61_000;
        codes.push(await ask());
      }
      // One a minute (the second asked at once), five an hour: the sixth minute's ask is refused.
      expect(codes).toEqual(['0000', 'GW_800410', '0000', '0000', '0000', '0000', 'GW_800413']);
      const sent = await server.database.db.select().from(outbox).where(eq(outbox.recipient, phone.e164));
      expect(sent).toHaveLength(5);
    } finally {
      await server.close();
    }
  });
});
