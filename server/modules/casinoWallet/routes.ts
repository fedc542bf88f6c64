import type { FastifyInstance } from 'fastify';
import {
  gameRecordDetailAnswer,
  gameRecordsAnswer,
  playSummaryAnswer,
  transferAnswer,
  transferBalanceAnswer,
} from '../../../src/contract/answers/games';
import {
  GameCall,
  gameRecordDetailBody,
  gameRecordsBody,
  playSummaryBody,
  transferBalanceBody,
  transferInBody,
  transferOutBody,
} from '../../../src/contract/games';
import type { CasinoRecords } from './records';
import type { CasinoTransfers } from './transfers';

/** The player's casino wallet calls: game records, the play summary of anti-addiction, and transfer-wallet platforms. */
export async function casinoWalletRoutes(app: FastifyInstance, options: { records: CasinoRecords; transfers: CasinoTransfers }) {
  const { records, transfers } = options;

  app.call({
    prefix: 'main',
    name: GameCall.queryGameRecords,
    auth: 'player',
    body: gameRecordsBody,
    answer: gameRecordsAnswer,
    handler: ({ body, customerId }) => records.rounds(customerId, body),
  });

  app.call({
    prefix: 'main',
    name: GameCall.gameRecordDetail,
    auth: 'player',
    body: gameRecordDetailBody,
    answer: gameRecordDetailAnswer,
    handler: ({ body, customerId }) => records.round(customerId, body.roundId),
  });

  app.call({
    prefix: 'main',
    name: GameCall.playSummary,
    auth: 'player',
    body: playSummaryBody,
    answer: playSummaryAnswer,
    handler: ({ body, customerId }) => records.playSummary(customerId, body.category),
  });

  // Between the player's own wallets (main ↔ a game platform's): neither money in nor a stake.
  app.call({
    prefix: 'main',
    name: GameCall.transferIn,
    auth: 'player',
    idempotent: true,
    body: transferInBody,
    answer: transferAnswer,
    handler: ({ body, customerId, idempotencyKey }) => transfers.transferIn(customerId, idempotencyKey, body.platformCode, body.amount),
  });

  app.call({
    prefix: 'main',
    name: GameCall.transferOut,
    auth: 'player',
    idempotent: true,
    body: transferOutBody,
    answer: transferAnswer,
    handler: ({ body, customerId, idempotencyKey }) => transfers.transferOut(customerId, idempotencyKey, body.platformCode, body.amount),
  });

  app.call({
    prefix: 'main',
    name: GameCall.transferBalance,
    auth: 'player',
    body: transferBalanceBody,
    answer: transferBalanceAnswer,
    handler: ({ body, customerId }) => transfers.balance(customerId, body.platformCode),
  });
}
