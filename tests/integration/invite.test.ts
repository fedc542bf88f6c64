import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { betTickets, customers, freeBets, invitations, kycVerifications, paymentAccounts } from '../../server/db/schema';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import type { InviteInfoAnswer } from '../../src/contract/answers/invite';
import { BetCode, type PlacementResult } from '../../src/contract/betting';
import { INVITE_OFFER_ID, type InviteTerms } from '../../src/contract/invite';
import { openPicks, singleBody } from './bodies';
import { call, fund, idempotencyKey, internalId, quickCustomer, registerPlayer } from './player';
import { type TestServer, secondInstance, startServer } from './server';

/**
 * Invite friends (issue 35) through the calls players make, on two instances sharing one database: the
 * inviter's code resolved at registration (a bare customer id credits nobody), the reward (the
 * catalogue's invite offer: a free bet) paid only once the friend is 21+, verified, has deposited and
 * has settled qualifying bets, once however many evaluations race; refused with the reason the inviter
 * sees for the inviter's own device, ID number or payout account, and for the inviter themself.
 */

let server: TestServer;
let second: TestServer;

const TERMS: InviteTerms = {
  kind: 'invite',
  title: 'Invite friends: ₱100 free bet each',
  summary: 'Share your link; when a friend qualifies you get a ₱100 free bet.',
  reward: { title: 'Invite reward: ₱100 free bet', amount: 10_000, minOddsHundredths: 150, days: 14 },
  bets: 1,
  minStake: 5_000,
  minOddsHundredths: 101,
};

beforeAll(async () => {
  server = await startServer({}, undefined, { ipCallsPerMinute: 100_000, accountCallsPerMinute: 10_000 });
  second = await secondInstance(server);
  await server.app.promotions.saveOffer(INVITE_OFFER_ID, TERMS, true);
}, 180_000);

afterAll(async () => {
  await second.close();
  await server.close();
});

afterEach(async () => {
  await server.app.bets.idle();
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

const db = () => server.database.db;

async function info(token: string, on: TestServer = server): Promise<InviteInfoAnswer> {
  const answer = await call<InviteInfoAnswer>(on, 'main', 'invite/info', {}, { token });
  expect(answer.code).toBe('0000');
  return answer.data;
}

/** An inviter: registered through the calls when the device matters, else made straight in the database (faster). */
async function inviter(extra?: Record<string, unknown>) {
  let id: number;
  let token: string;
  if (extra) {
    const player = await registerPlayer(server, { extra });
    id = await internalId(server, player.userInfo);
    token = player.webToken.token;
  } else ({ customerId: id, token } = await quickCustomer(server));
  const [row] = await db().select().from(customers).where(eq(customers.id, id));
  return { id, token, code: (await info(token)).code, publicId: row!.publicId, loginName: row!.loginName };
}

async function invitee(invite: Record<string, string>, extra: Record<string, unknown> = {}) {
  const player = await registerPlayer(server, { extra: { invite, ...extra } });
  return { id: await internalId(server, player.userInfo), token: player.webToken.token };
}

const deposited = (id: number) => db().update(customers).set({ firstDepositAt: new Date() }).where(eq(customers.id, id));

/** An identity verification, approved or not, of an ID (its keyed hash as the KYC module writes it). */
async function verification(customerId: number, idHash: string, state = 'approved') {
  await db().insert(kycVerifications).values({
    customerId,
    bizId: randomUUID(),
    kind: 'kyc',
    transactionId: randomUUID(),
    docType: 1,
    state,
    idType: 1,
    idNoHash: idHash,
  });
}

async function payoutAccount(customerId: number, numberHash: string) {
  await db().insert(paymentAccounts).values({
    customerId,
    accountType: 11,
    accountNoEncrypted: 'sealed',
    accountNoLast4: '4567',
    accountNoHash: numberHash,
    accountName: 'Juan dela Cruz',
  });
}

const used = new Set<string>();

/** A ₱50 single, settled (won or lost). */
/**
 * A ₱50 pre-match single, placed now; the answer settles its match. A match the feed ends without a
 * result voids the ticket (a void does not qualify): then another is placed and settled, a few times.
 */
async function settledBet(token: string, customerId: number) {
  const place = async () => {
    await fund(server, customerId, 10_000);
    const [pick] = openPicks(server.app.feed, { live: false, count: 1, exclude: used });
    if (!pick) throw new Error('no pre-match market');
    const placed = await call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', singleBody(pick, 50), {
      token,
      idempotencyKey: idempotencyKey(),
    });
    expect(placed.data.code, placed.data.message).toBe(BetCode.Ok);
    return pick.match.matchId;
  };
  const settle = async (matchId: string) => {
    expect((await fetch(`${server.url}/dev/feed/settle/${matchId}`, { method: 'POST' })).status).toBe(200);
    await server.app.bets.idle();
  };
  const first = await place();
  return async () => {
    await settle(first);
    for (let tries = 0; tries < 5; tries++) {
      const [latest] = await db()
        .select({ status: betTickets.status })
        .from(betTickets)
        .where(eq(betTickets.customerId, customerId))
        .orderBy(desc(betTickets.id))
        .limit(1);
      if (latest?.status !== 'void') return;
      await settle(await place());
    }
  };
}

