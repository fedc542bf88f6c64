import { constants, publicEncrypt } from 'node:crypto';
import { randomInt, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyRequest } from 'fastify';
import { customers, outbox } from '../../server/db/schema';
import { HOUSE, houseAccountId, post, walletAccountId } from '../../server/modules/wallet/ledger';
import { createSession } from '../../server/modules/auth/sessions';
import { createCustomer } from '../../server/modules/auth/users';
import type { LoginResult } from '../../src/contract/auth';
import type { UserInfo } from '../../src/contract/user';
import type { ApiPrefix } from '../../src/contract/envelopes';
import { readEnvelope } from '../../src/contract/envelopes';
import type { TestServer } from './server';

/** Drives the server as the PWA does: encrypted sensitive fields, a solved captcha, codes from the outbox. */
export interface Answer<T = unknown> {
  status: number;
  code: string;
  message: string;
  data: T;
}

export async function call<T = unknown>(
  server: TestServer,
  prefix: ApiPrefix,
  name: string,
  body: unknown = {},
  options: { token?: string; idempotencyKey?: string } = {},
): Promise<Answer<T>> {
  const response = await server.post(prefix, name, body, {
    ...(options.token ? { token: options.token } : {}),
    ...(options.idempotencyKey ? { headers: { 'Idempotency-Key': options.idempotencyKey } } : {}),
  });
  const envelope = readEnvelope<T>(await response.json());
  if (!envelope) throw new Error(`${name}: not an envelope (HTTP ${response.status})`);
  return { status: response.status, code: envelope.code, message: envelope.message, data: envelope.data };
}

const keys = new WeakMap<TestServer, string>();

/** RSA-OAEP with the server's public key, as the page does with WebCrypto. */
export async function encrypt(server: TestServer, value: string): Promise<string> {
  let spki = keys.get(server);
  if (!spki) {
    spki = (await call<{ spki: string }>(server, 'front', 'front/publicKey')).data.spki;
    keys.set(server, spki);
  }
  const key = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----`;
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value)).toString('base64');
}

export async function captcha(server: TestServer): Promise<string> {
  const challenge = (await call<Challenge>(server, 'main', 'hCaptcha/generate')).data;
  const solution = await solveChallenge({ challenge, deriveKey });
  const answer = await call<{ captchaToken: string }>(server, 'main', 'hCaptcha/validate', { challenge, solution });
  if (answer.code !== '0000') throw new Error(`captcha: ${answer.message}`);
  return answer.data.captchaToken;
}

/** The newest code the SMS or mail provider "sent" to a recipient. */
export async function lastCode(server: TestServer, recipient: string): Promise<string> {
  const [row] = await server.database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

/** A fresh Philippine mobile number for a test player. */
export function newPhone(): { typed: string; e164: string } {
  const rest = String(randomInt(100_000_000, 999_999_999));
  return { typed: `09${rest}`, e164: `+639${rest}` };
}

export function idempotencyKey(): string {
  return `idem-${randomUUID()}`;
}

export async function visitorToken(server: TestServer): Promise<string> {
  return (await call<{ webToken: { token: string } }>(server, 'main', 'webToken')).data.webToken.token;
}

/** Registers a new player with phone, SMS code and password (registerV2). */
export async function registerPlayer(
  server: TestServer,
  options: { birthday?: string; password?: string; extra?: Record<string, unknown> } = {},
): Promise<LoginResult & { phone: { typed: string; e164: string }; password: string }> {
  const phone = newPhone();
  const password = options.password ?? 'Secret123';
  const sent = await call(server, 'main', 'phone/sendCode', {
    phone: await encrypt(server, phone.typed),
    purpose: 'register',
    captchaToken: await captcha(server),
  });
  if (sent.code !== '0000') throw new Error(`sendCode: ${sent.message}`);
  const answer = await call<LoginResult>(server, 'main', 'userAuth/registerV2', {
    phone: await encrypt(server, phone.typed),
    code: await lastCode(server, phone.e164),
    password: await encrypt(server, password),
    birthday: options.birthday ?? '1995-03-14',
    agree: true,
    ...options.extra,
  });
  if (answer.code !== '0000') throw new Error(`registerV2: ${answer.code} ${answer.message}`);
  return { ...answer.data, phone, password };
}

export async function loginWithPassword(server: TestServer, phone: string, password: string): Promise<Answer<LoginResult>> {
  return call<LoginResult>(server, 'main', 'userAuth/loginByPhoneV4', {
    phone: await encrypt(server, phone),
    password: await encrypt(server, password),
    captchaToken: await captcha(server),
  });
}

/** The database id behind a player's public customerId (the app never sees it). */
export async function internalId(server: TestServer, userInfo: Pick<UserInfo, 'customerId'>): Promise<number> {
  const [row] = await server.database.db.select({ id: customers.id }).from(customers).where(eq(customers.publicId, userInfo.customerId));
  if (!row) throw new Error(`no customer with public id ${userInfo.customerId}`);
  return row.id;
}

/**
 * A logged-in player made straight in the database, without the captcha and SMS steps (whose per-address
 * limits a test that needs many players would meet): its session token.
 */
export async function quickPlayer(server: TestServer): Promise<string> {
  const db = server.database.db;
  const customer = await createCustomer(db, { mobileNo: newPhone().e164, birthday: '1995-03-14' });
  const request = { ip: '127.0.0.1', headers: {} } as FastifyRequest;
  const policy = { idleMs: server.config.sessionIdleMs, maxMs: server.config.sessionMaxMs, events: server.app.playerEvents };
  return (await createSession(db, policy, customer.id, request)).webToken.token;
}

/** Puts money in a player's main wallet, posted as a deposit would be. */
export async function fund(server: TestServer, customerId: number, centavos: number): Promise<void> {
  await server.database.db.transaction(async (tx) => {
    await post(tx, {
      kind: 'deposit',
      customerId,
      reference: 'test:deposit',
      entries: [
        { accountId: await houseAccountId(tx, HOUSE.payments), amount: -centavos },
        { accountId: await walletAccountId(tx, customerId, 'main'), amount: centavos },
      ],
    });
  });
}

/** A new registered player with `pesos` in the main wallet: its token and database id. */
export async function fundedPlayer(server: TestServer, pesos = 5_000): Promise<{ token: string; customerId: number }> {
  const player = await registerPlayer(server);
  const customerId = await internalId(server, player.userInfo);
  await fund(server, customerId, pesos * 100);
  return { token: player.webToken.token, customerId };
}

/** Like quickPlayer, with the player's internal id too (for planting rows a test needs). */
export async function quickCustomer(server: TestServer): Promise<{ token: string; customerId: number; phone: string }> {
  const db = server.database.db;
  const phone = newPhone();
  const customer = await createCustomer(db, { mobileNo: phone.e164, birthday: '1995-03-14' });
  const request = { ip: '127.0.0.1', headers: {} } as FastifyRequest;
  const policy = { idleMs: server.config.sessionIdleMs, maxMs: server.config.sessionMaxMs, events: server.app.playerEvents };
  return { token: (await createSession(db, policy, customer.id, request)).webToken.token, customerId: customer.id, phone: phone.typed };
}

/** The player's main balance in centavos, as the header shows it. */
export async function mainBalance(server: TestServer, token: string): Promise<number> {
  return (await call<{ balance: number }>(server, 'main', 'customer/getBalance', {}, { token })).data.balance;
}
