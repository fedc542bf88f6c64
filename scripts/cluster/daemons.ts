/**
 * The daemons of a cluster on one machine, for `npm run start:cluster`, `npm run test:cluster` and the
 * cluster benchmark: PostgreSQL, a RabbitMQ node, HAProxy and Panalo instances. Each runs in a process
 * group of its own (spawned detached: setsid) and is stopped by signalling that group by its id, or by
 * `rabbitmqctl -n <node> stop`: never by a program's name, so nothing else on the machine (another
 * checkout's cluster, the system's own RabbitMQ) is touched. Everything listens on 127.0.0.1.
 *
 * RabbitMQ's Erlang runtime starts an `epmd` (the Erlang port mapper, port 4369) the first time a node
 * starts on the machine. It daemonizes into a session of its own, is shared by every Erlang node of the
 * machine and is left running: stopping it would cut the other nodes' CLI tools.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { connect as netConnect, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const RABBIT_BIN = '/usr/lib/rabbitmq/bin';

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

const asRoot = () => process.getuid?.() === 0;

function onPath(binary: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;
}

/** The Debian packages each daemon comes from, and a binary that shows it is installed. */
const PACKAGES = {
  postgresql: () => onPath('initdb') || existsSync('/usr/lib/postgresql'),
  'rabbitmq-server': () => existsSync(join(RABBIT_BIN, 'rabbitmq-server')),
  haproxy: () => onPath('haproxy'),
} as const;

/**
 * PostgreSQL, RabbitMQ and HAProxy from Debian's packages: installed with apt-get when missing and this
 * runs as root (as scripts/ensure-chromium.mjs does for chromium); otherwise an error naming them.
 */
export function ensurePackages(names: (keyof typeof PACKAGES)[] = ['postgresql', 'rabbitmq-server', 'haproxy']): void {
  const missing = names.filter((name) => !PACKAGES[name]());
  if (missing.length === 0) return;
  if (asRoot() && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian's ${missing.join(', ')} (apt-get, about a minute)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
    }
    // Debian starts the packages' own services; ours run beside them on other ports, those stay as they are.
    const still = missing.filter((name) => !PACKAGES[name]());
    if (still.length === 0) return;
    missing.splice(0, missing.length, ...still);
  }
  throw new Error(
    `The cluster needs Debian's packages ${missing.join(', ')}: sudo apt-get install ${missing.join(' ')} ` +
      `(on other systems: PostgreSQL 15+ with initdb and postgres on PATH, RabbitMQ 3.10+, HAProxy 2.4+).`,
  );
}

/** A daemon in a process group of its own: its group id, and how it stops. */
export interface Daemon {
  readonly name: string;
  readonly group: number;
  /** Resolves once the group's leader exited. */
  readonly exited: Promise<void>;
  running(): boolean;
  /** SIGTERM (or the daemon's own stop) to the group, SIGKILL to what is left of it after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL to the whole group at once: a crash, as an operator's `kill -9` or a lost machine. */
  kill(): Promise<void>;
}

function signalGroup(group: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
}

function groupAlive(group: number): boolean {
  return signalGroup(group, 0 as unknown as NodeJS.Signals);
}

const started = new Set<number>();
/** The daemons this process started and has not stopped yet, oldest first. */
const running: Daemon[] = [];
// Should this process end without stopping them (a crash, an interrupted run), the daemons end with it.
process.once('exit', () => {
  for (const group of started) signalGroup(group, 'SIGKILL');
});

/** Stops every daemon this process started and has not stopped yet, newest first (a Ctrl-C during a start). */
export async function stopStarted(): Promise<void> {
  for (const daemon of running.splice(0).reverse()) await daemon.stop().catch(() => undefined);
}

interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** stdout and stderr are appended to this file. */
  logFile: string;
  /** Called with each chunk of stdout (the log file gets it too). */
  onStdout?: (text: string) => void;
  /** How the daemon is asked to stop (default: SIGTERM to the group). */
  politeStop?: (group: number) => void;
}

