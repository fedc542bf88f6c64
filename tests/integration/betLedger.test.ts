import { eq, inArray, isNull, and } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { betTickets, ledgerAccounts } from '../../server/db/schema';
import { BetService, type BetServiceOptions } from '../../server/modules/bets/service';
import { HOUSE, OPEN_BETS_SHARDS, ledgerTotal } from '../../server/modules/wallet/ledger';
import { BetCode, type ParlayResult, type PlacementResult, isOpenTicket } from '../../src/contract/betting';
import { type Pick, openPicks, parlayBody, singleBody } from './bodies';
import { call, fund, idempotencyKey, mainBalance, quickCustomer } from './player';
import { type TestServer, startServer } from './server';

/**
 * The ledger around bets placed in batches on a sharded house account (issue 31): whatever the
 * concurrency, each shard of house:open-bets holds exactly the stakes of its open tickets, the shards
 * together hold every open stake, each player's balance is what the tickets say, and the whole ledger
 * sums to zero; the placement gate (issues 34/35) refuses inside the placement transaction.
 */

let server: TestServer;
const ACCEPT_DELAY_MS = 200;

beforeAll(async () => {
  server = await startServer({}, undefined, {
    betAcceptDelayMs: ACCEPT_DELAY_MS,
    ipCallsPerMinute: 100_000,
    accountCallsPerMinute: 10_000,
  });
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  await server.app.bets.idle();
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const db = () => server.database.db;

/** Each shard's balance against the stakes of the open tickets it holds (tickets from before the shards: the first). */
async function shardsAgainstTickets() {
  const shards = await db()
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.customerId), inArray(ledgerAccounts.kind, [...OPEN_BETS_SHARDS])));
  const first = shards.find((shard) => shard.kind === HOUSE.openBets)!.id;
  const tickets = await db()
    .select({ stake: betTickets.stake, status: betTickets.status, account: betTickets.stakeAccountId })
    .from(betTickets);
  const open = new Map<number, number>();
  for (const ticket of tickets) {
    if (!isOpenTicket(ticket.status)) continue;
    const account = ticket.account ?? first;
    open.set(account, (open.get(account) ?? 0) + ticket.stake);
  }
  return {
    shards: shards.length,
    balances: Object.fromEntries(shards.map((shard) => [shard.kind, shard.balance])),
    openStakes: Object.fromEntries(shards.map((shard) => [shard.kind, open.get(shard.id) ?? 0])),
    used: new Set(tickets.map((ticket) => ticket.account ?? first)).size,
  };
}

/** A betting service of its own, on the server's database and feed, with a gate. */
const gated = (gate: NonNullable<BetServiceOptions['gate']>) =>
  new BetService({
    db: db(),
    feed: server.app.feed,
    acceptDelayMs: ACCEPT_DELAY_MS,
    publishBet: () => undefined,
    onBalanceChange: () => undefined,
    log: server.app.log,
    reconcileOnStart: false,
    gate,
  });

const place = (token: string, body: unknown, key = idempotencyKey()) =>
  call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', body, { token, idempotencyKey: key });
const placeParlay = (token: string, body: unknown) =>
  call<ParlayResult>(server, 'tp', 'sabaCombo/comboBetToSaba', body, { token, idempotencyKey: idempotencyKey() });

describe('bets in batches on a sharded house account', () => {
  it('keeps each shard equal to the stakes of its open tickets, every balance right and the ledger at zero, through concurrent bets, live checks and settlement', async () => {
    const feed = server.app.feed;
    const prematch = openPicks(feed, { live: false, count: 4, filter: (m) => m.main && m.combo });
    const live = openPicks(feed, { live: true, count: 2 });
    const players = await Promise.all(Array.from({ length: 12 }, () => quickCustomer(server)));
    for (const player of players) await fund(server, player.customerId, 2_000_00);

    // Every player at once: four singles, a live single, a parlay; some players twice over.
    const calls = players.flatMap((player, i) => [
      ...prematch.map((pick, j) => place(player.token, singleBody(pick, 100 + i + j))),
      place(player.token, singleBody(live[i % live.length]!, 100, { acceptOddsChange: 'any' })),
      placeParlay(player.token, parlayBody(prematch.slice(0, 3) as Pick[], [{ combo_type: 'Doubles', stake: 20 }])),
      ...(i % 3 === 0 ? prematch.map((pick) => place(player.token, singleBody(pick, 50))) : []),
    ]);
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.data.code)).toEqual(answers.map(() => BetCode.Ok));

    const placed = await shardsAgainstTickets();
    expect(placed.shards).toBe(16);
    expect(placed.balances).toEqual(placed.openStakes);
    // Batches took more than one shard (each takes a free one at random).
    expect(placed.used).toBeGreaterThan(1);

    // The live tickets are decided; two matches end and their tickets settle (the parlays keep a running leg).
    await sleep(ACCEPT_DELAY_MS * 3);
    await server.app.bets.idle();
    for (const pick of prematch.slice(0, 2)) {
      expect((await fetch(`${server.url}/dev/feed/settle/${pick.match.matchId}`, { method: 'POST' })).status).toBe(200);
    }
    await server.app.bets.idle();
    const settled = await shardsAgainstTickets();
    expect(settled.balances).toEqual(settled.openStakes);
    const total = Object.values(settled.balances).reduce((sum, balance) => sum + balance, 0);
    expect(total).toBeLessThan(Object.values(placed.balances).reduce((sum, balance) => sum + balance, 0));

    // Each player's wallet is the deposit less the stakes of tickets not rejected, plus what settled tickets paid.
    for (const player of players) {
      const tickets = await db().select().from(betTickets).where(eq(betTickets.customerId, player.customerId));
      const expected = tickets.reduce(
        (left, ticket) => (ticket.status === 'reject' ? left : left - ticket.stake + (isOpenTicket(ticket.status) ? 0 : ticket.payout)),
        2_000_00,
      );
      expect(await mainBalance(server, player.token)).toBe(expected);
    }
    // About a hundred placements and two settlements: 16 s on a quiet box, over 30 s at load 45.
  }, 120_000);
});

