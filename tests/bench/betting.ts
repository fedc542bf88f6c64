/**
 * Betting figures for `npm run bench` (issue 31 goal 5): figures, never pass/fail. Placement of
 * pre-match singles (saba/sabaDoPlaceBetV2, ₱10 each) as the PWA sends them, on
 * - `cluster`: PostgreSQL with two instances behind HAProxy, as `npm run start:cluster` runs them
 *   (scripts/cluster: RabbitMQ between the instances, a slow feed, the instances' default settings);
 * - `pglite`: one instance on the embedded database (a process of its own, tests/bench/betting-server.ts,
 *   feed held still).
 * Writes bench-results/betting.{json,md} and prints each phase as it finishes.
 *
 * `node --import tsx tests/bench/betting.ts [--only=cluster|pglite] [--seconds=10]
 *  [--connections=8,16,32,64] [--players=1000] [--profile] [--compare=name=/path/to/checkout …] [--rounds=N]`
 *
 * The load (tests/bench/betting-load.ts, a process of its own): `connections` loops, each one request
 * at a time; every request a fresh Qid, Idempotency-Key and Sign; PLAYERS players round-robin, each from
 * a loopback address of its own, so the product's limits (600 calls a minute per address, 300 per
 * player) hold as they do for phones and are not lifted. Per phase: accepted bets/s (answers with
 * data.code 0, checked against the tickets the database gained), p50/p90/p99/max of accepted answers,
 * the answers' codes, and the CPU each program spent per accepted bet (µs, from /proc by process group:
 * the instances, PostgreSQL with its backends, HAProxy, RabbitMQ, the load process). The ledger's total
 * (zero when every transaction balanced) is read at the end.
 *
 * `--compare=name=dir`: another checkout measured in the same run, one after the other with a fresh
 * database each (e.g. the base of a change: `git archive <commit> | tar -x -C dir`, with node_modules and
 * dist/ linked in); `--rounds=N` runs every checkout N times, alternating which goes first, and the
 * summary gives each phase's medians and this checkout's ratios to the others. `--profile`: also pg_stat_statements (statements and round trips per bet, the
 * database's time by statement) and the instances' CPU profiles (`node --cpu-prof`, self time by
 * place and by function within the busiest phase); profiling slows the instances, so these runs'
 * throughput is not the headline figure.
 */
import { fork } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startCluster } from '../../scripts/cluster/cluster';
import { closeAgents, prematchSingles } from '../cluster/client';
import type { LoadPlayer, LoadReply, LoadRequest } from './betting-load';
import { type ServerReply, type ServerRequest, loadCheckout, seedPlayers } from './betting-server';
import {
  type ProfileSummary,
  type StatementStats,
  STATEMENT_STATS_SETTINGS,
  groupCpuMs,
  processCpuMs,
  resetStatementStats,
  statementStats,
  summarizeCpuProfile,
} from './profile';
import { errorMessage, median, monoMs, ratio, round, sleep } from './stats';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const MARKETS = 50;
const STAKE_PESOS = 10;
const FUNDS_PESOS = 100_000;
const WARM_UP = { connections: 16, seconds: 3 };
const IDLE_SECONDS = 3;

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    seconds: { type: 'string', default: process.env['BENCH_BET_SECONDS'] ?? '10' },
    connections: { type: 'string', default: '8,16,32,64' },
    players: { type: 'string', default: '1000' },
    profile: { type: 'boolean', default: false },
    compare: { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '1' },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = args.connections.split(',').map(Number);
const PLAYERS = Number(args.players);
const PROFILE = args.profile;
const ROUNDS = Number(args.rounds);
const TARGETS = [
  { name: 'this', repo: REPO },
  ...args.compare.map((spec) => {
    const [name, dir] = spec.split('=');
    if (!name || !dir || !existsSync(join(dir, 'server', 'app.ts'))) throw new Error(`--compare=${spec}: expected name=<checkout>`);
    return { name, repo: resolve(dir) };
  }),
];

