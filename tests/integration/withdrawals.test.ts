import { eq, sql } from 'drizzle-orm';
import { withdrawConfig } from '../../server/config';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, withdrawalOrders } from '../../server/db/schema';
import { HOUSE, houseAccountId, ledgerTotal } from '../../server/modules/wallet/ledger';
import { EVERY_USER_INFO_FIELD } from '../../src/contract/forms';
import { GatewayCode, SpecCode } from '../../src/contract/errorCodes';
import type { UserInfo } from '../../src/contract/user';
import { prematchPick, singleBody } from './bodies';
import { DEMO_PLAYER } from '../../server/plugins/seed';
import { call, encrypt, fundedPlayer, idempotencyKey, lastCode, loginWithPassword, registerPlayer } from './player';
import { type TestServer, startServer } from './server';
import { reconcilePayouts } from '../../server/modules/withdrawals/reconcile';
import { WITHDRAW_PASSWORD, type Withdrawer, readyToWithdraw } from './withdrawing';

let server: TestServer;
/** The server's clock: tests move it past a withdrawal-password pause. */
let now = Date.now();

beforeAll(async () => {
  server = await startServer({}, undefined, { clock: () => now });
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

interface Switch {
  minWithdrawAmount: number;
  maxWithdrawAmount: number;
  amountList: number[];
  channelMax: Record<string, number>;
  withdrawable: number;
  turnoverRemaining: number;
  hasWithdrawPassword: boolean;
}

const PASSWORD = '482915';

async function setPassword(token: string, phone: string, password = PASSWORD) {
  const sent = await call(server, 'main', 'customer/sendVerificationCode', { purpose: 'withdrawPwd' }, { token });
  expect(sent.code, sent.message).toBe('0000');
  return call(
    server,
    'main',
    'customer/setWithdrawPwd',
    { withdrawPassword: await encrypt(server, password), code: await lastCode(server, phone) },
    { token },
  );
}

const modify = async (token: string, old: string, next: string) =>
  call(
    server,
    'main',
    'customer/modifyWithdrawPwd',
    { withdrawPassword: await encrypt(server, old), newWithdrawalPwd: await encrypt(server, next) },
    { token },
  );

describe('withdrawal password', () => {
  it('is set with the SMS code, shows in userInfo, and refuses weak ones', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const info = async () => (await call<UserInfo>(server, 'main', 'customer/getByLoginName', EVERY_USER_INFO_FIELD, { token })).data;
    expect((await info()).withdrewPwd).toBe(false);

    const noCode = await call(server, 'main', 'customer/setWithdrawPwd', { withdrawPassword: await encrypt(server, PASSWORD) }, { token });
    expect(noCode.code).toBe(GatewayCode.CodeWrong);
    expect(noCode.message).toBe('Please enter the 6-digit code we sent to your phone.');

    now += 61_000; // a code was just sent for the registration: the next may go a minute later
    const weak = await setPassword(token, player.phone.e164, '111111');
    expect(weak.code).toBe(GatewayCode.InvalidRequest);
    expect(weak.message).toBe('Please do not use one digit six times.');

    now += 61_000;
    const set = await setPassword(token, player.phone.e164);
    expect(set.code, set.message).toBe('0000');
    expect((await info()).withdrewPwd).toBe(true);
    expect((await call<Switch>(server, 'main', 'withdraw/withdrawSwitch', {}, { token })).data.hasWithdrawPassword).toBe(true);

    now += 61_000;
    const twice = await setPassword(token, player.phone.e164, '907153');
    expect(twice.code).toBe(GatewayCode.InvalidRequest);
    expect(twice.message).toMatch(/already have a withdrawal password/);
  });

  it('counts wrong passwords in the database and pauses withdrawals; the SMS reset lifts the pause', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    now += 61_000;
    expect((await setPassword(token, player.phone.e164)).code).toBe('0000');

    const first = await modify(token, '000001', '735102');
    expect(first.code).toBe(GatewayCode.WithdrawPasswordWrong);
    expect(first.message).toBe('The withdrawal password is incorrect. 4 tries left before withdrawals pause for a while.');
    for (let i = 0; i < 3; i++) await modify(token, '000001', '735102');
    const fifth = await modify(token, '000001', '735102');
    expect(fifth.code).toBe(GatewayCode.WithdrawPasswordWrong);
    expect(fifth.message).toMatch(/^Too many wrong withdrawal passwords: withdrawals are paused. Please try again in 30 minutes/);
    // Paused: even the right password is refused, after a restart too (the count is in Postgres).
    server = await server.restart();
    const right = await modify(token, PASSWORD, '735102');
    expect(right.code).toBe(GatewayCode.WithdrawPasswordWrong);
    expect(right.message).toMatch(/paused/);

    now += 61_000;
    await call(server, 'main', 'customer/sendVerificationCode', {}, { token });
    const reset = await call(
      server,
      'main',
      'customer/forgetWithdrawPwd',
      { code: await lastCode(server, player.phone.e164), newWithdrawalPwd: await encrypt(server, '735102') },
      { token },
    );
    expect(reset.code, reset.message).toBe('0000');
    expect((await modify(token, '735102', '550937')).code).toBe('0000');
  });
});

