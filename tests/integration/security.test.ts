import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, outbox } from '../../server/db/schema';
import { mailApiSecret, signMail } from '../../server/providers/mail/api';
import type { LoginResult } from '../../src/contract/auth';
import { SecurityCall } from '../../src/contract/security';
import type { UserInfo } from '../../src/contract/user';
import { call, captcha, encrypt, internalId, lastCode, loginWithPassword, newPhone, registerPlayer } from './player';
import { type TestServer, startServer } from './server';

/**
 * The security centre (issue 12): the login password set and changed (wrong old passwords counted with
 * wrong logins), a phone bound and changed (both numbers' codes; the other sessions end with
 * GW_800407), an email added and verified through the mail provider's simulator, taken numbers and
 * emails refused, and every call acting on the session's player only.
 */
let server: TestServer;
/** The server's clock runs ahead by this much: a test moves it past the one-code-a-minute cooldown. */
let ahead = 0;
const pastCooldown = () => {
  ahead += 61_000;
};

beforeAll(async () => {
  server = await startServer({}, undefined, { clock: () => Date.now() + ahead });
});

afterAll(async () => {
  await server.close();
});

const sec = <T = unknown>(name: string, token: string, body: Record<string, unknown> = {}) =>
  call<T>(server, 'main', name, body, { token });

type Info = { hasLoginPassword: boolean; hasWithdrawPassword: boolean; mobileNo: string; email: string; emailVerified: boolean };

/** A player who signed up with an SMS code only: no password. */
async function smsPlayer() {
  const phone = newPhone();
  await call(server, 'main', 'userAuth/loginAndRegisterSendSmsCode', {
    phone: await encrypt(server, phone.typed),
    captchaToken: await captcha(server),
  });
  const joined = await call<LoginResult>(server, 'main', 'userAuth/loginAndRegisterV4', {
    phone: await encrypt(server, phone.typed),
    code: await lastCode(server, phone.e164),
    birthday: '1990-01-01',
    agree: true,
  });
  expect(joined.code).toBe('0000');
  return { ...joined.data, phone };
}

/** A quick account without a phone (visitorRegisterAndLogin). */
async function visitorPlayer() {
  const joined = await call<LoginResult>(server, 'main', 'userAuth/visitorRegisterAndLogin', {
    birthday: '1992-02-02',
    agree: true,
    deviceToken: `device-${Math.random().toString(36).slice(2)}`,
    captchaToken: await captcha(server),
  });
  expect(joined.code).toBe('0000');
  return joined.data;
}

async function sendBindCode(phone: string) {
  return call(server, 'main', 'phone/sendCode', {
    phone: await encrypt(server, phone),
    purpose: 'bind',
    captchaToken: await captcha(server),
  });
}

