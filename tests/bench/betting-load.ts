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
import { createHmac, randomUUID } from 'node:crypto';
import { type Socket, connect } from 'node:net';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { signMessage } from '../../src/contract/sign';
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

/**
 * Keep-alive HTTP/1.1 connections, one per player (from the player's own address), each carrying one
 * request at a time: a request is written as one string and its answer read by its Content-Length.
 * Node's http client costs several times more per request, and this process shares the machine with
 * what it measures.
 */
class Connection {
  private socket: Socket | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve(answer: { status: number; text: string }): void; reject(error: Error): void } | undefined;

  constructor(
    private readonly url: URL,
    private readonly from: string,
  ) {}

  private open(): Socket {
    const socket = connect({ host: this.url.hostname, port: Number(this.url.port), localAddress: this.from, noDelay: true });
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.read();
    });
    const fail = (error: Error) => {
      this.socket = undefined;
      this.buffer = Buffer.alloc(0);
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    return socket;
  }

  private read(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < end + 4 + length) return;
    const text = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting.resolve({ status: Number(head.slice(9, 12)), text });
  }

  /** Opens the connection now (the phase then measures bets, not connection set-up). */
  connect(): Promise<void> {
    this.socket ??= this.open();
    const socket = this.socket;
    return socket.connecting ? new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject)) : Promise.resolve();
  }

  get busy(): boolean {
    return this.waiting !== undefined;
  }

  post(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
    this.socket ??= this.open();
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    const request = `POST ${path} HTTP/1.1\r\nHost: ${this.url.host}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${lines.join('')}\r\n${body}`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket!.write(request);
    });
  }
}

/** Each player's connections: a player asked again before an answer came gets another one. */
const connections = new Map<string, Connection[]>();

function connectionOf(url: URL, player: LoadPlayer): Connection {
  const own = connections.get(player.token) ?? [];
  connections.set(player.token, own);
  let connection = own.find((c) => !c.busy);
  if (!connection) own.push((connection = new Connection(url, player.from)));
  return connection;
}

function place(url: URL, appKey: string, player: LoadPlayer, text: string): Promise<{ status: number; text: string }> {
  const qid = randomUUID();
  // The contract's Sign with Node's HMAC (the pure-JS one the page uses would make the load the bottleneck).
  const sign = createHmac('sha256', appKey)
    .update(signMessage({ body: text, qid, appId: APP_ID, version: APP_VERSION, token: player.token }))
    .digest('hex');
  return connectionOf(url, player).post(
    url.pathname,
    { 'Content-Type': 'application/json', token: player.token, Qid: qid, AppId: APP_ID, Sign: sign, 'Idempotency-Key': `bench-${qid}` },
    text,
  );
}

function codeOf(status: number, text: string): string {
  if (status !== 200) return `HTTP ${status}`;
  // The envelope's code and the placement's, read off the answer's start (its ticket is not needed here).
  const quick = /^\{"code":0,"msg":"[^"]*","data":\{"code":(\d+),/.exec(text);
  if (quick) return quick[1]!;
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
  const bodies = load.bets.map((bet) => JSON.stringify(bet));
  // Every player's connection open before the clock starts, a hundred at a time.
  for (let i = 0; i < load.players.length; i += 100) {
    await Promise.all(load.players.slice(i, i + 100).map((player) => connectionOf(url, player).connect()));
  }
  const startedAt = performance.now();
  const endAt = startedAt + load.durationS * 1000;
  await Promise.all(
    Array.from({ length: load.connections }, async () => {
      while (performance.now() < endAt) {
        const at = turn++;
        const began = performance.now();
        let code: string;
        try {
          const answer = await place(url, load.appKey, load.players[at % load.players.length]!, bodies[at % bodies.length]!);
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
