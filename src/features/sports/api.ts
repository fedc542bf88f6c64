import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/instance';
import type { ChatMessage, Outright } from '../../contract/feed';
import type { Analysis, Lineup, StandingRow } from '../../contract/insight';

/** The sportsbook's JSON calls (the compressed lists travel through the realtime worker). */
export interface SportCount {
  sportTypeId: string;
  live: number;
  today: number;
  early: number;
}

export const sportSwitchQuery = queryOptions({
  queryKey: ['tp', 'saba/sportSwitch'],
  queryFn: () => api.call<{ sports: SportCount[] }>('tp', 'saba/sportSwitch', {}, { quiet: true }),
  staleTime: 30_000,
  refetchInterval: 60_000,
});

export const outrightsQuery = (sportTypeId: string) =>
  queryOptions({
    queryKey: ['tp', 'saba/queryOutrights', sportTypeId],
    queryFn: () => api.call<{ outrights: Outright[] }>('tp', 'saba/queryOutrights', { sportTypeId }),
    staleTime: 15_000,
  });

export const chatRecordsQuery = (matchId: string) =>
  queryOptions({
    queryKey: ['tp', 'saba/chatRecords', matchId],
    queryFn: () => api.call<{ messages: ChatMessage[] }>('tp', 'saba/chatRecords', { matchId }, { quiet: true }),
    staleTime: 5 * 60_000,
  });

export interface Pick {
  marketId: string;
  betTypeName: string;
  point: number | null;
  key: string;
  keyEn: string;
  price: number;
  confidence: number;
}

export const picksQuery = (matchId: string) =>
  queryOptions({
    queryKey: ['tp', 'saba/picks', matchId],
    queryFn: () => api.call<{ picks: Pick[] }>('tp', 'saba/picks', { matchId }),
    staleTime: 60_000,
  });

export const standingsQuery = (leagueId: string, sportTypeId: string) =>
  queryOptions({
    queryKey: ['tp', 'saba/standings', leagueId],
    queryFn: () => api.call<{ rows: StandingRow[] }>('tp', 'saba/standings', { leagueId, sportTypeId }),
    staleTime: 60_000,
  });

export const analysisQuery = (matchId: string) =>
  queryOptions({
    queryKey: ['tp', 'saba/analysis', matchId],
    queryFn: () => api.call<Analysis>('tp', 'saba/analysis', { matchId }),
    staleTime: 5 * 60_000,
  });

export const lineupsQuery = (matchId: string) =>
  queryOptions({
    queryKey: ['tp', 'saba/lineups', matchId],
    queryFn: () =>
      api.call<{ home: Lineup; away: Lineup }>('tp', 'saba/lineups', {
        matchId,
      }),
    staleTime: 10 * 60_000,
  });
