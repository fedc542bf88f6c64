/**
 * The load side of the betting figure, in its own process (forked by betting.ts) so that signing and
 * sending requests does not share the server's event loop. autocannon fires saba/sabaDoPlaceBetV2 as the
 * PWA sends it: a JSON body, a fresh Qid and Idempotency-Key per request, the Sign header over body + Qid
 * + AppId + version + token, players taken round-robin. Each answer's data.code is counted.
 *
 * Protocol over the IPC channel: LoadRequest in, LoadReply out.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { computeSign } from '../../src/contract/sign';

export interface LoadRequest {
  url: string;
  appKey: string;
  tokens: string[];
  /** Bodies of pre-match singles (everything but nothing per-request). */
  bets: unknown[];
  connections: number;
  durationS: number;
}

export interface LoadReply {
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** data.code of the answers: '0' accepted, others refused (e.g. 42 balance). */
  codes: Record<string, number>;
  durationMs: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  requestsPerSec: number;
}

async function run(load: LoadRequest): Promise<LoadReply> {
  let turn = 0;
  const codes: Record<string, number> = {};
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    duration: load.durationS,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/tp/saba/sabaDoPlaceBetV2',
        setupRequest: (request) => {
          const n = turn++;
          const token = load.tokens[n % load.tokens.length]!;
          const body = JSON.stringify(load.bets[n % load.bets.length]);
          const qid = randomUUID();
          const sign = computeSign(load.appKey, { body, qid, appId: APP_ID, version: APP_VERSION, token });
          return {
            ...request,
            body,
            headers: {
              'content-type': 'application/json',
              token,
              Qid: qid,
              AppId: APP_ID,
              Sign: sign,
              'Idempotency-Key': `bench-${qid}`,
            },
          };
        },
        onResponse: (_status, body) => {
          let code = 'unreadable';
          try {
            const answer = JSON.parse(body) as { code: number | string; data?: { code?: number } | null };
            code = String(answer.code) === '0' ? String(answer.data?.code ?? 'none') : `envelope ${answer.code}`;
          } catch {
            // counted as unreadable
          }
          codes[code] = (codes[code] ?? 0) + 1;
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    codes,
    durationMs: result.duration * 1000,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.mean,
    },
    requestsPerSec: result.requests.average,
  };
}

// Forked by betting.ts: when it goes (finished, failed or interrupted), so does this process.
process.on('disconnect', () => process.exit(0));

process.on('message', (load: LoadRequest) => {
  run(load).then(
    (reply) => process.send!(reply),
    (error: unknown) => process.send!({ error: String(error) }),
  );
});
