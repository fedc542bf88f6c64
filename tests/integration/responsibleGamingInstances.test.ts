import { Client, type IFrame, type IStompSocket } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { GatewayCode } from '../../src/contract/errorCodes';
import { STOMP_PROTOCOL } from '../../src/contract/feed';
import { RgCall } from '../../src/contract/responsibleGaming';
import { call, idempotencyKey, loginWithPassword, registerPlayer } from './player';
import { type TestServer, secondInstance, startServer } from './server';

/**
 * Responsible gaming across instances (issue 34): two instances on ONE database, as behind a balancer.
 * A break taken through A ends the player's sockets on A and on B; a limit set through A holds on B; the
 * operator's kill switch flipped through A reaches B within its 30 s cache.
 */

let a: TestServer;
let b: TestServer;
let now = Date.now();
const sockets: Client[] = [];

beforeAll(async () => {
  const options = { clock: () => now, ipCallsPerMinute: 100_000, accountCallsPerMinute: 100_000, sessionRecheckMs: 200 };
  a = await startServer({}, undefined, options);
  b = await secondInstance(a, options);
});

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.deactivate({ force: true })));
  await b?.close();
  await a?.close();
});

const until = async (done: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A logged-in socket on one instance, and the ERROR frames it gets. */
async function socket(server: TestServer, token: string) {
  const errors: IFrame[] = [];
  let connected = false;
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${server.url.replace('http', 'ws')}/ws`, [STOMP_PROTOCOL]) as unknown as IStompSocket,
    connectHeaders: { token },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    onConnect: () => void (connected = true),
    onStompError: (frame) => void errors.push(frame),
  });
  sockets.push(client);
  client.activate();
  await until(() => connected);
  return errors;
}

const deposit = (server: TestServer, token: string, pesos: number) =>
  call(server, 'main', 'deposit/createDeposit', { bankInfoId: 1, amount: pesos * 100 }, { token, idempotencyKey: idempotencyKey() });

describe('two instances on one database', () => {
  it('end the sockets of a player who takes a break through A, on A and on B', async () => {
    const player = await registerPlayer(a);
    const onB = await loginWithPassword(b, player.phone.typed, player.password);
    const errorsOnA = await socket(a, player.webToken.token);
    const errorsOnB = await socket(b, onB.data.webToken.token);
    const taken = await call(a, 'main', RgCall.takeBreak, { period: '1w' }, { token: player.webToken.token });
    expect(taken.code).toBe('0000');
    await until(() => errorsOnA.length > 0 && errorsOnB.length > 0);
    for (const frame of [errorsOnA[0]!, errorsOnB[0]!]) {
      expect(frame.headers['code']).toBe(GatewayCode.RgSessionEnded);
      expect(frame.headers['message']).toMatch(/You started a break from play/);
    }
    expect((await call(b, 'main', 'customer/getBalance', {}, { token: onB.data.webToken.token })).code).toBe(GatewayCode.RgSessionEnded);
  });

  it('hold one deposit limit whichever instance takes the deposit', async () => {
    const player = await registerPlayer(a);
    const token = player.webToken.token;
    expect((await call(a, 'main', RgCall.setLimit, { limit: 'depositDay', value: 100_000 }, { token })).code).toBe('0000');
    expect((await deposit(b, token, 700)).code).toBe('0000');
    const refused = await deposit(a, token, 400);
    expect(refused.code).toBe(GatewayCode.RgDepositLimit);
    expect(refused.message).toContain('You can deposit ₱300.00 more today');
  });

  it('obey the kill switch flipped through A on B within 30 seconds', async () => {
    const player = await registerPlayer(a);
    const token = player.webToken.token;
    // B has read the switches (open) just now.
    expect((await deposit(b, token, 100)).code).toBe('0000');
    const flip = (withdrawOnly: boolean) =>
      fetch(`${a.url}/dev/responsible-gaming/switch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'channel:bank', withdrawOnly }),
      });
    expect((await flip(true)).status).toBe(200);
    try {
      expect((await deposit(a, token, 100)).code).toBe(GatewayCode.RgWithdrawOnlyChannel);
      now += 31_000;
      expect((await deposit(b, token, 100)).code).toBe(GatewayCode.RgWithdrawOnlyChannel);
    } finally {
      expect((await flip(false)).status).toBe(200);
      now += 31_000;
    }
    expect((await deposit(b, token, 100)).code).toBe('0000');
  });
});
