import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerAccounts } from '../../server/db/schema';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import {
  GameProviderError,
  OPERATOR_WALLET_PATHS,
  SIGNATURE_HEADER,
  type GameProvider,
  type ProviderRound,
  type TransactionAnswer,
  type TransferPlatformApi,
  type TransferResult,
} from '../../server/providers/games/types';
import type { TestServer } from './server';

/**
 * What the casino wallet's tests share: a game provider of the test's own (its key pair signs the wallet
 * calls as the aggregator would; its transfer platform can answer, refuse, or never answer), the
 * signed wallet calls, and the ledger check every test ends with.
 */

export const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const publicKeyPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
/** Someone else's key: what a forger has. */
export const forgerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

export const SEAMLESS = 'TESTSTUDIO';
export const TRANSFER = 'TESTXFER';

/** How the fake transfer platform treats the next calls. */
export type PlatformMode =
  /** Answers at once. */
  | 'ok'
  /** Refuses (status failed). */
  | 'fail'
  /** Does the transfer but its answer never arrives. */
  | 'lost-answer'
  /** Never sees the request (no answer either). */
  | 'lost-request';

export class FakePlatform implements TransferPlatformApi {
  mode: PlatformMode = 'ok';
  readonly balances = new Map<string, number>();
  readonly done = new Map<string, TransferResult>();
  /** Every call with its transferId, to check the same id was reused. */
  readonly calls: { op: string; transferId: string }[] = [];

  private process(op: 'deposit' | 'withdraw', request: { user: string; amount: number; transferId: string }): Promise<TransferResult> {
    this.calls.push({ op, transferId: request.transferId });
    const first = this.done.get(request.transferId);
    if (first) return Promise.resolve(first);
    if (this.mode === 'lost-request') return new Promise(() => undefined);
    const balance = this.balances.get(request.user) ?? 0;
    let result: TransferResult;
    if (this.mode === 'fail' || (op === 'withdraw' && request.amount > balance))
      result = { transferId: request.transferId, status: 'failed', balance };
    else {
      const after = op === 'deposit' ? balance + request.amount : balance - request.amount;
      this.balances.set(request.user, after);
      result = { transferId: request.transferId, status: 'succeeded', balance: after };
    }
    this.done.set(request.transferId, result);
    if (this.mode === 'lost-answer') return new Promise(() => undefined);
    return Promise.resolve(result);
  }

  deposit(request: { user: string; platformCode: string; amount: number; transferId: string }) {
    return this.process('deposit', request);
  }
  withdraw(request: { user: string; platformCode: string; amount: number; transferId: string }) {
    return this.process('withdraw', request);
  }
  async transferStatus(request: { platformCode: string; transferId: string }) {
    this.calls.push({ op: 'status', transferId: request.transferId });
    const result = this.done.get(request.transferId);
    if (!result) throw new GameProviderError('NOT_FOUND', 'no such transfer');
    return result;
  }
  async balance(request: { user: string }) {
    return this.balances.get(request.user) ?? 0;
  }
}

export class FakeProvider implements GameProvider {
  readonly transfers = new FakePlatform();
  readonly rounds = new Map<string, ProviderRound>();
  down = false;

  async platforms() {
    if (this.down) throw new GameProviderError('PROVIDER_DOWN', 'down');
    return [
      { platformCode: SEAMLESS, name: 'Test Studio', wallet: 'seamless' as const },
      { platformCode: TRANSFER, name: 'Test Transfer', wallet: 'transfer' as const },
    ];
  }
  async games() {
    return [];
  }
  async launch() {
    return { url: '/sim/games/play/x' };
  }
  async round(roundId: string) {
    if (this.down) throw new GameProviderError('PROVIDER_DOWN', 'down');
    return this.rounds.get(roundId) ?? null;
  }
  async jackpot() {
    return 0;
  }
}

/** A wallet call as the provider sends it: the raw JSON signed with its key (or as a test says). */
export async function walletCall(
  server: TestServer,
  path: keyof typeof OPERATOR_WALLET_PATHS,
  body: Record<string, unknown>,
  options: { signWith?: typeof keys.privateKey; signature?: string | null; raw?: string } = {},
): Promise<TransactionAnswer> {
  const raw = JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? sign('sha256', Buffer.from(raw), options.signWith ?? keys.privateKey).toString('base64')
      : options.signature;
  const response = await fetch(`${server.url}${OPERATOR_WALLET_PATHS[path]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }) },
    body: options.raw ?? raw,
  });
  expect(response.status, 'wallet calls always answer HTTP 200').toBe(200);
  return (await response.json()) as TransactionAnswer;
}

/** A seamless game session of a player, and the bodies of its wallet calls. */
export class Table {
  constructor(
    readonly user: string,
    readonly token: string,
    readonly gameCode: string,
  ) {}

  base() {
    return { user: this.user, token: this.token, game_code: this.gameCode, request_uuid: randomUUID() };
  }
  bet(uuid: string, round: string, amount: number, extra: Record<string, unknown> = {}) {
    return {
      ...this.base(),
      transaction_uuid: uuid,
      supplier_transaction_id: `s-${uuid}`,
      round,
      round_closed: false,
      is_free: false,
      currency: 'PHP',
      bet: 'spin',
      amount,
      ...extra,
    };
  }
  win(uuid: string, betUuid: string, round: string, amount: number) {
    return { ...this.bet(uuid, round, amount), round_closed: true, reference_transaction_uuid: betUuid };
  }
  rollback(uuid: string, targetUuid: string, round: string) {
    const { amount: _amount, bet: _bet, ...rest } = this.bet(uuid, round, 0);
    return { ...rest, round_closed: true, reference_transaction_uuid: targetUuid };
  }
}

export async function mainAccountBalance(server: TestServer, customerId: number): Promise<number> {
  const rows = await server.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.customerId, customerId));
  return rows.find((r) => r.kind === 'main')?.balance ?? 0;
}

export async function houseBalance(server: TestServer, kind: string): Promise<number> {
  const rows = await server.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, kind));
  return rows[0]?.balance ?? 0;
}

/** Every ledger transaction balances, and the accounts agree with the entries: the whole ledger sums to zero. */
export async function expectLedgerBalanced(server: TestServer): Promise<void> {
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
}
