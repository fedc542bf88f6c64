/**
 * `npm run start:cluster`: PostgreSQL, RabbitMQ, two Panalo instances and HAProxy in front, all on
 * 127.0.0.1, with everything under ./data/cluster (CLUSTER_DIR). The balancer listens on PORT (8080 by
 * default); the instances on free ports behind it. Ctrl-C (or SIGTERM) stops it all, each daemon by its
 * process group: the balancer first, then the instances gracefully, RabbitMQ, PostgreSQL. The data stays
 * for the next start. Logs: ./data/cluster/logs.
 */
import { join, resolve } from 'node:path';
import { startCluster } from './cluster';
import { stopStarted } from './daemons';

const dir = resolve(process.env['CLUSTER_DIR'] ?? join('data', 'cluster'));
const port = Number(process.env['PORT'] ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not ${process.env['PORT']}`);
  process.exit(1);
}

let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n  ${signal}: stopping the balancer, the instances, RabbitMQ and PostgreSQL…`);
  // During the start, what has started so far.
  await (cluster ? cluster.stop() : stopStarted());
  console.log('  Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

try {
  cluster = await startCluster({ dir, port, log: (line) => console.log(`  starting ${line}`) });
} catch (error) {
  // Interrupted: stop() is ending what started, and exits.
  if (stopping) await new Promise((resolve) => setTimeout(resolve, 120_000));
  console.error(`\nThe cluster could not start: ${(error as Error).message}\n`);
  process.exit(1);
}
const running = cluster;

const lines = [...running.instances.values()].map((instance) => `    instance ${instance.name}: ${instance.url} (group ${instance.group})`);
console.log(
  [
    '',
    `  Panalo (2 instances) is running at ${running.balancer!.url}`,
    ...lines,
    `    PostgreSQL: ${running.databaseUrl}`,
    `    RabbitMQ: node ${running.rabbit.nodename} (user panalo, password in ${join(dir, 'rabbitmq', 'rabbitmq-secret.json')})`,
    `  Data and logs: ${dir}   Ctrl-C stops everything.`,
    '',
  ].join('\n'),
);

// An instance that dies on its own is reported (the balancer sends its players to the other one).
for (const instance of running.instances.values()) {
  void instance.exited.then(() => {
    if (!stopping) console.error(`  instance ${instance.name} exited; see ${join(dir, 'logs', `instance-${instance.name}.log`)}`);
  });
}
