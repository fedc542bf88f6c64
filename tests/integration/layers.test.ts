import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallError } from '../../server/lib/errors';
import { contractPlugin } from '../../server/plugins/contract';
import type { PlayerEvent } from '../../server/realtime/bus';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { API_PREFIXES } from '../../src/contract/envelopes';
import { GatewayCode } from '../../src/contract/errorCodes';
import { HEADER, computeSign } from '../../src/contract/sign';
import { prematchPick, singleBody } from './bodies';
import { call, fundedPlayer, idempotencyKey } from './player';
import { type TestServer, startServer } from './server';

/**
 * The server's layers as rules: a money-moving call declares itself idempotent and the contract checks
 * its key before the handler runs; an answer that does not match its call's schema is refused outside
 * production; bets and balances reach the player on the one player events bus; the development routes
 * exist only outside production.
 */

const APP_KEY = 'layers-test-key';

/** A bare contract with one idempotent call and one call whose answer breaks its schema. */
async function bareContract(checkAnswers: boolean): Promise<{ app: FastifyInstance; keys: string[] }> {
  const app = Fastify({ logger: false });
  await app.register(rateLimit, { global: true, max: 1000, timeWindow: '1 minute' });
  await app.register(contractPlugin, {
    appKey: APP_KEY,
    cipher: { publicKeySpki: '', keyId: '', decrypt: () => undefined },
    sessions: {
      resolve: async (token) => {
        if (token === 'player') return { id: 1, customerId: 7 };
        throw new CallError(GatewayCode.TokenInvalid, 'login please', 401);
      },
    },
    accountCallsPerMinute: 1000,
    checkAnswers,
  });
  const keys: string[] = [];
  app.call({
    prefix: 'main',
    name: 'test/move',
    auth: 'player',
    idempotent: true,
    body: z.looseObject({}),
    answer: z.strictObject({ moved: z.boolean() }),
    handler: ({ idempotencyKey: key }) => {
      keys.push(key);
      return { moved: true };
    },
  });
  app.call({
    prefix: 'main',
    name: 'test/broken',
    auth: 'public',
    body: z.looseObject({}),
    answer: z.strictObject({ balance: z.int() }),
    // The handler's type follows the schema, so only a cast (or a runtime slip such as a leaked field) gets here.
    handler: () => ({ balance: 1.5, secret: 'internal' }) as unknown as { balance: number },
  });
  await app.ready();
  return { app, keys };
}

async function post(app: FastifyInstance, name: string, options: { token?: string; key?: string } = {}) {
  const body = '{}';
  const qid = randomUUID();
  const token = options.token ?? '';
  const response = await app.inject({
    method: 'POST',
    url: `${API_PREFIXES.main}/${name}`,
    headers: {
      'content-type': 'application/json',
      [HEADER.qid]: qid,
      [HEADER.appId]: APP_ID,
      [HEADER.token]: token,
      [HEADER.sign]: computeSign(APP_KEY, { body, qid, appId: APP_ID, version: APP_VERSION, token }),
      ...(options.key !== undefined ? { [HEADER.idempotencyKey]: options.key } : {}),
    },
    payload: body,
  });
  return { status: response.statusCode, ...(response.json() as { head: { errCode: string; errMsg: string }; body: unknown }) };
}

