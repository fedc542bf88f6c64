import { deflateSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import {
  analysisAnswer,
  chatRecordsAnswer,
  hongKongMarketAnswer,
  lineupsAnswer,
  outrightsAnswer,
  picksAnswer,
  sportSwitchAnswer,
  sportsbookMaintenanceAnswer,
  standingsAnswer,
  streamSourcesAnswer,
  streamUrlAnswer,
} from '../../../src/contract/answers/sports';
import { SportTypeId } from '../../../src/contract/sports';
import type { SportsService } from './service';

/**
 * The sportsbook calls of spec §7 over the feed: compressed lists and match detail (binary deflate), the
 * combo variants, outrights, the sport switch, the sportsbook's maintenance and Hong Kong market status,
 * stream lookups, picks, chat records, standings, analysis and line-ups.
 */
export interface SportsOptions {
  service: SportsService;
}

const sportId = z.enum(Object.values(SportTypeId) as [string, ...string[]], { message: 'Unknown sport.' });
const listBody = z.looseObject({
  sportTypeId: sportId,
  mode: z.enum(['live', 'today', 'early'], { message: 'mode must be live, today or early.' }),
  dateId: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateId is YYYY-MM-DD.' }))),
});
const matchBody = z.looseObject({ matchId: z.string().check(z.regex(/^[\w-]{1,40}$/, { message: 'Unknown match.' })) });

function binary<T>(reply: FastifyReply, value: T): Buffer {
  reply.header('Content-Type', 'application/octet-stream').header('Cache-Control', 'no-store');
  return deflateSync(Buffer.from(JSON.stringify(value)), { level: 6 });
}

export async function sportsRoutes(app: FastifyInstance, { service }: SportsOptions) {
  for (const [name, combo] of [
    ['saba/queryCompressedMatchList', false],
    ['saba/queryCompressedComboMatchList', true],
  ] as const) {
    app.call({
      prefix: 'tp',
      name,
      auth: 'public',
      body: listBody,
      handler: ({ body, reply }) => binary(reply, service.list(body, combo)),
    });
  }

  for (const [name, combo] of [
    ['saba/queryCompressedMatchDetail', false],
    ['saba/queryCompressedComboMatchDetail', true],
  ] as const) {
    app.call({
      prefix: 'tp',
      name,
      auth: 'public',
      body: matchBody,
      handler: ({ body, reply }) => binary(reply, service.detail(body.matchId, combo)),
    });
  }

  // Several sports at once, grouped by sport (For You and the sport switch's previews).
  app.call({
    prefix: 'tp',
    name: 'saba/queryCompressedMatchListWithGroup',
    auth: 'public',
    body: z.looseObject({
      sportTypeIds: z.optional(z.array(sportId).check(z.maxLength(12))),
      mode: listBody.shape.mode,
      limitPerSport: z.optional(z.int().check(z.minimum(1), z.maximum(200))),
    }),
    handler: ({ body, reply }) => binary(reply, service.groups(body)),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/queryOutrights',
    auth: 'public',
    body: z.looseObject({ sportTypeId: sportId, leagueId: z.optional(z.string()) }),
    answer: outrightsAnswer,
    handler: ({ body }) => ({ outrights: service.outrights(body.sportTypeId, body.leagueId) }),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/sportSwitch',
    auth: 'public',
    body: z.looseObject({}),
    answer: sportSwitchAnswer,
    handler: () => ({ sports: service.sportCounts() }),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/maintenanceStatus',
    auth: 'public',
    body: z.looseObject({}),
    answer: sportsbookMaintenanceAnswer,
    handler: () => ({ maintenance: service.maintenance() }),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/hongkongMarketStatus',
    auth: 'public',
    body: z.looseObject({}),
    answer: hongKongMarketAnswer,
    handler: () => ({ stopped: service.hongKongMarketStopped() }),
  });

  // ---- video ----------------------------------------------------------------------------------
  app.call({
    prefix: 'tp',
    name: 'saba/matchStreams',
    auth: 'public',
    body: matchBody,
    answer: streamSourcesAnswer,
    handler: ({ body }) => ({ sources: service.streamSources(body.matchId) }),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/getNamiStreamUrl',
    auth: 'public',
    body: z.looseObject({ matchId: z.string(), sportTypeId: sportId, namiId: z.string() }),
    answer: streamUrlAnswer,
    handler: ({ body }) => service.streamUrl('nami', body.matchId),
  });
  app.call({
    prefix: 'tp',
    name: 'saba/getSportradarStreamUrl',
    auth: 'public',
    body: z.looseObject({ matchId: z.string(), streamId: z.string() }),
    answer: streamUrlAnswer,
    handler: ({ body }) => service.streamUrl('sportradar', body.matchId),
  });
  app.call({
    prefix: 'tp',
    name: 'saba/getSabaStreamUrl',
    auth: 'public',
    body: z.looseObject({
      matchId: z.string(),
      streamingOption: z.number(),
      channelCode: z.string(),
      sportTypeId: sportId,
      seamless: z.boolean(),
    }),
    answer: streamUrlAnswer,
    handler: ({ body }) => service.streamUrl('saba', body.matchId),
  });

  // ---- match insight ----------------------------------------------------------------------------
  app.call({
    prefix: 'tp',
    name: 'saba/standings',
    auth: 'public',
    body: z.looseObject({ leagueId: z.string(), sportTypeId: sportId }),
    answer: standingsAnswer,
    handler: ({ body }) => service.standings(body.leagueId, body.sportTypeId),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/analysis',
    auth: 'public',
    body: matchBody,
    answer: analysisAnswer,
    handler: ({ body }) => service.analysis(body.matchId),
  });
  app.call({
    prefix: 'tp',
    name: 'saba/lineups',
    auth: 'public',
    body: matchBody,
    answer: lineupsAnswer,
    handler: ({ body }) => service.lineups(body.matchId),
  });
  app.call({
    prefix: 'tp',
    name: 'saba/picks',
    auth: 'public',
    body: matchBody,
    answer: picksAnswer,
    handler: ({ body }) => service.picks(body.matchId),
  });

  // ---- chat -------------------------------------------------------------------------------------
  app.call({
    prefix: 'tp',
    name: 'saba/chatRecords',
    auth: 'public',
    body: matchBody,
    answer: chatRecordsAnswer,
    handler: async ({ body }) => ({ messages: await service.chatRecords(body.matchId) }),
  });
}
