import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { HMR_PATH } from '../../server/plugins/viteDev';
import { API_PREFIXES } from '../../src/contract/envelopes';
import { STOMP_PATH, STOMP_PROTOCOL } from '../../src/contract/feed';
import { ANONYMOUS_CALLER, signedHeaders } from '../../src/contract/request';
import { APP_KEY_META } from '../../src/contract/sign';

/**
 * `npm run dev` as a developer runs it: one process serving the PWA from its sources through Vite (hot
 * reload), the API, the STOMP socket and Vite's own socket on one origin. Its command runs in its own
 * process group on 127.0.0.1 and an ephemeral port, with a data folder inside the project (as the
 * default ./data is), and the whole group is ended afterwards.
 */
const ROOT = resolve(import.meta.dirname, '../..');

let child: ChildProcess;
let base = '';
let dataDir = '';
let output = '';

async function startDev(): Promise<string> {
  dataDir = mkdtempSync(join(ROOT, 'data-dev-test-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FEED_MATCHES_PER_SPORT: '4',
  };
  // As from a shell: vitest's NODE_ENV=test is not the developer's.
  delete env['NODE_ENV'];
  // The script `npm run dev` runs, exec'd by the shell: the group's leader is the server itself, so its
  // exit means the database is closed and the data folder can go.
  const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { dev: string } }).scripts.dev;
  child = spawn('sh', ['-c', `exec ${script}`], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolveUrl, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const running = /running at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (running?.[1]) resolveUrl(running[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run dev ended (${code}) before it listened:\n${output}`)));
  });
}

async function stopDev(): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  process.kill(-child.pid, 'SIGTERM');
  const late = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(late);
}

/** Opens a socket with a subprotocol and answers the first message the server sends after `send`. */
function firstMessage(path: string, protocol: string, send?: string): Promise<{ protocol: string; message: string }> {
  return new Promise((done, fail) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}${path}`, protocol);
    socket.once('open', () => send !== undefined && socket.send(send));
    socket.once('message', (data: Buffer) => {
      done({ protocol: socket.protocol, message: data.toString() });
      socket.close();
    });
    socket.once('error', fail);
  });
}

/**
 * Vite's word on its socket after a source file is saved again (same content: only its time changes, so
 * nothing in the project is edited). Saved once a second until Vite, whose watcher may still be starting,
 * says something about it.
 */
