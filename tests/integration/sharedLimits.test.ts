import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib';
import { solveChallenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayCode } from '../../src/contract/errorCodes';
import { call, captcha, encrypt, loginWithPassword, newPhone, registerPlayer } from './player';
import { type TestServer, from, randomAddress, secondInstance, startServer } from './server';

/**
 * Limits hold across instances (issue 15 goal 3): two instances on ONE database, as behind a balancer,
 * each call alternating between them. A login lockout reached half through A and half through B, a
 * captcha solution replayed on the other instance, an SMS code asked again through the other, and a
 * route's own per-address limit: each refused as one instance refuses it, in the player's same words.
 * (The per-address and per-player call budgets across instances: limits.test.ts.)
 */

let a: TestServer;
let b: TestServer;
let now = Date.now();
beforeAll(async () => {
  const options = { clock: () => now, sharedRateLimits: true, ipCallsPerMinute: 100_000, accountCallsPerMinute: 100_000 };
  a = await startServer({ trustProxy: ['127.0.0.1'], loginLockFailures: 4 }, undefined, options);
  b = await secondInstance(a, options);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two instances on one database', () => {
  it('reach one login lockout with wrong passwords half through A and half through B, and refuse the right one on both', async () => {
    const player = await registerPlayer(a);
    const tries = [];
    for (let i = 0; i < 4; i++)
      tries.push(await loginWithPassword(from(i % 2 === 0 ? a : b, randomAddress()), player.phone.typed, 'Wrong9999'));
    expect(tries.map((answer) => answer.code)).toEqual(['GW_800420', 'GW_800420', 'GW_800420', 'GW_800426']);
    expect(tries[2]!.message).toContain('After 1 more wrong try');
    expect(tries[3]!.message).toMatch(/try again in 15 minutes/);
    for (const server of [a, b]) {
      const right = await loginWithPassword(from(server, randomAddress()), player.phone.typed, player.password);
      expect(right.code).toBe('GW_800426');
      expect(right.message).toMatch(/try again in 15 minutes/);
    }
  });

  it('refuse a captcha solution replayed on the other instance', async () => {
    const challenge = (await call<Challenge>(a, 'main', 'hCaptcha/generate')).data;
    const solution = await solveChallenge({ challenge, deriveKey });
    const first = await call<{ captchaToken: string }>(a, 'main', 'hCaptcha/validate', { challenge, solution });
    expect(first.code).toBe('0000');
    const replayed = await call(b, 'main', 'hCaptcha/validate', { challenge, solution });
    expect(replayed.code).toBe(GatewayCode.CaptchaFailed);
    expect(replayed.message).toBe('This security check was already used. Please try again.');
    // A captcha token is spent once, whichever instance the protected call reaches.
    const phone = newPhone();
    const token = first.data.captchaToken;
    const ask = (server: TestServer) =>
      encrypt(server, phone.typed).then((encrypted) =>
        call(from(server, randomAddress()), 'main', 'phone/sendCode', { phone: encrypted, purpose: 'login', captchaToken: token }),
      );
    expect((await ask(a)).code).toBe('0000');
    const again = await ask(b);
    expect(again.code).toBe(GatewayCode.CaptchaFailed);
    expect(again.message).toBe('The security check expired. Please try again.');
  });

  it('keep one SMS limit per number whichever instance asks', async () => {
    const phone = newPhone();
    const ask = async (server: TestServer) => {
      const caller = from(server, randomAddress());
      return call(caller, 'main', 'phone/sendCode', {
        phone: await encrypt(caller, phone.typed),
        purpose: 'login',
        captchaToken: await captcha(caller),
      });
    };
    expect((await ask(a)).code).toBe('0000');
    const soon = await ask(b);
    expect(soon.code).toBe('GW_800410');
    expect(soon.message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);
    const codes = [];
    for (let i = 0; i < 5; i++) {
      now += 61_000;
      codes.push((await ask(i % 2 === 0 ? b : a)).code);
    }
    // Five an hour in all: the fifth minute's ask, wherever it lands, is refused.
    expect(codes).toEqual(['0000', '0000', '0000', '0000', 'GW_800413']);
  });

  it('count a route’s own per-address limit (30 a minute on the captcha) once across both', async () => {
    const caller = randomAddress();
    const codes: string[] = [];
    for (let i = 0; i < 31; i++) codes.push((await call(from(i % 2 === 0 ? a : b, caller), 'main', 'hCaptcha/generate')).code);
    expect(codes.slice(0, 30).every((code) => code === '0000')).toBe(true);
    expect(codes[30]).toBe('GW_800429');
  });
});
