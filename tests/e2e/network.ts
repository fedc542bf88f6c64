import type { Browser, CDPSession } from '@playwright/test';

/**
 * The network of EVERY browser target of a test (pages, the service worker, the realtime shared worker,
 * dedicated workers) cut or throttled through the DevTools protocol, as a phone without signal or on a
 * slow link would be: `context.setOffline` and `page.route` leave the workers online.
 *
 * A browser-wide `Target.setAutoAttach` (waitForDebuggerOnStart) reports every target that starts later
 * (a new shared worker, a new page) as it starts: the cutter attaches to it at once and sets its
 * conditions. Chromium lets a new target run as soon as one client (Playwright's own auto-attach) says
 * so, and browser-wide auto-attach speaks only the flat protocol that a Playwright CDPSession cannot
 * address, so the conditions land a round trip or two after the start (a few ms; a shared worker's first
 * request comes ~90 ms after its start here) rather than strictly before it. Targets already running are
 * attached by `set` itself. `requests()` says what each target asked and how it ended, so a test can
 * check the cut really held.
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
}

export interface NetworkCutter {
  /** Applies the conditions to every target now and to every target that starts from now on; answers the kinds of target reached. */
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
      params?: { requestId: string; request?: { url: string; method: string }; errorText?: string };
    };
    if (parsed.id !== undefined) {
      pending.get(parsed.id)?.(parsed);
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
      });
    if (parsed.method === 'Network.loadingFailed') {
      const request = seen.get(key);
      if (request) request.failed = params.errorText ?? 'failed';
    }
  });

  /** Targets attached (or being attached) through our own non-flat sessions. */
  const claimed = new Set<string>();

  /** Our own session on a target: the conditions of the moment first, then its network events. */
  const claim = async (targetId: string, type: string, onAttached?: () => void) => {
    if (claimed.has(targetId)) return onAttached?.();
    claimed.add(targetId);
    try {
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
      attached.set(targetId, { sessionId, type });
      const first = send(sessionId, 'Network.emulateNetworkConditions', { ...conditions });
      onAttached?.();
      await first;
      await send(sessionId, 'Network.enable');
      await send(sessionId, 'Network.emulateNetworkConditions', { ...conditions });
    } catch {
      // The target ended meanwhile.
      claimed.delete(targetId);
      onAttached?.();
    }
  };

  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo, waitingForDebugger }) => {
    // A target starting now, held for us (flat session): once our own session holds it (its conditions
    // sent), the flat one lets it go, and it runs.
    const release = () => void cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    if (!TARGET_TYPES.has(targetInfo.type)) return waitingForDebugger ? release() : undefined;
    if (waitingForDebugger) return void claim(targetInfo.targetId, targetInfo.type, release);
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
    for (const { sessionId } of [...attached.values()]) await send(sessionId, 'Network.emulateNetworkConditions', { ...next });
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
