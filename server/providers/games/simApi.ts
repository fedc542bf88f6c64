import type { FastifyInstance, FastifyReply } from 'fastify';
import { catalogue, PLATFORMS, TRANSFER_PLATFORM } from './catalogue';
import { PROVIDER_API } from './hub88';
import { checkBodySignature, signBody } from './signing';
import { type GameSimulator, SimulatorRefusal } from './simulator';
import { SIGNATURE_HEADER } from './types';

/**
 * The simulator's operator API, shaped like Hub88's (development and tests only), at
 * GAME_SIM_API_PREFIX + the provider's path: every request must carry our operator id and the operator
 * key's X-Hub88-Signature over the exact bytes; every answer is signed with the provider's key. While
 * the outage switch is on every call answers 503 unsigned, as a gateway in front of a provider that is
 * down would. Game pages and their round API (page.ts) keep working: the games run at the provider.
 */
export const GAME_SIM_API_PREFIX = '/sim/games/api';

export interface SimApiKeys {
  operatorId: string;
  operatorPublicKeyPem: string;
  providerPrivateKeyPem: string;
}

type Body = Record<string, unknown>;
const text = (value: unknown, max = 200) => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);
const amountOf = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 1e12 ? value : undefined;

export async function simApi(app: FastifyInstance, options: { simulator: GameSimulator; keys: SimApiKeys }) {
  const { simulator, keys } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 65_536 }, (_request, body, done) => done(null, body));

  function answer(reply: FastifyReply, status: number, body: unknown) {
    const raw = JSON.stringify(body);
    return reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .header(SIGNATURE_HEADER, signBody(keys.providerPrivateKeyPem, raw))
      .type('application/json; charset=utf-8')
      .send(raw);
  }
  const refuse = (code: string, message: string) => ({ error: { code, message } });
  const transferPlatform = (body: Body) => {
    if (body['platform_code'] !== TRANSFER_PLATFORM.platformCode)
      throw new SimulatorRefusal('NOT_FOUND', `${String(body['platform_code'])} is not a transfer-wallet platform.`);
    return TRANSFER_PLATFORM.platformCode;
  };
  const transferRequest = (body: Body) => {
    const user = text(body['user'], 100);
    const amount = amountOf(body['amount']);
    const transferId = text(body['transfer_id'], 100);
    if (!user || !amount || !transferId)
      throw new SimulatorRefusal('INVALID_ARGUMENT', 'user, a positive integer amount and transfer_id are required.');
    return { user, amount, transferId, platformCode: transferPlatform(body) };
  };
  const transferAnswer = (result: { transferId: string; status: string; balance: number }) => ({
    transfer_id: result.transferId,
    status: result.status,
    balance: result.balance,
  });

  const handlers: Record<string, (body: Body) => Promise<unknown>> = {
    async [PROVIDER_API.launch](body) {
      const user = text(body['user'], 100);
      const gameCode = text(body['game_code'], 100);
      const platformCode = text(body['platform_code'], 40);
      const currency = text(body['currency'], 3);
      const lobbyUrl = typeof body['lobby_url'] === 'string' ? body['lobby_url'].slice(0, 500) : '/';
      if (!user || !gameCode || !platformCode || !currency || body['platform'] !== 'GPL_MOBILE')
        throw new SimulatorRefusal('INVALID_ARGUMENT', 'user, game_code, platform_code, currency and platform GPL_MOBILE are required.');
      const token = typeof body['token'] === 'string' && body['token'] ? body['token'] : null;
      const { sessionId } = await simulator.launch({
        user,
        token,
        gameCode,
        platformCode,
        currency,
        lang: text(body['lang'], 10) ?? 'en',
        lobbyUrl,
        ip: text(body['ip'], 64) ?? '',
        country: 'PH',
        platform: 'GPL_MOBILE',
      });
      return { url: `/sim/games/play/${sessionId}` };
    },
    async [PROVIDER_API.round](body) {
      const roundId = text(body['round'], 100);
      if (!roundId) throw new SimulatorRefusal('INVALID_ARGUMENT', 'round is required.');
      const round = await simulator.round(roundId);
      if (!round) throw new SimulatorRefusal('NOT_FOUND', 'No such round.');
      return { round: round.roundId, game_code: round.gameCode, proof: round.proof };
    },
    async [PROVIDER_API.jackpot]() {
      return { amount: await simulator.jackpot(), currency: 'PHP' };
    },
    async [PROVIDER_API.catalogue]() {
      return { platforms: PLATFORMS, games: [...catalogue().values()].map((entry) => entry.game) };
    },
    async [PROVIDER_API.deposit](body) {
      return transferAnswer(await simulator.transfer('deposit', transferRequest(body)));
    },
    async [PROVIDER_API.withdraw](body) {
      return transferAnswer(await simulator.transfer('withdraw', transferRequest(body)));
    },
    async [PROVIDER_API.transferStatus](body) {
      transferPlatform(body);
      const transferId = text(body['transfer_id'], 100);
      if (!transferId) throw new SimulatorRefusal('INVALID_ARGUMENT', 'transfer_id is required.');
      const result = await simulator.transferStatus(transferId);
      if (!result) throw new SimulatorRefusal('NOT_FOUND', 'No such transfer.');
      return transferAnswer(result);
    },
    async [PROVIDER_API.transferBalance](body) {
      const user = text(body['user'], 100);
      if (!user) throw new SimulatorRefusal('INVALID_ARGUMENT', 'user is required.');
      return { user, balance: await simulator.transferBalance(user, transferPlatform(body)) };
    },
  };

  for (const [path, handle] of Object.entries(handlers)) {
    app.post(`${GAME_SIM_API_PREFIX}${path}`, async (request, reply) => {
      if (await simulator.isDown())
        return reply.status(503).header('Cache-Control', 'no-store').type('text/plain').send('Service Unavailable');
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      if (!checkBodySignature(typeof signature === 'string' ? signature : undefined, keys.operatorPublicKeyPem, raw))
        return answer(reply, 401, refuse('INVALID_SIGNATURE', 'The request signature is missing or wrong.'));
      let body: Body;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        body = parsed as Body;
      } catch {
        return answer(reply, 400, refuse('INVALID_ARGUMENT', 'The body is not a JSON object.'));
      }
      if (body['operator_id'] !== keys.operatorId) return answer(reply, 401, refuse('INVALID_SIGNATURE', 'Unknown operator.'));
      try {
        return answer(reply, 200, await handle(body));
      } catch (error) {
        if (error instanceof SimulatorRefusal)
          return answer(reply, error.code === 'NOT_FOUND' ? 404 : 400, refuse(error.code, error.message));
        throw error;
      }
    });
  }
}
