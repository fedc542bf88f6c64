import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { ChatMessage, ListSnapshot, Market, Match, MatchSnapshot } from '../../../src/contract/feed';
import { SportTypeId } from '../../../src/contract/sports';
import type { Database } from '../../db';
import { chatMessages } from '../../db/schema';
import { CallError } from '../../lib/errors';
import type { FeedProvider, MatchResult } from '../../providers/feed/types';
import type { SiteSettingsStore } from '../site/settings';
import { type PlayedMatch, type TeamRef, form, headToHead, lineup, pastSeason, standings } from './insight';
import { type StreamProvider, streamSources, streamUrl } from './streams';

/**
 * The sportsbook calls of spec §7 over the feed: compressed lists and match detail (binary deflate), the
 * combo variants, outrights, the sport switch, the sportsbook's maintenance and Hong Kong market status,
 * stream lookups, picks, chat records, standings, analysis and line-ups.
 */
export interface SportsOptions {
  db: Database;
  feed: FeedProvider;
  settings: SiteSettingsStore;
}

const sportId = z.enum(Object.values(SportTypeId) as [string, ...string[]], { message: 'Unknown sport.' });
const listBody = z.looseObject({
  sportTypeId: sportId,
  mode: z.enum(['live', 'today', 'early'], { message: 'mode must be live, today or early.' }),
  dateId: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateId is YYYY-MM-DD.' }))),
});
const matchBody = z.looseObject({ matchId: z.string().check(z.regex(/^[\w-]{1,40}$/, { message: 'Unknown match.' })) });

/** Sports where a draw stands (for standings points). */
const DRAW_SPORTS = new Set<string>([SportTypeId.Football, SportTypeId.IceHockey]);
const SCORING_MAX: Record<string, number> = { '1': 4, '4': 5, '2': 110, '6': 3, '5': 2, '9': 2, '18': 3, '43': 3, '8': 8, '16': 1 };

function binary<T>(reply: FastifyReply, value: T): Buffer {
  reply.header('Content-Type', 'application/octet-stream').header('Cache-Control', 'no-store');
  return deflateSync(Buffer.from(JSON.stringify(value)), { level: 6 });
}

const onlyCombo = (markets: Market[]) => markets.filter((m) => m.combo);