async function outboxRow(recipient: string) {
  const [row] = await server.database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

describe('login password', () => {
  it('sets a first password (with the own phone code), counts a wrong code, and refuses a second set', async () => {
    const player = await smsPlayer();
    const token = player.webToken.token;
    expect((await sec<Info>(SecurityCall.securityInfo, token)).data.hasLoginPassword).toBe(false);
    const password = await encrypt(server, 'Fresh2026x');

    const noCode = await sec(SecurityCall.setLoginPwd, token, { password });
    expect(noCode).toMatchObject({ status: 400, code: 'GW_800411' });

    pastCooldown();
    const sent = await sec<{ recipient: string }>(SecurityCall.sendOwnPhoneCode, token, { purpose: 'setPwd' });
    expect(sent.data.recipient).toMatch(/^\+63 9\d\d \*\*\* \d{4}$/);
    const code = await lastCode(server, player.phone.e164);
    const wrong = await sec(SecurityCall.setLoginPwd, token, { password, code: code === '000000' ? '111111' : '000000' });
    expect(wrong).toMatchObject({ status: 400, code: 'GW_800411', message: 'The code is not correct. 4 tries left.' });

    expect((await sec(SecurityCall.setLoginPwd, token, { password, code })).code).toBe('0000');
    expect((await sec<Info>(SecurityCall.securityInfo, token)).data.hasLoginPassword).toBe(true);
    expect((await loginWithPassword(server, player.phone.typed, 'Fresh2026x')).code).toBe('0000');

    const again = await sec(SecurityCall.setLoginPwd, token, { password: await encrypt(server, 'Other2026x') });
    expect(again).toMatchObject({ status: 400, code: 'GW_800471' });
  });

  it('refuses a password sent in the clear (spec §5: it travels encrypted)', async () => {
    const player = await visitorPlayer();
    const plain = await sec(SecurityCall.setLoginPwd, player.webToken.token, { password: 'Fresh2026x' });
    expect(plain).toMatchObject({ status: 400, code: 'GW_800400' });
  });

  it('counts wrong old passwords with wrong logins and pauses both, the right one too', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const modify = async (old: string) =>
      sec(SecurityCall.modifyPwd, token, { oldPassword: await encrypt(server, old), newPassword: await encrypt(server, 'Changed2026') });

    const first = await modify('Wrong0001');
    expect(first).toMatchObject({ status: 400, code: 'GW_800420', message: 'The current password is not correct.' });
    // validatePwd is counted too.
    const check = await sec<{ valid: boolean }>(SecurityCall.validatePwd, token, { password: await encrypt(server, 'Wrong0002') });
    expect(check.data).toEqual({ valid: false, hasPassword: true });
    // A wrong login of the same number adds to the same count.
    expect((await loginWithPassword(server, player.phone.typed, 'Wrong0003')).code).toBe('GW_800420');
    const fourth = await modify('Wrong0004');
    expect(fourth.message).toBe('The current password is not correct. After 1 more wrong try, password checks pause for a while.');
    const fifth = await modify('Wrong0005');
    expect(fifth).toMatchObject({ status: 423, code: 'GW_800426' });
    expect(fifth.message).toMatch(/^Too many wrong passwords: password checks on your account are paused\. Please try again in 15 minutes/);

    // Paused: the right password is refused here and at login.
    expect(await modify(player.password)).toMatchObject({ status: 423, code: 'GW_800426' });
    expect((await loginWithPassword(server, player.phone.typed, player.password)).code).toBe('GW_800426');
  });

  it('changes the password with the right old one and ends the other sessions (GW_800406)', async () => {
    const player = await registerPlayer(server);
    const other = (await loginWithPassword(server, player.phone.typed, player.password)).data.webToken.token;
    const changed = await sec(SecurityCall.modifyPwd, player.webToken.token, {
      oldPassword: await encrypt(server, player.password),
      newPassword: await encrypt(server, 'Changed2026'),
    });
    expect(changed.code).toBe('0000');
    expect((await sec(SecurityCall.securityInfo, other)).code).toBe('GW_800406');
    expect((await loginWithPassword(server, player.phone.typed, 'Changed2026')).code).toBe('0000');
  });
});