describe('withdraw switch and quota', () => {
  it('lets the demo player withdraw at once: the seeded money owes no turnover', async () => {
    const login = await loginWithPassword(server, DEMO_PLAYER.phoneAsTyped, DEMO_PLAYER.password);
    const answer = await call<Switch>(server, 'main', 'withdraw/withdrawSwitch', {}, { token: login.data.webToken.token });
    expect(answer.data).toMatchObject({ turnoverRemaining: 0, withdrawable: DEMO_PLAYER.deposit });
  });

  it('counts the stakes of settled bets towards the turnover', async () => {
    const { token } = await fundedPlayer(server, 1_000);
    const pick = prematchPick(server.app.feed);
    const placed = await call<{ ticket: { transId: string } }>(server, 'tp', 'saba/sabaDoPlaceBetV2', singleBody(pick, 300), {
      token,
      idempotencyKey: idempotencyKey(),
    });
    expect(placed.code, placed.message).toBe('0');
    const before = await call<Switch>(server, 'main', 'withdraw/withdrawSwitch', {}, { token });
    // An open bet is not turnover yet.
    expect(before.data.turnoverRemaining).toBe(100_000);
    expect((await fetch(`${server.url}/dev/feed/settle/${pick.match.matchId}`, { method: 'POST' })).status).toBe(200);
    const ticket = await call<{ status: string }>(
      server,
      'tp',
      'saba/queryTicketByTransId',
      { transId: placed.data.ticket.transId },
      { token },
    );
    const after = await call<Switch>(server, 'main', 'withdraw/withdrawSwitch', {}, { token });
    const counted = ['won', 'lost', 'halfWon', 'halfLost'].includes(ticket.data.status);
    expect(after.data.turnoverRemaining).toBe(counted ? 70_000 : 100_000);
  });

  it('says the limits, presets, channel maxima and the turnover still owed', async () => {
    const { token } = await fundedPlayer(server, 1_000);
    const answer = await call<Switch>(server, 'main', 'withdraw/withdrawSwitch', {}, { token });
    expect(answer.code, answer.message).toBe('0000');
    expect(answer.data).toMatchObject({
      minWithdrawAmount: 20_000,
      maxWithdrawAmount: 300_000_000,
      amountList: [20_000, 50_000, 70_000, 100_000, 200_000, 1_000_000],
      channelMax: { gcash: 5_000_000, maya: 5_000_000, bank: 300_000_000, agent: 1_000_000 },
      // WITHDRAW_TURNOVER_PERCENT 100 by default: the ₱1,000 deposit must be staked once first.
      turnoverRemaining: 100_000,
      withdrawable: 0,
      hasWithdrawPassword: false,
    });
    const quota = await call<{ allowed: boolean; message: string }>(
      server,
      'main',
      'withdraw/checkOrderQuota',
      { amount: 50_000, accountType: 11 },
      { token },
    );
    expect(quota.data.allowed).toBe(false);
    expect(quota.data.message).toMatch(/^Deposits must be staked once before they can be withdrawn: bet ₱1,000.00 more/);
  });
});

// ---------------------------------------------------------------- withdrawals through the payout simulator

