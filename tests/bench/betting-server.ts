/**
 * The server side of the betting figures on the embedded database (PGlite serves one process): a
 * process of its own, forked by betting.ts, that builds the app of a checkout (this one, or another
 * given by `--compare`, so two builds are measured side by side in one run) on a fresh PGlite data
 * folder, with the feed held still (prices do not move, so every bet is accepted at its price) and the
 * product's own rate limits, and writes the players into its database. Also `seedPlayers`, which the
 * cluster figures use on PostgreSQL.
 *
 * Everything server-side is imported from the measured checkout (`repo`), so its own migrations,
 * ledger and session code write the players.
 *
 * Protocol over the IPC channel: ServerRequest in, ServerReply out.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as AppModule from '../../server/app';
import type * as ConfigModule from '../../server/config';
import type * as DbModule from '../../server/db';
import type * as SchemaModule from '../../server/db/schema';
import type * as UsersModule from '../../server/modules/auth/users';
import type * as SessionsModule from '../../server/modules/auth/sessions';
import type * as LedgerModule from '../../server/modules/wallet/ledger';
import type * as SimulatorModule from '../../server/providers/feed/simulator';
import type * as FeedTypesModule from '../../server/providers/feed/types';
import type * as BodiesModule from '../integration/bodies';
import type { SinglePlacement } from '../../src/contract/betting';
import type { SportTypeId } from '../../src/contract/sports';
import type { LoadPlayer } from './betting-load';

/** What a checkout's server offers the bench (the same paths and names in every checkout measured). */
interface Checkout {
  app: typeof AppModule;
  config: typeof ConfigModule;
  db: typeof DbModule;
  schema: typeof SchemaModule;
  users: typeof UsersModule;
  sessions: typeof SessionsModule;
  ledger: typeof LedgerModule;
  simulator: typeof SimulatorModule;
  feedTypes: typeof FeedTypesModule;
  bodies: typeof BodiesModule;
}

export async function loadCheckout(repo: string): Promise<Checkout> {
  const from = <T>(path: string) => import(join(repo, path)) as Promise<T>;
  // The configuration moved into server/config/ with the house refactor (issue 33); older checkouts have one file.
  const configPath = existsSync(join(repo, 'server/config/index.ts')) ? 'server/config/index.ts' : 'server/config.ts';
  return {
    app: await from('server/app.ts'),
    config: await from(configPath),
    db: await from('server/db/index.ts'),
    schema: await from('server/db/schema.ts'),
    users: await from('server/modules/auth/users.ts'),
    sessions: await from('server/modules/auth/sessions.ts'),
    ledger: await from('server/modules/wallet/ledger.ts'),
    simulator: await from('server/providers/feed/simulator.ts'),
    feedTypes: await from('server/providers/feed/types.ts'),
    bodies: await from('tests/integration/bodies.ts'),
  };
}