describe('the placement gate', () => {
  it('refuses inside the placement transaction: the refusal is the answer, a retry gets it again, nothing moves for it', async () => {
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 1_000_00);
    const [pick] = openPicks(server.app.feed, { live: false, count: 1 });
    const seen: { customerId: number; stake: number; balance: number }[] = [];
    let limit = 200_00;
    // A stand-in for a responsible-gaming rule: no stake above `limit`, judged on the balance as this
    // transaction holds it (the wallet is locked by then).
    const service = gated(async (tx, bets) => {
      const rows = await tx
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.customerId, player.customerId), eq(ledgerAccounts.kind, 'main')));
      return bets.map((bet) => {
        seen.push({ customerId: bet.customerId, stake: bet.ticket.stake, balance: rows[0]!.balance });
        return bet.ticket.stake > limit ? { ok: false, code: 9_001, message: 'Above your bet limit of ₱200.00.' } : undefined;
      });
    });
    const small = idempotencyKey();
    const large = idempotencyKey();
    const [accepted, refused] = await Promise.all([
      service.placeSingle(player.customerId, small, singleBody(pick!, 100)),
      service.placeSingle(player.customerId, large, singleBody(pick!, 300)),
    ]);
    expect(accepted).toMatchObject({ code: BetCode.Ok, bet_status: 'running' });
    expect(refused).toEqual({ code: 9_001, message: 'Above your bet limit of ₱200.00.', bet_status: 'reject' });
    expect(seen.map((bet) => bet.stake).sort()).toEqual([100_00, 300_00]);
    // Read in the placement's transaction: the wallet as it stands before that transaction's stakes.
    expect(seen.map((bet) => bet.balance).sort()).toEqual(
      seen.length === 2 && seen[0]!.balance === seen[1]!.balance ? [1_000_00, 1_000_00] : [900_00, 1_000_00],
    );

    // The rule is lifted, the same call comes again: it gets its first answer, and no ticket.
    limit = 1_000_00;
    expect(await service.placeSingle(player.customerId, large, singleBody(pick!, 300))).toEqual(refused);
    const tickets = await db().select().from(betTickets).where(eq(betTickets.customerId, player.customerId));
    expect(tickets.map((ticket) => ticket.stake)).toEqual([100_00]);
    expect(await mainBalance(server, player.token)).toBe(900_00);
    await service.stop();
  });

  it('fails only the call whose part of a batch failed: the others in the same transaction are written', async () => {
    const [good, bad] = await Promise.all([quickCustomer(server), quickCustomer(server)]);
    for (const player of [good!, bad!]) await fund(server, player.customerId, 1_000_00);
    const [pick] = openPicks(server.app.feed, { live: false, count: 1 });
    const batches: number[] = [];
    const service = gated(async (_tx, bets) => {
      batches.push(bets.length);
      if (bets.some((bet) => bet.customerId === bad!.customerId)) throw new Error('the gate could not decide');
      return bets.map(() => undefined);
    });
    const [kept, failed] = await Promise.allSettled([
      service.placeSingle(good!.customerId, idempotencyKey(), singleBody(pick!, 100)),
      service.placeSingle(bad!.customerId, idempotencyKey(), singleBody(pick!, 100)),
    ]);
    // Both calls went in one transaction, which failed; each was then tried alone.
    expect(batches[0]).toBe(2);
    expect(kept).toMatchObject({ status: 'fulfilled', value: { code: BetCode.Ok } });
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'the gate could not decide' } });
    expect(await mainBalance(server, good!.token)).toBe(900_00);
    expect(await mainBalance(server, bad!.token)).toBe(1_000_00);
    expect(await db().select().from(betTickets).where(eq(betTickets.customerId, bad!.customerId))).toEqual([]);
    await service.stop();
  });
});
