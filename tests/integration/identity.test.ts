import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customers, sessions } from '../../server/db/schema';
import { DEMO_PLAYER } from '../../server/plugins/seed';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import type { LoginResult } from '../../src/contract/auth';
import type { UserInfo } from '../../src/contract/user';
import { call, captcha, encrypt, lastCode, loginWithPassword, newPhone, registerPlayer, visitorToken } from './player';
import { type TestServer, startServer } from './server';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  // The ledger balances after every test: all entries and all balances sum to zero.
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

describe('register → login → user info → logout', () => {
  it('works end to end with phone, SMS code and password', async () => {
    const player = await registerPlayer(server, {
      extra: { acquisition: { clickid: 'c-1', zoneid: '7' }, invite: { inviteFromLoginName: 'ana' } },
    });
    expect(player.webToken.token.length).toBeGreaterThanOrEqual(43);
    expect(player.userInfo).toMatchObject({ mobileNo: expect.stringMatching(/^\+63 9\d\d \*\*\* \d{4}$/), firstDepositFlag: false });

    const login = await loginWithPassword(server, player.phone.typed, player.password);
    expect(login.code).toBe('0000');
    const token = login.data.webToken.token;
    expect(token).not.toBe(player.webToken.token);

    const info = await call<UserInfo>(
      server,
      'main',
      'customer/getByLoginName',
      { loginName: player.userInfo.loginName, inclMobileNo: true },
      { token },
    );
    expect(info.code).toBe('0000');
    expect(info.data).toMatchObject({ loginName: player.userInfo.loginName, birthday: '1995-03-14', mobileNo: player.userInfo.mobileNo });

    // Acquisition parameters and invite ids are stored with the registration.
    const [row] = await server.database.db.select().from(customers).where(eq(customers.loginName, player.userInfo.loginName));
    expect(row?.acquisition).toEqual({ clickid: 'c-1', zoneid: '7' });
    expect(row?.invite).toEqual({ inviteFromLoginName: 'ana' });

    expect((await call(server, 'main', 'customer/logoutV2', {}, { token })).code).toBe('0000');
    const after = await call(server, 'main', 'customer/getBalance', {}, { token });
    expect(after.status).toBe(401);
    expect(after.code).toBe('GW_800403');
  });

  it('gives every login a new token and ends the visitor session it came from', async () => {
    const visitor = await visitorToken(server);
    const login = await call<LoginResult>(
      server,
      'main',
      'userAuth/loginByPhoneV4',
      {
        phone: await encrypt(server, DEMO_PLAYER.phoneAsTyped),
        password: await encrypt(server, DEMO_PLAYER.password),
        captchaToken: await captcha(server),
      },
      { token: visitor },
    );
    expect(login.code).toBe('0000');
    expect(login.data.webToken.token).not.toBe(visitor);
    const [old] = await server.database.db.select().from(sessions).where(eq(sessions.revokedReason, 'login'));
    expect(old).toBeDefined();
    const second = await loginWithPassword(server, DEMO_PLAYER.phoneAsTyped, DEMO_PLAYER.password);
    expect(second.data.webToken.token).not.toBe(login.data.webToken.token);
  });

  it('refuses a wrong password without saying whether the number has an account', async () => {
    const wrong = await loginWithPassword(server, DEMO_PLAYER.phoneAsTyped, 'Wrong12345');
    const unknown = await loginWithPassword(server, newPhone().typed, 'Wrong12345');
    expect(wrong.code).toBe('GW_800420');
    expect(unknown.code).toBe('GW_800420');
    expect(wrong.message).toBe(unknown.message);
  });

  it('logs in or registers with an SMS code (loginAndRegisterV4), asking a new number for its birthday', async () => {
    const phone = newPhone();
    const sent = await call<{ registered: boolean }>(server, 'main', 'userAuth/loginAndRegisterSendSmsCode', {
      phone: await encrypt(server, phone.typed),
      captchaToken: await captcha(server),
    });
    expect(sent.data.registered).toBe(false);
    const code = await lastCode(server, phone.e164);
    const noBirthday = await call(server, 'main', 'userAuth/loginAndRegisterV4', { phone: await encrypt(server, phone.typed), code });
    expect(noBirthday.code).toBe('GW_800424');
    const joined = await call<LoginResult>(server, 'main', 'userAuth/loginAndRegisterV4', {
      phone: await encrypt(server, phone.typed),
      code,
      birthday: '1990-01-01',
      agree: true,
    });
    expect(joined.code).toBe('0000');

    await new Promise((r) => setTimeout(r, 10));
    const again = await call<{ registered: boolean }>(server, 'main', 'userAuth/loginAndRegisterSendSmsCode', {
      phone: await encrypt(server, phone.typed),
      captchaToken: await captcha(server),
    });
    expect(again.code).toBe('GW_800410'); // a new code only after 60 s
  });
});

