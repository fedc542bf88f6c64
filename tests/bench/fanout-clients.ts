/**
 * The client side of the broker fan-out figure, run in its own process (forked by realtime.ts) so the
 * 2,000 sockets' reading and STOMP parsing do not share the server's event loop. Each client is a real
 * @stomp/stompjs Client over the `ws` package, as a visitor (no token), with the product's 10 s
 * heart-beats, subscribed to one topic. Latency is receive time minus the send time the server wrote in
 * the body, both on CLOCK_MONOTONIC (see monoMs), which the two processes share.
 *
 * Protocol over the IPC channel: see FanoutRequest / FanoutReply.
 */
import { Client, type IStompSocket } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { SOCKET_HEARTBEAT_MS } from '../../src/contract/constants';
import { STOMP_PROTOCOL } from '../../src/contract/feed';
import { monoMs, percentileSorted } from './stats';

export type FanoutRequest =
  | {
      kind: 'start';
      url: string;
      clients: number;
      destination: string;
      batch: number;
      /** Several servers (the cluster benchmark): client i connects to urls[i % length] instead of url. */
      urls?: string[];
      /** CONNECT headers (RabbitMQ Web-STOMP's login and passcode); none for a visitor of the app. */
      connectHeaders?: Record<string, string>;
    }
  | { kind: 'phase'; phase: number; expected: number }
  | { kind: 'count'; phase: number }
  | { kind: 'report'; phase: number }
  | { kind: 'stop' };

export interface PhaseReport {
  delivered: number;
  /** Messages whose body did not parse or belonged to no announced phase. */
  stray: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; min: number; mean: number };
  /** Monotonic ms of the last message received in the phase. */
  lastAt: number;
  /** Subscribed sockets closed so far (cumulative over phases), by close code, and lost heart-beats. */
  closed: number;
  closeCodes: Record<string, number>;
  heartbeatsLost: number;
  maxLoopLagMs: number;
}

export type FanoutReply =
  | { kind: 'ready'; connected: number; failed: number; connectMs: number; errors: string[] }
  | { kind: 'count'; phase: number; delivered: number; lastAt: number; closed: number }
  | { kind: 'report'; phase: number; report: PhaseReport }
  | { kind: 'stopped' }
  | { kind: 'fatal'; message: string };

interface PhaseState {
  latencies: Float64Array;
  delivered: number;
  lastAt: number;
}

const phases = new Map<number, PhaseState>();
const clients: Client[] = [];
let stray = 0;
/** Sockets that closed after their client had subscribed (the server cut them, or they failed). */
let closed = 0;
/** Close codes of those sockets (1006: cut without a close frame), and clients that saw no heart-beat. */
const closeCodes: Record<string, number> = {};
let heartbeatsLost = 0;
/** The longest this process's event loop was late for a 100 ms timer in the current phase: heart-beats go out no sooner. */
let maxLoopLagMs = 0;
let lastTick = monoMs();
setInterval(() => {
  const now = monoMs();
  maxLoopLagMs = Math.max(maxLoopLagMs, now - lastTick - 100);
  lastTick = now;
}, 100).unref();

const reply = (message: FanoutReply) => process.send?.(message);

function onMessage(body: string): void {
  const now = monoMs();
  let parsed: { p?: number; ts?: number };
  try {
    parsed = JSON.parse(body) as { p?: number; ts?: number };
  } catch {
    stray += 1;
    return;
  }
  const state = parsed.p === undefined ? undefined : phases.get(parsed.p);
  if (!state || typeof parsed.ts !== 'number' || state.delivered >= state.latencies.length) {
    stray += 1;
    return;
  }
  state.latencies[state.delivered++] = now - parsed.ts;
  state.lastAt = now;
}