export async function sportsRoutes(app: FastifyInstance, options: SportsOptions) {
  const { feed, db } = options;

  const gone = () => new CallError(GatewayCode.InvalidRequest, 'This match is over or no longer available.', 404);

  function list(body: z.infer<typeof listBody>, combo: boolean): ListSnapshot {
    const snapshot = feed.listSnapshot(body.sportTypeId as SportTypeId, body.mode, body.dateId);
    return combo ? { ...snapshot, markets: onlyCombo(snapshot.markets) } : snapshot;
  }

  function detail(matchId: string, combo: boolean): MatchSnapshot {
    const snapshot = feed.matchSnapshot(matchId);
    if (!snapshot) throw gone();
    return combo ? { ...snapshot, markets: onlyCombo(snapshot.markets) } : snapshot;
  }

  for (const [name, combo] of [
    ['saba/queryCompressedMatchList', false],
    ['saba/queryCompressedComboMatchList', true],
  ] as const) {
    app.call({ prefix: 'tp', name, auth: 'public', body: listBody, handler: ({ body, reply }) => binary(reply, list(body, combo)) });
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
      handler: ({ body, reply }) => binary(reply, detail(body.matchId, combo)),
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
    handler: ({ body, reply }) => {
      const sports = body.sportTypeIds ?? feed.sportCounts().map((c) => c.sportTypeId);
      const groups = sports.map((id) => {
        const snapshot = feed.listSnapshot(id as SportTypeId, body.mode);
        if (!body.limitPerSport) return snapshot;
        const matches = snapshot.matches.slice(0, body.limitPerSport);
        const ids = new Set(matches.map((m) => m.matchId));
        return { ...snapshot, matches, markets: snapshot.markets.filter((m) => ids.has(m.matchId)) };
      });
      return binary(reply, { groups });
    },
  });

  app.call({
    prefix: 'tp',
    name: 'saba/queryOutrights',
    auth: 'public',
    body: z.looseObject({ sportTypeId: sportId, leagueId: z.optional(z.string()) }),
    handler: ({ body }) => ({
      outrights: feed.outrights(body.sportTypeId as SportTypeId).filter((o) => !body.leagueId || o.leagueId === body.leagueId),
    }),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/sportSwitch',
    auth: 'public',
    body: z.looseObject({}),
    handler: () => ({ sports: feed.sportCounts() }),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/maintenanceStatus',
    auth: 'public',
    body: z.looseObject({}),
    handler: () => ({ maintenance: options.settings.read().sportsbook.maintenance }),
  });

  app.call({
    prefix: 'tp',
    name: 'saba/hongkongMarketStatus',
    auth: 'public',
    body: z.looseObject({}),
    handler: () => ({ stopped: options.settings.read().sportsbook.hongKongMarketStopped }),
  });

  // ---- video ----------------------------------------------------------------------------------
  app.call({
    prefix: 'tp',
    name: 'saba/matchStreams',
    auth: 'public',
    body: matchBody,
    handler: ({ body }) => {
      const match = feed.match(body.matchId);
      if (!match) throw gone();
      return { sources: streamSources(match) };
    },
  });

  const lookup = (provider: StreamProvider, matchId: string) => {
    const url = feed.match(matchId) ? streamUrl(provider, matchId) : undefined;
    if (!url) throw new CallError(GatewayCode.InvalidRequest, 'video not found', 404);
    return { url, provider };
  };
  app.call({
    prefix: 'tp',
    name: 'saba/getNamiStreamUrl',
    auth: 'public',
    body: z.looseObject({ matchId: z.string(), sportTypeId: sportId, namiId: z.string() }),
    handler: ({ body }) => lookup('nami', body.matchId),
  });
  app.call({
    prefix: 'tp',
    name: 'saba/getSportradarStreamUrl',
    auth: 'public',
    body: z.looseObject({ matchId: z.string(), streamId: z.string() }),
    handler: ({ body }) => lookup('sportradar', body.matchId),
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
    handler: ({ body }) => lookup('saba', body.matchId),
  });

  // ---- match insight ----------------------------------------------------------------------------
  const played: PlayedMatch[] = [];
  feed.onResult((result: MatchResult) => {
    const match = feed.match(result.matchId);
    if (!match) return;
    played.push({
      leagueId: match.leagueId,
      home: { teamId: match.homeId, teamName: match.homeName },
      away: { teamId: match.awayId, teamName: match.awayName },
      homeScore: result.homeScore,
      awayScore: result.awayScore,
      at: result.finishedAt,
    });
  });

  /** The league's teams, as far as the feed's matches and results show them. */
  function teamsOf(leagueId: string): TeamRef[] {
    const teams = new Map<string, string>();
    for (const count of feed.sportCounts()) {
      for (const mode of ['live', 'today', 'early'] as const) {
        for (const m of feed.listSnapshot(count.sportTypeId, mode).matches) {
          if (m.leagueId !== leagueId) continue;
          teams.set(m.homeId, m.homeName);
          teams.set(m.awayId, m.awayName);
        }
      }
    }
    for (const p of played) if (p.leagueId === leagueId) for (const t of [p.home, p.away]) teams.set(t.teamId, t.teamName);
    return [...teams].map(([teamId, teamName]) => ({ teamId, teamName })).sort((a, b) => a.teamId.localeCompare(b.teamId));
  }

  function season(match: Pick<Match, 'leagueId' | 'sportTypeId'>) {
    const teams = teamsOf(match.leagueId);
    const draws = DRAW_SPORTS.has(match.sportTypeId);
    const history = [
      ...pastSeason(match.leagueId, teams, { max: SCORING_MAX[match.sportTypeId] ?? 3, draws }, feed.now()),
      ...played.filter((p) => p.leagueId === match.leagueId),
    ];
    return { teams, draws, history };
  }

  app.call({
    prefix: 'tp',
    name: 'saba/standings',
    auth: 'public',
    body: z.looseObject({ leagueId: z.string(), sportTypeId: sportId }),
    handler: ({ body }) => {
      const { teams, draws, history } = season({ leagueId: body.leagueId, sportTypeId: body.sportTypeId as SportTypeId });
      return { leagueId: body.leagueId, rows: standings(teams, history, draws) };
    },
  });

  app.call({
    prefix: 'tp',
    name: 'saba/analysis',
    auth: 'public',
    body: matchBody,
    handler: ({ body }) => {
      const match = feed.match(body.matchId);
      if (!match) throw gone();
      const { history } = season(match);
      return { homeForm: form(match.homeId, history), awayForm: form(match.awayId, history), headToHead: headToHead(match, history) };
    },
  });

  app.call({
    prefix: 'tp',
    name: 'saba/lineups',
    auth: 'public',
    body: matchBody,
    handler: ({ body }) => {
      const match = feed.match(body.matchId);
      if (!match) throw gone();
      return {
        home: lineup({ teamId: match.homeId, teamName: match.homeName }, match.sportTypeId),
        away: lineup({ teamId: match.awayId, teamName: match.awayName }, match.sportTypeId),
      };
    },
  });

  // Picks: what our analysts make of the match, read from the prices (the favourite and how strongly).
  app.call({
    prefix: 'tp',
    name: 'saba/picks',
    auth: 'public',
    body: matchBody,
    handler: ({ body }) => {
      const snapshot = feed.matchSnapshot(body.matchId);
      if (!snapshot) throw gone();
      const markets = snapshot.markets.filter((m) => m.main && m.status === 'Running');
      return {
        picks: markets.flatMap((market) => {
          const best = [...market.selections].filter((s) => s.price > 1).sort((a, b) => a.price - b.price)[0];
          if (!best) return [];
          return [
            {
              marketId: market.marketId,
              betTypeName: market.betTypeName,
              point: market.point,
              key: best.key,
              keyEn: best.keyEn,
              price: best.price,
              confidence: Math.round(Math.min(95, 100 / best.price)),
            },
          ];
        }),
      };
    },
  });

  // ---- chat -------------------------------------------------------------------------------------
  app.call({
    prefix: 'tp',
    name: 'saba/chatRecords',
    auth: 'public',
    body: matchBody,
    handler: async ({ body }): Promise<{ messages: ChatMessage[] }> => {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.matchId, body.matchId))
        .orderBy(desc(chatMessages.createdAt))
        .limit(50);
      return {
        messages: rows
          .reverse()
          .map((row) => ({ id: row.id, matchId: row.matchId, nickName: row.nickName, text: row.text, ts: row.createdAt.getTime() })),
      };
    },
  });
}

/** Keeps a chat line that the broker published. */
export async function saveChat(db: Database, message: ChatMessage, customerId: number | null): Promise<void> {
  await db.insert(chatMessages).values({
    id: message.id || randomUUID(),
    matchId: message.matchId,
    customerId,
    nickName: message.nickName,
    text: message.text,
    createdAt: new Date(message.ts),
  });
}