interface Withdrawal {
  orderNo: string;
  amount: number;
  status: string;
  destination: string;
  rail?: string;
  message?: string;
}

/** A second server whose operator has no turnover rule, so funded players can withdraw at once. */
let payouts: TestServer;

beforeAll(async () => {
  payouts = await startServer(
    {
      withdraw: withdrawConfig({ WITHDRAW_TURNOVER_PERCENT: '0' }),
    },
    undefined,
    {
      clock: () => now,
    },
  );
});

afterAll(async () => {
  await payouts.close();
});

afterEach(async () => {
  expect(await ledgerTotal(payouts.database.db)).toEqual({ entries: 0, balances: 0 });
});

async function withdraw(player: Withdrawer, amount: number, options: { password?: string; key?: string; server?: TestServer } = {}) {
  const target = options.server ?? payouts;
  return call<Withdrawal>(
    target,
    'main',
    'withdraw/createWithdrawalRequest',
    { bankAccountId: player.bankAccountId, amount, withdrawPassword: await encrypt(target, options.password ?? WITHDRAW_PASSWORD) },
    { token: player.token, idempotencyKey: options.key ?? idempotencyKey() },
  );
}

/** Lets simulated time pass a minute at a time: payouts move, webhooks arrive, the jobs run. */
async function pass(minutes: number, target = payouts) {
  for (let i = 0; i < minutes; i++) {
    now += 60_000;
    await target.app.jobs.tick(now);
  }
}

const status = async (player: Withdrawer, orderNo: string, target = payouts) =>
  (await call<Withdrawal>(target, 'main', 'transactionRecord/queryWithdrawalStatus', { orderNo }, { token: player.token })).data;
const balance = async (player: Withdrawer, target = payouts) =>
  (await call<{ balance: number; balanceFlag: number }>(target, 'main', 'customer/getBalance', {}, { token: player.token })).data;
const inbox = async (player: Withdrawer, target = payouts) =>
  (
    await call<{ list: { title: string; content?: string; body?: string }[] }>(
      target,
      'main',
      'message/list',
      { type: 1, pageNo: 1, pageSize: 20 },
      { token: player.token },
    )
  ).data.list;
const held = async (target = payouts) => {
  const [row] = await target.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, await houseAccountId(target.database.db, HOUSE.pendingWithdrawals)));
  return row!.balance;
};