export function spawnDaemon(name: string, command: string, args: string[], options: SpawnOptions): Daemon {
  const log = openSync(options.logFile, 'a');
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd ?? REPO,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', options.onStdout ? 'pipe' : log, log],
  });
  closeSync(log);
  if (child.pid === undefined) throw new Error(`${name}: ${command} did not start`);
  const group = child.pid;
  started.add(group);
  if (options.onStdout) {
    const append = openSync(options.logFile, 'a');
    child.stdout?.on('data', (chunk: Buffer) => {
      writeFileSync(append, chunk);
      options.onStdout?.(chunk.toString());
    });
    child.once('exit', () => closeSync(append));
  }
  let leaderGone = false;
  const exited = new Promise<void>((done) => {
    child.once('exit', () => {
      leaderGone = true;
      done();
    });
    child.once('error', () => {
      leaderGone = true;
      done();
    });
  });
  // The group ended when its leader and every process it left behind are gone.
  const groupGone = async (deadline: number) => {
    while (groupAlive(group) && Date.now() < deadline) await sleep(50);
    return !groupAlive(group);
  };
  const finish = async () => {
    signalGroup(group, 'SIGKILL');
    await exited;
    await groupGone(Date.now() + 5_000);
    started.delete(group);
    const at = running.indexOf(daemon);
    if (at >= 0) running.splice(at, 1);
  };
  const daemon: Daemon = {
    name,
    group,
    exited,
    running: () => !leaderGone,
    async stop(graceMs = 15_000) {
      if (groupAlive(group)) {
        if (options.politeStop) options.politeStop(group);
        else signalGroup(group, 'SIGTERM');
        await groupGone(Date.now() + graceMs);
      }
      await finish();
    },
    kill: finish,
  };
  running.push(daemon);
  return daemon;
}

/** Waits for `ready()` to answer true, polling; fails after `timeoutMs` or when the daemon exits first. */
export async function waitFor(
  what: string,
  ready: () => Promise<boolean>,
  daemon: Daemon | undefined,
  timeoutMs: number,
  logFile?: string,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (daemon && !daemon.running()) break;
    if (await ready().catch(() => false)) return;
    await sleep(200);
  }
  const tail = logFile && existsSync(logFile) ? `\n--- ${logFile} (end) ---\n${readFileSync(logFile, 'utf8').slice(-3_000)}` : '';
  throw new Error(
    `${what} ${daemon && !daemon.running() ? 'exited before it was ready' : `was not ready within ${timeoutMs / 1000} s`}${tail}`,
  );
}

// ---- PostgreSQL ------------------------------------------------------------------------------------

export interface Postgres extends Daemon {
  /** postgres://…/postgres, the maintenance database. */
  adminUrl: string;
  /** A database of that name on this server (created if missing): its URL. */
  database(name: string): Promise<string>;
}

/**
 * PostgreSQL on 127.0.0.1:`port` with its cluster in `dir` (initdb at the first start, trust
 * authentication on loopback only). As root the server runs as the postgres user (PostgreSQL refuses
 * root): `runuser -u postgres`, with the folder given to that user. The postmaster runs in the
 * foreground of its own group; SIGINT is its "fast" shutdown (open sessions are ended, data is kept).
 */
