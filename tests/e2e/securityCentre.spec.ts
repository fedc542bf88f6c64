import { type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { readEnvelope } from '../../src/contract/envelopes';
import { ANONYMOUS_CALLER, callBody, signedHeaders } from '../../src/contract/request';
import { APP_KEY_META } from '../../src/contract/sign';
import { StorageKey } from '../../src/contract/storageKeys';
import { DEMO_PLAYER, expect, logInWithPassword, markKycPromptSeen, test } from './fixtures';

/**
 * The security centre in the browser (issue 12): a phone changed on one device shows the other device
 * the mobile-number-changed dialog; PHONE_BIND_SWITCH keeps a player without a phone on /setPhone until
 * they bind one; an email verified with the code read from the development outbox.
 */

const SCREENS = 'test-results/screens';

function newDigits(): string {
  return `9${String(Math.floor(100_000_000 + Math.random() * 899_999_999))}`;
}

/** The newest code the development outbox shows for a recipient (+63… or an email). */
async function codeFromOutbox(page: Page, recipient: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  const text = await outbox.locator(`li[data-recipient="${recipient}"] .body`).first().innerText();
  await outbox.close();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code for ${recipient}`);
  return code;
}

/** Registers a new player in the Register dialog (a phone, its code, a password). */
async function register(page: Page, digits: string, password: string) {
  await page.goto('/foryou');
  await page.getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('Mobile number').fill(digits);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await dialog.getByLabel('Verification code').fill(await codeFromOutbox(page, `+63${digits}`));
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByLabel('Date of birth').fill('1993-04-21');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Open my account' }).click();
  await expect(dialog).toBeHidden();
}

/** A quick account without a phone (visitorRegisterAndLogin), made over HTTP as the app would, and its kept session. */
async function visitorSession(baseURL: string): Promise<{ userInfo: unknown; webToken: { token: string; u2token: string } }> {
  const page = await (await fetch(`${baseURL}/`)).text();
  const appKey = new RegExp(`<meta name="${APP_KEY_META}" content="([^"]+)"`).exec(page)?.[1];
  if (!appKey) throw new Error('no app key in the page');
  const post = async <T>(name: string, body: Record<string, unknown>): Promise<T> => {
    const text = JSON.stringify(callBody(body, ANONYMOUS_CALLER));
    const headers = signedHeaders(text, `e2e-${Math.random().toString(36).slice(2, 12)}`, { ...ANONYMOUS_CALLER, appKey });
    const answer = readEnvelope<T>(await (await fetch(`${baseURL}/api/main/${name}`, { method: 'POST', headers, body: text })).json());
    if (!answer || answer.code !== '0000') throw new Error(`${name}: ${answer?.code} ${answer?.message}`);
    return answer.data;
  };
  const challenge = await post<Challenge>('hCaptcha/generate', {});
  const solution = await solveChallenge({ challenge, deriveKey });
  const { captchaToken } = await post<{ captchaToken: string }>('hCaptcha/validate', { challenge, solution });
  return post('userAuth/visitorRegisterAndLogin', {
    birthday: '1991-09-09',
    agree: true,
    deviceToken: `e2e-device-${Math.random().toString(36).slice(2)}`,
    captchaToken,
  });
}

