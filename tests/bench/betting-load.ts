/**
 * The load side of the betting figures, in its own process (forked by betting.ts) so that signing and
 * sending requests does not share an event loop with what is measured. `connections` loops each place
 * saba/sabaDoPlaceBetV2 as the PWA sends it, one request at a time, for `durationS`: a JSON body, a
 * fresh Qid and Idempotency-Key per request, the Sign header over body + Qid + AppId + version + token,
 * players taken round-robin, each player calling from a loopback address of its own (keep-alive
 * connections per address), so the per-address and per-player limits apply as they do to phones.
 * Each answer's data.code is counted; latency is send → whole answer read, per request.
 *
 * Protocol over the IPC channel: LoadRequest in, LoadReply out.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { computeSign } from '../../src/contract/sign';
import { percentileSorted, round } from './stats';

export interface LoadPlayer {
  token: string;
  /** The loopback address this player calls from (127.0.0.0/8 is all this machine's). */
  from: string;
}

export interface LoadRequest {
  url: string;
  appKey: string;
  players: LoadPlayer[];
  /** Bodies of pre-match singles (everything but nothing per-request). */
  bets: unknown[];
  connections: number;
  durationS: number;
}

export interface LoadReply {
  requests: number;
  /** Answers with data.code 0: a ticket written. */
  accepted: number;
  /** data.code of the answers ('0' accepted, others refused, e.g. 42 balance), `HTTP <status>`, or an error. */
  codes: Record<string, number>;
  durationMs: number;
  betsPerSec: number;
  /** Of the accepted answers. */
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
}

const agents = new Map<string, Agent>();
function agentFor(from: string): Agent {
  let agent = agents.get(from);
  if (!agent) {
    agent = new Agent({ keepAlive: true, localAddress: from, maxSockets: 4 });
    agents.set(from, agent);
  }
  return agent;
}

function place(url: URL, appKey: string, player: LoadPlayer, body: unknown): Promise<{ status: number; text: string }> {
  const text = JSON.stringify(body);
  const qid = randomUUID();
  const sign = computeSign(appKey, { body: text, qid, appId: APP_ID, version: APP_VERSION, token: player.token });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        agent: agentFor(player.from),
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
          token: player.token,
          Qid: qid,
          AppId: APP_ID,
          Sign: sign,
          'Idempotency-Key': `bench-${qid}`,
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(text);
  });
}

function codeOf(status: number, text: string): string {
  if (status !== 200) return `HTTP ${status}`;
  try {
    const answer = JSON.parse(text) as { code: number | string; data?: { code?: number } | null };
    return String(answer.code) === '0' ? String(answer.data?.code ?? 'none') : `envelope ${answer.code}`;
  } catch {
    return 'unreadable';
  }
}

export async function runLoad(load: LoadRequest): Promise<LoadReply> {
  const url = new URL('/api/tp/saba/sabaDoPlaceBetV2', load.url);
  const codes: Record<string, number> = {};
  const latencies: number[] = [];
  let turn = 0;
  let requests = 0;
  const startedAt = performance.now();
  const endAt = startedAt + load.durationS * 1000;
  await Promise.all(
    Array.from({ length: load.connections }, async () => {
      while (performance.now() < endAt) {
        const at = turn++;
        const began = performance.now();
        let code: string;
        try {
          const answer = await place(url, load.appKey, load.players[at % load.players.length]!, load.bets[at % load.bets.length]);
          code = codeOf(answer.status, answer.text);
        } catch (error) {
          code = (error as Error).message.slice(0, 40);
        }
        requests++;
        codes[code] = (codes[code] ?? 0) + 1;
        if (code === '0') latencies.push(performance.now() - began);
      }
    }),
  );
  const durationMs = performance.now() - startedAt;
  const sorted = Float64Array.from(latencies).sort();
  const mean = latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length);
  return {
    requests,
    accepted: latencies.length,
    codes,
    durationMs: round(durationMs),
    betsPerSec: round(latencies.length / (durationMs / 1000)),
    latencyMs: {
      p50: round(percentileSorted(sorted, 50)),
      p90: round(percentileSorted(sorted, 90)),
      p99: round(percentileSorted(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? Number.NaN),
      mean: round(mean),
    },
  };
}

// Forked by betting.ts: when it goes (finished, failed or interrupted), so does this process.
if (process.send) {
  process.on('disconnect', () => process.exit(0));
  process.on('message', (load: LoadRequest) => {
    runLoad(load).then(
      (reply) => process.send!(reply),
      (error: unknown) => process.send!({ error: String(error) }),
    );
  });
}
