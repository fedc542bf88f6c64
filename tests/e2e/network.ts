import type { Browser, CDPSession } from '@playwright/test';

/**
 * The network of EVERY browser target of a test (pages, the service worker, the realtime shared worker,
 * dedicated workers) cut or throttled through the DevTools protocol, as a phone without signal or on a
 * slow link would be: `context.setOffline` and `page.route` leave the workers online.
 *
 * A browser-wide `Target.setAutoAttach` (waitForDebuggerOnStart) reports every target that starts later
 * (a reload's new shared worker, a new page) while it waits for its debuggers: the cutter attaches its
 * own session, sets the conditions, then lets it run (`Runtime.runIfWaitingForDebugger`), so even its
 * first request is cut or throttled. (Browser-wide auto-attach speaks only the flat protocol, which a
 * Playwright CDPSession cannot address, so the flat session only announces the target and is let go.)
 * Targets already running are attached by `set` itself. `requests()` says what each target asked (its
 * WebSockets too) and how it ended, so a test can check the cut really held.
 *
 * Attached targets stay attached until `restore()`: a DevTools session keeps a SharedWorker alive past
 * its last tab (a reload then keeps the same worker, cut).
 */
export interface NetworkConditions {
  offline: boolean;
  /** Added round-trip latency, ms. */
  latency: number;
  /** Bytes per second; -1: no limit. */
  downloadThroughput: number;
  uploadThroughput: number;
}

export const ONLINE: NetworkConditions = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
export const OFFLINE: NetworkConditions = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
/** The issue 14 profile: 50 kB/s each way (400 kbps) and 400 ms. */
export const SLOW_LINK: NetworkConditions = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

const TARGET_TYPES = new Set(['page', 'service_worker', 'shared_worker', 'worker']);

/** A request a target made while attached, and how it ended. */
export interface SeenRequest {
  type: string;
  url: string;
  method: string;
  /** The failure (e.g. net::ERR_INTERNET_DISCONNECTED), or null when it got an answer (or is still on its way). */
  failed: string | null;
  /** The conditions were offline when it was sent. */
  whileOffline: boolean;
  /** A response came back (status and headers). */
  answered: boolean;
}

export interface NetworkCutter {
  /**
   * Applies the conditions to every target now and to every target that starts from now on; answers the
   * kinds of target reached. Call it again after a reload: a shared worker that restarts under the
   * session held on it waits for it, and runs (with the conditions set) only then.
   */
  set(conditions: NetworkConditions): Promise<string[]>;
  cut(): Promise<string[]>;
  /** Back online everywhere, and lets go of every target. */
  restore(): Promise<void>;
  /** The requests the attached targets made (sent through their network stack, as DevTools saw them). */
  requests(): SeenRequest[];
}

interface Attached {
  sessionId: string;
  type: string;
}