describe('the contract', () => {
  it('checks an idempotent call’s key before its handler runs, and hands the handler the key', async () => {
    const { app, keys } = await bareContract(true);
    try {
      for (const key of [undefined, '', 'short', 'has spaces in it', 'x'.repeat(81)]) {
        const refused = await post(app, 'test/move', { token: 'player', ...(key !== undefined ? { key } : {}) });
        expect(refused).toMatchObject({ status: 400, head: { errCode: GatewayCode.InvalidRequest } });
        expect(refused.head.errMsg).toMatch(/Idempotency-Key/);
      }
      expect((await post(app, 'test/move', { key: 'key-12345678' })).status, 'a visitor is asked to log in first').toBe(401);
      expect(keys).toEqual([]);
      const moved = await post(app, 'test/move', { token: 'player', key: 'key-12345678' });
      expect(moved).toMatchObject({ status: 200, body: { moved: true } });
      expect(keys).toEqual(['key-12345678']);
    } finally {
      await app.close();
    }
  });

  it('refuses an answer that breaks its schema outside production, with no detail to the caller', async () => {
    const { app } = await bareContract(true);
    try {
      const broken = await post(app, 'test/broken');
      expect(broken).toMatchObject({ status: 500, head: { errCode: GatewayCode.Internal }, body: null });
      expect(JSON.stringify(broken)).not.toMatch(/secret|internal|balance/);
    } finally {
      await app.close();
    }
    // Production does not spend the check: the answer goes out as the handler made it.
    const production = await bareContract(false);
    try {
      expect((await post(production.app, 'test/broken')).status).toBe(200);
    } finally {
      await production.app.close();
    }
  });
});

