import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

/**
 * Chromium for the realtime bench: Debian's /usr/bin/chromium (never a downloaded browser), with the
 * flags of playwright.config.ts. The in-page scripts are plain strings because tests/bench is compiled
 * without the DOM library (tsconfig.node.json).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A phone: the viewport, density and locale of the browser tests. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-PH',
  timezoneId: 'Asia/Manila',
} as const;

/** A tab on a raw DevTools connection (tests/bench/cdp.ts) set up as PHONE, before it navigates. */
export async function emulatePhone(send: (method: string, params?: Record<string, unknown>) => Promise<unknown>): Promise<void> {
  const { width, height } = PHONE.viewport;
  await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: PHONE.deviceScaleFactor, mobile: PHONE.isMobile });
  await send('Emulation.setTouchEmulationEnabled', { enabled: PHONE.hasTouch, maxTouchPoints: 5 });
  await send('Emulation.setLocaleOverride', { locale: PHONE.locale });
  await send('Emulation.setTimezoneOverride', { timezoneId: PHONE.timezoneId });
}

/** Installed before any page script: long tasks (> 50 ms on the main thread) from the very start. */
export const LONG_TASK_INIT = `
(() => {
  const bench = (window.__bench = window.__bench || {});
  bench.longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    bench.longTaskSupported = true;
  } catch (error) {
    bench.longTaskSupported = false;
  }
})();
`;

/**
 * Starts a measuring window: every requestAnimationFrame callback, and every price the page shows
 * changing. A price is the [data-price] span inside a [data-testid=price] button; the page re-creates
 * the span (React key = price) when the price moves, so added spans are compared with the last price
 * seen for the same market and selection.
 */
export const WINDOW_START = `
(() => {
  const bench = window.__bench;
  const win = (bench.window = { t0: performance.now(), frames: [], priceChanges: 0, priceNodesAdded: 0, running: true });
  const last = new Map();
  const keyOf = (node) => {
    const button = node.closest('[data-testid=price]');
    return button ? button.getAttribute('data-market') + '|' + button.getAttribute('data-key') : null;
  };
  const see = (node, count) => {
    const key = keyOf(node);
    if (!key) return;
    const price = node.getAttribute('data-price');
    if (count) {
      win.priceNodesAdded += 1;
      if (last.has(key) && last.get(key) !== price) win.priceChanges += 1;
    }
    last.set(key, price);
  };
  document.querySelectorAll('[data-price]').forEach((node) => see(node, false));
  win.observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        see(record.target, true);
        continue;
      }
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches('[data-price]')) see(node, true);
        node.querySelectorAll('[data-price]').forEach((inner) => see(inner, true));
      }
    }
  });
  win.observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-price'] });
  const frame = (now) => {
    if (!win.running) return;
    win.frames.push(now);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
`;

export interface WindowFigures {
  durationMs: number;
  frameTimes: number[];
  longTasks: { start: number; duration: number }[];
  longTaskSupported: boolean;
  priceChanges: number;
  priceNodesAdded: number;
  rows: number;
  priceButtons: number;
}

/** A fixed piece of main-thread work, median ms of 5 runs: compares throttled with unthrottled. */
export const CALIBRATION = `
(() => {
  const runs = [];
  for (let r = 0; r < 5; r++) {
    const start = performance.now();
    let x = 0;
    for (let i = 0; i < 2e6; i++) x += Math.sqrt(i);
    runs.push(performance.now() - start + (x < 0 ? 1 : 0));
  }
  return runs.sort((a, b) => a - b)[2];
})()
`;

/** Ends the window and hands its raw figures back. */
export const WINDOW_STOP = `
(() => {
  const bench = window.__bench;
  const win = bench.window;
  win.running = false;
  win.observer.disconnect();
  const end = performance.now();
  return {
    durationMs: end - win.t0,
    frameTimes: win.frames,
    longTasks: bench.longTasks.filter((task) => task.start >= win.t0 && task.start < end),
    longTaskSupported: bench.longTaskSupported,
    priceChanges: win.priceChanges,
    priceNodesAdded: win.priceNodesAdded,
    rows: document.querySelectorAll('[data-testid=match-row]').length,
    priceButtons: document.querySelectorAll('[data-testid=price]').length,
  };
})()
`;

/**
 * Decodes the compressed list inside a real dedicated Worker (the realtime worker's own V8 and
 * DecompressionStream), with pako's browser build inlined, and answers median ms per path.
 */
export function workerDecodeScript(pakoSource: string, base64: string, rounds: number): string {
  const worker = `
${pakoSource}
const bytes = Uint8Array.from(atob(${JSON.stringify(base64)}), (c) => c.charCodeAt(0));
const median = (values) => { const s = [...values].sort((a, b) => a - b); const m = Math.floor(s.length / 2); return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const pakoDecode = () => JSON.parse(pako.inflate(bytes, { toText: true }));
const nativeDecode = async () => JSON.parse(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'))).text());
(async () => {
  const pakoMs = [], nativeMs = [];
  let matches = 0;
  for (let i = 0; i < ${rounds} + 3; i++) {
    let t = performance.now();
    matches = pakoDecode().matches.length;
    const a = performance.now() - t;
    t = performance.now();
    await nativeDecode();
    const b = performance.now() - t;
    if (i >= 3) { pakoMs.push(a); nativeMs.push(b); }
  }
  postMessage({ matches, pakoMs: median(pakoMs), nativeMs: median(nativeMs), userAgent: navigator.userAgent });
})().catch((error) => postMessage({ error: String(error) }));
`;
  return `
new Promise((resolve) => {
  const url = URL.createObjectURL(new Blob([${JSON.stringify(worker)}], { type: 'text/javascript' }));
  const worker = new Worker(url);
  worker.onmessage = (event) => { resolve(event.data); worker.terminate(); };
  worker.onerror = (event) => { resolve({ error: event.message || 'worker error' }); worker.terminate(); };
})
`;
}
