/**
 * A player's side of the cluster tests: the app's calls (Sign header, RSA-encrypted fields, the solved
 * captcha) to any instance or to the balancer, from a chosen loopback address (127.0.0.0/8 is all this
 * machine's, so each player can come from an address of its own, as phones do), and STOMP sockets as
 * the realtime worker opens them.
 */
import { constants, publicEncrypt, randomInt, randomUUID } from 'node:crypto';
import { request as httpRequest, Agent } from 'node:http';
import { inflateSync } from 'node:zlib';
import { Client, type IMessage, type IStompSocket } from '@stomp/stompjs';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { WebSocket } from 'ws';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { API_PREFIXES, type ApiPrefix, readEnvelope } from '../../src/contract/envelopes';
import { STOMP_PROTOCOL } from '../../src/contract/feed';
import type { ListSnapshot } from '../../src/contract/feed';
import { computeSign } from '../../src/contract/sign';
import { MarketStatus } from '../../src/contract/sports';
import { singleBody } from '../integration/bodies';

export interface Answer<T = unknown> {
  status: number;
  code: string;
  message: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  idempotencyKey?: string;
  /** The caller's address (default 127.0.0.1). */
  from?: string;
  /** The path exactly as written (another spelling of the call's), instead of the call's own. */
  path?: string;
}

const agents = new Map<string, Agent>();
function agentFor(from: string): Agent {
  let agent = agents.get(from);
  if (!agent) {
    agent = new Agent({ keepAlive: true, localAddress: from, maxSockets: 16 });
    agents.set(from, agent);
  }
  return agent;
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** One call of the contract, raw: status and body bytes. */
export function post(
  base: string,
  appKey: string,
  prefix: ApiPrefix,
  name: string,
  body: unknown,
  options: CallOptions = {},
): Promise<{ status: number; body: Buffer }> {
  const text = JSON.stringify(body);
  const qid = randomUUID();
  const token = options.token ?? '';
  const sign = computeSign(appKey, { body: text, qid, appId: APP_ID, version: APP_VERSION, token });
  const url = new URL(`${base}${API_PREFIXES[prefix]}/${name}`);
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: options.path ?? url.pathname,
        method: 'POST',
        agent: agentFor(options.from ?? '127.0.0.1'),
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
          Qid: qid,
          AppId: APP_ID,
          token,
          Sign: sign,
          ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', fail);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${name}: no answer within 30 s`)));
    req.on('error', fail);
    req.end(text);
  });
}

export async function call<T = unknown>(
  base: string,
  appKey: string,
  prefix: ApiPrefix,
  name: string,
  body: unknown = {},
  options: CallOptions = {},
): Promise<Answer<T>> {
  const answer = await post(base, appKey, prefix, name, body, options);
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString());
  } catch {
    throw new Error(`${name}: HTTP ${answer.status}, not JSON: ${answer.body.toString().slice(0, 200)}`);
  }
  const envelope = readEnvelope<T>(json);
  if (!envelope) throw new Error(`${name}: not an envelope (HTTP ${answer.status})`);
  return { status: answer.status, code: envelope.code, message: envelope.message, data: envelope.data };
}

/**
 * Slip bodies of pre-match singles on the running main football markets the app lists (today's and
 * early), taking any price change (the feed moves meanwhile), `limit` at most.
 */
export async function prematchSingles(base: string, appKey: string, stakePesos: number, limit = Infinity): Promise<unknown[]> {
  const bodies: unknown[] = [];
  for (const mode of ['today', 'early'] as const) {
    const list = await compressed<ListSnapshot>(base, appKey, 'saba/queryCompressedMatchList', { sportTypeId: '1', mode });
    for (const market of list.markets) {
      const match = list.matches.find((m) => m.matchId === market.matchId);
      const selection = market.selections[0];
      if (!match || !selection || !market.main || market.status !== MarketStatus.Running || selection.price <= 1) continue;
      if (bodies.length >= limit) break;
      bodies.push(
        singleBody({ match, market, key: selection.key, price: selection.price }, stakePesos, {
          betOnPage: 'bench',
          acceptOddsChange: 'any',
        }),
      );
    }
  }
  if (bodies.length === 0) throw new Error('no open pre-match market');
  return bodies;
}

/** A compressed answer (saba/queryCompressed*), inflated and parsed. */
export async function compressed<T>(base: string, appKey: string, name: string, body: unknown, from?: string): Promise<T> {
  const answer = await post(base, appKey, 'tp', name, body, from ? { from } : {});
  if (answer.status !== 200) throw new Error(`${name}: HTTP ${answer.status} ${answer.body.toString().slice(0, 200)}`);
  return JSON.parse(inflateSync(answer.body).toString()) as T;
}