function afterSave(file: string): Promise<{ type: string; updates?: { path: string }[]; triggeredBy?: string }> {
  return new Promise((done, fail) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}${HMR_PATH}`, 'vite-hmr');
    let saving: ReturnType<typeof setInterval> | undefined;
    const save = () => {
      const now = new Date();
      utimesSync(join(ROOT, file), now, now);
    };
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; updates?: { path: string }[]; triggeredBy?: string };
      if (message.type === 'connected') {
        save();
        saving = setInterval(save, 1_000);
        return;
      }
      if (message.type !== 'update' && message.type !== 'full-reload') return;
      clearInterval(saving);
      socket.close();
      done(message);
    });
    socket.once('error', (error) => {
      clearInterval(saving);
      fail(error);
    });
  });
}

beforeAll(async () => {
  base = await startDev();
}, 120_000);

afterAll(async () => {
  await stopDev();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('npm run dev', () => {
  let page = '';
  let policy = '';

  it('serves the page from Vite, with the app key and a nonce its policy allows', async () => {
    const response = await fetch(`${base}/sports`);
    expect(response.status).toBe(200);
    page = await response.text();
    policy = response.headers.get('content-security-policy') ?? '';
    expect(page).toContain('<script type="module" src="/@vite/client"');
    expect(page).toContain('src="/src/main.tsx"');
    expect(page).toMatch(new RegExp(`<meta name="${APP_KEY_META}" content="[0-9a-f]{64}"`));
    const nonce = /<script type="module" src="\/@vite\/client" nonce="([^"]+)"/.exec(page)?.[1];
    expect(nonce).toBeTruthy();
    // Every inline script carries this answer's nonce; nothing else inline is allowed.
    expect(page.match(/<script(?![^>]*\bsrc=)[^>]*>/g)?.every((tag) => tag.includes(`nonce="${nonce}"`))).toBe(true);
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    // A second answer gets another nonce.
    expect(await (await fetch(`${base}/`)).text()).not.toContain(`nonce="${nonce}"`);
  });

  it('transforms the sources: the entry, the realtime worker and the service worker', async () => {
    const entry = await fetch(`${base}/src/main.tsx`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
    const code = await entry.text();
    expect(code).not.toMatch(/<StrictMode>/);
    expect(code).toContain('jsxDEV');
    // Components are wrapped for React's hot reload (state kept across an edit).
    const component = await (await fetch(`${base}/src/features/sports/PriceButton.tsx`)).text();
    expect(component).toContain('/@react-refresh');
    expect(component).toContain('import.meta.hot');
    // What the build evaluates on first use (scripts/vite-on-first-use.ts) is a plain module here.
    const lateImport = /from "([^"]*on-first-use:react-dom\/client)"/.exec(code)?.[1];
    expect(lateImport).toBeDefined();
    const late = await fetch(`${base}${lateImport}`);
    expect(late.status).toBe(200);
    expect(late.headers.get('content-type')).toMatch(/javascript/);
    const lateCode = await late.text();
    expect(lateCode).toMatch(/import \S+ from "\/node_modules\/\.vite\/deps\/react-dom_client\.js/);
    expect(lateCode).toContain('export function load()');

    const worker = await fetch(`${base}/workers/realtime/shared.ts?worker_file&type=module`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);

    const serviceWorker = await fetch(`${base}/dev-sw.js?dev-sw`);
    expect(serviceWorker.status).toBe(200);
    expect(await serviceWorker.text()).toContain('precacheAndRoute');
  });

  it('answers the API on the same origin, signed with the key the page carries', async () => {
    const appKey = new RegExp(`<meta name="${APP_KEY_META}" content="([0-9a-f]{64})"`).exec(page)?.[1] ?? '';
    const body = JSON.stringify({});
    const response = await fetch(`${base}${API_PREFIXES.front}/front/siteinfo`, {
      method: 'POST',
      headers: signedHeaders(body, randomUUID(), { ...ANONYMOUS_CALLER, appKey }),
      body,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { code: unknown }).code).toBe(0);
  });

  it('keeps the STOMP socket at /ws beside Vite’s hot-reload socket', async () => {
    const stomp = await firstMessage(STOMP_PATH, STOMP_PROTOCOL, 'CONNECT\naccept-version:1.2\nhost:panalo\nheart-beat:0,0\n\n\0');
    expect(stomp.protocol).toBe(STOMP_PROTOCOL);
    expect(stomp.message.startsWith('CONNECTED\n')).toBe(true);
    const hmr = await firstMessage(HMR_PATH, 'vite-hmr');
    expect(JSON.parse(hmr.message)).toEqual({ type: 'connected' });
  });

  it('updates a component in place and reloads the pages for a worker', async () => {
    // Both are in Vite's module graph once asked for, as a page asks for them.
    await (await fetch(`${base}/src/features/sports/PriceButton.tsx`)).text();
    await (await fetch(`${base}/workers/realtime/shared.ts?worker_file&type=module`)).text();
    const component = await afterSave('src/features/sports/PriceButton.tsx');
    expect(component.type).toBe('update');
    expect(component.updates?.map((update) => update.path)).toContain('/src/features/sports/PriceButton.tsx');
    const worker = await afterSave('workers/realtime/shared.ts');
    expect(worker.type).toBe('full-reload');
    expect(worker.triggeredBy).toBe(join(ROOT, 'workers/realtime/shared.ts'));
  }, 30_000);

  it('never serves the data folder (secrets, database), though Vite serves the project folder', async () => {
    const folder = dataDir.slice(ROOT.length);
    for (const path of [`${folder}/secrets.json`, `${folder}/secrets.json?raw`, `/@fs${dataDir}/secrets.json`]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(403);
      expect(await response.text()).not.toContain('appKey');
    }
  });
});