describe('the 21+ rule', () => {
  const today = new Date();
  const twentyYearsAgo = `${today.getUTCFullYear() - 20}-01-01`;

  it('refuses a registration under 21 with GW_510517', async () => {
    await expect(registerPlayer(server, { birthday: twentyYearsAgo })).rejects.toThrow('GW_510517');
  });

  it('refuses an SMS sign-up under 21 with GW_510517', async () => {
    const phone = newPhone();
    await call(server, 'main', 'userAuth/loginAndRegisterSendSmsCode', {
      phone: await encrypt(server, phone.typed),
      captchaToken: await captcha(server),
    });
    const answer = await call(server, 'main', 'userAuth/loginAndRegisterV4', {
      phone: await encrypt(server, phone.typed),
      code: await lastCode(server, phone.e164),
      birthday: twentyYearsAgo,
      agree: true,
    });
    expect(answer.code).toBe('GW_510517');
    expect(answer.status).toBe(403);
  });

  it('counts the 21st birthday in Manila time', async () => {
    const { ageOn } = await import('../../src/contract/people');
    // 15:59 UTC on 9 March is 23:59 in Manila; 16:00 UTC is already 10 March there.
    expect(ageOn('2005-03-10', new Date('2026-03-09T15:59:00Z'))).toBe(20);
    expect(ageOn('2005-03-10', new Date('2026-03-09T16:00:00Z'))).toBe(21);
  });
});

describe('sessions', () => {
  it('answers a reset code (GW_800405) for a session idle too long, and for one past its lifetime', async () => {
    const short = await startServer({ sessionIdleMs: 300, sessionMaxMs: 60_000 });
    const long = await startServer({ sessionIdleMs: 60_000, sessionMaxMs: 300 });
    try {
      for (const s of [short, long]) {
        const login = await loginWithPassword(s, DEMO_PLAYER.phoneAsTyped, DEMO_PLAYER.password);
        const token = login.data.webToken.token;
        expect((await call(s, 'main', 'customer/getBalance', {}, { token })).code).toBe('0000');
        await new Promise((r) => setTimeout(r, 450));
        const expired = await call(s, 'main', 'customer/getBalance', {}, { token });
        expect(expired.code).toBe('GW_800405');
        expect(expired.status).toBe(401);
      }
    } finally {
      await short.close();
      await long.close();
    }
  });

  it('refuses a player call without a token with a login demand', async () => {
    const answer = await call(server, 'main', 'customer/getBalance');
    expect(answer).toMatchObject({ status: 401, code: 'GW_800402', message: 'login please' });
  });

  it('ends the other sessions when the password changes (they answer GW_800406)', async () => {
    const player = await registerPlayer(server);
    const other = (await loginWithPassword(server, player.phone.typed, player.password)).data.webToken.token;
    const changed = await call(
      server,
      'main',
      'customer/modifyPwd',
      { oldPassword: await encrypt(server, player.password), newPassword: await encrypt(server, 'NewSecret456') },
      { token: player.webToken.token },
    );
    expect(changed.code).toBe('0000');
    expect((await call(server, 'main', 'customer/getBalance', {}, { token: other })).code).toBe('GW_800406');
    expect((await call(server, 'main', 'customer/getBalance', {}, { token: player.webToken.token })).code).toBe('0000');
    expect((await loginWithPassword(server, player.phone.typed, 'NewSecret456')).code).toBe('0000');
  });

  it('hands a partner a single-use temp ticket for auto-login', async () => {
    const player = await registerPlayer(server);
    const temp = await call<{ tempTicket: string; loginName: string }>(
      server,
      'main',
      'userAuth/getTempToken',
      {},
      { token: player.webToken.token },
    );
    const first = await call<LoginResult>(server, 'main', 'getH5TokenByTempTicket', {
      ticket: temp.data.tempTicket,
      loginName: temp.data.loginName,
    });
    expect(first.code).toBe('0000');
    expect(first.data.userInfo.loginName).toBe(player.userInfo.loginName);
    const again = await call(server, 'main', 'getH5TokenByTempTicket', { ticket: temp.data.tempTicket, loginName: temp.data.loginName });
    expect(again.code).toBe('GW_800431');
  });
});

