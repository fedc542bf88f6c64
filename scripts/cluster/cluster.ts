/**
 * A whole cluster on one machine: PostgreSQL, a RabbitMQ node, Panalo instances on them and HAProxy in
 * front (deploy/haproxy.cfg), all on 127.0.0.1, everything under one folder. `npm run start:cluster`,
 * `npm run test:cluster` and the cluster benchmark build theirs with startCluster().
 *
 * The instances share what must be the same on all of them: the database (DATABASE_URL), the broker
 * between them (BROKER_URL) and the keys of `<data>/shared` (the Sign app key, the RSA key of the
 * sensitive fields, the captcha secrets, the simulators' keys, the site settings), generated there at
 * the first start and linked into each instance's own DATA_DIR. They trust X-Forwarded-For from the
 * balancer's address only (TRUST_PROXY=127.0.0.1).
 */
import { existsSync, lstatSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../server/config';
import { fileSiteSettings } from '../../server/modules/site/settings';
import { loadSimulatorSecrets } from '../../server/modules/payments/secrets';
import { loadSimulatorKeys } from '../../server/providers/kyc';
import { loadGameSimulatorKeys } from '../../server/providers/games';
import {
  type Balancer,
  type Instance,
  type Postgres,
  type Rabbit,
  ensurePackages,
  filesIn,
  freePort,
  startHaproxy,
  startInstance,
  startPostgres,
  startRabbit,
} from './daemons';

export interface ClusterOptions {
  /** Where everything lives (./data/cluster for start:cluster, a temporary folder for the tests). */
  dir: string;
  /** The balancer's port (0 or unset: a free one). */
  port?: number;
  /** Instance names, started in this order (default a, b). */
  instances?: string[];
  /** More environment for every instance (FEED_RATE, limits…), over the cluster's own. */
  env?: NodeJS.ProcessEnv;
  /** Leave BROKER_URL unset (each instance on its embedded broker: the benchmark's baseline). */
  noBroker?: boolean;
  /** Run RabbitMQ's Web-STOMP plugin too (the benchmark's reference). */
  webStomp?: boolean;
  /** Start no balancer. */
  noBalancer?: boolean;
  /**
   * The RabbitMQ node's name is panalo-<rabbitId>@localhost (default `cluster`): one name per running
   * node on the machine, and the same across starts of the same data (Mnesia is kept under it).
   */
  rabbitId?: string;
  /** The balancer's readiness check (default /readyz). */
  healthPath?: string;
  /** More PostgreSQL settings (`-c name=value`), e.g. the betting benchmark's pg_stat_statements. */
  postgresSettings?: Record<string, string>;
  /** The checkout the instances run from (default this one): the betting benchmark compares two. */
  repo?: string;
  /** More options for each instance's node (the betting benchmark's --cpu-prof). */
  nodeArgs?: (name: string) => string[];
  log?: (line: string) => void;
}

export interface Cluster {
  dir: string;
  postgres: Postgres;
  rabbit: Rabbit;
  /** The instances by name, as they run now (restart() replaces an entry). */
  instances: Map<string, Instance>;
  balancer: Balancer | undefined;
  databaseUrl: string;
  /** The environment an instance of this cluster starts with. */
  instanceEnv(name: string): NodeJS.ProcessEnv;
  /** Starts a stopped or killed instance again on its port and data. */
  start(name: string): Promise<Instance>;
  /** Stops the named instance gracefully (SIGTERM to its group) and starts it again. */
  restart(name: string): Promise<Instance>;
  /** Stops everything: the balancer, the instances (gracefully), RabbitMQ, PostgreSQL. */
  stop(): Promise<void>;
}

/** The shared keys and settings: made at the first start, then linked into each instance's DATA_DIR. */
function sharedData(dir: string, instanceDirs: string[]): void {
  const shared = join(dir, 'shared');
  mkdirSync(shared, { recursive: true });
  loadConfig({}, { dataDir: shared });
  loadSimulatorSecrets(shared);
  loadSimulatorKeys(shared);
  loadGameSimulatorKeys(shared);
  fileSiteSettings(shared, console);
  for (const instanceDir of instanceDirs) {
    mkdirSync(instanceDir, { recursive: true });
    for (const file of filesIn(shared)) {
      const link = join(instanceDir, file);
      // lstat: a link whose file is not written yet is there all the same.
      const present = existsSync(link) || lstatSync(link, { throwIfNoEntry: false }) !== undefined;
      if (!present) symlinkSync(join(shared, file), link);
    }
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => undefined);
  const dir = resolve(options.dir);
  const logDir = join(dir, 'logs');
  mkdirSync(logDir, { recursive: true });
  ensurePackages(options.noBalancer ? ['postgresql', 'rabbitmq-server'] : undefined);
  const names = options.instances ?? ['a', 'b'];
  const instanceDir = (name: string) => join(dir, 'instances', name);
  sharedData(dir, names.map(instanceDir));

  const stoppers: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) await stop().catch(() => undefined);
  };
  try {
    log('PostgreSQL…');
    const postgres = await startPostgres(join(dir, 'postgres'), {
      logDir,
      ...(options.postgresSettings ? { settings: options.postgresSettings } : {}),
    });
    stoppers.push(() => postgres.stop());
    const databaseUrl = await postgres.database('panalo');
    log('RabbitMQ…');
    const rabbit = await startRabbit(join(dir, 'rabbitmq'), {
      id: options.rabbitId ?? 'cluster',
      logDir,
      webStomp: options.webStomp ?? false,
    });
    stoppers.push(() => rabbit.stop());

    const ports = new Map<string, number>();
    for (const name of names) ports.set(name, await freePort());
    const instanceEnv = (name: string): NodeJS.ProcessEnv => ({
      DATABASE_URL: databaseUrl,
      ...(options.noBroker ? {} : { BROKER_URL: rabbit.amqpUrl }),
      DATA_DIR: instanceDir(name),
      TRUST_PROXY: '127.0.0.1',
      // /readyz answers 503 this long before the instance stops accepting: longer than the balancer
      // takes to see it (deploy/haproxy.cfg: two failed checks a second apart).
      DRAIN_SECONDS: '3',
      ...options.env,
    });
    const instances = new Map<string, Instance>();
    const start = async (name: string) => {
      const port = ports.get(name);
      if (port === undefined) throw new Error(`no instance ${name}`);
      const instance = await startInstance(name, {
        port,
        env: instanceEnv(name),
        logDir,
        ...(options.repo ? { repo: options.repo } : {}),
        ...(options.nodeArgs ? { nodeArgs: options.nodeArgs(name) } : {}),
      });
      instances.set(name, instance);
      return instance;
    };
    stoppers.push(async () => {
      // Gracefully, all together: each finishes its calls and closes its sockets.
      await Promise.all([...instances.values()].map((instance) => instance.stop()));
    });
    // One after the other: the first applies the database's migrations.
    for (const name of names) {
      log(`instance ${name}…`);
      await start(name);
    }

    let balancer: Balancer | undefined;
    if (!options.noBalancer) {
      log('HAProxy…');
      balancer = await startHaproxy(join(dir, 'haproxy'), {
        ...(options.port ? { port: options.port } : {}),
        backends: names.map((name) => ({ name, port: ports.get(name)! })),
        logDir,
        ...(options.healthPath ? { healthPath: options.healthPath } : {}),
      });
      const started = balancer;
      stoppers.push(() => started.stop(5_000));
      await balancer.waitUp();
    }
    return {
      dir,
      postgres,
      rabbit,
      instances,
      balancer,
      databaseUrl,
      instanceEnv,
      start,
      async restart(name) {
        await instances.get(name)?.stop();
        return start(name);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