test.describe('security centre', () => {
  test('a phone changed on one device shows the other device the mobile-number-changed dialog', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const digits = newDigits();
    await register(page, digits, 'Secret123');

    // The same account on a second device.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-PH' });
    await markKycPromptSeen(other);
    const second = await other.newPage();
    await second.goto('/foryou');
    await second.getByRole('button', { name: 'Log In' }).first().click();
    await logInWithPassword(second, `0${digits}`, 'Secret123');
    await expect(second.getByTestId('header-balance')).toBeVisible();

    await page.goto('/security');
    await expect(page.getByRole('link', { name: /^Login password: Set/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Withdrawal password: Not set/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Email: Not set/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/security-centre-390x844.png` });
    await page.getByRole('link', { name: /^Mobile number: \+63 9\d\d \*\*\* \d{4}/ }).click();
    await expect(page).toHaveURL(/\/changePhone$/);

    const next = newDigits();
    // The number got its sign-up code a moment ago: one code a minute per number, so the button
    // counts down the wait the server names, then sends.
    const sendOld = page.getByRole('button', { name: /^(Send code|Resend in \d+s)$/ }).first();
    await sendOld.click();
    await expect(sendOld).toHaveText(/Resend in \d+s/);
    await expect(sendOld).toHaveText('Send code', { timeout: 75_000 });
    await sendOld.click();
    await expect(sendOld).toHaveText(/Resend in \d+s/);
    await page.getByLabel(/Code sent to your current number/).fill(await codeFromOutbox(page, `+63${digits}`));
    await page.getByLabel('New mobile number').fill(next);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toHaveCount(2);
    await page.getByLabel('Code sent to the new number').fill(await codeFromOutbox(page, `+63${next}`));
    await page.screenshot({ path: `${SCREENS}/change-phone-390x844.png` });
    await page.getByRole('button', { name: 'Change number' }).click();
    await expect(page).toHaveURL(/\/security$/);
    await expect(
      page.getByRole('link', { name: new RegExp(`^Mobile number: \\+63 ${next.slice(0, 3)} \\*\\*\\* ${next.slice(-4)}`) }),
    ).toBeVisible();

    // The other device's next call answers GW_800407: the 'TIPS' dialog with Login and Logout.
    await second.getByRole('link', { name: 'Account' }).click();
    await second.getByRole('link', { name: 'Security center' }).click();
    const tips = second.getByRole('alertdialog', { name: 'TIPS' });
    await expect(tips).toBeVisible();
    await expect(tips).toContainText('mobile number of your account has changed');
    await expect(tips.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await second.screenshot({ path: `${SCREENS}/mobile-changed-dialog-390x844.png` });
    await tips.getByRole('button', { name: 'Log In' }).click();
    // Login opens the login dialog: the new number logs in.
    await logInWithPassword(second, `0${next}`, 'Secret123');
    await expect(
      second.getByRole('link', { name: new RegExp(`^Mobile number: \\+63 ${next.slice(0, 3)} \\*\\*\\* ${next.slice(-4)}`) }),
    ).toBeVisible();
    await other.close();
  });

  test('PHONE_BIND_SWITCH keeps a player without a phone on /setPhone until they bind one', async ({ page, siteSettings, baseURL }) => {
    siteSettings((settings) => {
      settings['PHONE_BIND_SWITCH'] = [{ productModule: 'H5', productType: 'AP', switch: true }];
    });
    const visitor = await visitorSession(baseURL!);
    // The session is written on a page of the origin that does not run the app (which would write its own).
    await page.goto('/dev/outbox');
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [StorageKey.session, JSON.stringify({ user: visitor.userInfo, webToken: visitor.webToken })],
    );
    await page.goto('/account');
    await expect(page).toHaveURL(/\/setPhone$/);
    await expect(page.getByText('Please add a mobile number to your account to keep playing.')).toBeVisible();
    await page.goto('/betRecord');
    await expect(page).toHaveURL(/\/setPhone$/);

    const digits = newDigits();
    await page.getByLabel('Mobile number').fill(digits);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
    await page.getByLabel('Verification code').fill(await codeFromOutbox(page, `+63${digits}`));
    await page.screenshot({ path: `${SCREENS}/set-phone-forced-390x844.png` });
    await page.getByRole('button', { name: 'Bind number' }).click();
    await expect(page).not.toHaveURL(/\/setPhone/);

    // Free to browse.
    await page.goto('/betRecord');
    await expect(page).toHaveURL(/\/betRecord$/);
    await page.goto('/security');
    await expect(
      page.getByRole('link', { name: new RegExp(`^Mobile number: \\+63 ${digits.slice(0, 3)} \\*\\*\\* ${digits.slice(-4)}`) }),
    ).toBeVisible();
  });

  test('an email is verified with the code read from the development outbox', async ({ page }) => {
    const digits = newDigits();
    await register(page, digits, 'Secret123');
    const email = `juan.${digits}@example.ph`;
    await page.goto('/security');
    await page.getByRole('link', { name: /^Email: Not set/ }).click();
    await expect(page).toHaveURL(/\/changeEmail$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We sent a code to j***@example.ph.' })).toBeVisible();
    await page.getByLabel('Code sent to the email').fill(await codeFromOutbox(page, email));
    await page.screenshot({ path: `${SCREENS}/change-email-390x844.png` });
    await page.getByRole('button', { name: 'Verify email' }).click();
    await expect(page).toHaveURL(/\/security$/);
    await expect(page.getByRole('link', { name: /^Email: j\*\*\*@example\.ph · Verified/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/security-centre-verified-390x844.png` });
  });

  test('the security prompt leads a player with money and no withdrawal password to set one', async ({ page, siteSettings }) => {
    siteSettings((settings) => {
      settings['securityAmount'] = { game: 100_000, deposit: 100_000 };
    });
    await page.goto('/foryou');
    await page.getByRole('button', { name: 'Log In' }).first().click();
    await logInWithPassword(page);
    const prompt = page.getByRole('alertdialog', { name: 'Tips' });
    await expect(prompt).toContainText('Dear customer, we have detected that your account has not completed security settings');
    await page.screenshot({ path: `${SCREENS}/security-prompt-390x844.png` });
    await prompt.getByRole('button', { name: 'Set password' }).click();
    await expect(page).toHaveURL(/\/setWithdrawPwd$/);
    // At most once per 24 hours.
    await page.goto('/foryou');
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('/forgetPassword proves the phone, /resetPassword takes the new password; without the code step it says to start again', async ({
    page,
  }) => {
    await page.goto('/resetPassword');
    await expect(page.getByRole('heading', { name: 'Start again' })).toBeVisible();
    await page.getByRole('link', { name: 'Reset my password' }).click();
    await expect(page).toHaveURL(/\/forgetPassword$/);

    // The demo player's own password again, so the other specs still log in with it.
    const digits = DEMO_PLAYER.phone.replace(/\D/g, '');
    await page.getByLabel('Mobile number').fill(digits);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
    await page.getByLabel('Verification code').fill(await codeFromOutbox(page, `+63${digits}`));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/resetPassword$/);
    await page.getByLabel('New password', { exact: true }).fill(DEMO_PLAYER.password);
    await page.getByLabel('New password again').fill(DEMO_PLAYER.password);
    await page.screenshot({ path: `${SCREENS}/reset-password-390x844.png` });
    await page.getByRole('button', { name: 'Save password' }).click();
    await logInWithPassword(page);
    await expect(page.getByTestId('header-balance')).toBeVisible();
  });
});
