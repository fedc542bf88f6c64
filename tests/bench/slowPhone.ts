import { emulatePhone } from './browser';
import type { CdpConnection, CdpMessage } from './cdp';
import { errorMessage, round, sleep } from './stats';

/**
 * The slow phone of the first-load benchmarks (issue 14; tests/bench/firstload.ts, deeplinks.ts): every
 * browser target (page, service worker, shared and dedicated workers) caught at its start through one
 * browser-level DevTools session (auto-attach with `waitForDebuggerOnStart`, flat sessions, and again
 * inside each page and worker) and throttled before it runs: 50,000 B/s down and up, 400 ms latency, CPU
 * ×4 (Chromium refuses CPU throttling on some worker types: `targets` says what each got). Tabs are
 * driven over the raw connection, without Playwright, whose own sessions on the workers could lift or
 * race the throttling.
 */

export const DOWN_BYTES_PER_S = 50_000;
export const UP_BYTES_PER_S = 50_000;
export const LATENCY_MS = 400;
export const CPU_RATE = 4;
export const LIST_CALL = 'saba/queryCompressedMatchList';
const THROTTLED_TYPES = new Set(['page', 'iframe', 'service_worker', 'shared_worker', 'worker']);
const REAPPLY_MS = [0, 20, 50, 100, 200, 400, 700, 1_000, 1_500, 2_500];
const REAPPLY_EVERY_MS = 250;

/** What the slow phone is, in words, for a benchmark's setup line. */
export const SLOW_PHONE = `every target ${DOWN_BYTES_PER_S / 1000} kB/s down, ${UP_BYTES_PER_S / 1000} kB/s up, ${LATENCY_MS} ms latency, CPU ×${CPU_RATE}`;

interface TargetState {
  sessionId: string;
  targetId: string;
  type: string;
  url: string;
  network: boolean | string;
  cpu: boolean | string;
  alive: boolean;
}

interface RequestRecord {
  type: string;
  url: string;
  start: number;
  end?: number;
  bytes?: number;
  fromSw?: boolean;
  fromCache?: boolean;
  failed?: string;
}

const conditions = (throttled: boolean) =>
  throttled
    ? { offline: false, latency: LATENCY_MS, downloadThroughput: DOWN_BYTES_PER_S, uploadThroughput: UP_BYTES_PER_S }
    : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/**
 * Auto-attaches to every target of the browser, throttles it before it runs, and keeps a log of its
 * requests (Network domain events of each target's session).
 */
export class Throttler {
  readonly targets = new Map<string, TargetState>();
  private requests = new Map<string, RequestRecord>();
  private wsBytes = { received: 0, sent: 0, sockets: 0 };
  private firstLiveDelta: number | undefined;
  private throttled = true;

  constructor(private readonly cdp: CdpConnection) {
    cdp.on((message) => this.onMessage(message));
  }

  private timer: NodeJS.Timeout | undefined;

