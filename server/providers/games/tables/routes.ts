import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import type { SessionWallet, SimSessions } from '../engine';
import { tableGame } from './catalogue';
import { TABLE_SCRIPTS, TABLES_ASSETS, TABLES_CSS, tableDocument } from './pages';
import { ROULETTE_BET_KINDS } from './roulette';
import { type GameTables, TableRefusal } from './service';

/**
 * The tables' routes under /sim/games/tables (development and tests, like every /sim page), each
 * authenticated by the unguessable sessionId of a launched table game:
 * GET  /:sessionId         the game page alone (the provider's /sim/games/play/:sessionId frames the same page)
 * GET  /:sessionId/state   the round, the dealer's line, the player's bets or cards, history, balance (holds the seat)
 * POST /:sessionId/bet     {spot:{kind,pick?,pick2?}, amount, chipId} (roulette) or {cards, chipId} (bingo)
 * POST /:sessionId/leave   gives the seat up
 */

const betBody = z.object({
  spot: z.optional(z.object({ kind: z.enum(ROULETTE_BET_KINDS), pick: z.optional(z.int()), pick2: z.optional(z.int()) })),
  amount: z.optional(z.int()),
  cards: z.optional(z.int()),
  chipId: z.optional(z.string().check(z.maxLength(64))),
});

const STATUS: Record<TableRefusal['code'], number> = {
  NOT_A_TABLE: 404,
  NO_SESSION: 404,
  TABLE_FULL: 409,
  BETS_CLOSED: 409,
  BAD_BET: 400,
  LIMIT: 400,
  WALLET: 402,
};

export async function tableRoutes(app: FastifyInstance, options: { tables: GameTables; sessions: SimSessions; wallet: SessionWallet }) {
  const { tables, sessions, wallet } = options;

  const refuse = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof TableRefusal)) throw error;
    return reply.status(STATUS[error.code]).header('Cache-Control', 'no-store').send({ code: error.code, message: error.message });
  };

  async function sessionOf(sessionId: string) {
    const session = await sessions.find(sessionId);
    if (!session || !tables.isTableGame(session.gameCode))
      throw new TableRefusal('NO_SESSION', 'This game session does not exist: open the game again.');
    return session;
  }

  app.get(`${TABLES_ASSETS}/tables.css`, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(TABLES_CSS),
  );
  app.get<{ Params: { engine: string } }>(`${TABLES_ASSETS}/:engine`, async (request, reply) => {
    const engine = request.params.engine.replace(/\.js$/, '');
    if (engine !== 'roulette' && engine !== 'bingo') return reply.status(404).type('text/plain').send('No such script.');
    return reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(TABLE_SCRIPTS[engine]);
  });

  app.get<{ Params: { sessionId: string } }>('/sim/games/tables/:sessionId', async (request, reply) => {
    try {
      const session = await sessionOf(request.params.sessionId);
      return reply
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(tableDocument(tableGame(session.gameCode)!));
    } catch (error) {
      if (error instanceof TableRefusal) return reply.status(404).type('text/plain').send(error.message);
      throw error;
    }
  });

  app.get<{ Params: { sessionId: string } }>('/sim/games/tables/:sessionId/state', async (request, reply) => {
    try {
      const session = await sessionOf(request.params.sessionId);
      const [view, balance] = await Promise.all([tables.view(session), wallet.balance(session).catch(() => null)]);
      return reply.header('Cache-Control', 'no-store').send({ ...view, balance });
    } catch (error) {
      return refuse(reply, error);
    }
  });

  app.post<{ Params: { sessionId: string } }>('/sim/games/tables/:sessionId/bet', async (request, reply) => {
    const body = betBody.safeParse(request.body ?? {});
    if (!body.success) return reply.status(400).send({ code: 'BAD_BET', message: 'That is not a bet on this table.' });
    try {
      const session = await sessionOf(request.params.sessionId);
      const { spot, amount, cards, chipId } = body.data;
      const placed = await tables.bet(session, {
        ...(spot
          ? {
              spot: {
                kind: spot.kind,
                ...(spot.pick === undefined ? {} : { pick: spot.pick }),
                ...(spot.pick2 === undefined ? {} : { pick2: spot.pick2 }),
              },
            }
          : {}),
        ...(amount === undefined ? {} : { amount }),
        ...(cards === undefined ? {} : { cards }),
        ...(chipId === undefined ? {} : { chipId }),
      });
      return reply.header('Cache-Control', 'no-store').send({
        balance: placed.balance,
        bets: placed.placed.map((bet) => ({
          id: bet.id,
          roundId: bet.roundId,
          label: bet.label,
          amount: bet.amount,
          state: bet.state,
          cardIndex: bet.cardIndex,
        })),
      });
    } catch (error) {
      return refuse(reply, error);
    }
  });

  app.post<{ Params: { sessionId: string } }>('/sim/games/tables/:sessionId/leave', async (request, reply) => {
    try {
      await tables.leave(await sessionOf(request.params.sessionId));
      return reply.send({ ok: true });
    } catch (error) {
      return refuse(reply, error);
    }
  });
}
