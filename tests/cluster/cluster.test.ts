/**
 * `npm run test:cluster`: the product as an operator runs it for the evening peak (issue 15). One real
 * cluster for the whole file, built as `npm run start:cluster` builds it (scripts/cluster): PostgreSQL,
 * RabbitMQ, instances a and b (server/main.ts on the built PWA) and HAProxy in front, all on 127.0.0.1
 * under a temporary folder, each daemon in a process group of its own, stopped by group at the end.
 * Players register and bet through the app's own calls, each from a loopback address of its own.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '@playwright/test';
import { type Cluster, startCluster } from '../../scripts/cluster/cluster';
import { openDatabase } from '../../server/db';
import { VoucherService } from '../../server/modules/vouchers/service';
import { HOUSE, houseAccountId, post as postLedger, walletAccountId } from '../../server/modules/wallet/ledger';
import type { ListSnapshot } from '../../src/contract/feed';
import { Destination, STOMP_PATH } from '../../src/contract/feed';
import { readEnvelope } from '../../src/contract/envelopes';
import { MarketStatus } from '../../src/contract/sports';
import { launchChromium, PHONE } from '../bench/browser';
import { type Pick, singleBody } from '../integration/bodies';
import { spellingsOf } from '../integration/spellings';
import { type Player, type Socket, call, closeAgents, compressed, openSocket, post, registerPlayer, until } from './client';

let cluster: Cluster;
let appKey: string;
let dir: string;
const sockets: Socket[] = [];

const url = (name: 'a' | 'b' | 'balancer') => (name === 'balancer' ? cluster.balancer!.url : cluster.instances.get(name)!.url);
const wsUrl = (name: 'a' | 'b' | 'balancer') => `${url(name).replace(/^http/, 'ws')}${STOMP_PATH}`;

/** Each player comes from a loopback address of its own (127.0.1.x), as phones do from theirs. */
let nextAddress = 1;
const newAddress = () => `127.0.1.${nextAddress++}`;

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A registered player (through `via`) with `pesos` deposited in the main wallet. */
async function fundedPlayer(via: 'a' | 'b' | 'balancer', pesos = 5_000): Promise<Player> {
  const player = await registerPlayer(url(via), appKey, cluster.databaseUrl, newAddress());
  const database = await openDatabase({ url: cluster.databaseUrl });
  try {
    await database.db.transaction(async (tx) => {
      await postLedger(tx, {
        kind: 'deposit',
        customerId: player.customerId,
        reference: `test:deposit:${randomUUID()}`,
        entries: [
          { accountId: await houseAccountId(tx, HOUSE.payments), amount: -pesos * 100 },
          { accountId: await walletAccountId(tx, player.customerId, 'main'), amount: pesos * 100 },
        ],
      });
    });
  } finally {
    await database.close();
  }
  return player;
}

async function socket(via: 'a' | 'b' | 'balancer', token: string | undefined, destinations: string[], reconnectMs = 0): Promise<Socket> {
  const opened = await openSocket(wsUrl(via), token, { reconnectMs });
  sockets.push(opened);
  for (const destination of destinations) await opened.subscribe(destination);
  return opened;
}

/** Pre-match football matches with a running main market, as the list shows them (through `via`). */
async function openPicks(via: 'a' | 'b' | 'balancer', count: number): Promise<Pick[]> {
  const picks: Pick[] = [];
  for (const mode of ['today', 'early'] as const) {
    const list = await compressed<ListSnapshot>(url(via), appKey, 'saba/queryCompressedMatchList', { sportTypeId: '1', mode });
    for (const match of list.matches) {
      const market = list.markets.find(
        (m) => m.matchId === match.matchId && m.main && m.status === MarketStatus.Running && m.selections.every((s) => s.price > 1),
      );
      const selection = market?.selections[0];
      if (market && selection && picks.length < count) picks.push({ match, market, key: selection.key, price: selection.price });
    }
  }
  if (picks.length < count) throw new Error(`only ${picks.length} open pre-match markets`);
  return picks;
}

