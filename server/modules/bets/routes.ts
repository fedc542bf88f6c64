import type { FastifyInstance } from 'fastify';
import {
  batchPlacementAnswer,
  betListAnswer,
  parlayAnswer,
  placementAnswer,
  selectionDetailAnswer,
  singleMarketAnswer,
  ticketAnswer,
} from '../../../src/contract/answers/bets';
import { type SelectionDetail, type SelectionQuery, type SingleMarketResponse, selectionDetailOf } from '../../../src/contract/betting';
import { cashoutAcceptAnswer, cashoutAutoAnswer, cashoutQuoteAnswer } from '../../../src/contract/answers/cashout';
import { CashoutCall, cashoutAcceptBody, cashoutAutoBody, cashoutQuoteBody } from '../../../src/contract/cashout';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { MarketStatus } from '../../../src/contract/sports';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import type { FeedProvider } from '../../providers/feed/types';
import {
  batchBody,
  betListBody,
  builderPlaceBody,
  outrightBody,
  parlayBody,
  selectionDetailBody,
  singleBody,
  singleMarketBody,
  ticketBody,
} from './schemas';
import { builderCalculateAnswer, builderSelectionsAnswer } from '../../../src/contract/answers/builder';
import { BuilderCall, builderCalculateBody, builderSelectionsBody } from '../../../src/contract/builder';
import { type BetService, OUTRIGHT_LIMITS } from './service';
import { listTickets, ticketOf } from './repository';

/**
 * The betting calls of spec §7. Placements answer `{ code, msg, data }` with code 0 and the outcome in
 * data (data.code 0 or a BetCode with its message, spec §8); a malformed call, a missing login or
 * idempotency key, or a slip rule broken (§5) is a GW_ error instead. Placements move money: they are
 * idempotent calls (the contract checks the Idempotency-Key, and a retry gets the first answer).
 */
export interface BetRoutesOptions {
  db: Database;
  feed: FeedProvider;
  service: BetService;
}

const gone = () => new CallError(GatewayCode.InvalidRequest, 'This market is closed or no longer available.', 404);

