import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import * as answers from '../../../src/contract/answers/games';
import { GameCall, inGameV2Body, launchGameBody, likeGameBody, trialGameBody } from '../../../src/contract/games';
import type { GamesService } from './service';

const noBody = z.looseObject({});

/** The casino's calls (src/contract/games.ts GameCall) that the games module answers. */
export async function gameRoutes(app: FastifyInstance, options: { service: GamesService }) {
  const { service } = options;

  app.call({
    prefix: 'main',
    name: GameCall.queryGameList,
    auth: 'public',
    body: noBody,
    answer: answers.gameListAnswer,
    handler: ({ session }) => service.gameList(session?.customerId),
  });

  app.call({
    prefix: 'main',
    name: GameCall.queryGrayPlatformList,
    auth: 'public',
    body: noBody,
    answer: answers.grayPlatformAnswer,
    handler: async ({ session }) => ({ platformCodes: await service.hiddenPlatforms(session?.customerId) }),
  });

  app.call({
    prefix: 'main',
    name: GameCall.gameBonusBalance,
    auth: 'player',
    body: noBody,
    answer: answers.gameBonusBalanceAnswer,
    handler: async ({ customerId }) => ({ gameBonusBalance: await service.gameBonusBalance(customerId) }),
  });

  app.call({
    prefix: 'main',
    name: GameCall.queryLikeGameList,
    auth: 'player',
    body: noBody,
    answer: answers.likeGameListAnswer,
    handler: async ({ customerId }) => ({ likeGameList: await service.likes(customerId) }),
  });

  app.call({
    prefix: 'main',
    name: GameCall.likeGame,
    auth: 'player',
    body: likeGameBody,
    answer: answers.likeGameListAnswer,
    handler: async ({ customerId, body }) => ({ likeGameList: await service.like(customerId, body.gameId, body.like) }),
  });

  app.call({
    prefix: 'main',
    name: GameCall.queryHistoryGameList,
    auth: 'player',
    body: noBody,
    answer: answers.historyGameListAnswer,
    handler: ({ customerId }) => service.history(customerId),
  });

  app.call({
    prefix: 'main',
    name: GameCall.launchGame,
    auth: 'player',
    requires: ['kycVerified'],
    body: launchGameBody,
    answer: answers.launchAnswer,
    handler: async ({ customerId, body, request }) => {
      const { url, currency, expiresAt } = await service.launch(customerId, {
        gameId: body.gameId,
        callbackPath: body.callbackPath,
        lang: body.lang,
        ip: request.ip,
      });
      return { url, currency, expiresAt };
    },
  });

  app.call({
    prefix: 'main',
    name: GameCall.inGameV2,
    auth: 'player',
    requires: ['kycVerified'],
    body: inGameV2Body,
    answer: answers.inGameV2Answer,
    handler: ({ customerId, body, request }) =>
      service.inGameV2(customerId, { gameId: body.gameId, callbackPath: body.callbackPath, lang: body.lang, ip: request.ip }),
  });

  app.call({
    prefix: 'main',
    name: GameCall.trialGame,
    auth: 'public',
    body: trialGameBody,
    answer: answers.launchAnswer,
    handler: ({ session, body, request }) =>
      service.trial(session?.customerId ?? null, { gameId: body.gameId, callbackPath: body.callbackPath, lang: body.lang, ip: request.ip }),
  });

  app.call({
    prefix: 'main',
    name: GameCall.queryJackpot,
    auth: 'public',
    body: noBody,
    answer: answers.jackpotAnswer,
    handler: async () => ({ amount: await service.jackpot() }),
  });
}