interface Placed {
  code: number;
  ticket?: { transId: string; status: string };
}

/**
 * Places a bet as the app does: one Idempotency-Key, sent again with the same key when the answer is
 * lost (the connection cut, the balancer's 502/503 while an instance dies), until an answer comes.
 */
async function placeBet(via: 'a' | 'b' | 'balancer', player: Player, pick: Pick, stake: number): Promise<Placed> {
  const key = `idem-${randomUUID()}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const answer = await call<Placed>(url(via), appKey, 'tp', 'saba/sabaDoPlaceBetV2', singleBody(pick, stake), {
        token: player.token,
        idempotencyKey: key,
        from: player.from,
      });
      if (answer.status < 500) {
        // A refusal by the gateway (the per-player limit, say) carries no bet answer: say which.
        if (!answer.data) throw new Error(`bet refused by the gateway: HTTP ${answer.status} ${answer.code} ${answer.message}`);
        return answer.data;
      }
    } catch (error) {
      if (Date.now() > deadline || String(error).includes('refused by the gateway')) throw error;
    }
    if (Date.now() > deadline) throw new Error('no answer to the bet within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A bet that is accepted: prices move all the time (FEED_RATE), so a pick refused for its price is
 * picked again from a fresh list, as the player would after the app shows the new price.
 */
async function placeAccepted(
  via: 'a' | 'b' | 'balancer',
  player: Player,
  stake: number,
  skip = 0,
): Promise<Placed & { ticket: { transId: string } }> {
  let last: Placed | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const picks = await openPicks(via, skip + 1);
    last = await placeBet(via, player, picks[skip]!, stake);
    if (last.code === 0 && last.ticket) return last as Placed & { ticket: { transId: string } };
  }
  throw new Error(`no bet accepted in 5 tries: ${JSON.stringify(last)}`);
}

/** Deposit vouchers of ₱`pesos` as the operator issues them: their codes. */
async function depositVouchers(count: number, pesos: number): Promise<string[]> {
  const database = await openDatabase({ url: cluster.databaseUrl });
  try {
    // Issuing publishes nothing; the service only wants the bus for redemptions, which go through the instances.
    const events = { publish: () => undefined } as unknown as ConstructorParameters<typeof VoucherService>[0]['events'];
    const service = new VoucherService({ db: database.db, events });
    return await service.issue({ kind: 'deposit', amount: pesos * 100, count, expiresAt: new Date(Date.now() + 86_400_000) });
  } finally {
    await database.close();
  }
}

/** A deposit by voucher as the app sends it: one Idempotency-Key, sent again while the answer is lost. */
async function depositByVoucher(via: 'a' | 'b' | 'balancer', player: Player, voucherCode: string): Promise<string> {
  const key = `idem-${randomUUID()}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const answer = await call(
        url(via),
        appKey,
        'main',
        'deposit/depositByVoucher',
        { voucherCode },
        { token: player.token, idempotencyKey: key, from: player.from },
      );
      if (answer.status < 500) return answer.code;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error('no answer to the deposit within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function balance(via: 'a' | 'b' | 'balancer', player: Player): Promise<number> {
  const answer = await call<{ balance: number }>(
    url(via),
    appKey,
    'main',
    'customer/getBalance',
    {},
    { token: player.token, from: player.from },
  );
  return answer.data.balance;
}

async function tickets(player: Player): Promise<{ trans_id: string; status: string }[]> {
  return sql('SELECT trans_id, status FROM bet_tickets WHERE customer_id = $1 ORDER BY id', [player.customerId]);
}

/** Which instance holds the feed's lease: job_leases rows name their holder host:pid:random. */
async function feedLeader(): Promise<'a' | 'b' | undefined> {
  const rows = await sql<{ name: string; holder: string }>(
    "SELECT name, holder FROM job_leases WHERE name ILIKE '%feed%' AND expires_at > now()",
  );
  const pid = Number(rows[0]?.holder.split(':')[1]);
  for (const [name, instance] of cluster.instances) if (instance.pid === pid && instance.running()) return name as 'a' | 'b';
  return undefined;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'panalo-cluster-test-'));
  // As root, PostgreSQL runs as the postgres user, who must reach its folder inside this one.
  chmodSync(dir, 0o755);
  cluster = await startCluster({
    dir,
    env: { LOG_LEVEL: 'warn', FEED_RATE: '200' },
    // Beside a running `npm run start:cluster` (node panalo-cluster), a node of its own.
    rabbitId: `test${process.pid}`,
    log: (line) => process.stdout.write(`  cluster: starting ${line}\n`),
  });
  appKey = (JSON.parse(readFileSync(join(dir, 'shared', 'secrets.json'), 'utf8')) as { appKey: string }).appKey;
}, 180_000);