const rewardsOf = (customerId: number) =>
  db()
    .select()
    .from(freeBets)
    .where(and(eq(freeBets.customerId, customerId), like(freeBets.source, 'invite-%')));

describe('invite friends', () => {
  it('pays the inviter once, and only when the friend is 21+, verified, has deposited and has a settled qualifying bet', async () => {
    const host = await inviter();
    expect(host.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await info(host.token)).code).toBe(host.code); // the same code every time
    const friend = await invitee({ inviteTempleId: host.code.toLowerCase() });

    let page = await info(host.token);
    expect(page.offer?.reward).toBe(10_000);
    expect(page.offer?.terms.join(' ')).toContain('₱100 free bet');
    expect(page.invitees).toHaveLength(1);
    expect(page.invitees[0]).toMatchObject({
      status: 'pending',
      reason: null,
      age: { done: true },
      kyc: { done: false },
      deposit: { done: false },
      bets: { done: 0, needed: 1 },
      reward: 0,
    });
    // Masked: the nickname's first letters, the phone's last four digits.
    expect(page.invitees[0]!.name).toMatch(/^..\*\*\*$/);
    expect(page.invitees[0]!.phone).toMatch(/^••• \d{4}$/);

    // Each condition in turn: nothing is paid until the last one.
    await deposited(friend.id);
    expect(await server.app.invites.evaluate(friend.id)).toBe('pending');
    await verification(friend.id, `id-${randomUUID()}`);
    expect(await server.app.invites.evaluate(friend.id)).toBe('pending');
    const settle = await settledBet(friend.token, friend.id);
    expect(await server.app.invites.evaluate(friend.id)).toBe('pending'); // placed, not settled
    page = await info(host.token);
    expect(page.invitees[0]).toMatchObject({
      kyc: { done: true },
      deposit: { done: true },
      bets: { done: 0, needed: 1 },
      status: 'pending',
    });
    // Under 21 on the day it is decided (a corrected birthday): still nothing.
    const young = new Date();
    young.setFullYear(young.getFullYear() - 20);
    await db()
      .update(customers)
      .set({ birthday: young.toISOString().slice(0, 10) })
      .where(eq(customers.id, friend.id));
    await settle();
    expect(await server.app.invites.evaluate(friend.id)).toBe('pending');
    expect(await rewardsOf(host.id)).toHaveLength(0);
    await db().update(customers).set({ birthday: '1995-03-14' }).where(eq(customers.id, friend.id));

    // Every condition met: the job pays, and a replay of the job, the page and the evaluation pay nothing more.
    expect(await server.app.jobs.tick(Date.now(), ['invite-rewards'])).toEqual({ 'invite-rewards': 1 });
    expect(await server.app.jobs.tick(Date.now(), ['invite-rewards'])).toEqual({ 'invite-rewards': 0 });
    expect(await server.app.invites.evaluate(friend.id)).toBe('rewarded');
    page = await info(host.token);
    expect(page.invitees[0]).toMatchObject({ status: 'rewarded', reward: 10_000, bets: { done: 1, needed: 1 } });
    expect(page).toMatchObject({ rewarded: 1, earned: 10_000 });
    const rewards = await rewardsOf(host.id);
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ amount: 10_000, minOddsHundredths: 150, status: 'active' });
    // The inviter sees the free bet among their promotions.
    const promotions = await call<{ freeBets: { amount: number }[] }>(server, 'main', 'promotion/list', {}, { token: host.token });
    expect(promotions.data.freeBets.map((bet) => bet.amount)).toContain(10_000);
  }, 300_000);

  it('pays once when evaluations race on two instances and the page is opened at the same time', async () => {
    const host = await inviter();
    const friend = await invitee({ inviteTempleId: host.code });
    await deposited(friend.id);
    await verification(friend.id, `id-${randomUUID()}`);
    await (
      await settledBet(friend.token, friend.id)
    )();
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 8 }, (_, i) => (i % 2 ? second : server).app.invites.evaluate(friend.id)),
      server.app.invites.evaluatePending(),
      second.app.invites.evaluatePending(),
      info(host.token, second),
      info(host.token),
    ]);
    // Whatever answered says rewarded (an evaluation that lost a lock wait may fail; the job tries again).
    const answered = outcomes.slice(0, 8).flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(answered.length).toBeGreaterThan(0);
    expect(new Set(answered)).toEqual(new Set(['rewarded']));
    expect(await rewardsOf(host.id)).toHaveLength(1);
    const [row] = await db().select().from(invitations).where(eq(invitations.inviteeId, friend.id));
    expect(row).toMatchObject({ status: 'rewarded', inviterId: host.id });
  }, 300_000);

  it('refuses, with the reason shown to the inviter, a friend on the inviter’s device, with their ID number or their payout account', async () => {
    const fingerprint = 'ab'.repeat(16);
    const host = await inviter({ fingerprint });
    const idHash = `id-${randomUUID()}`;
    const payoutHash = `payout-${randomUUID()}`;
    await verification(host.id, idHash, 'rejected');
    await payoutAccount(host.id, payoutHash);

    const sameDevice = await invitee({ inviteTempleId: host.code }, { fingerprint });
    const sameId = await invitee({ inviteTempleId: host.code });
    const samePayout = await invitee({ inviteTempleId: host.code });
    for (const friend of [sameDevice, sameId, samePayout]) {
      await deposited(friend.id);
      if (friend !== sameId) await verification(friend.id, `id-${randomUUID()}`);
    }
    await verification(sameId.id, idHash);
    await payoutAccount(samePayout.id, payoutHash);
    for (const friend of [sameId, samePayout]) await (await settledBet(friend.token, friend.id))();

    const page = await info(host.token);
    const reasons = page.invitees.map((row) => [row.status, row.reason]);
    expect(reasons.sort()).toEqual(
      [
        ['refused', 'device'],
        ['refused', 'idNumber'],
        ['refused', 'payoutAccount'],
      ].sort(),
    );
    // A refusal is final: nothing is paid, however often it is looked at again.
    expect(await server.app.invites.evaluate(sameId.id)).toBe('refused');
    expect(await rewardsOf(host.id)).toHaveLength(0);
  }, 300_000);

  it('refuses an invitation of oneself, and credits nobody from a bare or mismatched customer id', async () => {
    const host = await inviter();
    const other = await inviter();
    // Self: the inviter's own code on the inviter's own account (recorded as refused, never paid).
    await db().transaction((tx) => server.app.invites.record(tx, host.id, { inviteTempleId: host.code }));
    let page = await info(host.token);
    expect(page.invitees.map((row) => [row.status, row.reason])).toEqual([['refused', 'self']]);

    // A raw customer id or login name is not trusted, and one that contradicts the code voids the link.
    await invitee({ inviteFromCustomerId: host.publicId, inviteFromLoginName: host.loginName });
    await invitee({ inviteTempleId: other.code, inviteFromCustomerId: host.publicId });
    await invitee({ inviteTempleId: 'ZZZZZZZZ' });
    // The code with its owner's own names is accepted.
    await invitee({ inviteTempleId: host.code, inviteFromCustomerId: host.publicId, inviteFromLoginName: host.loginName });
    page = await info(host.token);
    expect(page.invitees.map((row) => row.status).sort()).toEqual(['pending', 'refused']);
    expect((await info(other.token)).invitees).toEqual([]);
  }, 300_000);
});