describe('phone', () => {
  it('binds a phone to an account without one: the new number’s code, wrong codes counted', async () => {
    const player = await visitorPlayer();
    const token = player.webToken.token;
    expect(player.userInfo.mobileNo).toBe('');
    const phone = newPhone();
    expect((await sendBindCode(phone.typed)).code).toBe('0000');
    const code = await lastCode(server, phone.e164);
    const wrong = await sec(SecurityCall.verifyPhone, token, {
      newPhone: await encrypt(server, phone.typed),
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong).toMatchObject({ status: 400, code: 'GW_800411' });
    const bound = await sec<{ mobileNo: string }>(SecurityCall.verifyPhone, token, { newPhone: await encrypt(server, phone.typed), code });
    expect(bound.code).toBe('0000');
    expect(bound.data.mobileNo).toBe(`+63 ${phone.e164.slice(3, 6)} *** ${phone.e164.slice(-4)}`);
    const info = await sec<UserInfo>('customer/getByLoginName', token, { inclMobileNo: true });
    expect(info.data.mobileNo).toBe(bound.data.mobileNo);
    // The code is spent.
    expect((await sec(SecurityCall.verifyPhone, token, { newPhone: await encrypt(server, phone.typed), code })).code).toBe('GW_800474');
  });

  it('changes the phone with the old and the new number’s codes; the other sessions end with GW_800407', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const otherDevice = (await loginWithPassword(server, player.phone.typed, player.password)).data.webToken.token;
    const next = newPhone();
    const newPhoneField = await encrypt(server, next.typed);

    pastCooldown();
    expect((await sec(SecurityCall.sendOwnPhoneCode, token, { purpose: 'changePhone' })).code).toBe('0000');
    const oldCode = await lastCode(server, player.phone.e164);
    expect((await sendBindCode(next.typed)).code).toBe('0000');
    const newCode = await lastCode(server, next.e164);

    // The new number's code alone does not move the account.
    expect(await sec(SecurityCall.verifyPhone, token, { newPhone: newPhoneField, code: newCode })).toMatchObject({
      status: 400,
      code: 'GW_800411',
    });
    // A typo in the new code does not spend the old one.
    const typo = await sec(SecurityCall.verifyPhone, token, {
      newPhone: newPhoneField,
      code: newCode === '000000' ? '111111' : '000000',
      oldCode,
    });
    expect(typo.code).toBe('GW_800411');
    const changed = await sec<{ mobileNo: string }>(SecurityCall.verifyPhone, token, { newPhone: newPhoneField, code: newCode, oldCode });
    expect(changed.code).toBe('0000');

    expect(await sec(SecurityCall.securityInfo, otherDevice)).toMatchObject({ status: 401, code: 'GW_800407' });
    expect((await sec<Info>(SecurityCall.securityInfo, token)).data.mobileNo).toBe(changed.data.mobileNo);
    expect((await loginWithPassword(server, next.typed, player.password)).code).toBe('0000');
    expect((await loginWithPassword(server, player.phone.typed, player.password)).code).toBe('GW_800420');
    expect((await outboxRow(player.phone.e164))?.body).toMatch(/mobile number of your account was changed to \+63 9\d\d \*\*\* \d{4}/);
  });

  it('refuses a number another account holds, at the code and at the bind', async () => {
    const holder = await registerPlayer(server);
    const player = await visitorPlayer();
    const taken = await sendBindCode(holder.phone.typed);
    expect(taken).toMatchObject({
      status: 409,
      code: 'GW_800421',
      message: 'This number is already used by another account. Please use another number.',
    });
    const verify = await sec(SecurityCall.verifyPhone, player.webToken.token, {
      newPhone: await encrypt(server, holder.phone.typed),
      code: '123456',
    });
    expect(verify).toMatchObject({ status: 409, code: 'GW_800421' });
  });
});