interface Phase {
  connections: number;
  durationS: number;
  requests: number;
  accepted: number;
  /** Tickets the database gained in the phase (accepted + requests still in flight at its end). */
  ticketsWritten: number;
  betsPerSec: number;
  latencyMs: LoadReply['latencyMs'];
  codes: Record<string, number>;
  /** CPU per accepted bet, µs, by program. */
  cpuUsPerBet: Record<string, number>;
  /** The machine's 1-minute load average at the phase's end (others' work included: 2 cores here). */
  loadAverage: number;
  /** --profile (cluster): pg_stat_statements over the phase. */
  statements?: StatementStats;
}

interface CaseResult {
  target: string;
  phases: Phase[];
  /** The best phase with p99 ≤ 50 ms (goal: ≥ 2,000/s on the cluster, ≥ 500/s on PGlite). */
  bestWithinP99: { connections: number; betsPerSec: number; p99: number } | null;
  ledger: { entries: number; balances: number };
  /** CPU each program spends with no bets coming (feed, jobs, leases), ms per second: part of each phase's µs/bet. */
  idleCpuMsPerSec: Record<string, number>;
  /** --profile: the instances' CPU profile within the busiest phase. */
  cpuProfile?: Record<string, ProfileSummary>;
}

function forkLoad(): (request: LoadRequest) => Promise<LoadReply & { cpuMs: number }> {
  return (request) => {
    const child = fork(fileURLToPath(new URL('./betting-load.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((done, fail) => {
      child.once('message', (reply: LoadReply | { error: string }) => {
        // The load's own CPU: its whole life, start-up included (a few ms).
        const usage = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        const fields = usage.slice(usage.lastIndexOf(')') + 2).split(' ');
        const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
        child.kill();
        if ('error' in reply) fail(new Error(`load process: ${reply.error}`));
        else done({ ...reply, cpuMs });
      });
      child.once('exit', (code) => fail(new Error(`load process exited (${code})`)));
      child.send(request);
    });
  };
}

const load = forkLoad();

function bestWithin(phases: Phase[]): CaseResult['bestWithinP99'] {
  const fits = phases.filter((phase) => phase.latencyMs.p99 <= 50).sort((a, b) => b.betsPerSec - a.betsPerSec)[0];
  return fits ? { connections: fits.connections, betsPerSec: fits.betsPerSec, p99: fits.latencyMs.p99 } : null;
}

function printPhase(label: string, phase: Phase) {
  console.info(
    `  ${label} ${phase.connections} connections: ${phase.betsPerSec} bets/s, p50 ${phase.latencyMs.p50} ms, p99 ${phase.latencyMs.p99} ms ` +
      `(${phase.accepted} accepted, ${phase.ticketsWritten} tickets written, answers ${JSON.stringify(phase.codes)}; ` +
      `CPU µs/bet ${JSON.stringify(phase.cpuUsPerBet)}; load average ${phase.loadAverage})`,
  );
}

/**
 * Runs the phases against `url`: `cpu()` reads each program's CPU ms so far, `tickets()` the tickets
 * the database holds; `around` runs before and after each phase (statement statistics).
 */
async function phases(
  label: string,
  url: string,
  appKey: string,
  players: LoadPlayer[],
  bets: unknown[],
  cpu: () => Record<string, number>,
  tickets: () => Promise<number>,
  around?: { before(): Promise<void>; after(accepted: number): Promise<StatementStats> },
): Promise<{ phases: Phase[]; windows: { from: number; to: number; betsPerSec: number }[]; idleCpuMsPerSec: Record<string, number> }> {
  await load({ url, appKey, players, bets, connections: WARM_UP.connections, durationS: WARM_UP.seconds });
  // What the programs spend with no bets coming (the feed, jobs, leases): ms of CPU per second.
  const idleBefore = cpu();
  await sleep(IDLE_SECONDS * 1000);
  const idleAfter = cpu();
  const idleCpuMsPerSec = Object.fromEntries(
    Object.keys(idleAfter).map((name) => [name, round((idleAfter[name]! - (idleBefore[name] ?? 0)) / IDLE_SECONDS)]),
  );
  console.info(`  ${label} idle: CPU ms/s ${JSON.stringify(idleCpuMsPerSec)}`);
  const result: Phase[] = [];
  const windows: { from: number; to: number; betsPerSec: number }[] = [];
  for (const connections of CONNECTIONS) {
    await around?.before();
    const ticketsBefore = await tickets();
    const cpuBefore = cpu();
    const from = monoMs();
    const reply = await load({ url, appKey, players, bets, connections, durationS: SECONDS });
    const to = monoMs();
    const cpuAfter = cpu();
    // Let the requests still in flight finish before counting what was written.
    await sleep(500);
    const ticketsWritten = (await tickets()) - ticketsBefore;
    const perBet = (ms: number) => round((ms * 1000) / Math.max(1, reply.accepted));
    const cpuUsPerBet = Object.fromEntries(Object.keys(cpuAfter).map((name) => [name, perBet(cpuAfter[name]! - (cpuBefore[name] ?? 0))]));
    cpuUsPerBet['load'] = perBet(reply.cpuMs);
    cpuUsPerBet['total'] = round(Object.values(cpuUsPerBet).reduce((sum, us) => sum + us, 0));
    const phase: Phase = {
      connections,
      durationS: round(reply.durationMs / 1000),
      requests: reply.requests,
      accepted: reply.accepted,
      ticketsWritten,
      betsPerSec: reply.betsPerSec,
      latencyMs: reply.latencyMs,
      codes: reply.codes,
      cpuUsPerBet,
      loadAverage: round(loadavg()[0]!),
      ...(around ? { statements: await around.after(reply.accepted) } : {}),
    };
    printPhase(label, phase);
    result.push(phase);
    windows.push({ from, to, betsPerSec: phase.betsPerSec });
  }
  return { phases: result, windows, idleCpuMsPerSec };
}

/** Self time of each .cpuprofile in `dir` within the busiest phase's window. */
function profiles(dir: string, windows: { from: number; to: number; betsPerSec: number }[]): Record<string, ProfileSummary> {
  const busiest = [...windows].sort((a, b) => b.betsPerSec - a.betsPerSec)[0];
  const summaries: Record<string, ProfileSummary> = {};
  if (!busiest || !existsSync(dir)) return summaries;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.cpuprofile')) continue;
    summaries[entry.name] = summarizeCpuProfile(join(entry.parentPath, entry.name), busiest.from, busiest.to);
  }
  return summaries;
}