describe('a withdrawal', () => {
  it('is held while the payout is on its way (balanceFlag 0), then paid', async () => {
    const player = await readyToWithdraw(payouts, 5_000);
    const heldBefore = await held();
    const created = await withdraw(player, 50_000);
    expect(created.code, created.message).toBe('0000');
    expect(created.data).toMatchObject({ amount: 50_000, status: 'processing', destination: 'GCash •••• 4567', rail: 'instapay' });
    // The full account number is kept nowhere in clear: not in the stored answer of the idempotency key.
    const stored = await payouts.database.db.execute(sql`SELECT string_agg(response::text, ' ') AS text FROM idempotency_keys`);
    expect(JSON.stringify(stored)).not.toContain('1234567');
    expect(await balance(player)).toEqual({ balance: 450_000, balanceFlag: 0 });
    expect((await held()) - heldBefore).toBe(50_000);

    await pass(4);
    expect(await status(player, created.data.orderNo)).toMatchObject({ status: 'paid' });
    expect(await balance(player)).toEqual({ balance: 450_000, balanceFlag: 1 });
    expect((await held()) - heldBefore).toBe(0);

    // A late or contradicting status changes nothing once paid.
    const [order] = await payouts.database.db.select().from(withdrawalOrders).where(eq(withdrawalOrders.orderNo, created.data.orderNo));
    for (const late of ['pending', 'accepted', 'failed'] as const) {
      await payouts.database.db.transaction((tx) =>
        payouts.app.withdrawals.onPayoutEvent(tx, { payoutId: order!.payoutId!, reference: order!.orderNo, status: late }),
      );
    }
    expect(await status(player, created.data.orderNo)).toMatchObject({ status: 'paid' });
    expect(await balance(player)).toEqual({ balance: 450_000, balanceFlag: 1 });
  });

  it('that fails comes back to the wallet with a message', async () => {
    const player = await readyToWithdraw(payouts, 25_000);
    // ₱20,103.00: the simulator's blocked account.
    const created = await withdraw(player, 2_010_300);
    expect(created.code, created.message).toBe('0000');
    expect((await balance(player)).balance).toBe(2_500_000 - 2_010_300);
    await pass(4);
    const after = await status(player, created.data.orderNo);
    expect(after.status).toBe('failed');
    expect(after.message).toMatch(/could not be completed, so the money is back in your wallet/);
    expect(await balance(player)).toEqual({ balance: 2_500_000, balanceFlag: 1 });
    expect((await inbox(player)).map((m) => m.title)).toContain('Withdrawal returned');
  });

  it('that is reversed after it was paid comes back to the wallet with a message', async () => {
    const player = await readyToWithdraw(payouts, 45_000);
    // ₱40,404.00: the simulator's payout that the bank takes back later.
    const created = await withdraw(player, 4_040_400);
    await pass(4);
    expect((await status(player, created.data.orderNo)).status).toBe('paid');
    const [order] = await payouts.database.db.select().from(withdrawalOrders).where(eq(withdrawalOrders.orderNo, created.data.orderNo));
    await payouts.app.payments.simulators!.payouts.reverse(order!.payoutId!, now);
    await pass(1);
    const after = await status(player, created.data.orderNo);
    expect(after.status).toBe('reversed');
    expect(after.message).toMatch(/sent back by the receiving bank or e-wallet/);
    expect(await balance(player)).toEqual({ balance: 4_500_000, balanceFlag: 1 });
    expect((await inbox(player)).map((m) => m.title)).toContain('Withdrawal reversed');
  });

  it('refuses a wrong withdrawal password and a too-small amount, moving nothing', async () => {
    const player = await readyToWithdraw(payouts, 1_000);
    const wrong = await withdraw(player, 50_000, { password: '000001' });
    expect(wrong.code).toBe(GatewayCode.WithdrawPasswordWrong);
    expect(wrong.message).toMatch(/^The withdrawal password is incorrect. 4 tries left/);
    const small = await withdraw(player, 19_900);
    expect(small.code).toBe(GatewayCode.InvalidAmount);
    expect(small.message).toBe('The smallest withdrawal is ₱200.00.');
    const tooMuch = await withdraw(player, 200_000);
    expect(tooMuch.code).toBe(GatewayCode.InsufficientBalance);
    expect(tooMuch.message).toBe('Your balance is not enough for this withdrawal.');
    expect(await balance(player)).toEqual({ balance: 100_000, balanceFlag: 1 });
    const orders = await payouts.database.db.select().from(withdrawalOrders).where(eq(withdrawalOrders.customerId, player.customerId));
    expect(orders).toEqual([]);
  });

  it('is refused while the channel is down, moving nothing', async () => {
    const player = await readyToWithdraw(payouts, 1_000);
    await payouts.app.payments.simulators!.setChannelDown('gcash', true);
    try {
      const open = await call<{ gcash: boolean; maya: boolean }>(payouts, 'main', 'withdraw/withdrawSwitch', {}, { token: player.token });
      expect(open.data).toMatchObject({ gcash: false, maya: true });
      const refused = await withdraw(player, 50_000);
      expect(refused.code).toBe(SpecCode.PaymentProviderIssue);
      expect(refused.message).toMatch(/payment provider issue is being resolved/);
      expect(await balance(player)).toEqual({ balance: 100_000, balanceFlag: 1 });
    } finally {
      await payouts.app.payments.simulators!.setChannelDown('gcash', false);
    }
  });

  it('above GCash’s one-payout limit is offered as a split', async () => {
    const player = await readyToWithdraw(payouts, 60_000);
    const quota = await call<{ allowed: boolean; splits: number[] }>(
      payouts,
      'main',
      'withdraw/checkOrderQuota',
      { amount: 5_500_000, accountType: 11 },
      { token: player.token },
    );
    expect(quota.data).toMatchObject({ allowed: false, splits: [5_000_000, 500_000] });
    const refused = await withdraw(player, 5_500_000);
    expect(refused.code).toBe(GatewayCode.SplitNeeded);
    expect((await balance(player)).balance).toBe(6_000_000);
  });

  it('never overdraws a balance when two race, and a retried key makes one withdrawal', async () => {
    const player = await readyToWithdraw(payouts, 1_000);
    const answers = await Promise.all([withdraw(player, 70_000), withdraw(player, 70_000), withdraw(player, 70_000)]);
    expect(answers.filter((a) => a.code === '0000')).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== '0000')) {
      expect(refused.code).toBe(GatewayCode.InsufficientBalance);
      expect(refused.message).toBe('Your balance is not enough for this withdrawal.');
    }
    expect((await balance(player)).balance).toBe(30_000);

    const key = idempotencyKey();
    const [a, b] = await Promise.all([withdraw(player, 20_000, { key }), withdraw(player, 20_000, { key })]);
    expect(a.data.orderNo).toBe(b.data.orderNo);
    expect((await balance(player)).balance).toBe(10_000);
    await pass(4);
  });

  it('is settled by asking the provider when its webhook does not come', async () => {
    const player = await readyToWithdraw(payouts, 1_000);
    const created = await withdraw(player, 30_000);
    const simulator = payouts.app.payments.simulators!.payouts;
    // The payout succeeds at the provider, but its webhook is not delivered (only the payouts move).
    now += 11_000;
    await simulator.tick(now);
    now += 3 * 60_000;
    await simulator.tick(now);
    await payouts.app.jobs.tick(now, ['withdrawal-payouts']);
    expect((await status(player, created.data.orderNo)).status).toBe('processing');
    // Past the expected arrival, the job asks the provider itself.
    now += 15 * 60_000;
    await payouts.app.jobs.tick(now, ['withdrawal-payouts']);
    expect((await status(player, created.data.orderNo)).status).toBe('paid');
    // The webhook arriving at last changes nothing.
    await pass(1);
    expect(await status(player, created.data.orderNo)).toMatchObject({ status: 'paid' });
    expect(await balance(player)).toEqual({ balance: 70_000, balanceFlag: 1 });
  });

  it('resumes a payout interrupted by a restart, with the same payout and no second one', async () => {
    const player = await readyToWithdraw(payouts, 31_000);
    // ₱30,303.00: the provider makes the payout but its answer times out; we try again later with the same key.
    const created = await withdraw(player, 3_030_300);
    expect(created.code, created.message).toBe('0000');
    expect(created.data.status).toBe('pending');
    payouts = await payouts.restart();
    await pass(4);
    expect(await status(player, created.data.orderNo)).toMatchObject({ status: 'paid' });
    const made = await payouts.database.db.execute(
      sql`SELECT count(*)::int AS n FROM payment_sim_records WHERE kind = 'payout' AND data->>'reference' = ${created.data.orderNo}`,
    );
    const rows = (made as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0]!.n).toBe(1);
    expect(await balance(player)).toEqual({ balance: 3_100_000 - 3_030_300, balanceFlag: 1 });
  });
});

