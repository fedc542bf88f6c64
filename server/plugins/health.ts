import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';

/**
 * Health for the balancer (deploy/haproxy.cfg) and the operator: `GET /healthz` answers 200 while the
 * process serves (liveness: restart it when this fails); `GET /readyz` answers 200 only when the
 * database answers and every registered check passes (the broker link, when configured), and 503 while
 * the instance drains for a shutdown or a check fails (readiness: send it no new players). Both are
 * public, need no session and are never rate limited: a balancer asks every second or two.
 *
 * Checks are added by the parts that own them: `app.readiness.add('broker', () => link.isUp())`.
 */
export type ReadinessCheck = () => boolean | Promise<boolean>;

export interface Readiness {
  /** Adds a named check; /readyz fails while it answers false, throws or takes longer than CHECK_TIMEOUT_MS. */
  add(name: string, check: ReadinessCheck): void;
  /** Whether the instance is draining (shutdown started): /readyz answers 503 from then on. */
  readonly draining: boolean;
  /** Starts draining: /readyz answers 503 at once; the instance keeps serving what it is sent. */
  drain(): void;
  /** Runs every check now. */
  check(): Promise<{ ready: boolean; checks: Record<string, 'ok' | 'failing'> }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** A check that answers slower than this counts as failing (a balancer's check times out too). */
export const CHECK_TIMEOUT_MS = 2_000;

async function passes(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, CHECK_TIMEOUT_MS, false);
    timer.unref();
  });
  try {
    return (await Promise.race([Promise.resolve().then(check), late])) === true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    const checks = new Map<string, ReadinessCheck>();
    let draining = false;
    const readiness: Readiness = {
      add(name, check) {
        if (checks.has(name)) throw new Error(`readiness check ${name} is already added`);
        checks.set(name, check);
      },
      get draining() {
        return draining;
      },
      drain() {
        draining = true;
      },
      async check() {
        const entries = [...checks];
        const results = await Promise.all(entries.map(([, check]) => passes(check)));
        const answer: Record<string, 'ok' | 'failing'> = {};
        entries.forEach(([name], index) => (answer[name] = results[index] ? 'ok' : 'failing'));
        return { ready: results.every(Boolean), checks: answer };
      },
    };
    readiness.add('database', async () => {
      await app.database.db.execute(sql`SELECT 1`);
      return true;
    });
    app.decorate('readiness', readiness);

    const plain = { rateLimit: false } as const;
    app.get('/healthz', { config: plain }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    });
    app.get('/readyz', { config: plain }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (draining) return reply.status(503).send({ status: 'draining' });
      const { ready, checks: results } = await readiness.check();
      // Checked again after the checks: a shutdown may have started meanwhile.
      if (draining) return reply.status(503).send({ status: 'draining' });
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
    });
  },
  { name: 'health', dependencies: ['core'] },
);

export interface ShutdownOptions {
  /** How long /readyz answers 503 while the instance still serves, so the balancer stops sending (config.drainMs). */
  drainMs: number;
  log?: { info(obj: object, msg: string): void };
}

/**
 * A graceful stop (SIGTERM, SIGINT): /readyz → 503 at once; after `drainMs` the balancer has taken the
 * instance out, so it stops accepting connections, finishes the requests in flight, closes the STOMP
 * sockets with an ERROR carrying a reconnect hint (the worker reconnects through the balancer, to
 * another instance), stops the jobs and lets go of their leases (app.close() runs every onClose hook).
 */
export async function gracefulShutdown(app: FastifyInstance, options: ShutdownOptions): Promise<void> {
  app.readiness.drain();
  options.log?.info({ drainMs: options.drainMs }, 'draining: /readyz answers 503');
  if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
  await app.close();
}