export async function startPostgres(
  dir: string,
  options: { port?: number; logDir: string; settings?: Record<string, string> },
): Promise<Postgres> {
  ensurePackages(['postgresql']);
  const data = join(dir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  const root = asRoot();
  const owner = root
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
      }
    : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const as = (command: string, args: string[]): [string, string[]] =>
    root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  if (!existsSync(join(data, 'PG_VERSION'))) {
    const [command, args] = as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    try {
      execFileSync(command, args, { stdio: 'pipe' });
    } catch (error) {
      const said = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
      throw new Error(`initdb failed${root ? ` (as the postgres user, who must be able to reach ${dir})` : ''}: ${said}`, { cause: error });
    }
  }
  const port = options.port ?? (await freePort());
  const logFile = join(options.logDir, 'postgres.log');
  const [command, args] = as('postgres', [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=300',
    // More server settings (the betting benchmark's profile loads pg_stat_statements).
    ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]);
  const daemon = spawnDaemon('postgres', command, args, { logFile, politeStop: (group) => signalGroup(group, 'SIGINT') });
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  await waitFor('PostgreSQL', async () => (await query('SELECT 1')).rowCount === 1, daemon, 30_000, logFile);
  return {
    ...daemon,
    adminUrl,
    async database(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
      const found = await query(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
      if (found.rowCount === 0) await query(`CREATE DATABASE ${name}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
  };
}

// ---- RabbitMQ --------------------------------------------------------------------------------------

export interface Rabbit extends Daemon {
  nodename: string;
  /** amqp://panalo:<password>@127.0.0.1:<port>: what the instances get as BROKER_URL. */
  amqpUrl: string;
  /** ws://127.0.0.1:<port>/ws when the node runs Web-STOMP (the benchmark's reference). */
  webStompUrl: string | undefined;
  user: string;
  password: string;
}

/** The RabbitMQ user's password: generated at the first start into `<dir>/rabbitmq-secret.json` (mode 600). */
function rabbitPassword(dir: string): string {
  const file = join(dir, 'rabbitmq-secret.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { password?: unknown };
    if (typeof saved.password === 'string' && saved.password.length >= 16) return saved.password;
  }
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${JSON.stringify({ user: 'panalo', password }, null, 2)}\n`, { mode: 0o600 });
  return password;
}

/**
 * A RabbitMQ node named panalo-<id>@localhost with everything under `dir` (HOME with its Erlang cookie,
 * Mnesia, logs, config), AMQP on 127.0.0.1 only, a user `panalo` whose password is generated at the
 * first start (the node's guest account is removed), and, when `webStomp`, the rabbitmq_web_stomp
 * plugin on 127.0.0.1 too. Stopped with `rabbitmqctl -n <node> stop`, then by group.
 */
export async function startRabbit(dir: string, options: { id: string; logDir: string; webStomp?: boolean }): Promise<Rabbit> {
  ensurePackages(['rabbitmq-server']);
  const nodename = `panalo-${options.id}@localhost`;
  for (const sub of ['home', 'mnesia', 'log']) mkdirSync(join(dir, sub), { recursive: true });
  const password = rabbitPassword(dir);
  const [amqpPort, distPort, webStompPort] = [await freePort(), await freePort(), await freePort()];
  const configFile = join(dir, 'rabbitmq.conf');
  writeFileSync(
    configFile,
    [
      '# Written by scripts/cluster/daemons.ts at every start (ports change); the password is in rabbitmq-secret.json.',
      'default_user = panalo',
      `default_pass = ${password}`,
      'default_vhost = /',
      'log.console = true',
      'log.console.level = warning',
      'log.file = false',
      ...(options.webStomp ? [`web_stomp.tcp.port = ${webStompPort}`, 'web_stomp.tcp.ip = 127.0.0.1'] : []),
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  const pluginsFile = join(dir, 'enabled_plugins');
  writeFileSync(pluginsFile, options.webStomp ? '[rabbitmq_web_stomp].\n' : '[].\n');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: join(dir, 'home'),
    RABBITMQ_NODENAME: nodename,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(amqpPort),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_CONFIG_FILE: configFile,
    RABBITMQ_ENABLED_PLUGINS_FILE: pluginsFile,
    // No busy waiting: Erlang's schedulers otherwise spin on a CPU after each burst of work, which on a
    // machine the node shares (the instances, PostgreSQL, the balancer) takes CPU from them (RabbitMQ's
    // own advice for hosts with few cores).
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '+sbwt none +sbwtdcpu none +sbwtdio none',
  };
  const ctl = (args: string[], timeoutMs = 30_000) =>
    spawnSync(join(RABBIT_BIN, 'rabbitmqctl'), ['-n', nodename, ...args], { env, stdio: 'pipe', timeout: timeoutMs });
  const logFile = join(options.logDir, 'rabbitmq.log');
  const daemon = spawnDaemon('rabbitmq', join(RABBIT_BIN, 'rabbitmq-server'), [], {
    env,
    cwd: dir,
    logFile,
    politeStop: () => void ctl(['stop'], 20_000),
  });
  const amqpUrl = `amqp://panalo:${encodeURIComponent(password)}@127.0.0.1:${amqpPort}`;
  const { connect } = await import('amqplib');
  await waitFor(
    'RabbitMQ',
    async () => {
      const connection = await connect(amqpUrl);
      await connection.close();
      return true;
    },
    daemon,
    60_000,
    logFile,
  );
  // The guest account (guest/guest) is no use here and a known password: removed.
  ctl(['delete_user', 'guest']);
  return {
    ...daemon,
    nodename,
    amqpUrl,
    webStompUrl: options.webStomp ? `ws://127.0.0.1:${webStompPort}/ws` : undefined,
    user: 'panalo',
    password,
  };
}

// ---- Panalo instances ------------------------------------------------------------------------------

export interface Instance extends Daemon {
  name: string;
  port: number;
  /** http://127.0.0.1:<port>, straight to this instance (the balancer's URL is the public one). */
  url: string;
  /** The node process's pid (the group leader): job_leases rows name it in their holder. */
  pid: number;
}

/**
 * One Panalo server, started as production starts it (`npm run start:prod`: the built server in
 * dist-server/ with the built PWA in dist/) on 127.0.0.1:`port`; a checkout built before the server was,
 * through tsx. Resolves once it prints "running at". SIGTERM asks for its graceful shutdown. `repo`: the
 * checkout it runs from (default this one; the betting benchmark compares another side by side);
 * `nodeArgs`: more options for node (the benchmark's --cpu-prof).
 */
export async function startInstance(
  name: string,
  options: { port: number; env: NodeJS.ProcessEnv; logDir: string; timeoutMs?: number; repo?: string; nodeArgs?: string[] },
): Promise<Instance> {
  const logFile = join(options.logDir, `instance-${name}.log`);
  let out = '';
  let running = false;
  const built = existsSync(join(options.repo ?? '.', 'dist-server/main.js'));
  const start = built ? ['--enable-source-maps', 'dist-server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  const daemon = spawnDaemon(`instance ${name}`, process.execPath, [...(options.nodeArgs ?? []), ...start], {
    env: { ...process.env, ...options.env, HOST: '127.0.0.1', PORT: String(options.port) },
    ...(options.repo ? { cwd: options.repo } : {}),
    logFile,
    onStdout: (text) => {
      out = (out + text).slice(-4_000);
      if (/running at http:\/\//.test(out)) running = true;
    },
  });
  await waitFor(`instance ${name}`, async () => running, daemon, options.timeoutMs ?? 60_000, logFile);
  return { ...daemon, name, port: options.port, url: `http://127.0.0.1:${options.port}`, pid: daemon.group };
}

// ---- HAProxy ---------------------------------------------------------------------------------------

export interface Balancer extends Daemon {
  url: string;
  port: number;
  /** The same frontend over TLS (a self-signed certificate for 127.0.0.1). */
  tlsUrl: string;
  /** Each backend server's state and last check as HAProxy sees them ("UP L7OK", "DOWN L7STS"…), by name. */
  states(): Promise<Record<string, string>>;
  /** Each backend server's open connections now (HAProxy's scur), by name. */
  connections(): Promise<Record<string, number>>;
  /** Waits until every named server (default: all) is UP. */
  waitUp(names?: string[], timeoutMs?: number): Promise<void>;
}

/** Fills deploy/haproxy.cfg's {{placeholders}}; `backends` become its `server` lines. */
export function haproxyConfig(values: {
  port: number;
  tlsPort: number;
  tlsCertificate: string;
  backends: { name: string; port: number }[];
  statsSocket: string;
  healthPath?: string;
}): string {
  const template = readFileSync(join(REPO, 'deploy', 'haproxy.cfg'), 'utf8');
  const servers = values.backends.map((backend) => `    server ${backend.name} 127.0.0.1:${backend.port}`).join('\n');
  const filled = template
    .replaceAll('{{bind}}', `127.0.0.1:${values.port}`)
    .replaceAll('{{tlsBind}}', `127.0.0.1:${values.tlsPort}`)
    .replaceAll('{{tlsCertificate}}', values.tlsCertificate)
    .replaceAll('{{statsSocket}}', values.statsSocket)
    .replaceAll('{{healthPath}}', values.healthPath ?? '/readyz')
    .replace(/^.*\{\{servers\}\}.*$/m, servers);
  const left = /\{\{\w+\}\}/.exec(filled);
  if (left) throw new Error(`deploy/haproxy.cfg: nothing fills ${left[0]}`);
  return filled;
}

function statsCommand(socket: string, command: string): Promise<string> {
  return new Promise((done, fail) => {
    let text = '';
    const connection = netConnect(socket, () => connection.end(`${command}\n`));
    connection.on('data', (chunk) => (text += chunk.toString()));
    connection.on('end', () => done(text));
    connection.on('error', fail);
  });
}

/**
 * A self-signed certificate for 127.0.0.1 (openssl, made once into `dir`), key and certificate in one PEM
 * as HAProxy's `crt` takes them: the balancer's TLS side on loopback.
 */
function selfSignedCertificate(dir: string): string {
  const pem = join(dir, 'loopback.pem');
  if (existsSync(pem)) return pem;
  const key = join(dir, 'loopback.key');
  const certificate = join(dir, 'loopback.crt');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '30',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'pipe' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the balancer's certificate:\n${made.stderr.toString()}`);
  writeFileSync(pem, readFileSync(certificate, 'utf8') + readFileSync(key, 'utf8'), { mode: 0o600 });
  return pem;
}

/** HAProxy (`haproxy -db`, in the foreground of its own group) with deploy/haproxy.cfg filled for these backends. */
export async function startHaproxy(
  dir: string,
  options: { port?: number; backends: { name: string; port: number }[]; logDir: string; healthPath?: string },
): Promise<Balancer> {
  ensurePackages(['haproxy']);
  mkdirSync(dir, { recursive: true });
  const port = options.port ?? (await freePort());
  const tlsPort = await freePort();
  const statsSocket = join(dir, 'haproxy.sock');
  const configFile = join(dir, 'haproxy.cfg');
  const tlsCertificate = selfSignedCertificate(dir);
  writeFileSync(
    configFile,
    haproxyConfig({
      port,
      tlsPort,
      tlsCertificate,
      backends: options.backends,
      statsSocket,
      ...(options.healthPath ? { healthPath: options.healthPath } : {}),
    }),
  );
  const check = spawnSync('haproxy', ['-c', '-q', '-f', configFile], { stdio: 'pipe' });
  if (check.status !== 0) throw new Error(`haproxy refused ${configFile}:\n${check.stderr.toString()}${check.stdout.toString()}`);
  const logFile = join(options.logDir, 'haproxy.log');
  const daemon = spawnDaemon('haproxy', 'haproxy', ['-db', '-f', configFile], { logFile });
  /** The backend's servers' rows of `show stat`, as column → value. */
  const serverRows = async () => {
    const csv = await statsCommand(statsSocket, 'show stat');
    const [header = '', ...rows] = csv.split('\n').filter(Boolean);
    const columns = header.replace(/^# /, '').split(',');
    return rows
      .map((row) => Object.fromEntries(row.split(',').map((cell, at) => [columns[at] ?? String(at), cell])))
      .filter((row) => row['pxname'] === 'instances' && !['FRONTEND', 'BACKEND'].includes(row['svname'] ?? ''));
  };
  // "UP L7OK": up with the last check passed, not the optimistic UP before the first check.
  const states = async () =>
    Object.fromEntries((await serverRows()).map((row) => [row['svname'], `${row['status']} ${row['check_status']}`.trim()]));
  await waitFor('HAProxy', async () => Object.keys(await states()).length === options.backends.length, daemon, 15_000, logFile);
  return {
    ...daemon,
    url: `http://127.0.0.1:${port}`,
    port,
    tlsUrl: `https://127.0.0.1:${tlsPort}`,
    states,
    connections: async () => Object.fromEntries((await serverRows()).map((row) => [row['svname'], Number(row['scur'])])),
    async waitUp(names = options.backends.map((backend) => backend.name), timeoutMs = 30_000) {
      await waitFor(
        `HAProxy's health checks (${names.join(', ')} UP)`,
        async () => {
          const now = await states();
          return names.every((name) => now[name] === 'UP L7OK');
        },
        daemon,
        timeoutMs,
        logFile,
      );
    },
  };
}

/** Files in a folder (for secrets shared by the instances). */
export function filesIn(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir) : [];
}