describe('sensitive fields and the captcha', () => {
  it('refuses a password sent in plain text', async () => {
    const answer = await call(server, 'main', 'userAuth/loginByPhoneV4', {
      phone: await encrypt(server, DEMO_PLAYER.phoneAsTyped),
      password: DEMO_PLAYER.password,
      captchaToken: await captcha(server),
    });
    expect(answer.code).toBe('GW_800400');
    expect(answer.message).toMatch(/^password: must be encrypted/);
  });

  it('spends a captcha token once, and refuses a replayed solution', async () => {
    const token = await captcha(server);
    const first = await loginWithPassword(server, DEMO_PLAYER.phoneAsTyped, DEMO_PLAYER.password);
    expect(first.code).toBe('0000');
    const phone = await encrypt(server, DEMO_PLAYER.phoneAsTyped);
    const password = await encrypt(server, DEMO_PLAYER.password);
    expect((await call(server, 'main', 'userAuth/loginByPhoneV4', { phone, password, captchaToken: token })).code).toBe('0000');
    expect((await call(server, 'main', 'userAuth/loginByPhoneV4', { phone, password, captchaToken: token })).code).toBe('GW_800430');

    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/sha');
    const challenge = (await call<Parameters<typeof solveChallenge>[0]['challenge']>(server, 'main', 'hCaptcha/generate')).data;
    const solution = await solveChallenge({ challenge, deriveKey });
    expect((await call(server, 'main', 'hCaptcha/validate', { challenge, solution })).code).toBe('0000');
    expect((await call(server, 'main', 'hCaptcha/validate', { challenge, solution })).code).toBe('GW_800430');
    expect(
      (await call(server, 'main', 'hCaptcha/validate', { challenge, solution: { ...solution!, counter: solution!.counter + 1 } })).code,
    ).toBe('GW_800430');
  });

  it('counts wrong codes and stops after five', async () => {
    const phone = newPhone();
    await call(server, 'main', 'userAuth/loginAndRegisterSendSmsCode', {
      phone: await encrypt(server, phone.typed),
      captchaToken: await captcha(server),
    });
    const real = await lastCode(server, phone.e164);
    const wrong = real === '000000' ? '111111' : '000000';
    const encrypted = await encrypt(server, phone.typed);
    const answers = [];
    const signUp = { phone: encrypted, birthday: '1990-01-01', agree: true };
    for (let i = 0; i < 5; i++)
      answers.push((await call(server, 'main', 'userAuth/loginAndRegisterV4', { ...signUp, code: wrong })).message);
    expect(answers[0]).toBe('The code is not correct. 4 tries left.');
    const late = await call(server, 'main', 'userAuth/loginAndRegisterV4', { ...signUp, code: real });
    expect(late.code).toBe('GW_800412');
  });
});

describe('forgotten password (V2)', () => {
  it('resets the password with a code and a reset ticket, and ends the old sessions', async () => {
    const player = await registerPlayer(server);
    await new Promise((r) => setTimeout(r, 5));
    // The register code was sent under 60 s ago: the reset code waits for the cool-down like any other.
    const early = await call(server, 'main', 'userAuth/forgetPwdSendCodeV2', {
      phone: await encrypt(server, player.phone.typed),
      captchaToken: await captcha(server),
    });
    expect(early.code).toBe('GW_800410');
    await server.database.db.execute(
      // Age the earlier code so the test does not wait a minute.
      (await import('drizzle-orm'))
        .sql`UPDATE verification_codes SET created_at = now() - interval '2 minutes' WHERE recipient = ${player.phone.e164}`,
    );
    const sent = await call(server, 'main', 'userAuth/forgetPwdSendCodeV2', {
      phone: await encrypt(server, player.phone.typed),
      captchaToken: await captcha(server),
    });
    expect(sent.code).toBe('0000');
    const verified = await call<{ resetTicket: string }>(server, 'main', 'userAuth/forgetPwdVerifyCodeV2', {
      phone: await encrypt(server, player.phone.typed),
      code: await lastCode(server, player.phone.e164),
    });
    expect(verified.code).toBe('0000');
    const reset = await call(server, 'main', 'userAuth/modifyPwdForgetPwdV2', {
      resetTicket: verified.data.resetTicket,
      newPassword: await encrypt(server, 'Fresh7890'),
    });
    expect(reset.code).toBe('0000');
    expect((await call(server, 'main', 'customer/getBalance', {}, { token: player.webToken.token })).code).toBe('GW_800406');
    expect((await loginWithPassword(server, player.phone.typed, 'Fresh7890')).code).toBe('0000');
  });
});

describe('rate limits', () => {
  it('answers HTTP 429 past the per-account limit, whichever address the calls come from', async () => {
    const limited = await startServer({}, undefined, { accountCallsPerMinute: 3 });
    try {
      const token = (await loginWithPassword(limited, DEMO_PLAYER.phoneAsTyped, DEMO_PLAYER.password)).data.webToken.token;
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await call(limited, 'main', 'customer/getBalance', {}, { token })).code);
      expect(codes).toEqual(['0000', '0000', '0000', 'GW_800429']);
      // Another player is not affected.
      const other = await registerPlayer(limited);
      expect((await call(limited, 'main', 'customer/getBalance', {}, { token: other.webToken.token })).code).toBe('0000');
    } finally {
      await limited.close();
    }
  });

  it('answers HTTP 429 with GW_800429 past the per-address limit', async () => {
    const limited = await startServer({}, undefined, { ipCallsPerMinute: 5 });
    try {
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await call(limited, 'front', 'front/siteinfo')).code);
      expect(statuses.slice(0, 5)).toEqual(['0', '0', '0', '0', '0']);
      expect(statuses[6]).toBe('GW_800429');
    } finally {
      await limited.close();
    }
  });
});
