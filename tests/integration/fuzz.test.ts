import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, idempotencyKey, quickPlayer } from './player';
import { bodiesFor } from './schemaArbitrary';
import { type TestServer, startServer } from './server';

/**
 * Property-based fuzzing of every call in the server's registry, with bodies made from the call's own
 * schema (valid, valid but for one field of the wrong type, or any JSON at all), as a visitor and as a
 * logged-in player. Whatever comes in: no 5xx, no stack trace or internal path in the answer, and the
 * server still answers afterwards. `npm test` runs a few bodies per call; `npm run fuzz` runs many
 * (FUZZ_RUNS, default here 6).
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
      const as = registered.auth === 'player' ? await playerToken() : undefined;
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
});
