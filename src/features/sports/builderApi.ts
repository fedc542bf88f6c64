import { queryOptions } from '@tanstack/react-query';
import { Attempt } from '../../api/attempt';
import { api } from '../../api/instance';
import type { PlacementResult } from '../../contract/betting';
import { type BuilderCalculateResponse, BuilderCall, type BuilderSelectionsResponse } from '../../contract/builder';
import type { OddsType } from '../../contract/sports';

/** The bet builder's calls (issue 38): the match's builder selections, a choice's price, placing it. */

export const builderSelectionsQuery = (matchId: string) =>
  queryOptions({
    queryKey: ['tp', BuilderCall.selections, matchId],
    queryFn: () => api.call<BuilderSelectionsResponse>('tp', BuilderCall.selections, { matchId }, { quiet: true }),
    staleTime: 10_000,
    refetchInterval: 20_000,
  });

/** The price of a choice (or why not) and what still combines with it; kept fresh while it is on screen. */
export const builderCalculateQuery = (matchId: string, selectionIds: readonly string[]) =>
  queryOptions({
    queryKey: ['tp', BuilderCall.calculate, matchId, ...selectionIds],
    queryFn: () => api.call<BuilderCalculateResponse>('tp', BuilderCall.calculate, { matchId, selectionIds }, { quiet: true }),
    staleTime: 5_000,
    refetchInterval: 10_000,
  });

export type BuilderPlacement = {
  matchId: string;
  selectionIds: string[];
  price: number;
  stake: number;
  oddsType: OddsType;
  seamless: boolean;
  acceptOddsChange: 'none' | 'higher' | 'any';
};

const placeAttempt = new Attempt();

/** Places a builder: once however often it is pressed (the same request keeps its idempotency key until answered). */
export const placeBuilder = (body: BuilderPlacement) =>
  placeAttempt.send(body, (idempotencyKey) => api.call<PlacementResult>('tp', BuilderCall.place, body, { idempotencyKey }));