function caseResult(
  target: string,
  measured: Awaited<ReturnType<typeof phases>>,
  ledger: CaseResult['ledger'],
  cpuProfile: Record<string, ProfileSummary> | undefined,
): CaseResult {
  return {
    target,
    phases: measured.phases,
    bestWithinP99: bestWithin(measured.phases),
    ledger,
    idleCpuMsPerSec: measured.idleCpuMsPerSec,
    ...(cpuProfile ? { cpuProfile } : {}),
  };
}

// ---- two instances behind HAProxy on PostgreSQL ---------------------------------------------------

async function clusterCase(target: { name: string; repo: string }, dir: string): Promise<CaseResult> {
  const caseDir = join(dir, target.name);
  mkdirSync(caseDir, { recursive: true });
  chmodSync(caseDir, 0o755);
  const profileDir = join(caseDir, 'cpu-profiles');
  const cluster = await startCluster({
    dir: caseDir,
    instances: ['a', 'b'],
    repo: target.repo,
    rabbitId: `bets${process.pid}${target.name.replace(/\W/g, '')}`,
    env: {
      // As an operator runs it: in production the answers are not checked against their schemas (a
      // development aid that costs ~0.1 ms a call).
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // A slow feed: prices mostly still (the slips take any change, as the bench's bodies say).
      FEED_RATE: '2',
    },
    ...(PROFILE ? { nodeArgs: (name: string) => ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, name)}`] } : {}),
    ...(PROFILE ? { postgresSettings: STATEMENT_STATS_SETTINGS } : {}),
  });
  let ledger: { entries: number; balances: number };
  let measured: Awaited<ReturnType<typeof phases>>;
  try {
    const appKey = (JSON.parse(readFileSync(join(caseDir, 'shared', 'secrets.json'), 'utf8')) as { appKey: string }).appKey;
    const base = cluster.balancer!.url;
    const checkout = await loadCheckout(target.repo);
    const database = await checkout.db.openDatabase({ url: cluster.databaseUrl });
    try {
      const players = await seedPlayers(checkout, database.db, PLAYERS, FUNDS_PESOS);
      const bets = await prematchSingles(base, appKey, STAKE_PESOS, MARKETS);
      const { sql } = await import('drizzle-orm');
      const tickets = async () => {
        const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(checkout.schema.betTickets);
        return row?.n ?? 0;
      };
      const groups = {
        instances: [...cluster.instances.values()].map((instance) => instance.group),
        postgres: [cluster.postgres.group],
        haproxy: [cluster.balancer!.group],
        rabbitmq: [cluster.rabbit.group],
      };
      const cpu = () =>
        Object.fromEntries(Object.entries(groups).map(([name, ids]) => [name, ids.reduce((sum, id) => sum + groupCpuMs(id), 0)]));
      measured = await phases(
        `cluster ${target.name}`,
        base,
        appKey,
        players,
        bets,
        cpu,
        tickets,
        PROFILE
          ? { before: () => resetStatementStats(cluster.databaseUrl), after: (accepted) => statementStats(cluster.databaseUrl, accepted) }
          : undefined,
      );
      await sleep(4_000); // live tickets' checks, pushes: nothing here should still move money
      ledger = await checkout.ledger.ledgerTotal(database.db);
    } finally {
      await database.close();
    }
  } finally {
    closeAgents();
    await cluster.stop();
  }
  return caseResult(target.name, measured, ledger, PROFILE ? profiles(profileDir, measured.windows) : undefined);
}

// ---- one instance on PGlite ------------------------------------------------------------------------

async function pgliteCase(target: { name: string; repo: string }, dir: string): Promise<CaseResult> {
  const profileDir = join(dir, `pglite-${target.name}`);
  const child = fork(fileURLToPath(new URL('./betting-server.ts', import.meta.url)), ['--role=server'], {
    execArgv: ['--import', 'tsx', ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, 'server')}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const replies: ServerReply[] = [];
  const waiting: ((reply: ServerReply) => void)[] = [];
  child.on('message', (reply: ServerReply) => {
    const next = waiting.shift();
    if (next) next(reply);
    else replies.push(reply);
  });
  const exited = new Promise((done) => child.once('exit', done));
  const ask = (request: ServerRequest) =>
    new Promise<ServerReply>((done, fail) => {
      child.send(request);
      const settle = (reply: ServerReply) => (reply.kind === 'error' ? fail(new Error(reply.error)) : done(reply));
      const kept = replies.shift();
      if (kept) settle(kept);
      else waiting.push(settle);
    });
  const count = async () => (await ask({ kind: 'count' })) as Extract<ServerReply, { kind: 'count' }>;
  try {
    const ready = (await ask({
      kind: 'start',
      repo: target.repo,
      players: PLAYERS,
      pesos: FUNDS_PESOS,
      markets: MARKETS,
      stakePesos: STAKE_PESOS,
    })) as Extract<ServerReply, { kind: 'ready' }>;
    const measured = await phases(
      `pglite ${target.name}`,
      ready.url,
      ready.appKey,
      ready.players,
      ready.bets,
      () => ({ server: processCpuMs(child.pid!) }),
      async () => (await count()).tickets,
    );
    const { ledger } = await count();
    let cpuProfile: Record<string, ProfileSummary> | undefined;
    if (PROFILE) {
      // The profile is written when the server exits.
      child.send({ kind: 'stop' });
      await exited;
      cpuProfile = profiles(profileDir, measured.windows);
    }
    return caseResult(target.name, measured, ledger, cpuProfile);
  } finally {
    if (child.connected) child.send({ kind: 'stop' });
    await Promise.race([exited, sleep(20_000)]);
    child.kill('SIGKILL');
  }
}

// ---- the run ---------------------------------------------------------------------------------------

interface Summary {
  target: string;
  connections: number;
  runs: number;
  betsPerSec: number;
  p50: number;
  p99: number;
  cpuUsPerBet: Record<string, number>;
  loadAverage: number;
}

/** Medians over the rounds, per checkout and connections. */
function summarize(runs: CaseResult[]): Summary[] {
  const rows: Summary[] = [];
  for (const target of TARGETS) {
    for (const connections of CONNECTIONS) {
      const phases = runs
        .filter((run) => run.target === target.name)
        .flatMap((run) => run.phases.filter((p) => p.connections === connections));
      if (phases.length === 0) continue;
      const programs = Object.keys(phases[0]!.cpuUsPerBet);
      rows.push({
        target: target.name,
        connections,
        runs: phases.length,
        betsPerSec: round(median(phases.map((p) => p.betsPerSec))),
        p50: round(median(phases.map((p) => p.latencyMs.p50))),
        p99: round(median(phases.map((p) => p.latencyMs.p99))),
        cpuUsPerBet: Object.fromEntries(programs.map((name) => [name, round(median(phases.map((p) => p.cpuUsPerBet[name] ?? 0)))])),
        loadAverage: round(median(phases.map((p) => p.loadAverage))),
      });
    }
  }
  return rows;
}

/** This checkout against each other one, per connections: bets/s, p99 and CPU per bet (above 1: this one is higher). */
function ratios(summary: Summary[]) {
  const mine = summary.filter((row) => row.target === TARGETS[0]!.name);
  return summary
    .filter((row) => row.target !== TARGETS[0]!.name)
    .flatMap((other) => {
      const row = mine.find((m) => m.connections === other.connections);
      if (!row) return [];
      return [
        {
          against: other.target,
          connections: other.connections,
          betsPerSec: ratio(row.betsPerSec, other.betsPerSec),
          p99: ratio(row.p99, other.p99),
          cpuPerBet: ratio(row.cpuUsPerBet['total'] ?? Number.NaN, other.cpuUsPerBet['total'] ?? Number.NaN),
        },
      ];
    });
}

function markdown(figures: Record<string, unknown>): string {
  const lines = ['# Betting figures', '', `${String(figures['when'])}, ${JSON.stringify(figures['machine'])}`, ''];
  for (const kind of ['cluster', 'pglite'] as const) {
    const result = figures[kind] as { summary: Summary[]; ratios: ReturnType<typeof ratios> } | undefined;
    if (!result) continue;
    lines.push(
      `## ${kind} (medians of ${ROUNDS} round${ROUNDS > 1 ? 's' : ''})`,
      '',
      '| checkout | connections | bets/s | p50 ms | p99 ms | CPU µs/bet | load average |',
      '|---|---|---|---|---|---|---|',
      ...result.summary.map(
        (row) =>
          `| ${row.target} | ${row.connections} | ${row.betsPerSec} | ${row.p50} | ${row.p99} | ${Object.entries(row.cpuUsPerBet)
            .map(([name, us]) => `${name} ${us}`)
            .join(', ')} | ${row.loadAverage} |`,
      ),
      '',
    );
    if (result.ratios.length > 0) {
      lines.push('| this ÷ | connections | bets/s | p99 | CPU per bet |', '|---|---|---|---|---|');
      for (const r of result.ratios) lines.push(`| ${r.against} | ${r.connections} | ${r.betsPerSec} | ${r.p99} | ${r.cpuPerBet} |`);
      lines.push('');
    }
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const figures: Record<string, unknown> = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', node: process.version },
    setup: {
      players: PLAYERS,
      markets: MARKETS,
      stakePesos: STAKE_PESOS,
      phaseSeconds: SECONDS,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      profile: PROFILE,
    },
  };
  const dir = mkdtempSync(join(tmpdir(), 'panalo-bench-betting-'));
  chmodSync(dir, 0o755);
  try {
    for (const kind of ['cluster', 'pglite'] as const) {
      if (args.only && args.only !== kind) continue;
      const runs: CaseResult[] = [];
      const errors: { target: string; error: string }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which goes first, so neither always gets the quieter start.
        for (const target of round % 2 === 0 ? TARGETS : [...TARGETS].reverse()) {
          try {
            runs.push(await (kind === 'cluster' ? clusterCase(target, dir) : pgliteCase(target, dir)));
          } catch (error) {
            console.error(`betting ${kind} ${target.name}: ${errorMessage(error)}`);
            errors.push({ target: target.name, error: errorMessage(error) });
          }
        }
      }
      const summary = summarize(runs);
      figures[kind] = { summary, ratios: ratios(summary), runs, errors };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync('bench-results', { recursive: true });
  const name = PROFILE ? 'betting-profile' : 'betting';
  writeFileSync(join('bench-results', `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  writeFileSync(join('bench-results', `${name}.md`), markdown(figures));
  console.info(markdown(figures));
  console.info(`betting: bench-results/${name}.{json,md}`);
}

await main();
