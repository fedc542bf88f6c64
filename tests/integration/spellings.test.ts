import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvelope } from '../../src/contract/envelopes';
import { GatewayCode } from '../../src/contract/errorCodes';
import { idempotencyKey, quickPlayer } from './player';
import { type TestServer, randomAddress, secondInstance, startServer } from './server';
import { postRaw, spellingsOf } from './spellings';

/**
 * Every limit holds however a path is spelled (issue 30): two instances on one database, counters in
 * Postgres, every call alternating between them. A call written another way (`/%61pi/…`, `//`, `/./`,
 * a trailing slash, another case…) is an address the server does not know: 404, before any limit counts
 * it or any handler runs. So the per-address budget, a route's own limit, the per-player budget and the
 * voucher guesses are each spent once, by the calls written as the contract writes them.
 */

const LIMITS = { ipCallsPerMinute: 40, accountCallsPerMinute: 12 };

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startServer({ trustProxy: ['127.0.0.1'] }, undefined, { ...LIMITS, sharedRateLimits: true });
  b = await secondInstance(a, { ...LIMITS, sharedRateLimits: true });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const instance = (i: number) => (i % 2 === 0 ? a : b);
const codeOf = (text: string) => {
  try {
    return readEnvelope(JSON.parse(text))?.code ?? '';
  } catch {
    return '';
  }
};

describe('a call spelled another way', () => {
  it('is an unknown address for every call, and spends none of the caller’s budget', async () => {
    const address = randomAddress();
    const token = await quickPlayer(a);
    const answers: string[] = [];
    let i = 0;
    for (const registered of a.app.calls) {
      for (const spelling of spellingsOf(registered.url)) {
        const answer = await postRaw(
          instance(i++),
          spelling,
          {},
          { token, headers: { 'X-Forwarded-For': address, 'Idempotency-Key': idempotencyKey() } },
        );
        if (answer.status !== 404) answers.push(`${spelling} → ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(i).toBeGreaterThan(a.app.calls.length * 8);
    expect(answers).toEqual([]);
    // None of those counted: the address still has its whole budget, once, across both instances.
    const codes: string[] = [];
    for (let n = 0; n <= LIMITS.ipCallsPerMinute; n++) {
      codes.push(codeOf((await postRaw(instance(n), '/api/front/front/siteinfo', {}, { headers: { 'X-Forwarded-For': address } })).text));
    }
    expect(codes).toEqual([...Array(LIMITS.ipCallsPerMinute).fill('0'), GatewayCode.TooManyRequests]);
  });

  it('gets no more captcha challenges than the route’s own limit (30 a minute)', async () => {
    const headers = { 'X-Forwarded-For': randomAddress() };
    const codes: string[] = [];
    for (let n = 0; n < 31; n++) {
      for (const spelling of spellingsOf('/api/main/hCaptcha/generate')) {
        expect((await postRaw(instance(n + 1), spelling, {}, { headers })).status, spelling).toBe(404);
      }
      codes.push(codeOf((await postRaw(instance(n), '/api/main/hCaptcha/generate', {}, { headers })).text));
    }
    expect(codes).toEqual([...Array(30).fill('0000'), GatewayCode.TooManyRequests]);
  });

  it('gets no more calls for one player than the per-player budget', async () => {
    const token = await quickPlayer(a);
    const codes: string[] = [];
    for (let n = 0; n <= LIMITS.accountCallsPerMinute; n++) {
      // Each from its own address: only the player's budget is in play.
      const headers = { 'X-Forwarded-For': randomAddress() };
      for (const spelling of spellingsOf('/api/main/customer/getBalance').slice(0, 5)) {
        expect((await postRaw(instance(n + 1), spelling, {}, { token, headers })).status, spelling).toBe(404);
      }
      codes.push(codeOf((await postRaw(instance(n), '/api/main/customer/getBalance', {}, { token, headers })).text));
    }
    expect(codes).toEqual([...Array(LIMITS.accountCallsPerMinute).fill('0000'), GatewayCode.TooManyRequests]);
  });

  it('judges no more voucher codes than the guess limit (10 in 10 minutes)', async () => {
    const token = await quickPlayer(a);
    const codes: string[] = [];
    for (let n = 0; n < 11; n++) {
      const headers = { 'X-Forwarded-For': randomAddress() };
      for (const spelling of spellingsOf('/api/main/customer/receiveVoucher').slice(0, 5)) {
        const guess = { token, headers: { ...headers, 'Idempotency-Key': idempotencyKey() } };
        expect((await postRaw(instance(n + 1), spelling, { voucherCode: `WRONG${n}X` }, guess)).status, spelling).toBe(404);
      }
      const answer = await postRaw(
        instance(n),
        '/api/main/customer/receiveVoucher',
        { voucherCode: `WRONG${n}X` },
        {
          token,
          headers: { ...headers, 'Idempotency-Key': idempotencyKey() },
        },
      );
      codes.push(codeOf(answer.text));
    }
    expect(codes.slice(0, 10).every((code) => code !== GatewayCode.TooManyRequests && code !== '0000')).toBe(true);
    expect(codes[10]).toBe(GatewayCode.TooManyRequests);
  });
});