/** Connects one client and subscribes it; resolves once the server's RECEIPT for the SUBSCRIBE came back. */
function connectOne(url: string, destination: string, index: number, connectHeaders: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, [STOMP_PROTOCOL]) as unknown as IStompSocket,
      connectHeaders,
      heartbeatIncoming: SOCKET_HEARTBEAT_MS,
      heartbeatOutgoing: SOCKET_HEARTBEAT_MS,
      reconnectDelay: 0,
      connectionTimeout: 30_000,
      debug: () => undefined,
    });
    clients.push(client);
    let subscribed = false;
    client.onWebSocketClose = (event: { code?: number }) => {
      if (!subscribed) return;
      closed += 1;
      const code = String(event.code ?? 'none');
      closeCodes[code] = (closeCodes[code] ?? 0) + 1;
    };
    client.onHeartbeatLost = () => void (heartbeatsLost += 1);
    const timer = setTimeout(() => reject(new Error('no CONNECTED and RECEIPT within 30 s')), 30_000);
    client.onConnect = () => {
      const receipt = `sub-${index}`;
      client.watchForReceipt(receipt, () => {
        subscribed = true;
        clearTimeout(timer);
        resolve(client);
      });
      client.subscribe(destination, (message) => onMessage(message.body), { receipt });
    };
    client.onStompError = (frame) => {
      clearTimeout(timer);
      reject(new Error(`STOMP ERROR ${frame.headers['message'] ?? ''}`));
    };
    client.onWebSocketError = () => {
      clearTimeout(timer);
      reject(new Error('WebSocket error'));
    };
    client.activate();
  });
}

async function start(request: Extract<FanoutRequest, { kind: 'start' }>): Promise<void> {
  const began = monoMs();
  let connected = 0;
  let failed = 0;
  const errors: string[] = [];
  for (let first = 0; first < request.clients; first += request.batch) {
    const count = Math.min(request.batch, request.clients - first);
    const results = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        connectOne(
          request.urls?.[(first + i) % request.urls.length] ?? request.url,
          request.destination,
          first + i,
          request.connectHeaders,
        ),
      ),
    );
    for (const result of results) {
      if (result.status === 'fulfilled') connected += 1;
      else {
        failed += 1;
        if (errors.length < 5) errors.push(String(result.reason));
      }
    }
  }
  reply({ kind: 'ready', connected, failed, connectMs: monoMs() - began, errors });
}

function report(phase: number): PhaseReport {
  const state = phases.get(phase) ?? { latencies: new Float64Array(0), delivered: 0, lastAt: 0 };
  const sorted = state.latencies.subarray(0, state.delivered).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    delivered: state.delivered,
    stray,
    latencyMs: {
      p50: percentileSorted(sorted, 50),
      p90: percentileSorted(sorted, 90),
      p99: percentileSorted(sorted, 99),
      max: sorted[sorted.length - 1] ?? NaN,
      min: sorted[0] ?? NaN,
      mean: sorted.length ? sum / sorted.length : NaN,
    },
    lastAt: state.lastAt,
    closed,
    closeCodes,
    heartbeatsLost,
    maxLoopLagMs,
  };
}

async function stop(): Promise<void> {
  for (const client of clients) client.onWebSocketClose = () => undefined;
  await Promise.allSettled(clients.map((client) => client.deactivate({ force: true })));
  reply({ kind: 'stopped' });
  process.disconnect?.();
}

process.on('message', (request: FanoutRequest) => {
  switch (request.kind) {
    case 'start':
      start(request).catch((error: unknown) => reply({ kind: 'fatal', message: String(error) }));
      return;
    case 'phase':
      phases.set(request.phase, { latencies: new Float64Array(request.expected), delivered: 0, lastAt: 0 });
      maxLoopLagMs = 0;
      return;
    case 'count': {
      const state = phases.get(request.phase);
      reply({ kind: 'count', phase: request.phase, delivered: state?.delivered ?? 0, lastAt: state?.lastAt ?? 0, closed });
      return;
    }
    case 'report':
      reply({ kind: 'report', phase: request.phase, report: report(request.phase) });
      return;
    case 'stop':
      void stop();
      return;
  }
});

// The parent went away: nothing to report to.
process.on('disconnect', () => process.exit(0));
