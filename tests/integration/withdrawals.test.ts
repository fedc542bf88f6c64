import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { EVERY_USER_INFO_FIELD } from '../../src/contract/forms';
import { GatewayCode } from '../../src/contract/errorCodes';
import type { UserInfo } from '../../src/contract/user';
import { call, encrypt, fundedPlayer, lastCode, registerPlayer } from './player';
import { type TestServer, startServer } from './server';

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