// A test that killed an instance leaves it to this: started again on its port and data, back in the balancer.
afterEach(async () => {
  for (const [name, instance] of cluster.instances) if (!instance.running()) await cluster.start(name);
  await cluster.balancer!.waitUp();
}, 120_000);

afterAll(async () => {
  for (const opened of sockets) await opened.close().catch(() => undefined);
  closeAgents();
  await cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('two instances on PostgreSQL and RabbitMQ behind HAProxy', () => {
  it("a bet placed through instance A pushes the player's balance and bet to the socket held by instance B", async () => {
    const player = await fundedPlayer('a');
    const onB = await socket('b', player.token, [Destination.balance, Destination.bets]);
    const placed = await placeAccepted('a', player, 100);
    await until('the balance push on B', () => onB.inbox.get(Destination.balance)!.length > 0);
    await until('the bet push on B', () => onB.inbox.get(Destination.bets)!.length > 0);
    expect(onB.inbox.get(Destination.bets)![0]!.body).toContain(placed.ticket!.transId);
    expect(await balance('b', player)).toBe(5_000 * 100 - 100 * 100);
  });

  it("a player's queues cannot be read from any instance by another player, and another's events never reach them", async () => {
    const [owner, other] = [await fundedPlayer('a'), await fundedPlayer('b')];
    const ownerOnB = await socket('b', owner.token, [Destination.balance]);
    const otherOnA = await socket('a', other.token, [Destination.balance, Destination.bets]);
    const otherOnB = await socket('b', other.token, [Destination.balance, Destination.bets]);
    await placeAccepted('a', owner, 50);
    await until("the owner's balance push on B", () => ownerOnB.inbox.get(Destination.balance)!.length > 0);
    for (const inbox of [otherOnA.inbox, otherOnB.inbox]) {
      expect(inbox.get(Destination.balance)).toEqual([]);
      expect(inbox.get(Destination.bets)).toEqual([]);
    }
    // Naming the owner's queue outright is refused on every instance.
    for (const via of ['a', 'b'] as const) {
      const prying = await openSocket(wsUrl(via), other.token);
      sockets.push(prying);
      await expect(prying.subscribe(`/user/${owner.customerId}/queue/balance`)).rejects.toThrow();
      expect(prying.errors.join(' ')).toContain('is not yours to read');
    }
  });

  it('restarting either instance voids nothing: open bets stay open and the money stays where it was', async () => {
    const player = await fundedPlayer('balancer');
    const placed = [];
    for (const at of [0, 1, 2]) placed.push(await placeAccepted(at % 2 ? 'b' : 'a', player, 200, at));
    const before = await balance('balancer', player);
    expect(before).toBe(5_000 * 100 - 3 * 200 * 100);

    await cluster.restart('b');
    await cluster.balancer!.waitUp();
    await cluster.restart('a');
    await cluster.balancer!.waitUp();
    // The restart voiding rule ran 11 s after placement when each instance ran its own feed: past it.
    await new Promise((resolve) => setTimeout(resolve, 15_000));

    const after = await tickets(player);
    expect(after.map((ticket) => ticket.status)).toEqual(['running', 'running', 'running']);
    expect(after.map((ticket) => ticket.trans_id).sort()).toEqual(placed.map((bet) => bet.ticket.transId).sort());
    expect(await balance('a', player)).toBe(before);
    expect(await balance('b', player)).toBe(before);
  }, 120_000);

  it('killing instance A under load moves its players to B with no bet, deposit or balance message lost', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => fundedPlayer('balancer', 1_000)));
    const vouchers = await depositVouchers(players.length * 40, 100);
    // Through the balancer, which spreads the sockets over both instances; each reconnects as the worker does.
    const playerSockets = await Promise.all(players.map((player) => socket('balancer', player.token, [Destination.balance], 300)));
    const picks = await openPicks('balancer', 4);
    const placed = new Map<Player, Placed[]>(players.map((player) => [player, []]));
    const deposited = new Map<Player, string[]>(players.map((player) => [player, []]));
    let stop = false;
    // Each player bets and deposits in turn, through the balancer, until told to stop, at a fast player's
    // pace: a quiet machine answers in milliseconds, and back to back the loop passed the per-player limit
    // (300 calls a minute), which refuses without a bet.
    const load = players.map(async (player, at) => {
      for (let round = 0; !stop; round++) {
        placed.get(player)!.push(await placeBet('balancer', player, picks[(at + round) % picks.length]!, 10));
        const code = vouchers[at * 40 + round];
        if (code && (await depositByVoucher('balancer', player, code)) === '0000') deposited.get(player)!.push(code);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const spread = await cluster.balancer!.connections();
    await cluster.instances.get('a')!.kill();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    stop = true;
    await Promise.all(load);

    // Some sockets were on A: they reconnected (to B, the only one left).
    expect(
      playerSockets.some((opened) => opened.connects > 1),
      `a socket reconnected (connections before the kill: ${JSON.stringify(spread)})`,
    ).toBe(true);
    const answers = [...placed.values()].flat();
    // Most are accepted; a bet refused is refused for its price (the feed moves prices 200 times a second).
    expect(answers.filter((bet) => bet.code === 0).length).toBeGreaterThan(answers.length / 2);
    for (const player of players) {
      const accepted = placed.get(player)!.filter((bet) => bet.code === 0);
      // Each accepted bet is in the database exactly once (an answer lost in the kill was asked again
      // with its Idempotency-Key), and no refused one is; the wallet holds exactly the rest.
      const stored = await tickets(player);
      expect(stored.map((ticket) => ticket.trans_id).sort()).toEqual(accepted.map((bet) => bet.ticket!.transId).sort());
      // Every voucher the player deposited was credited once: one paid deposit order each.
      const credited = deposited.get(player)!;
      expect(credited.length).toBeGreaterThan(0);
      const orders = await sql<{ n: number }>(
        "SELECT count(*)::int AS n FROM deposit_orders WHERE customer_id = $1 AND pay_type = 'voucher' AND status = 'paid'",
        [player.customerId],
      );
      expect(orders[0]?.n).toBe(credited.length);
      expect(await balance('balancer', player)).toBe(1_000 * 100 + credited.length * 100 * 100 - accepted.length * 10 * 100);
    }
    // And the players' sockets (now all on B) still get their pushes: one more bet each.
    const counts = playerSockets.map((opened) => opened.inbox.get(Destination.balance)!.length);
    for (const player of players) await placeAccepted('balancer', player, 10);
    await until('a balance push on every socket after the kill', () =>
      playerSockets.every((opened, at) => opened.inbox.get(Destination.balance)!.length > counts[at]!),
    );
  }, 120_000);

  it('killing the feed leader: another instance leads within 10 s, with the same matches, and prices keep moving in the browser', async () => {
    let browser: Browser | undefined;
    try {
      const leader = await feedLeader();
      expect(leader, 'an instance holds the feed lease (job_leases)').toBeDefined();
      const follower = leader === 'a' ? 'b' : 'a';
      const listed = async () =>
        (
          await compressed<ListSnapshot>(url('balancer'), appKey, 'saba/queryCompressedMatchList', { sportTypeId: '1', mode: 'today' })
        ).matches
          .map((match) => match.matchId)
          .sort();
      const matchesBefore = await listed();

      browser = await launchChromium();
      const page = await (await browser.newContext(PHONE)).newPage();
      await page.goto(`${url('balancer')}/sports`);
      await page.waitForSelector('[data-price]', { timeout: 60_000 });
      const prices = () =>
        page.evaluate<string>(`[...document.querySelectorAll('[data-price]')].map((node) => node.getAttribute('data-price')).join(',')`);
      const moving = async (what: string, timeoutMs: number) => {
        const first = await prices();
        await until(what, async () => (await prices()) !== first, timeoutMs);
      };
      await moving('prices moving before the kill', 15_000);

      await cluster.instances.get(leader!)!.kill();
      await until('another instance leads the feed', async () => (await feedLeader()) === follower, 10_000);
      await moving('prices moving in the browser after the takeover', 20_000);
      expect(await listed()).toEqual(expect.arrayContaining(matchesBefore.slice(0, Math.min(matchesBefore.length, 10))));
    } finally {
      await browser?.close();
    }
  }, 150_000);

  it('one address is limited once across both instances, and the balancer passes on the player’s address', async () => {
    const limitOf = async (via: ('a' | 'b' | 'balancer')[], from: string, calls: number) => {
      let served = 0;
      let limited = 0;
      for (let first = 0; first < calls; first += 25) {
        const answers = await Promise.all(
          Array.from({ length: Math.min(25, calls - first) }, (_, i) =>
            post(url(via[(first + i) % via.length]!), appKey, 'front', 'front/publicKey', {}, { from }),
          ),
        );
        for (const answer of answers) {
          if (answer.status === 200) served += 1;
          else if (answer.status === 429) limited += 1;
        }
      }
      return { served, limited };
    };
    // Straight to both instances, alternately, from one address: 600 calls a minute in all, not 600 each.
    expect(await limitOf(['a', 'b'], '127.0.2.1', 700)).toEqual({ served: 600, limited: 100 });
    // Through the balancer: the instances see the player's address (not the balancer's) and limit it once…
    expect(await limitOf(['balancer'], '127.0.2.2', 700)).toEqual({ served: 600, limited: 100 });
    // …and another player's address is still served.
    expect(await limitOf(['balancer'], '127.0.2.3', 5)).toEqual({ served: 5, limited: 0 });
  }, 120_000);

  it('a call spelled another way is unknown on every instance and through the balancer: a route’s own limit is spent once', async () => {
    const from = '127.0.2.9';
    const codes: string[] = [];
    const via = ['a', 'b', 'balancer'] as const;
    for (let n = 0; n < 31; n++) {
      for (const [i, path] of spellingsOf('/api/main/hCaptcha/generate').entries()) {
        const answer = await post(url(via[(n + i) % 3]!), appKey, 'main', 'hCaptcha/generate', {}, { from, path });
        expect(answer.status, `${path} through ${via[(n + i) % 3]}`).toBe(404);
      }
      const answer = await post(url(via[n % 3]!), appKey, 'main', 'hCaptcha/generate', {}, { from });
      codes.push(readEnvelope(JSON.parse(answer.body.toString('utf8')))?.code ?? String(answer.status));
    }
    expect(codes).toEqual([...Array(30).fill('0000'), 'GW_800429']);
  }, 120_000);

  it('the balancer sets HSTS on every answer it sends over TLS, and none over plain HTTP', async () => {
    const headersOf = (address: string) =>
      new Promise<Record<string, string | string[] | undefined>>((done, fail) => {
        const get = address.startsWith('https:') ? httpsGet : httpGet;
        get(`${address}/readyz`, { rejectUnauthorized: false }, (res) => {
          res.resume();
          res.on('end', () => done(res.headers));
        }).on('error', fail);
      });
    expect((await headersOf(cluster.balancer!.tlsUrl))['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await headersOf(cluster.balancer!.url))['strict-transport-security']).toBeUndefined();
  });
});
