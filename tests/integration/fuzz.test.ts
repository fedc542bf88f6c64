import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../src/contract/validationMessages';
import { call, idempotencyKey, quickPlayer } from './player';
import { CONTROL_CHARACTERS, bodiesFor, withControlCharacter } from './schemaArbitrary';
import { type TestServer, startServer } from './server';
import { postRaw, spellingsOf } from './spellings';

/**
 * Property-based fuzzing of every call in the server's registry, with bodies made from the call's own
 * schema (valid, valid but for one field of the wrong type, or any JSON at all), as a visitor and as a
 * logged-in player. Whatever comes in: no 5xx, no stack trace or internal path in the answer, and the
 * server still answers afterwards. Each call is also sent with a control character (NUL most often) in
 * one of its texts, which is refused with a 400 naming that field, and to its path spelled another way
 * (`/%61pi/…`, `//`, a trailing slash…), which is an unknown address (issue 30). `npm test` runs a few
 * bodies per call; `npm run fuzz` runs many (FUZZ_RUNS, default here 6).
 */

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 6);
const INTERNALS = /node_modules|\/work\/|\/server\/|\.ts:\d+|\bat [\w.<>]+ \(|Error: /;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer({}, undefined, { ipCallsPerMinute: 10_000_000, accountCallsPerMinute: 10_000_000 });
  token = await quickPlayer(server);
});

afterAll(async () => {
  await server.close();
});

/** The fuzzing player's token, or a new player's when a call ended its session or closed its account. */
async function playerToken(): Promise<string> {
  if ((await call(server, 'main', 'customer/getBalance', {}, { token })).code !== '0000') token = await quickPlayer(server);
  return token;
}

describe('every call, fuzzed from its own schema', () => {
  it(`answers ${RUNS} bodies per call without a 5xx or internals`, { timeout: 60_000 + RUNS * 20_000 }, async () => {
    expect(server.app.calls.length).toBeGreaterThan(60);
    for (const registered of server.app.calls) {
      const as = registered.auth !== 'public' ? await playerToken() : undefined;
      await fc.assert(
        fc.asyncProperty(bodiesFor(registered.body), fc.boolean(), async (body, withKey) => {
          const response = await server.post(registered.prefix, registered.name, body, {
            ...(as ? { token: as } : {}),
            ...(withKey ? { headers: { 'Idempotency-Key': idempotencyKey() } } : {}),
          });
          const text = Buffer.from(await response.arrayBuffer()).toString('latin1');
          expect(response.status, `${registered.name} ${JSON.stringify(body).slice(0, 300)} → ${text.slice(0, 300)}`).toBeLessThan(500);
          expect(text).not.toMatch(INTERNALS);
        }),
        { numRuns: RUNS, seed: Number(process.env['FUZZ_SEED'] ?? 20261123), endOnFailure: true },
      );
    }
    // Still up and answering.
    expect((await call(server, 'front', 'front/siteinfo')).code).toBe('0');
  });

  it(
    `refuses a control character in any text of ${RUNS} bodies per call, naming the field`,
    { timeout: 60_000 + RUNS * 20_000 },
    async () => {
      for (const registered of server.app.calls) {
        const controlled = fc
          .tuple(bodiesFor(registered.body), fc.nat(), fc.constantFrom(...CONTROL_CHARACTERS), fc.nat())
          .map(([body, pick, character, at]) => withControlCharacter(body, pick, character, at));
        await fc.assert(
          fc.asyncProperty(controlled, async ({ body, field }) => {
            // A logged-in player for each body (a call such as logoutV2 ends the session it came with).
            const as = registered.auth !== 'public' ? await playerToken() : undefined;
            const response = await server.post(registered.prefix, registered.name, body, {
              ...(as ? { token: as } : {}),
              headers: { 'Idempotency-Key': idempotencyKey() },
            });
            const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
            const where = `${registered.name} ${JSON.stringify(body).slice(0, 300)} → ${text.slice(0, 300)}`;
            expect(response.status, where).toBeLessThan(500);
            expect(text).not.toMatch(INTERNALS);
            if (field === undefined) return;
            expect(response.status, where).toBe(400);
            const message = JSON.parse(text) as { head?: { errMsg: string }; msg?: string };
            expect(message.head?.errMsg ?? message.msg, where).toBe(
              field ? `${field}: ${VALIDATION_MESSAGES.control}` : VALIDATION_MESSAGES.control,
            );
          }),
          { numRuns: RUNS, seed: Number(process.env['FUZZ_SEED'] ?? 20261127), endOnFailure: true },
        );
      }
    },
  );

  it('answers every call spelled another way as an unknown address', async () => {
    const as = await playerToken();
    for (const registered of server.app.calls) {
      for (const spelling of spellingsOf(registered.url)) {
        const answer = await postRaw(server, spelling, {}, { token: as, headers: { 'Idempotency-Key': idempotencyKey() } });
        expect(answer.status, `${spelling} → ${answer.text.slice(0, 200)}`).toBe(404);
      }
    }
  });

  it('answers the bodies that reached PostgreSQL with a NUL (security round 3) with a 400 naming the field', async () => {
    const as = await playerToken();
    const reported: [string, string, Record<string, unknown>, string][] = [
      ['main', 'deposit/cancelDeposit', { orderNo: '\u0000' }, 'orderNo'],
      [
        'main',
        'customer/addAddress',
        { recipient: 'Ana Cruz', phone: '', province: 'Ce\u0000bu', city: 'Cebu City', postalCode: '6000', line: '1 Main St' },
        'province',
      ],
      ['main', 'deposit/uploadDepositReceipt', { orderNo: 'D\u00001', image: 'data:image/png;base64,AA==' }, 'orderNo'],
      ['main', 'game/gameRecordDetail', { roundId: 'r\u0000' }, 'roundId'],
      ['main', 'transactionRecord/queryWithdrawalStatus', { orderNo: '\u0000W1' }, 'orderNo'],
    ];
    for (const [prefix, name, body, field] of reported) {
      const answer = await call(server, prefix as 'main', name, body, { token: as, idempotencyKey: idempotencyKey() });
      expect(`${answer.status} ${answer.code} ${answer.message}`, name).toBe(`400 GW_800400 ${field}: ${VALIDATION_MESSAGES.control}`);
    }
  });
});
