import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { sleep } from './stats';

/**
 * A raw Chrome DevTools Protocol connection (flat sessions: a child target's commands carry its
 * sessionId), for what Playwright's CDPSession cannot do: auto-attach to every target of the browser
 * (page, service worker, shared worker, dedicated worker) with the target held before its first request.
 */
export interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

export class CdpConnection {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Set<(message: CdpMessage) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as CdpMessage;
      if (message.id !== undefined) {
        const waiter = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error.message));
        else waiter?.resolve(message.result ?? {});
        return;
      }
      for (const listener of this.listeners) listener(message);
    });
    ws.on('close', () => {
      for (const waiter of this.pending.values()) waiter.reject(new Error('the DevTools connection closed'));
      this.pending.clear();
    });
  }

  static async open(url: string): Promise<CdpConnection> {
    const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new CdpConnection(ws);
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  on(listener: (message: CdpMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.ws.close();
  }
}

/**
 * Debian's chromium, headless, in a fresh profile (empty cache, no service worker), with a DevTools
 * port Playwright can connect to (connectOverCDP) beside our raw connection. Its own process group,
 * ended by group id.
 */
export interface ChromiumProcess {
  readonly child: ChildProcess;
  /** http://127.0.0.1:<port> for chromium.connectOverCDP. */
  readonly httpUrl: string;
  /** The browser target's WebSocket address. */
  readonly wsUrl: string;
  stop(): Promise<void>;
}

export async function startChromium(extraArgs: string[] = []): Promise<ChromiumProcess> {
  const profile = mkdtempSync(join(tmpdir(), 'panalo-bench-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, '--headless', '--remote-debugging-port=0', `--user-data-dir=${profile}`, ...extraArgs, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const group = child.pid;
  const kill = () => {
    try {
      if (group !== undefined) process.kill(-group, 'SIGKILL');
    } catch {
      // Gone already.
    }
  };
  process.once('exit', kill);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        if (group !== undefined) process.kill(-group, 'SIGTERM');
      } catch {
        // Gone already.
      }
      await Promise.race([exited, sleep(5_000)]);
    }
    kill();
    await Promise.race([exited, sleep(2_000)]);
    process.off('exit', kill);
    rmSync(profile, { recursive: true, force: true });
  };
  const portFile = join(profile, 'DevToolsActivePort');
  const started = performance.now();
  while (!existsSync(portFile) || readFileSync(portFile, 'utf8').split('\n').length < 2) {
    if (child.exitCode !== null || performance.now() - started > 30_000) {
      await stop();
      throw new Error(`chromium did not open its DevTools port: ${stderr}`);
    }
    await sleep(50);
  }
  const [port, path] = readFileSync(portFile, 'utf8').trim().split('\n');
  return { child, httpUrl: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}${path}`, stop };
}