describe('a store cash-out', () => {
  const byAgent = async (player: Withdrawer, amount: number) =>
    call<Withdrawal & { claimCode: string }>(
      payouts,
      'main',
      'withdraw/withdrawByAgent',
      { amount, withdrawPassword: await encrypt(payouts, WITHDRAW_PASSWORD) },
      { token: player.token, idempotencyKey: idempotencyKey() },
    );
  const cashier = (code: string) =>
    fetch(`${payouts.url}/sim/agent/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `code=${code}`,
    });

  it('is paid when the cashier enters the claim code', async () => {
    const player = await readyToWithdraw(payouts, 1_000);
    const open = await call<{ agent: boolean }>(payouts, 'main', 'withdraw/withdrawSwitch', {}, { token: player.token });
    expect(open.data.agent).toBe(true);
    const created = await byAgent(player, 50_000);
    expect(created.code, created.message).toBe('0000');
    expect(created.data).toMatchObject({ status: 'processing', destination: 'Partner store cash-out' });
    expect(created.data.claimCode).toMatch(/^\d{12}$/);
    expect(await balance(player)).toEqual({ balance: 50_000, balanceFlag: 0 });

    expect((await cashier('000000000000')).status).toBe(400);
    const claimed = await cashier(created.data.claimCode);
    expect(claimed.status).toBe(200);
    expect(await claimed.text()).toContain('Hand the player ₱500.00');
    expect((await cashier(created.data.claimCode)).status).toBe(400);
    await pass(1);
    expect(await status(player, created.data.orderNo)).toMatchObject({ status: 'paid' });
    expect(await balance(player)).toEqual({ balance: 50_000, balanceFlag: 1 });
  });

  it('lapses after 72 hours unclaimed and the money comes back', async () => {
    const player = await readyToWithdraw(payouts, 1_000);
    const created = await byAgent(player, 30_000);
    now += 72 * 3_600_000;
    await pass(2);
    const after = await status(player, created.data.orderNo);
    expect(after.status).toBe('failed');
    expect(after.message).toMatch(/back in your wallet/);
    expect(await balance(player)).toEqual({ balance: 100_000, balanceFlag: 1 });
    expect((await cashier(created.data.claimCode)).status).toBe(400);
  });
});

describe('reconciliation of withdrawals', () => {
  it('finds nothing when provider, orders and ledger agree, and finds a planted mismatch', async () => {
    const player = await readyToWithdraw(payouts, 1_000);
    const created = await withdraw(player, 40_000);
    await pass(4);
    const reconcile = () => reconcilePayouts({ db: payouts.database.db, providers: { xendit: payouts.app.payments.payouts }, now });
    expect((await reconcile()).filter((f) => f.reference === created.data.orderNo)).toEqual([]);

    // Planted: our order says the payout failed, while the provider paid it and the ledger booked it paid.
    await payouts.database.db.update(withdrawalOrders).set({ status: 'failed' }).where(eq(withdrawalOrders.orderNo, created.data.orderNo));
    const found = (await reconcile()).filter((f) => f.reference === created.data.orderNo);
    expect(found.map((f) => f.kind).sort()).toEqual(['ledger', 'payout-status']);
    expect(found.find((f) => f.kind === 'payout-status')?.note).toBe(
      'We have the withdrawal failed; the provider has the payout succeeded.',
    );
    // The shared reconciliation job reports it too, beside the deposits' findings.
    const run = await payouts.app.reconciliation.run(now + 3_600_000);
    expect(run.mismatches.filter((m) => m.reference === created.data.orderNo).map((m) => m.kind)).toContain('payout-status');
    await payouts.database.db.update(withdrawalOrders).set({ status: 'paid' }).where(eq(withdrawalOrders.orderNo, created.data.orderNo));
  });
});

describe('a withdrawal in the Maya mini-app', () => {
  it('opens our own withdrawal page and withdraws to the bound Maya account', async () => {
    const player = await readyToWithdraw(payouts, 1_000, { accountType: 12, accountNo: '09180004321' });
    const url = await call<{ url: string }>(payouts, 'main', 'withdraw/queryMayaWithdrawalUrl', {}, { token: player.token });
    expect(url.data.url).toBe('/wallet/withdraw?payType=maya');
    const created = await call<Withdrawal>(
      payouts,
      'main',
      'withdraw/v2/createMayaWithdrawalRequest',
      { amount: 20_000, withdrawPassword: await encrypt(payouts, WITHDRAW_PASSWORD) },
      { token: player.token, idempotencyKey: idempotencyKey() },
    );
    expect(created.code, created.message).toBe('0000');
    expect(created.data).toMatchObject({ status: 'processing', destination: 'Maya •••• 4321' });
    await pass(4);
    expect((await status(player, created.data.orderNo)).status).toBe('paid');

    const noMaya = await readyToWithdraw(payouts, 1_000);
    const refused = await call(
      payouts,
      'main',
      'withdraw/v2/createMayaWithdrawalRequest',
      { amount: 20_000, withdrawPassword: await encrypt(payouts, WITHDRAW_PASSWORD) },
      { token: noMaya.token, idempotencyKey: idempotencyKey() },
    );
    expect(refused.code).toBe(GatewayCode.PaymentAccountRefused);
    expect(refused.message).toBe('Please add your Maya account first.');
  });
});