export async function encrypt(base: string, appKey: string, value: string, from?: string): Promise<string> {
  const spki = (await call<{ spki: string }>(base, appKey, 'front', 'front/publicKey', {}, from ? { from } : {})).data.spki;
  const key = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----`;
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value)).toString('base64');
}

export async function captcha(base: string, appKey: string, from?: string): Promise<string> {
  const options = from ? { from } : {};
  const challenge = (await call<Challenge>(base, appKey, 'main', 'hCaptcha/generate', {}, options)).data;
  const solution = await solveChallenge({ challenge, deriveKey });
  const answer = await call<{ captchaToken: string }>(base, appKey, 'main', 'hCaptcha/validate', { challenge, solution }, options);
  if (answer.code !== '0000') throw new Error(`captcha: ${answer.message}`);
  return answer.data.captchaToken;
}

export interface Player {
  token: string;
  customerId: number;
  phone: string;
  from: string;
}

/**
 * Registers a player as the app does (SMS code, password) through `base`, from its own address; the
 * code is read from the SMS outbox in the database, as the simulated SMS provider "sent" it.
 */
export async function registerPlayer(base: string, appKey: string, databaseUrl: string, from: string): Promise<Player> {
  const rest = String(randomInt(100_000_000, 999_999_999));
  const typed = `09${rest}`;
  const e164 = `+639${rest}`;
  const options = { from };
  const sent = await call(
    base,
    appKey,
    'main',
    'phone/sendCode',
    { phone: await encrypt(base, appKey, typed, from), purpose: 'register', captchaToken: await captcha(base, appKey, from) },
    options,
  );
  if (sent.code !== '0000') throw new Error(`sendCode: ${sent.message}`);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let code: string | undefined;
  try {
    const rows = await db.query<{ body: string }>('SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [e164]);
    code = /\b(\d{6})\b/.exec(rows.rows[0]?.body ?? '')?.[1];
  } finally {
    await db.end();
  }
  if (!code) throw new Error(`no code sent to ${e164}`);
  const answer = await call<{ webToken: { token: string }; userInfo: { customerId: string } }>(
    base,
    appKey,
    'main',
    'userAuth/registerV2',
    {
      phone: await encrypt(base, appKey, typed, from),
      code,
      password: await encrypt(base, appKey, 'Secret123', from),
      birthday: '1995-03-14',
      agree: true,
    },
    options,
  );
  if (answer.code !== '0000') throw new Error(`registerV2: ${answer.code} ${answer.message}`);
  const db2 = new pg.Client({ connectionString: databaseUrl });
  await db2.connect();
  try {
    const row = await db2.query<{ id: number }>('SELECT id FROM customers WHERE public_id = $1', [answer.data.userInfo.customerId]);
    const id = row.rows[0]?.id;
    if (id === undefined) throw new Error('the registered player is not in customers');
    return { token: answer.data.webToken.token, customerId: Number(id), phone: typed, from };
  } finally {
    await db2.end();
  }
}

/** A STOMP socket as the realtime worker opens it: the session token in CONNECT, the product's protocol. */
export interface Socket {
  client: Client;
  /** Messages by destination as subscribed (e.g. /user/queue/balance). */
  inbox: Map<string, IMessage[]>;
  errors: string[];
  /** How many times the socket (re)connected. */
  connects: number;
  /** Subscribes (again on every reconnect); resolves once the first subscription's RECEIPT came back. */
  subscribe(destination: string): Promise<void>;
  close(): Promise<void>;
}

export function openSocket(wsUrl: string, token: string | undefined, options: { reconnectMs?: number } = {}): Promise<Socket> {
  const inbox = new Map<string, IMessage[]>();
  const errors: string[] = [];
  const wanted = new Set<string>();
  /** Subscriptions waiting for their RECEIPT: an ERROR frame fails them at once. */
  const pending = new Set<(error: Error) => void>();
  const client = new Client({
    webSocketFactory: () => new WebSocket(wsUrl, [STOMP_PROTOCOL]) as unknown as IStompSocket,
    connectHeaders: token ? { token } : {},
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    reconnectDelay: options.reconnectMs ?? 0,
    debug: () => undefined,
  });
  const socket: Socket = {
    client,
    inbox,
    errors,
    connects: 0,
    subscribe(destination) {
      wanted.add(destination);
      if (!inbox.has(destination)) inbox.set(destination, []);
      return new Promise((done, fail) => {
        const receipt = `r-${randomUUID()}`;
        const failed = (error: Error) => {
          clearTimeout(timer);
          pending.delete(failed);
          fail(error);
        };
        const timer = setTimeout(() => failed(new Error(`no RECEIPT for ${destination}`)), 10_000);
        pending.add(failed);
        client.watchForReceipt(receipt, () => {
          clearTimeout(timer);
          pending.delete(failed);
          done();
        });
        client.subscribe(destination, (message) => inbox.get(destination)!.push(message), { receipt });
      });
    },
    async close() {
      client.onWebSocketClose = () => undefined;
      await client.deactivate({ force: true });
    },
  };
  client.onStompError = (frame) => {
    errors.push(frame.headers['message'] ?? 'ERROR');
    for (const fail of [...pending]) fail(new Error(`ERROR: ${frame.headers['message'] ?? ''}`));
  };
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no CONNECTED from ${wsUrl}: ${errors.join('; ')}`)), 15_000);
    client.onConnect = () => {
      socket.connects += 1;
      if (socket.connects === 1) {
        clearTimeout(timer);
        done(socket);
        return;
      }
      // A reconnect: the same subscriptions again, as the worker does.
      for (const destination of wanted) client.subscribe(destination, (message) => inbox.get(destination)!.push(message));
    };
    client.activate();
  });
}

export async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