export async function networkCutter(browser: Browser): Promise<NetworkCutter> {
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  const attached = new Map<string, Attached>();
  let conditions: NetworkConditions = ONLINE;
  let nextId = 1;
  const pending = new Map<number, (reply: { error?: { message: string } }) => void>();
  const seen = new Map<string, SeenRequest>();

  const send = (sessionId: string, method: string, params: Record<string, unknown> = {}) => {
    const id = nextId++;
    const reply = new Promise<{ error?: { message: string } }>((resolve) => {
      pending.set(id, resolve);
      // A target that ends never answers.
      setTimeout(() => resolve({ error: { message: 'no answer' } }), 5_000);
    });
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(() => undefined);
    return reply.finally(() => pending.delete(id));
  };

  const typeOf = (sessionId: string) => [...attached.values()].find((a) => a.sessionId === sessionId)?.type ?? '?';

  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const parsed = JSON.parse(message) as {
      id?: number;
      error?: { message: string };
      method?: string;
      params?: { requestId: string; request?: { url: string; method: string }; url?: string; errorText?: string };
    };
    if (parsed.id !== undefined) {
      pending.get(parsed.id)?.(parsed);
      return;
    }
    // A worker that starts again under our session (Chromium keeps a shared worker's target when it
    // restarts, e.g. after a reload) waits for us once its script is loaded: its conditions, then run.
    if (parsed.method === 'Inspector.workerScriptLoaded') {
      void send(sessionId, 'Network.emulateNetworkConditions', { ...conditions });
      void send(sessionId, 'Runtime.runIfWaitingForDebugger');
      return;
    }
    const params = parsed.params;
    if (!params) return;
    const key = `${sessionId}:${params.requestId}`;
    if (parsed.method === 'Network.requestWillBeSent' && params.request)
      seen.set(key, {
        type: typeOf(sessionId),
        url: params.request.url,
        method: params.request.method,
        failed: null,
        whileOffline: conditions.offline,
        answered: false,
      });
    // A WebSocket opened through the target's network stack (the realtime worker's socket).
    if (parsed.method === 'Network.webSocketCreated' && params.url)
      seen.set(key, {
        type: typeOf(sessionId),
        url: params.url,
        method: 'WEBSOCKET',
        failed: null,
        whileOffline: conditions.offline,
        answered: false,
      });
    if (parsed.method === 'Network.responseReceived' || parsed.method === 'Network.webSocketHandshakeResponseReceived') {
      const request = seen.get(key);
      if (request) request.answered = true;
    }
    if (parsed.method === 'Network.loadingFailed') {
      const request = seen.get(key);
      if (request) request.failed = params.errorText ?? 'failed';
    }
  });

  /** Targets attached (or being attached) through our own non-flat sessions. */
  const claimed = new Set<string>();

  /**
   * Our own session on a target: its conditions first, then its network events, then (a target that
   * starts now waits for its debuggers) let it run. `onReady` hears when that is done.
   */
  const claim = async (targetId: string, type: string, onReady?: () => void) => {
    if (claimed.has(targetId)) return onReady?.();
    claimed.add(targetId);
    try {
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
      attached.set(targetId, { sessionId, type });
      // In one go, in order (a waiting worker answers some of these only once it runs): the network
      // domain, the conditions, then run.
      const enabled = send(sessionId, 'Network.enable');
      const emulated = send(sessionId, 'Network.emulateNetworkConditions', { ...conditions });
      const ran = send(sessionId, 'Runtime.runIfWaitingForDebugger');
      await Promise.all([enabled, emulated, ran]);
    } catch {
      // The target ended meanwhile.
      claimed.delete(targetId);
    }
    onReady?.();
  };

  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo, waitingForDebugger }) => {
    // A target starting now, held for us (flat session): once our own session holds it (its conditions
    // set, and told to run), the flat one lets it go.
    const release = () => void cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    if (!TARGET_TYPES.has(targetInfo.type)) return waitingForDebugger ? release() : undefined;
    if (waitingForDebugger) {
      // Chromium keeps a shared worker's target (and our session on it) when the worker starts again
      // (a reload's new worker): set its conditions and let it run through the session we hold.
      const held = attached.get(targetInfo.targetId);
      if (!held) return void claim(targetInfo.targetId, targetInfo.type, release);
      const emulated = send(held.sessionId, 'Network.emulateNetworkConditions', { ...conditions });
      const ran = send(held.sessionId, 'Runtime.runIfWaitingForDebugger');
      return void Promise.all([emulated, ran]).finally(release);
    }
    // A target that was running (or our own attachment reporting): ours unless claimed already.
    void claim(targetInfo.targetId, targetInfo.type);
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => {
    for (const [targetId, entry] of attached)
      if (entry.sessionId === sessionId) {
        attached.delete(targetId);
        claimed.delete(targetId);
      }
  });

  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });

  const attachRunning = async () => {
    const { targetInfos } = await cdp.send('Target.getTargets');
    for (const target of targetInfos) {
      if (TARGET_TYPES.has(target.type)) await claim(target.targetId, target.type);
    }
  };

  const set = async (next: NetworkConditions): Promise<string[]> => {
    conditions = next;
    await attachRunning();
    for (const { sessionId } of [...attached.values()]) {
      await send(sessionId, 'Network.emulateNetworkConditions', { ...next });
      // A shared worker restarted under our session (after a reload) may wait for us: let it run, cut.
      void send(sessionId, 'Runtime.runIfWaitingForDebugger');
    }
    return [...new Set([...attached.values()].map((a) => a.type))].sort();
  };

  return {
    set,
    cut: () => set(OFFLINE),
    async restore() {
      await set(ONLINE).catch(() => undefined);
      await cdp.send('Target.setAutoAttach', { autoAttach: false, waitForDebuggerOnStart: false, flatten: true }).catch(() => undefined);
      await cdp.detach().catch(() => undefined);
    },
    requests: () => [...seen.values()],
  };
}
