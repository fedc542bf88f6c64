/**
 * PostgreSQL for the benchmarks: a fresh database for one run on a given server, and a throwaway server
 * (initdb, pg_ctl) when DATABASE_URL names none.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A throwaway PostgreSQL server in a temporary folder (initdb, pg_ctl), for this run only. As root,
 * the server runs as the postgres user (PostgreSQL refuses to run as root).
 */
export async function withThrowawayPostgres<T>(work: (url: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'panalo-bench-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'pipe' });
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    );
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    run('pg_ctl', [
      '-D',
      data,
      '-w',
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
      'start',
    ]);
    return await work(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } finally {
    try {
      run('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']);
    } catch {
      // not started
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh database on that server for the run, dropped after. */
export async function withFreshDatabase<T>(url: string, work: (dbUrl: string) => Promise<T>): Promise<T> {
  const name = `panalo_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    return await work(dbUrl.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}
