/**
 * Profiling helpers of the betting figures (`tests/bench/betting.ts --profile`):
 * - CPU time of a whole process group (a daemon started by scripts/cluster/daemons.ts: PostgreSQL and
 *   its backends, an instance, HAProxy, RabbitMQ's Erlang VM) from /proc, so a phase's CPU can be
 *   divided by the bets it accepted, per program;
 * - a V8 CPU profile (`node --cpu-prof`) read back and summed by self time, within a window of the
 *   monotonic clock (the phase), by function and by where the code lives (our server, fastify, pg,
 *   drizzle, zod, node's own…);
 * - PostgreSQL's pg_stat_statements: statements per bet (top-level ones are round trips) and where
 *   the database's time goes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { round } from './stats';

const TICK_MS = 10; // CLK_TCK is 100 on Linux

/**
 * CPU milliseconds (user + system, with reaped children's) of every process in the group `pgid` and of
 * their descendants (PostgreSQL's backends make themselves group leaders, still the postmaster's children).
 */
export function groupCpuMs(pgid: number): number {
  return treeCpuMs((p) => p.pgrp === pgid);
}

/** CPU milliseconds of the process `pid` and its descendants. */
export function processCpuMs(pid: number): number {
  return treeCpuMs((p) => p.pid === pid);
}

function treeCpuMs(root: (p: { pid: number; pgrp: number }) => boolean): number {
  const processes: { pid: number; ppid: number; pgrp: number; ticks: number }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name (which may hold spaces): state ppid pgrp … utime(14) stime cutime cstime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    processes.push({
      pid: Number(entry),
      ppid: Number(fields[1]),
      pgrp: Number(fields[2]),
      ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
    });
  }
  const counted = new Set(processes.filter(root).map((p) => p.pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const p of processes) {
      if (!counted.has(p.pid) && counted.has(p.ppid)) {
        counted.add(p.pid);
        grew = true;
      }
    }
  }
  return processes.filter((p) => counted.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0) * TICK_MS;
}

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a function's code lives: a package, our server, node's own, or V8's pseudo-frames. */
function placeOf(url: string, name: string): string {
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') return name;
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const ours = /\/(server|src|tests)\/(.*)$/.exec(url);
  if (ours)
    return `${ours[1]}/${ours[2]!
      .split('/')
      .slice(0, ours[1] === 'server' ? 2 : 1)
      .join('/')}`;
  return url.split('/').slice(-2).join('/');
}

export interface ProfileSummary {
  /** Samples in the window × the sampling interval (ms), idle left out. */
  busyMs: number;
  idleMs: number;
  /** Self time by place (package, server folder, node module, GC…), largest first, with its share of busy time. */
  byPlace: { place: string; ms: number; pct: number }[];
  /** Self time by function, largest first. */
  byFunction: { fn: string; ms: number; pct: number }[];
}

/**
 * Sums a .cpuprofile's samples between `fromMs` and `toMs` (monotonic milliseconds, as monoMs() in
 * stats.ts: V8 stamps its samples on the same clock) by self time.
 */
export function summarizeCpuProfile(file: string, fromMs: number, toMs: number, top = 20): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFn = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let idle = 0;
  let busy = 0;
  let at = profile.startTime; // µs
  const sortedDeltas = [...profile.timeDeltas].sort((a, b) => a - b);
  /** The sampling interval (ms): the median time between samples. */
  const interval = (sortedDeltas[Math.floor(sortedDeltas.length / 2)] ?? 1000) / 1000;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    const ms = at / 1000;
    if (ms < fromMs || ms > toMs) continue;
    // Each sample counts the same: on a busy machine the time between two samples includes time the
    // process waited for a CPU, which would be charged to whatever it ran next (often a system call).
    const weight = interval;
    const node = nodes.get(profile.samples[i]!);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += weight;
      continue;
    }
    busy += weight;
    const place = placeOf(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + weight);
    const fn =
      `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|server|src)\//, '$1/')}:${lineNumber + 1}` : ''}`.trim();
    byFn.set(fn, (byFn.get(fn) ?? 0) + weight);
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: round(ms), pct: round((ms / Math.max(busy, 1e-9)) * 100) }));
  return {
    busyMs: round(busy),
    idleMs: round(idle),
    byPlace: rows(byPlace).map(({ name, ms, pct }) => ({ place: name, ms, pct })),
    byFunction: rows(byFn).map(({ name, ms, pct }) => ({ fn: name, ms, pct })),
  };
}

/** pg_stat_statements on: the settings a PostgreSQL server needs (with CREATE EXTENSION in the database). */
export const STATEMENT_STATS_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'all',
  'pg_stat_statements.max': '2000',
  track_io_timing: 'on',
} as const;

export async function resetStatementStats(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
  } finally {
    await client.end();
  }
}

export interface StatementStats {
  /** Top-level statements (each one a round trip from a client, BEGIN and COMMIT included) per accepted bet. */
  roundTripsPerBet: number;
  /** Every statement executed, those inside functions and triggers too, per accepted bet. */
  statementsPerBet: number;
  /** The database's execution time of top-level statements, ms per bet. */
  execMsPerBet: number;
  /** WAL written, bytes per bet. */
  walBytesPerBet: number;
  top: { query: string; toplevel: boolean; callsPerBet: number; meanMs: number; totalMsPerBet: number }[];
}

/** What pg_stat_statements gathered since its reset, per accepted bet. */
export async function statementStats(databaseUrl: string, bets: number, top = 15): Promise<StatementStats> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ query: string; toplevel: boolean; calls: string; total: number; wal: string }>(
      `SELECT query, toplevel, calls, total_exec_time AS total, wal_bytes AS wal
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    // The statistics' own reads are not the product's.
    const product = rows.filter((row) => !row.query.includes('pg_stat_statements'));
    const per = (value: number) => round(value / Math.max(1, bets));
    const topLevel = product.filter((row) => row.toplevel);
    return {
      roundTripsPerBet: per(topLevel.reduce((sum, row) => sum + Number(row.calls), 0)),
      statementsPerBet: per(product.reduce((sum, row) => sum + Number(row.calls), 0)),
      execMsPerBet: per(topLevel.reduce((sum, row) => sum + row.total, 0)),
      walBytesPerBet: per(topLevel.reduce((sum, row) => sum + Number(row.wal), 0)),
      top: product
        .sort((a, b) => b.total - a.total)
        .slice(0, top)
        .map((row) => ({
          query: row.query.replace(/\s+/g, ' ').slice(0, 160),
          toplevel: row.toplevel,
          callsPerBet: per(Number(row.calls)),
          meanMs: round(row.total / Math.max(1, Number(row.calls))),
          totalMsPerBet: per(row.total),
        })),
    };
  } finally {
    await client.end();
  }
}
