import type { FastifyInstance } from 'fastify';
import { findGame } from './catalogue';
import type { InstantRuntime, RoundAnswer } from './runtime';
import { GAME_SIM_API_PREFIX } from './simApi';
import { type GameSimulator, JACKPOT_SHARE_BPS } from './simulator';
import type { SimWallet } from './wallet';

/**
 * The game pages' own API at the simulator (development and tests only): what a provider's game client
 * talks to. The session id in the page's URL is the credential (unguessable, as a provider's launch
 * token is); identity and money never come from the page. Answers are JSON; a refused bet answers
 * `{ ok: false, code, message, balance }` (the page shows the message, e.g. "Not enough balance").
 */

type Body = Record<string, unknown>;
const bodyOf = (value: unknown): Body => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {});

export async function playApi(app: FastifyInstance, options: { simulator: GameSimulator; runtime: InstantRuntime; wallet: SimWallet }) {
  const { simulator, runtime, wallet } = options;

  app.get<{ Params: { sessionId: string } }>(`${GAME_SIM_API_PREFIX}/session/:sessionId`, async (request, reply) => {
    const row = await simulator.row(request.params.sessionId);
    const session = row && (await simulator.find(row.sessionId));
    const found = row && findGame(row.gameCode, row.platformCode);
    if (!row || !session || !found)
      return reply.status(404).send({ ok: false, code: 'NOT_FOUND', message: 'This game session does not exist.' });
    const balance = await wallet.balance(session).catch(() => null);
    const rounds = await simulator.history(row.sessionId);
    // A page reloaded mid-round picks its open round up again (deal → draw, a crash in flight).
    const open = await runtime.openRound(row.sessionId);
    const last = rounds.find((round) => round.status === 'settled');
    return reply.header('Cache-Control', 'no-store').send({
      ok: true,
      gameCode: row.gameCode,
      gameName: found.game.gameName,
      engine: found.game.engine,
      mode: row.mode,
      currency: row.currency,
      balance,
      minBet: found.game.minBet,
      maxBet: found.game.maxBet,
      rtpBps: found.game.rtpBps,
      jackpot: found.game.tags.includes('jackpot') ? { amount: await simulator.jackpot(), shareBps: JACKPOT_SHARE_BPS } : null,
      clientSeed: row.clientSeed,
      nextServerSeedHash: await simulator.nextSeedHash(row.sessionId),
      last: last
        ? {
            roundId: last.roundId,
            serverSeedHash: last.serverSeedHash,
            serverSeed: last.serverSeed,
            clientSeed: last.clientSeed,
            nonce: last.nonce,
            outcome: last.outcome,
          }
        : null,
      open,
      // The session's time and net result, always on screen (UK slot design rules, issue 34).
      session: { startedAt: row.createdAt.toISOString(), net: await simulator.sessionNet(row.sessionId) },
      history: rounds.map((round) => ({
        roundId: round.roundId,
        status: round.status,
        bet: round.bet,
        win: round.win,
        net: round.status === 'rolled_back' ? 0 : round.win - round.bet,
        startedAt: round.startedAt.toISOString(),
      })),
    });
  });

  const send = (answer: RoundAnswer) => ({ status: answer.ok ? 200 : answer.code === 'NOT_FOUND' ? 404 : 409, answer });

  app.post(`${GAME_SIM_API_PREFIX}/round/start`, async (request, reply) => {
    const body = bodyOf(request.body);
    const { status, answer } = send(await runtime.start(String(body['sessionId'] ?? ''), body['bet'], body['action'] ?? null));
    return reply.status(status).header('Cache-Control', 'no-store').send(answer);
  });

  app.post(`${GAME_SIM_API_PREFIX}/round/act`, async (request, reply) => {
    const body = bodyOf(request.body);
    const { status, answer } = send(await runtime.act(String(body['sessionId'] ?? ''), body['roundId'], body['action'] ?? null));
    return reply.status(status).header('Cache-Control', 'no-store').send(answer);
  });

  /** The player's own client seed, from the next round on (4–64 letters, digits, '-' or '_'). */
  app.post(`${GAME_SIM_API_PREFIX}/seed`, async (request, reply) => {
    const body = bodyOf(request.body);
    const clientSeed = typeof body['clientSeed'] === 'string' ? body['clientSeed'].trim() : '';
    const row = await simulator.row(String(body['sessionId'] ?? ''));
    if (!row) return reply.status(404).send({ ok: false, code: 'NOT_FOUND', message: 'This game session does not exist.' });
    if (!/^[A-Za-z0-9_-]{4,64}$/.test(clientSeed))
      return reply.status(400).send({ ok: false, code: 'BAD_SEED', message: 'A client seed is 4 to 64 letters, digits, - or _.' });
    await simulator.setClientSeed(row.sessionId, clientSeed);
    return { ok: true, clientSeed };
  });

  /** The simulator's switches (JSON, for tests and the developer): the provider's outage, duplicate wallet sends. */
  app.post('/sim/games/settings', async (request) => {
    const body = bodyOf(request.body);
    if (typeof body['down'] === 'boolean') await simulator.setDown(body['down']);
    if (typeof body['duplicates'] === 'boolean') await simulator.setDuplicates(body['duplicates']);
    return { ok: true, down: await simulator.isDown(), duplicates: await simulator.duplicates() };
  });
}