/** The loopback address of player `i`: one each, 250 to a /24 (127.0.0.0/8 is all this machine's). */
export const playerAddress = (i: number) => `127.${10 + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;

/**
 * Players written straight into the database (a test-only path: registration's SMS and captcha are not
 * what is measured): each with a session, a first deposit of `pesos` posted through the ledger, and an
 * address of its own.
 */
export async function seedPlayers(checkout: Checkout, db: DbModule.Database, count: number, pesos: number): Promise<LoadPlayer[]> {
  const { createCustomer } = checkout.users;
  const { createSession } = checkout.sessions;
  const { HOUSE, houseAccountId, post, walletAccountId } = checkout.ledger;
  const { customers } = checkout.schema;
  const { eq } = await import('drizzle-orm');
  const policy = { idleMs: 3_600_000, maxMs: 3_600_000, events: { publish: () => undefined } };
  const request = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
  const players: LoadPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const token = await db.transaction(async (tx) => {
      const customer = await createCustomer(tx, { mobileNo: null, birthday: '1990-01-01' });
      await tx.update(customers).set({ firstDepositAt: new Date() }).where(eq(customers.id, customer.id));
      await post(tx, {
        kind: 'deposit',
        customerId: customer.id,
        reference: `bench:deposit:${i}`,
        entries: [
          { accountId: await walletAccountId(tx, customer.id, 'main'), amount: pesos * 100 },
          { accountId: await houseAccountId(tx, HOUSE.payments), amount: -pesos * 100 },
        ],
      });
      return (await createSession(tx, policy as never, customer.id, request)).webToken.token;
    });
    players.push({ token, from: playerAddress(i) });
  }
  return players;
}

export type ServerRequest =
  | { kind: 'start'; repo: string; players: number; pesos: number; markets: number; stakePesos: number }
  | { kind: 'count' }
  | { kind: 'stop' };
export type ServerReply =
  | { kind: 'ready'; url: string; appKey: string; players: LoadPlayer[]; bets: SinglePlacement[] }
  | { kind: 'count'; tickets: number; ledger: { entries: number; balances: number } }
  | { kind: 'error'; error: string };

/** Pre-match main markets of a still feed as slip bodies. */
function betBodies(checkout: Checkout, app: FastifyInstance, markets: number, stakePesos: number): SinglePlacement[] {
  const bodies: SinglePlacement[] = [];
  for (const sport of checkout.feedTypes.FEED_SPORTS) {
    for (const mode of ['today', 'early'] as const) {
      const list = app.feed.listSnapshot(sport as SportTypeId, mode);
      for (const market of list.markets) {
        const match = list.matches.find((m) => m.matchId === market.matchId)!;
        const selection = market.selections[0]!;
        if (market.status !== 'Running' || selection.price <= 1 || bodies.length >= markets) continue;
        bodies.push(
          checkout.bodies.singleBody({ match, market, key: selection.key, price: selection.price }, stakePesos, {
            betOnPage: 'bench',
            acceptOddsChange: 'none',
          }),
        );
      }
    }
  }
  return bodies;
}

async function serve(): Promise<void> {
  let app: FastifyInstance | undefined;
  let checkout: Checkout | undefined;
  let dataDir: string | undefined;
  const reply = (message: ServerReply) => process.send!(message);
  process.on('disconnect', () => process.exit(0));
  process.on('message', (request: ServerRequest) => {
    const work = async () => {
      if (request.kind === 'start') {
        checkout = await loadCheckout(request.repo);
        dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-bets-'));
        const config = checkout.config.loadConfig(
          // As an operator runs it: answers are not checked against their schemas (a development aid).
          { NODE_ENV: 'production' },
          { port: 0, host: '127.0.0.1', dataDir, distDir: join(dataDir, 'no-dist'), logLevel: 'silent', seedDemo: false },
        );
        const feed = checkout.simulator.createFeedSimulator({
          seed: 20_261_120,
          matchesPerSport: 30,
          priceChangesPerSecond: 60,
          matchSpeed: 1,
          now: () => Date.now(),
        });
        app = await checkout.app.buildApp(config, { logger: false, feed });
        await app.listen({ port: 0, host: '127.0.0.1' });
        const address = app.server.address();
        if (!address || typeof address === 'string') throw new Error('no address');
        const players = await seedPlayers(checkout, app.database.db, request.players, request.pesos);
        reply({
          kind: 'ready',
          url: `http://127.0.0.1:${address.port}`,
          appKey: config.appKey,
          players,
          bets: betBodies(checkout, app, request.markets, request.stakePesos),
        });
      } else if (request.kind === 'count') {
        const { sql } = await import('drizzle-orm');
        const [row] = await app!.database.db.select({ n: sql<number>`count(*)::int` }).from(checkout!.schema.betTickets);
        reply({ kind: 'count', tickets: row?.n ?? 0, ledger: await checkout!.ledger.ledgerTotal(app!.database.db) });
      } else {
        await app?.close();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      }
    };
    work().catch((error: unknown) =>
      reply({ kind: 'error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
}

if (process.argv.includes('--role=server')) await serve();