export async function betRoutes(app: FastifyInstance, options: BetRoutesOptions) {
  const { db, feed, service } = options;

  app.call({
    prefix: 'tp',
    name: 'saba/sabaDoPlaceBetV2',
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    answer: placementAnswer,
    body: singleBody,
    handler: ({ body, customerId, idempotencyKey }) => service.placeSingle(customerId, idempotencyKey, body),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/sabaDoBatchPlaceBet',
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    answer: batchPlacementAnswer,
    body: batchBody,
    handler: ({ body, customerId, idempotencyKey }) => service.placeBatch(customerId, idempotencyKey, body),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/sabaPlaceOutrightBetV2',
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    answer: placementAnswer,
    body: outrightBody,
    handler: ({ body, customerId, idempotencyKey }) => service.placeOutright(customerId, idempotencyKey, body),
  });

  app.call({
    prefix: 'tp',
    name: 'sabaCombo/comboBetToSaba',
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    answer: parlayAnswer,
    body: parlayBody,
    handler: ({ body, customerId, idempotencyKey }) => service.placeParlay(customerId, idempotencyKey, body),
  });

  // ── Bet builder (issue 38): the feed's custom-bet API for anyone; placement for a player ───────────

  app.call({
    prefix: 'tp',
    name: BuilderCall.selections,
    auth: 'public',
    body: builderSelectionsBody,
    answer: builderSelectionsAnswer,
    handler: ({ body }) => {
      const markets = feed.customBets.availableSelections(body.matchId);
      return markets
        ? { matchId: body.matchId, markets }
        : { matchId: body.matchId, markets: [], message: 'Bet Builder is not offered on this match now.' };
    },
  });

  app.call({
    prefix: 'tp',
    name: BuilderCall.calculate,
    auth: 'public',
    body: builderCalculateBody,
    answer: builderCalculateAnswer,
    handler: ({ body }) => ({
      calculation: feed.customBets.calculate(body.matchId, body.selectionIds),
      combinable: feed.customBets.filter(body.matchId, body.selectionIds).combinable,
    }),
  });

  app.call({
    prefix: 'tp',
    name: BuilderCall.place,
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    answer: placementAnswer,
    body: builderPlaceBody,
    handler: ({ body, customerId, idempotencyKey }) => service.placeBuilder(customerId, idempotencyKey, body),
  });

  /** The slip's orders as they stand now: price, status, line and limits (0 as the price when not running). */
  function selectionDetail(query: SelectionQuery): SelectionDetail {
    const ids = { marketId: query.marketId, key: query.key };
    const missing: SelectionDetail = {
      ...ids,
      ...(query.outrightOddsId ? { outrightOddsId: query.outrightOddsId, teamId: query.teamId ?? query.key } : {}),
      price: 0,
      status: MarketStatus.Closed,
      point: null,
      point2: null,
      minBet: 0,
      maxBet: 0,
      found: false,
    };
    if (query.outrightOddsId) {
      const outright = feed.outright(query.outrightOddsId);
      const team = outright?.teams.find((t) => t.teamId === (query.teamId ?? query.key));
      if (!outright || !team) return missing;
      const status =
        feed.now() >= Date.parse(outright.eventDate) ? MarketStatus.Closed : team.price <= 1 ? MarketStatus.ClosedPrice : outright.status;
      return {
        ...missing,
        price: status === MarketStatus.Running ? team.price : 0,
        status,
        minBet: OUTRIGHT_LIMITS.min,
        maxBet: OUTRIGHT_LIMITS.max,
        found: true,
      };
    }
    const market = feed.market(query.marketId);
    return (market && selectionDetailOf(market, query.key, feed.match(market.matchId))) ?? missing;
  }

  app.call({
    prefix: 'tp',
    name: 'saba/querySelectionDetailV2',
    auth: 'public',
    body: selectionDetailBody,
    answer: selectionDetailAnswer,
    handler: ({ body }) => ({ selections: body.selections.map(selectionDetail) }),
  });

  function singleMarket(marketId: string): SingleMarketResponse {
    const market = feed.market(marketId);
    const match = market && feed.match(market.matchId);
    if (!market || !match) throw gone();
    return { market, match };
  }

  // The quick-bet sheet opens on one market, and the slip refreshes one market, with the same answer.
  for (const name of ['saba/queryQuickBetSingleMarket', 'saba/refreshSingleMarket']) {
    app.call({
      prefix: 'tp',
      name,
      auth: 'public',
      body: singleMarketBody,
      answer: singleMarketAnswer,
      handler: ({ body }) => singleMarket(body.marketId),
    });
  }

  app.call({
    prefix: 'tp',
    name: 'saba/queryTicketByTransId',
    auth: 'player',
    body: ticketBody,
    answer: ticketAnswer,
    handler: async ({ body, customerId }) => {
      // Another player's ticket answers exactly as a ticket that does not exist.
      const ticket = await ticketOf(db, customerId, body.transId);
      if (!ticket) throw new CallError(GatewayCode.InvalidRequest, 'No such bet.', 404);
      return (await service.cashout.annotate([ticket]))[0]!;
    },
  });

  app.call({
    prefix: 'main',
    name: 'transactionRecord/queryBetList',
    auth: 'player',
    body: betListBody,
    answer: betListAnswer,
    handler: async ({ body, customerId }) => {
      if (body.beginDate && body.endDate && body.beginDate > body.endDate) {
        throw new CallError(GatewayCode.InvalidRequest, 'beginDate must not be after endDate.', 400);
      }
      const list = await listTickets(db, { ...body, customerId });
      return body.status === 'running' ? { ...list, tickets: await service.cashout.annotate(list.tickets) } : list;
    },
  });

  // ── Cash-out (issue 38) ─────────────────────────────────────────────────────────────────────────────

  app.call({
    prefix: 'tp',
    name: CashoutCall.quote,
    auth: 'player',
    body: cashoutQuoteBody,
    answer: cashoutQuoteAnswer,
    handler: ({ body, customerId }) => service.cashout.quote(customerId, body.transId, body.part),
  });

  app.call({
    prefix: 'tp',
    name: CashoutCall.accept,
    auth: 'player',
    idempotent: true,
    body: cashoutAcceptBody,
    answer: cashoutAcceptAnswer,
    handler: ({ body, customerId, idempotencyKey }) => service.cashout.accept(customerId, idempotencyKey, body.quoteId),
  });

  app.call({
    prefix: 'tp',
    name: CashoutCall.auto,
    auth: 'player',
    body: cashoutAutoBody,
    answer: cashoutAutoAnswer,
    handler: ({ body, customerId }) => service.cashout.setAuto(customerId, body.transId, body.threshold),
  });
}
