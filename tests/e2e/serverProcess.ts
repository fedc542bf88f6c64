import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The production server (dist-server/main.js, as `npm run start:prod` runs it after the build; a checkout
 * built before the server was, through tsx) in a process of its own, for the browser tests and the
 * benchmarks. It leads a process group of its own (detached: setsid),
 * and is stopped by signalling that group by its id: whatever it started stops with it, and nothing else
 * on the machine (another checkout's server, a developer's own) is touched.
 */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** http://127.0.0.1:<port>, the port the server chose. */
  readonly url: string;
  /** The last 4 KB the server wrote to stderr, and how it exited if it did. */
  stderr(): string;
  /** SIGTERM to the group, SIGKILL to what is left of it after `graceMs`; resolves once the server exited. */
  stop(graceMs?: number): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number; echoStderr?: boolean; /** Another checkout to serve (default: this directory). */ cwd?: string } = {},
): Promise<ServerProcess> {
  // A loaded machine may need longer: E2E_SERVER_START_MS.
  const timeoutMs = options.timeoutMs ?? Number(process.env['E2E_SERVER_START_MS'] ?? 30_000);
  const cwd = options.cwd ?? process.cwd();
  const start = existsSync(join(cwd, 'dist-server/main.js'))
    ? ['--enable-source-maps', 'dist-server/main.js']
    : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, start, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
    detached: true,
  });
  const group = child.pid;
  const signalGroup = (signal: NodeJS.Signals) => {
    if (group === undefined) return;
    try {
      process.kill(-group, signal);
    } catch {
      // The group is gone already.
    }
  };
  // Should this process end without stop() (a crash, an interrupted run), the server ends with it.
  const onExit = () => signalGroup('SIGKILL');
  process.once('exit', onExit);

  const started = performance.now();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
    if (options.echoStderr) process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      stderr += `\n[the server exited ${seconds} s after it started: code ${code}, signal ${signal}]`;
      resolve();
    });
    child.once('error', () => resolve());
  });

  const stop = async (graceMs = 10_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      signalGroup('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    }
    // Whatever of the group is still there: the server if it did not stop in time, anything it started.
    signalGroup('SIGKILL');
    await exited;
    process.off('exit', onExit);
  };

  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start within ${timeoutMs / 1000} s: ${stderr}`)), timeoutMs);
      let stdout = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout = (stdout + chunk.toString()).slice(-4_000);
        const match = /running at (http:\/\/\S+)/.exec(stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`the server exited before it served: ${stdout}${stderr}`));
      });
    });
    return { child, url, stderr: () => stderr, stop };
  } catch (error) {
    await stop(0);
    throw error;
  }
}