describe('the server’s calls', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('declares every money-moving call idempotent', () => {
    const idempotent = server.app.calls.filter((c) => c.idempotent).map((c) => c.name);
    expect(idempotent.sort()).toEqual(
      [
        'activity/claim-dailyrebates',
        'builder/place',
        'cashout/accept',
        'coupon/claimRebates',
        'coupon/receiveCouponVoucher',
        'customer/receiveVoucher',
        'deposit/createDeposit',
        'deposit/createOnlineOrder',
        'deposit/depositByAgent',
        'deposit/depositByVoucher',
        'giftCard/redeem',
        'maya/createOnlineOrder',
        'partner/hostPayOrder',
        'promotion/leave',
        'promotion/optIn',
        'luckySpin/spin',
        'masskara/exchange',
        'masskara/join',
        'sport-activity/claim-rewards',
        'sport-activity/join',
        'game/sabaInBalance',
        'game/transferIn',
        'game/transferOut',
        'saba/sabaDoBatchPlaceBet',
        'saba/sabaDoPlaceBetV2',
        'saba/sabaPlaceOutrightBetV2',
        'sabaCombo/comboBetToSaba',
        'withdraw/createWithdrawalRequest',
        'withdraw/v2/createMayaWithdrawalRequest',
        'withdraw/withdrawByAgent',
      ].sort(),
    );
  });

  it('gates every bet and deposit behind the KYC deadline, and every withdrawal behind the face check', () => {
    // Every call that moves money is one of these; a new one fails here until it is placed.
    const stakesAndDeposits = [
      'saba/sabaDoPlaceBetV2',
      'saba/sabaDoBatchPlaceBet',
      'saba/sabaPlaceOutrightBetV2',
      'sabaCombo/comboBetToSaba',
      // The bet builder (issue 38): one ticket of one match's selections.
      'builder/place',
      'deposit/createOnlineOrder',
      'deposit/createDeposit',
      'deposit/depositByVoucher',
      'deposit/depositByAgent',
      'customer/receiveVoucher',
      'giftCard/redeem',
      // A deposit through a partner host's pay, and a Maya deposit from inside Maya (issue 36).
      'partner/hostPayOrder',
      'maya/createOnlineOrder',
    ];
    const withdrawals = ['withdraw/createWithdrawalRequest', 'withdraw/withdrawByAgent', 'withdraw/v2/createMayaWithdrawalRequest'];
    // A transfer between the player's own wallets (main → sportsbook): neither money in nor a stake.
    const ownTransfers = ['game/sabaInBalance', 'game/transferIn', 'game/transferOut'];
    // Promotions (issue 35): a bonus granted or left, a rebate of bets already placed: no money from outside, no stake.
    const promotions = [
      'promotion/optIn',
      'promotion/leave',
      'coupon/claimRebates',
      'activity/claim-dailyrebates',
      // A coupon's bonus (a grant from the promotion budget).
      'coupon/receiveCouponVoucher',
    ];
    // Campaigns (issue 35): a mission joined or its reward claimed, a lucky spin's prize: no money from outside, no stake.
    // The Masskara campaign joined or a full set of masks exchanged for its prize.
    const campaigns = ['sport-activity/join', 'sport-activity/claim-rewards', 'luckySpin/spin', 'masskara/join', 'masskara/exchange'];
    // Cash-out (issue 38): a running ticket's stake back from house:open-bets at its value now, like a settlement.
    const cashOuts = ['cashout/accept'];
    const moving = server.app.calls.filter((c) => c.idempotent).map((c) => c.name);
    expect(moving.sort()).toEqual([...stakesAndDeposits, ...withdrawals, ...ownTransfers, ...promotions, ...campaigns, ...cashOuts].sort());
    const requiring = (name: string) => server.app.calls.filter((c) => c.requires.includes(name as never)).map((c) => c.name);
    expect(requiring('kycVerified').sort()).toEqual([...stakesAndDeposits, 'game/launchGame', 'game/v2/inGame'].sort());
    expect(requiring('faceCheck:withdraw').sort()).toEqual([...withdrawals].sort());
  });

  it('documents the answer of every account, wallet, message and bet call', () => {
    const domains =
      /^(customer|account|message|game|transactionRecord)\/|^saba\/(sabaDo|sabaPlace|querySelection|queryQuickBet|refreshSingle|queryTicket)|^sabaCombo\//;
    const covered = server.app.calls.filter((c) => domains.test(c.name));
    expect(covered.length).toBeGreaterThan(25);
    expect(covered.filter((c) => !c.answer).map((c) => c.name)).toEqual([]);
  });

  it('tells the player of a bet and of the balance on the one player events bus', async () => {
    const player = await fundedPlayer(server);
    const events: PlayerEvent[] = [];
    const unsubscribe = server.app.playerEvents.subscribe((event) => {
      if ('customerId' in event && event.customerId === player.customerId) events.push(event);
    });
    try {
      const placed = await call<{ ticket: { transId: string } }>(
        server,
        'tp',
        'saba/sabaDoPlaceBetV2',
        singleBody(prematchPick(server.app.feed), 10),
        {
          token: player.token,
          idempotencyKey: idempotencyKey(),
        },
      );
      expect(placed.code, placed.message).toBe('0');
      await expect.poll(() => events.map((e) => e.type)).toEqual(expect.arrayContaining(['bet', 'balance']));
      expect(events.find((e) => e.type === 'bet')).toMatchObject({ push: { transId: placed.data.ticket.transId } });
    } finally {
      unsubscribe();
    }
  });

  it('serves the development routes outside production only', async () => {
    expect((await fetch(`${server.url}/dev/realtime`)).status).toBe(200);
    const production = await startServer({ production: true });
    try {
      for (const [method, path] of [
        ['GET', '/dev/realtime'],
        ['POST', '/dev/realtime/drop'],
        ['POST', '/dev/feed/settle/M1'],
        ['POST', '/dev/feed/market/M1'],
        ['GET', '/dev/realtime/market/M1'],
      ] as const) {
        const response = await fetch(`${production.url}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: method === 'POST' ? '{}' : null,
        });
        expect(response.headers.get('content-type') ?? '', `${method} ${path}`).not.toMatch(/json/);
      }
      // The operator's pages and the agent simulator answer HTML: in production they are not there at all.
      for (const path of ['/dev/vouchers', '/dev/deposits', '/dev/reconciliation', '/dev/news', '/sim/agent/cash-in']) {
        const page = await fetch(`${production.url}${path}`);
        expect(await page.text(), path).not.toMatch(/Panalo development|Simulator/);
        const posted = await fetch(`${production.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'kind=promo&amount=100&orderNo=X&decision=approve&code=1&action=pay',
        });
        expect(posted.status, `POST ${path}`).toBeGreaterThanOrEqual(400);
        expect(await posted.text(), `POST ${path}`).not.toMatch(/Panalo development|Simulator|Issued/);
      }
      expect((await fetch(`${production.url}/webhooks/agent/cash-in`, { method: 'POST', body: '{}' })).status).toBeGreaterThanOrEqual(400);
    } finally {
      await production.close();
    }
  });
});