describe('email', () => {
  it('adds an email: a code through the mail provider, verified only once the code comes back', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const email = `juan.${Date.now()}@example.ph`;
    const sent = await sec<{ recipient: string }>(SecurityCall.sendEmailCode, token, { newEmail: await encrypt(server, email) });
    expect(sent.code).toBe('0000');
    expect(sent.data.recipient).toBe('j***@example.ph');
    expect((await sec<Info>(SecurityCall.securityInfo, token)).data).toMatchObject({ email: '', emailVerified: false });
    // The provider's signed delivery event reaches our webhook.
    await expect.poll(async () => (await outboxRow(email))?.delivery).toBe('delivered');
    expect((await outboxRow(email))?.messageId).toMatch(/^msg_/);

    const again = await sec(SecurityCall.sendEmailCode, token, { newEmail: await encrypt(server, email) });
    expect(again.code).toBe('GW_800410');
    const verified = await sec(SecurityCall.verifyEmail, token, {
      newEmail: await encrypt(server, email),
      code: await lastCode(server, email),
    });
    expect(verified.data).toEqual({ email, emailVerified: true });
    expect((await sec<Info>(SecurityCall.securityInfo, token)).data).toMatchObject({ email: 'j***@example.ph', emailVerified: true });
  });

  it('verifies the email already on file (given with the personal information) with a code to it', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const email = `maria.${Date.now()}@example.ph`;
    await server.database.db
      .update(customers)
      .set({ email })
      .where(eq(customers.id, await internalId(server, player.userInfo)));
    expect((await sec<Info>(SecurityCall.securityInfo, token)).data).toMatchObject({ emailVerified: false });
    expect((await sec(SecurityCall.sendOwnEmailCode, token)).code).toBe('0000');
    const wrong = await sec(SecurityCall.verifyEmail, token, { code: '000000' === (await lastCode(server, email)) ? '111111' : '000000' });
    expect(wrong.code).toBe('GW_800411');
    expect((await sec(SecurityCall.verifyEmail, token, { code: await lastCode(server, email) })).code).toBe('0000');
    expect((await sec<Info>(SecurityCall.securityInfo, token)).data.emailVerified).toBe(true);
    expect((await sec(SecurityCall.sendOwnEmailCode, token)).code).toBe('GW_800474');
  });

  it('refuses an email another account holds, in the player’s words', async () => {
    const first = await registerPlayer(server);
    const second = await registerPlayer(server);
    const email = `ana.${Date.now()}@example.ph`;
    await sec(SecurityCall.sendEmailCode, first.webToken.token, { newEmail: await encrypt(server, email) });
    await sec(SecurityCall.verifyEmail, first.webToken.token, {
      newEmail: await encrypt(server, email),
      code: await lastCode(server, email),
    });
    const taken = await sec(SecurityCall.sendEmailCode, second.webToken.token, { newEmail: await encrypt(server, email.toUpperCase()) });
    expect(taken).toMatchObject({
      status: 409,
      code: 'GW_800470',
      message: 'This email is already used by another account. Please use another email.',
    });
  });

  it('records a bounce the provider reports, and refuses a forged delivery event', async () => {
    const player = await registerPlayer(server);
    const email = `nobody.${Date.now()}@bounce.test`;
    expect((await sec(SecurityCall.sendEmailCode, player.webToken.token, { newEmail: await encrypt(server, email) })).code).toBe('0000');
    await expect.poll(async () => (await outboxRow(email))?.delivery).toBe('bounced');

    const body = JSON.stringify({ eventId: 'evt_forged', type: 'delivered', messageId: (await outboxRow(email))!.messageId });
    const forged = await fetch(`${server.url}/webhooks/mail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mail-signature': signMail(body, 'not-the-secret', Date.now()) },
      body,
    });
    expect(forged.status).toBe(401);
    expect((await outboxRow(email))?.delivery).toBe('bounced');
    const signed = await fetch(`${server.url}/webhooks/mail`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-mail-signature': signMail(body, mailApiSecret(server.config.secrets.captchaKeySecret), Date.now()),
      },
      body,
    });
    expect(signed.status).toBe(200);
  });
});

describe('identity comes from the session only', () => {
  it('acts on the caller whatever player a body names', async () => {
    const victim = await registerPlayer(server);
    const caller = await smsPlayer();
    const names = { loginName: victim.userInfo.loginName, customerId: victim.userInfo.customerId, uid: victim.userInfo.customerId };
    const info = await sec<Info>(SecurityCall.securityInfo, caller.webToken.token, names);
    expect(info.data.mobileNo).toBe(caller.userInfo.mobileNo);
    pastCooldown();
    await sec(SecurityCall.sendOwnPhoneCode, caller.webToken.token, { ...names, purpose: 'setPwd' });
    const set = await sec(SecurityCall.setLoginPwd, caller.webToken.token, {
      ...names,
      password: await encrypt(server, 'Mine2026xx'),
      code: await lastCode(server, caller.phone.e164),
    });
    expect(set.code).toBe('0000');
    expect((await loginWithPassword(server, caller.phone.typed, 'Mine2026xx')).code).toBe('0000');
    expect((await loginWithPassword(server, victim.phone.typed, victim.password)).code).toBe('0000');
    const modify = await sec(SecurityCall.modifyPwd, caller.webToken.token, {
      ...names,
      oldPassword: await encrypt(server, victim.password),
      newPassword: await encrypt(server, 'Stolen2026x'),
    });
    expect(modify.code).toBe('GW_800420');
    expect((await loginWithPassword(server, victim.phone.typed, victim.password)).code).toBe('0000');
  });

  it('refuses every security call without a session', async () => {
    for (const name of [
      SecurityCall.securityInfo,
      SecurityCall.verifyPhone,
      SecurityCall.verifyEmail,
      SecurityCall.setLoginPwd,
      SecurityCall.modifyPwd,
    ]) {
      expect((await call(server, 'main', name, {})).code).toBe('GW_800402');
    }
  });
});