  /** Sends the conditions of the moment to every worker again. */
  private reapply(): void {
    for (const target of this.targets.values())
      if (target.alive && target.type !== 'page' && THROTTLED_TYPES.has(target.type))
        void this.cdp.send('Network.emulateNetworkConditions', conditions(this.throttled), target.sessionId).catch(() => undefined);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async start(): Promise<void> {
    this.timer = setInterval(() => this.reapply(), REAPPLY_EVERY_MS);
    this.timer.unref();
    await this.cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
  }

  private readonly attachWaiters = new Map<string, (sessionId: string) => void>();

  /** The session of a target this auto-attach caught (a tab just created). */
  sessionOf(targetId: string): Promise<string> {
    const known = [...this.targets.values()].find((t) => t.targetId === targetId && t.alive);
    if (known) return Promise.resolve(known.sessionId);
    return withTimeout(new Promise<string>((resolve) => this.attachWaiters.set(targetId, resolve)), 10_000);
  }

  /**
   * Lets the workers of a closed tab end: our session would keep its SharedWorker alive, and the next
   * visit would then find the old worker, with its lists, instead of starting one.
   */
  async releaseWorkers(): Promise<void> {
    for (const target of this.targets.values()) {
      if (!target.alive || (target.type !== 'shared_worker' && target.type !== 'worker')) continue;
      await this.cdp.send('Target.closeTarget', { targetId: target.targetId }).catch(() => undefined);
      await this.cdp.send('Target.detachFromTarget', { sessionId: target.sessionId }).catch(() => undefined);
      target.alive = false;
    }
  }

  /** Forgets the requests seen so far (a new visit). */
  reset(): void {
    this.requests = new Map();
    this.wsBytes = { received: 0, sent: 0, sockets: 0 };
    this.firstLiveDelta = undefined;
  }

  async setThrottled(throttled: boolean): Promise<void> {
    this.throttled = throttled;
    await Promise.all(
      [...this.targets.values()]
        .filter((target) => target.alive && THROTTLED_TYPES.has(target.type))
        .map(async (target) => {
          await this.cdp.send('Network.emulateNetworkConditions', conditions(throttled), target.sessionId).catch(() => undefined);
          if (target.cpu === true)
            await this.cdp
              .send('Emulation.setCPUThrottlingRate', { rate: throttled ? CPU_RATE : 1 }, target.sessionId)
              .catch(() => undefined);
        }),
    );
  }

  private onMessage(message: CdpMessage): void {
    const params = (message.params ?? {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    switch (message.method) {
      case 'Target.attachedToTarget':
        void this.attach(params['sessionId'] as string, params['targetInfo'], params['waitingForDebugger'] as boolean);
        return;
      case 'Target.detachedFromTarget': {
        const target = this.targets.get(params['sessionId'] as string);
        if (target) target.alive = false;
        return;
      }
    }
    const target = message.sessionId ? this.targets.get(message.sessionId) : undefined;
    if (!target) return;
    if (message.method === 'Runtime.executionContextCreated' && target.type !== 'page') {
      void this.cdp.send('Network.emulateNetworkConditions', conditions(this.throttled), target.sessionId).catch(() => undefined);
      return;
    }
    const key = `${message.sessionId}|${params['requestId']}`;
    switch (message.method) {
      case 'Network.requestWillBeSent':
        if (!this.requests.has(key))
          this.requests.set(key, { type: target.type, url: params['request'].url as string, start: params['timestamp'] as number });
        return;
      case 'Network.responseReceived': {
        const record = this.requests.get(key);
        if (!record) return;
        const response = params['response'];
        record.fromSw = !!response.fromServiceWorker;
        record.fromCache = !!(response.fromDiskCache || response.fromPrefetchCache || response.fromEarlyHints);
        return;
      }
      case 'Network.requestServedFromCache': {
        const record = this.requests.get(key);
        if (record) record.fromCache = true;
        return;
      }
      case 'Network.loadingFinished': {
        const record = this.requests.get(key);
        if (!record) return;
        record.end = params['timestamp'] as number;
        record.bytes = params['encodedDataLength'] as number;
        return;
      }
      case 'Network.loadingFailed': {
        const record = this.requests.get(key);
        if (!record) return;
        record.end = params['timestamp'] as number;
        record.failed = params['errorText'] as string;
        return;
      }
      case 'Network.webSocketCreated':
        this.wsBytes.sockets += 1;
        return;
      case 'Network.webSocketFrameReceived': {
        const payload = String(params['response']?.payloadData ?? '');
        this.wsBytes.received += payload.length;
        // The first live delta of a list or match that reached any target (the page's early socket or the worker's).
        // One WebSocket message may carry several frames (the catch-up comes with CONNECTED), each ending with NUL.
        if (
          this.firstLiveDelta === undefined &&
          payload.split('\0').some((frame) => /^\n*MESSAGE\n[\s\S]*?destination:\/topic\/(?:sport|match)\//.test(frame))
        )
          this.firstLiveDelta = params['timestamp'] as number;
        return;
      }
      case 'Network.webSocketFrameSent':
        this.wsBytes.sent += String(params['response']?.payloadData ?? '').length;
        return;
    }
  }

  private async attach(sessionId: string, info: { targetId: string; type: string; url: string }, waiting: boolean): Promise<void> {
    const target: TargetState = {
      sessionId,
      targetId: info.targetId,
      type: info.type,
      url: info.url,
      network: false,
      cpu: false,
      alive: true,
    };
    this.targets.set(sessionId, target);
    this.attachWaiters.get(info.targetId)?.(sessionId);
    const send = (method: string, params: Record<string, unknown> = {}) => this.cdp.send(method, params, sessionId);
    if (!THROTTLED_TYPES.has(info.type)) {
      if (waiting) await send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
      return;
    }
    // Sent in one go, in order, before the target may run: a worker held at its start answers some of
    // them only once it runs, so waiting for each answer first would hold it for ever. The session
    // handles them in order, so the conditions are in place before runIfWaitingForDebugger.
    const network = send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }).then(() => undefined);
    const conditionsSet = send('Network.emulateNetworkConditions', conditions(this.throttled));
    const cpu = send('Emulation.setCPUThrottlingRate', { rate: this.throttled ? CPU_RATE : 1 });
    // Its own workers (a page's dedicated workers) are caught the same way.
    const children = send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
    const run = waiting ? send('Runtime.runIfWaitingForDebugger') : Promise.resolve({});
    // A worker held at its start may have no network context yet: Chromium then accepts the conditions
    // and drops them (seen here for the shared worker, now and then). So they are sent again when its
    // script context appears and every REAPPLY_EVERY_MS while it lives; summary().firstListRequest shows
    // whether they held.
    if (info.type !== 'page') {
      void send('Runtime.enable').catch(() => undefined);
      for (const delay of REAPPLY_MS)
        setTimeout(() => {
          if (target.alive) void send('Network.emulateNetworkConditions', conditions(this.throttled)).catch(() => undefined);
        }, delay).unref();
    }
    await Promise.all([network, conditionsSet]).then(
      () => (target.network = true),
      (error: unknown) => (target.network = errorMessage(error)),
    );
    await cpu.then(
      () => (target.cpu = true),
      (error: unknown) => (target.cpu = errorMessage(error)),
    );
    await Promise.allSettled([children, run]);
  }

  /** The visit's network figures, in ms from `t0` (the document request, in the protocol's clock). */
  summary(windowMs: number) {
    const all = [...this.requests.values()];
    const documentRequest = all.filter((r) => r.type === 'page').sort((a, b) => a.start - b.start)[0];
    if (!documentRequest) return { error: 'no request of the page seen' };
    const t0 = documentRequest.start;
    const rel = (t: number) => (t - t0) * 1000;
    const inWindow = all.filter((r) => rel(r.start) <= windowMs);
    const onWire = (r: RequestRecord) => !r.fromSw && !r.fromCache;
    const lists = inWindow.filter((r) => r.url.includes(LIST_CALL));
    const byType = (records: RequestRecord[]) => {
      const counts: Record<string, number> = {};
      for (const r of records) counts[r.type] = (counts[r.type] ?? 0) + 1;
      return counts;
    };
    const bytes = (records: RequestRecord[], until: number) =>
      records.filter((r) => onWire(r) && r.end !== undefined && rel(r.end) <= until).reduce((sum, r) => sum + (r.bytes ?? 0), 0);
    const bytesByType: Record<string, number> = {};
    for (const r of all)
      if (onWire(r) && r.end !== undefined && rel(r.end) <= windowMs) bytesByType[r.type] = (bytesByType[r.type] ?? 0) + (r.bytes ?? 0);
    const firstListOf = (type: string) => {
      const first = all
        .filter((r) => r.type === type && r.url.includes(LIST_CALL) && r.end !== undefined)
        .sort((a, b) => a.start - b.start)[0];
      return first
        ? {
            startMs: round(rel(first.start)),
            durationMs: round((first.end! - first.start) * 1000),
            bytes: first.bytes ?? 0,
            minThrottledMs: round(LATENCY_MS + ((first.bytes ?? 0) / DOWN_BYTES_PER_S) * 1000),
            ...(first.failed ? { failed: first.failed } : {}),
          }
        : null;
    };
    return {
      listFetches: lists.filter(onWire).length,
      listFetchesByTarget: byType(lists),
      requests: inWindow.length,
      requestsByTarget: byType(inWindow),
      bytesOnWire: bytes(all, windowMs),
      bytesOnWireByTarget: bytesByType,
      bytesOnWireToEnd: bytes(all, Number.POSITIVE_INFINITY),
      webSocket: { ...this.wsBytes },
      firstLiveDeltaMs: this.firstLiveDelta === undefined ? null : round(rel(this.firstLiveDelta)),
      firstListRequest: { shared_worker: firstListOf('shared_worker'), worker: firstListOf('worker'), page: firstListOf('page') },
      documentMs: documentRequest.end === undefined ? null : round((documentRequest.end - documentRequest.start) * 1000),
    };
  }

  targetSummary() {
    return [...this.targets.values()]
      .filter((t) => THROTTLED_TYPES.has(t.type))
      .map((t) => ({ type: t.type, url: t.url.replace(/^https?:\/\/[^/]+/, ''), network: t.network, cpu: t.cpu }));
  }
}

/**
 * A tab driven over the raw connection (no Playwright: a second client attached to the workers could
 * lift or race the throttling), set up as tests/bench/browser.ts PHONE before it navigates.
 */
export async function openTab(cdp: CdpConnection, throttler: Throttler, browserContextId: string, initScript: string) {
  const { targetId } = (await cdp.send('Target.createTarget', { url: 'about:blank', browserContextId })) as { targetId: string };
  const sessionId = await throttler.sessionOf(targetId);
  const send = (method: string, params: Record<string, unknown> = {}) => cdp.send(method, params, sessionId);
  const exceptions: string[] = [];
  const off = cdp.on((message) => {
    if (message.sessionId === sessionId && message.method === 'Runtime.exceptionThrown' && exceptions.length < 5) {
      const details = (message.params as { exceptionDetails?: { text?: string; exception?: { description?: string } } }).exceptionDetails;
      exceptions.push(String(details?.exception?.description ?? details?.text).split('\n')[0]!);
    }
  });
  await send('Page.enable');
  await send('Runtime.enable');
  await send('Page.addScriptToEvaluateOnNewDocument', { source: initScript });
  await emulatePhone(send);
  const evaluate = async <T>(expression: string, timeoutMs = 10_000): Promise<T> => {
    const answer = (await withTimeout(send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }), timeoutMs)) as {
      result?: { value?: T };
      exceptionDetails?: { text: string };
    };
    if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.text);
    return answer.result?.value as T;
  };
  return {
    evaluate,
    exceptions,
    navigate: (url: string) => send('Page.navigate', { url }),
    close: async () => {
      off();
      await cdp.send('Target.closeTarget', { targetId }).catch(() => undefined);
    },
  };
}

export type Tab = Awaited<ReturnType<typeof openTab>>;

export async function waitForServiceWorker(tab: Tab): Promise<boolean> {
  return tab
    .evaluate<boolean>(
      `Promise.race([
        navigator.serviceWorker ? navigator.serviceWorker.ready.then(() => true) : Promise.resolve(false),
        new Promise((resolve) => setTimeout(() => resolve(false), 90000)),
      ])`,
      100_000,
    )
    .then((ready) => ready === true)
    .catch(() => false);
}

/**
 * Between a cold visit and a warm one: throttling lifted until the service worker is ready, the tab
 * closed and its workers let go (so the next visit starts its own shared worker), then throttled again.
 * Answers whether the service worker was ready.
 */
export async function settleBetweenVisits(throttler: Throttler, tab: Tab): Promise<boolean> {
  await throttler.setThrottled(false);
  const ready = await waitForServiceWorker(tab);
  await tab.close();
  await throttler.releaseWorkers();
  await sleep(1_500);
  await throttler.setThrottled(true);
  return ready;
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())]);
}
