import * as z from 'zod/mini';
import type { ChatMessage, Outright } from '../feed';
import type { Analysis, Lineup, StandingRow } from '../insight';
import { marketStatus, sportTypeId } from './feed';

/** The sportsbook's calls that answer JSON (the compressed lists and details answer deflated snapshots). */

const outright: z.ZodMiniType<Outright> = z.strictObject({
  outrightOddsId: z.string(),
  leagueId: z.string(),
  sportTypeId,
  name: z.string(),
  eventDate: z.string(),
  status: marketStatus,
  teams: z.array(z.strictObject({ teamId: z.string(), teamName: z.string(), price: z.number() })),
});
export const outrightsAnswer = z.strictObject({ outrights: z.array(outright) });

/** saba/sportSwitch: how many matches each sport has live, today and later. */
export const sportSwitchAnswer = z.strictObject({
  sports: z.array(z.strictObject({ sportTypeId, live: z.int(), today: z.int(), early: z.int() })),
});
export const sportsbookMaintenanceAnswer = z.strictObject({ maintenance: z.boolean() });
export const hongKongMarketAnswer = z.strictObject({ stopped: z.boolean() });

const teamRef = { teamId: z.string(), teamName: z.string() };
const standingRow: z.ZodMiniType<StandingRow> = z.strictObject({
  ...teamRef,
  played: z.int(),
  won: z.int(),
  drawn: z.int(),
  lost: z.int(),
  scored: z.number(),
  conceded: z.number(),
  points: z.number(),
});
export const standingsAnswer = z.strictObject({ leagueId: z.string(), rows: z.array(standingRow) });

const formResult = z.enum(['W', 'D', 'L']);
export const analysisAnswer: z.ZodMiniType<Analysis> = z.strictObject({
  homeForm: z.array(formResult),
  awayForm: z.array(formResult),
  headToHead: z.array(
    z.strictObject({
      leagueId: z.string(),
      home: z.strictObject(teamRef),
      away: z.strictObject(teamRef),
      homeScore: z.number(),
      awayScore: z.number(),
      at: z.number(),
    }),
  ),
});

const lineup: z.ZodMiniType<Lineup> = z.strictObject({ starters: z.array(z.string()), bench: z.array(z.string()) });
export const lineupsAnswer = z.strictObject({ home: lineup, away: lineup });

/** saba/picks: the favourite of each main market, and how strongly (percent). */
export const picksAnswer = z.strictObject({
  picks: z.array(
    z.strictObject({
      marketId: z.string(),
      betTypeName: z.string(),
      point: z.nullable(z.number()),
      key: z.string(),
      keyEn: z.string(),
      price: z.number(),
      confidence: z.int(),
    }),
  ),
});

const chatMessage: z.ZodMiniType<ChatMessage> = z.strictObject({
  id: z.string(),
  matchId: z.string(),
  nickName: z.string(),
  text: z.string(),
  ts: z.number(),
});
export const chatRecordsAnswer = z.strictObject({ messages: z.array(chatMessage) });
